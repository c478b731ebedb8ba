import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '#core/schemas/common';
import { closeBusinessBody, closeBusinessOutput, deleteAccountBody } from '#core/schemas/leaving';
import { today } from '../../clock';
import { AppError } from '../../errors';
import { markPersonalRoutes, requireBusinessActor, requireUser } from '../../http/guards';
import { eitherKind } from '../../http/permission';
import { AttemptLimiter, clearSessionCookie } from '../auth';
import { errorResponses, zipResponse } from '../route-schemas';
import { closeAccount } from './account-closure';
import { closeBusiness } from './business-closure';
import { exportArchive } from './export';

const errors = {
  ...errorResponses,
  409: errorResponse,
  429: errorResponse,
};

/**
 * Runs a check of the current password under the sign-in limits, as changing the password
 * does (the same count): a wrong one counts like a failed sign-in, anything else is forgotten.
 */
async function withPasswordLimit<T>(
  app: FastifyInstance,
  attempts: AttemptLimiter,
  key: { address: string; account: string },
  run: () => Promise<T>,
): Promise<T> {
  const { config } = app;
  const limitKey = { kind: 'change_password', ...key } as const;
  const attempt = await attempts.record(limitKey, {
    perAccount: config.loginRateLimit,
    perAddress: config.loginAddressRateLimit,
  });
  try {
    const result = await run();
    await attempts.clear(limitKey);
    return result;
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'wrong_password')) {
      await attempts.forget(attempt).catch(() => {});
    }
    throw error;
  }
}

/** Leaving cleanly (docs/leaving.md): a person's export, closing an account, closing a business. */
export const leavingModule: FastifyPluginAsyncZod = async (app) => {
  const attempts = new AttemptLimiter(app.db);

  // The person's own: allowed whatever the state of the business they act for.
  const personalRoutes: FastifyPluginAsyncZod = async (personal) => {
    markPersonalRoutes(personal);

    personal.get(
      '/auth/export',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Download everything kept about the person and the businesses they belong to, as their roles see it: a zip of JSON and CSV files, streamed (docs/leaving.md)',
          response: { 200: zipResponse, 401: errorResponse },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const stream = await exportArchive(app.db, user.id, (error) =>
          request.log.error({ err: error }, 'data export failed part way'),
        );
        const day = today();
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="harvest-hui-my-data-${day}.zip"`)
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    personal.post(
      '/auth/delete-account',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Close the account (needs the current password): sessions end, the email, names, phone and password are erased; 409 last_owner for the only owner of an open business',
          body: deleteAccountBody,
          response: { 204: z.null().describe('Closed'), ...errors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await withPasswordLimit(app, attempts, { address: request.ip, account: user.email }, () =>
          closeAccount(app.db, user.id, request.body.currentPassword),
        );
        app.sessionCache.forgetUser(user.id);
        clearSessionCookie(request, reply);
        return reply.status(204).send(null);
      },
    );
  };
  await app.register(personalRoutes);

  app.post(
    '/business/close',
    {
      config: { permission: eitherKind('business.close') },
      schema: {
        tags: ['businesses'],
        summary:
          'Close the business the session acts for, for good (owners; needs the current password): its products leave the catalogue and its pending orders are cancelled with notice',
        body: closeBusinessBody,
        response: { 200: closeBusinessOutput, ...errors },
      },
    },
    async (request) => {
      const actor = requireBusinessActor(request);
      const user = requireUser(request);
      const result = await withPasswordLimit(
        app,
        attempts,
        { address: request.ip, account: user.email },
        () =>
          closeBusiness(
            app.db,
            { userId: actor.userId, business: actor.business },
            request.body.currentPassword,
          ),
      );
      app.sessionCache.forgetUser(user.id);
      return result;
    },
  );
};
