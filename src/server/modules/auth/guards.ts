import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../errors';
import type { AuthUser } from '../../types';

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A signed-in farmer with a farm profile; returns the farm id everything else is keyed on. */
export function requireFarmer(request: FastifyRequest): AuthUser & { farmId: number } {
  const user = requireUser(request);
  if (user.role !== 'farmer') throw forbidden('Only farmers can do this');
  if (user.farmId === null) throw forbidden('Set up your farm profile first');
  return { ...user, farmId: user.farmId };
}

export function requireRestaurant(request: FastifyRequest): AuthUser & { restaurantId: number } {
  const user = requireUser(request);
  if (user.role !== 'restaurant') throw forbidden('Only restaurants can do this');
  if (user.restaurantId === null) throw forbidden('Set up your restaurant profile first');
  return { ...user, restaurantId: user.restaurantId };
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Only administrators can do this');
  return user;
}
