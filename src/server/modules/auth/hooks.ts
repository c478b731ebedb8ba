import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUSINESS_CODES } from '#core/business-status';
import type { BusinessKind } from '#core/actor';
import { CLOSED_BUSINESS_PERMISSIONS, closedBusinessMessage } from '#core/leaving';
import type { Permission } from '#core/permissions';
import { AppError, unauthorized } from '../../errors';
import { businessStanding } from '../businesses';
import { actorOfUser, type AuthUser } from '../../http/guards';
import { registerPermissionCheck } from '../../http/permission';
import { getUserView } from './service';
import { SessionCache } from './session-cache';
import { findSession, hashToken, readSessionToken } from './session';
import { LastActive } from './last-active';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectedOrigin(request: FastifyRequest): string {
  return request.server.config.appOrigin ?? `${request.protocol}://${request.host}`;
}

/**
 * Whether a GET comes from this site or from no site at all. Browsers say so in
 * Sec-Fetch-Site: same-origin, same-site, or none (an address typed, a bookmark). Without
 * that header (an older browser, a script), a Referer must be this site's; a request with
 * neither comes from no page (curl, a monitoring check) and counts as same-site.
 */
export function isSameSiteNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'same-site' || site === 'none';
  const referer = request.headers.referer;
  if (!referer) return true;
  try {
    return new URL(referer).origin === expectedOrigin(request);
  } catch {
    return false;
  }
}

function businessSuspended(kind: BusinessKind): AppError {
  return new AppError(
    403,
    `Your ${kind} is suspended: you can sign in and read, but not make changes`,
    BUSINESS_CODES.suspended,
  );
}

/** Whether the route's declared permissions are all ones a closed business keeps. */
function finishesOpenOrders(request: FastifyRequest, kind: BusinessKind): boolean {
  const need = request.routeOptions.config?.permission?.[kind];
  if (need === undefined) return false;
  const needed: Permission | readonly Permission[] =
    typeof need === 'function' ? need(request) : need;
  const list = typeof needed === 'string' ? [needed] : needed;
  return list.length > 0 && list.every((p) => CLOSED_BUSINESS_PERMISSIONS[kind].includes(p));
}

/** The signed-in person of a request's session cookie, from the cache when it may be trusted. */
export async function userOfSessionCookie(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const tokenHash = hashToken(token);
  return app.sessionCache.resolve(tokenHash, () => findSession(app.db, tokenHash));
}

/**
 * Resolves the session, refuses cross-origin writes and writes for a suspended business, and
 * keeps /api private by default.
 */
export function registerAuthHooks(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('actor', null);
  const sessions = new SessionCache(app.liveEvents, (userId, membershipId) =>
    getUserView(app.db, userId, membershipId),
  );
  app.decorate('sessionCache', sessions);
  const lastActive = new LastActive(app.db, app.log);

  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      // `Origin: null` is what a page that sends no referrer posts its forms with: taken only
      // where the request proves itself (the signed unsubscribe link), refused everywhere else.
      const nullAccepted =
        origin === 'null' && request.routeOptions.config?.acceptsNullOrigin === true;
      if ((origin && origin !== expectedOrigin(request) && !nullAccepted) || crossSite) {
        throw new AppError(403, 'Requests from other sites are not allowed', 'cross_origin');
      }
    }
    // The matched route's own path: the raw URL may spell /api in percent-escapes (/%61pi/...).
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // Only the API reads the user here: static files and health checks cost no session query
    // (the app's own page reads it when it is built: http/app-page).
    request.user = isApi ? await userOfSessionCookie(app, request) : null;
    request.actor = request.user ? actorOfUser(request.user) : null;
    if (request.user?.membershipId) lastActive.seen(request.user.membershipId);
    if (isApi && !request.user && request.routeOptions.config?.public !== true) {
      throw unauthorized();
    }
    // A suspended business's people read but do not act for it: every write acting for it is
    // refused here, once, whatever the route (docs/admission.md#suspension).
    const business = request.actor?.business;
    if (
      business &&
      STATE_CHANGING.has(request.method) &&
      request.routeOptions.url !== undefined &&
      request.routeOptions.config?.allowedWhileSuspended !== true
    ) {
      const standing = await businessStanding(app.db, business);
      if (standing.suspended) throw businessSuspended(business.kind);
      // A closed business only finishes what it had confirmed (docs/leaving.md).
      if (standing.closed && !finishesOpenOrders(request, business.kind)) {
        throw new AppError(403, closedBusinessMessage(business.kind), BUSINESS_CODES.closed);
      }
    }
  });

  registerPermissionCheck(app);

  // A write may change what GET /api/auth/user shows (a profile, a name, a photo): this process
  // forgets the writer's view before answering, so their next read never meets the old one
  // here even before the database's change notice arrives.
  app.addHook('onSend', async (request) => {
    if (request.user && STATE_CHANGING.has(request.method)) sessions.forgetView(request.user.id);
  });
}
