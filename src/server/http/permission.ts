import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BusinessKind } from '#core/actor';
import {
  can,
  FORBIDDEN_FOR_ROLE,
  forbiddenForRoleMessage,
  type BusinessRole,
  type Permission,
} from '#core/permissions';
import { AppError } from '../errors';

/**
 * What a route needs of the person's role in the business they act for (docs/teams.md): one
 * permission, or a function of the request as sent (its body and parameters not yet
 * validated) when the need depends on what is asked; an empty list needs none.
 */
export type PermissionNeed =
  Permission | ((request: FastifyRequest) => Permission | readonly Permission[]);

/**
 * A route's need per kind of business it serves. A kind the route does not name is left to the
 * route's own guard (a restaurant calling a farm's route is refused there, as before).
 */
export type RoutePermission = Partial<Record<BusinessKind, PermissionNeed>>;

/** The same need whichever kind of business the person acts for (the team routes). */
export function eitherKind(need: PermissionNeed): RoutePermission {
  return { farm: need, restaurant: need };
}

/** 403 `forbidden_for_role`, naming the role. */
export function forbiddenForRole(role: BusinessRole): AppError {
  return new AppError(403, forbiddenForRoleMessage(role), FORBIDDEN_FOR_ROLE);
}

/**
 * The one check of the permission table on every route: each route declares what it needs in
 * `config.permission`, and this refuses a person whose role lacks it, before the input is
 * validated, so whatever such a person sends the answer is the same 403.
 */
export function registerPermissionCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const declared = request.routeOptions.config?.permission;
    const actor = request.actor;
    if (!declared || !actor?.business || !actor.businessRole) return;
    const { kind } = actor.business;
    const need = declared[kind];
    if (need === undefined) return;
    const needed = typeof need === 'function' ? need(request) : need;
    for (const permission of typeof needed === 'string' ? [needed] : needed) {
      if (!can(kind, actor.businessRole, permission)) {
        throw forbiddenForRole(actor.businessRole);
      }
    }
  });
}

/** A body field as sent (before validation), for a need that depends on it. */
export function sentField(request: FastifyRequest, field: string): unknown {
  const body = request.body;
  return body !== null && typeof body === 'object'
    ? (body as Record<string, unknown>)[field]
    : undefined;
}

/** A path parameter as sent (a string before validation). */
export function sentParam(request: FastifyRequest, name: string): string | undefined {
  const params = request.params as Record<string, string | undefined> | undefined;
  return params?.[name];
}
