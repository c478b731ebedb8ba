import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '#core/schemas/common';
import { clockBody, clockOutput } from '#core/schemas/delivery';
import { isClockSet, now, setClock } from '../../clock';

/**
 * POST /api/test/clock moves the clock the business rules read (cutoffs, auto-cancel), so a
 * developer can see tomorrow's screens today. buildApp registers it in development mode only;
 * anywhere else the path answers 404 like the other development tools. It is public, as those
 * are; a running clock keeps moving from the instant set, a frozen one stays there.
 */
export const clockModule: FastifyPluginAsyncZod = async (app) => {
  if (app.config.env !== 'development') {
    throw new Error('The test clock must not be registered outside development');
  }
  app.post(
    '/test/clock',
    {
      config: { public: true },
      schema: {
        tags: ['development'],
        summary: 'Set the clock the business rules read, or null for real time (development only)',
        body: clockBody,
        response: { 200: clockOutput, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      setClock(request.body.now === null ? null : new Date(request.body.now), {
        frozen: request.body.frozen ?? false,
      });
      return { now: now().toISOString(), set: isClockSet() };
    },
  );
};
