import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  shortPersonName,
  type BusinessRef,
  type FarmActor,
  type PersonActor,
  type RestaurantActor,
} from '#core/actor';
import type { Role } from '#core/constants';
import type { BusinessRole } from '#core/permissions';
import { forbidden, unauthorized } from '../errors';

/*
 * The route guards: what every module's routes ask of the request's person. They read only what
 * the auth module's hooks put on the request, so they sit below every module (src/server/http).
 */

/** Who is asking, resolved once per request from the session cookie. */
export interface AuthUser {
  id: number;
  email: string;
  role: Role | null;
  firstName: string | null;
  lastName: string | null;
  /** The farm or restaurant the session acts for (at most one of the two), and the role there. */
  farmId: number | null;
  restaurantId: number | null;
  membershipId: number | null;
  businessRole: BusinessRole | null;
  sessionTokenHash: string;
}

/** The person behind a session, acting for the business of their current role. */
export function actorOfUser(user: AuthUser): PersonActor {
  const business =
    user.role === 'farmer' && user.farmId !== null
      ? { kind: 'farm' as const, id: user.farmId }
      : user.role === 'restaurant' && user.restaurantId !== null
        ? { kind: 'restaurant' as const, id: user.restaurantId }
        : null;
  return {
    kind: 'person',
    userId: user.id,
    name: shortPersonName(user.firstName, user.lastName),
    role: user.role,
    business,
    businessRole: business ? user.businessRole : null,
  };
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in person as an actor; 401 without a session. */
export function requireActor(request: FastifyRequest): PersonActor {
  requireUser(request);
  return request.actor ?? actorOfUser(request.user!);
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

/** The farm's person acting for it, with the same refusals as `requireFarmer`. */
export function requireFarmActor(request: FastifyRequest): FarmActor {
  requireFarmer(request);
  return requireActor(request) as FarmActor;
}

/** The restaurant's person acting for it, with the same refusals as `requireRestaurant`. */
export function requireRestaurantActor(request: FastifyRequest): RestaurantActor {
  requireRestaurant(request);
  return requireActor(request) as RestaurantActor;
}

/** A person acting for a business of either kind, with their role there. */
export type BusinessActor = PersonActor & {
  business: BusinessRef;
  businessRole: NonNullable<PersonActor['businessRole']>;
};

/** The person acting for a farm or a restaurant (the team routes); 403 for anyone else. */
export function requireBusinessActor(request: FastifyRequest): BusinessActor {
  const actor = requireActor(request);
  if (!actor.business || !actor.businessRole) {
    throw forbidden(
      actor.role === 'admin'
        ? 'Administrators have no team'
        : 'Set up your farm or restaurant profile first',
    );
  }
  return actor as BusinessActor;
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (user.role !== 'admin') throw forbidden('Only administrators can do this');
  return user;
}

/**
 * Marks every route the plugin registers from here on as the person's own business rather
 * than their farm's or restaurant's: a suspension does not stop it (signing in and out, a
 * password, notifications: docs/admission.md#suspension).
 */
export function markPersonalRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, allowedWhileSuspended: true };
  });
}
