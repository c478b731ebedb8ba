import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devSwitchOutput, devUserListOutput, switchUserBody } from '#core/schemas/admin';
import { errorResponse } from '#core/schemas/common';
import { notFound } from '../../errors';
import { clearSessionCookie, hashToken, readSessionToken, setSessionCookie } from '../auth';
import { endSession, listDevUsers, switchToUser } from './service';
import { markPersonalRoutes } from '../../http/guards';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * The development-only user switcher. buildApp registers this module only when
 * config.devUserSwitcher is true (NODE_ENV=development and DEV_USER_SWITCHER=1); otherwise
 * these paths do not exist and answer 404. They are public so a signed-out developer can use
 * them, which is why they must never exist anywhere else.
 */
export const devtoolsModule: FastifyPluginAsyncZod = async (app) => {
  markPersonalRoutes(app);
  if (!app.config.devUserSwitcher) {
    throw new Error('The development user switcher must not be registered outside development');
  }

  const currentTokenHash = (token: string | null) => (token ? hashToken(token) : null);

  app.get(
    '/test/users',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Every account, for the user switcher (development only)',
        response: { 200: devUserListOutput, ...errors },
      },
    },
    async () => listDevUsers(app.db),
  );

  app.post(
    '/test/switch-user',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Sign this browser in as the chosen user (development only)',
        body: switchUserBody,
        response: { 200: devSwitchOutput, ...errors },
      },
    },
    async (request, reply) => {
      const token = await switchToUser(
        app.db,
        request.body.userId,
        currentTokenHash(readSessionToken(request)),
        app.config.sessionDays,
      );
      if (request.user) app.sessionCache.forgetUser(request.user.id);
      setSessionCookie(request, reply, token);
      return { ok: true as const };
    },
  );

  app.post(
    '/test/clear-user',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Sign this browser out (development only)',
        response: { 200: devSwitchOutput, ...errors },
      },
    },
    async (request, reply) => {
      await endSession(app.db, currentTokenHash(readSessionToken(request)));
      if (request.user) app.sessionCache.forgetUser(request.user.id);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );
};

/**
 * Without the switcher, /api/test/* answers 404 to everyone. Unknown /api paths otherwise
 * answer 401 to the signed-out (private by default), which would hint that these exist.
 */
export const devtoolsAbsentModule: FastifyPluginAsyncZod = async (app) => {
  app.all('/test/*', { config: { public: true }, schema: { hide: true } }, async () => {
    throw notFound();
  });
};
