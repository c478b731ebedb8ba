import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../errors';
import { findSessionUser, readSessionToken } from './session';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectedOrigin(request: FastifyRequest): string {
  return request.server.config.appOrigin ?? `${request.protocol}://${request.host}`;
}

/** Resolves the session, refuses cross-origin writes, and keeps /api private by default. */
export function registerAuthHooks(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  app.addHook('onRequest', async (request) => {
    if (STATE_CHANGING.has(request.method)) {
      const origin = request.headers.origin;
      const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
      if ((origin && origin !== expectedOrigin(request)) || crossSite) {
        throw new AppError(403, 'Requests from other sites are not allowed', 'cross_origin');
      }
    }
    // The matched route's own path: the raw URL may spell /api in percent-escapes (/%61pi/...).
    const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // Only the API reads the user: static files and health checks cost no session query.
    const token = isApi ? readSessionToken(request) : null;
    request.user = token ? await findSessionUser(request.server.db, token) : null;
    if (isApi && !request.user && request.routeOptions.config?.public !== true) {
      throw unauthorized();
    }
  });
}
