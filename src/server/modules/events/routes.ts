import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StreamEvent } from '#core/schemas/notification';
import { requireActor, requireUser } from '../../http/guards';

/** A comment line every so often keeps proxies and browsers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RECONNECT_MS = 3000;

/** GET /api/events: Server-Sent Events for the signed-in user. */
export const eventsModule: FastifyPluginAsyncZod = async (app) => {
  const hub = app.liveEvents;

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'Live updates (text/event-stream): which products, orders and notifications changed',
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = reply.raw;
      const timers: { heartbeat?: NodeJS.Timeout } = {};
      let unsubscribe: (() => void) | undefined;
      let ended = false;

      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(timers.heartbeat);
        unsubscribe?.();
        if (!raw.writableEnded) raw.end();
      };
      const write = (chunk: string) => {
        if (!ended && !raw.writableEnded) raw.write(chunk);
      };

      reply.hijack();
      request.raw.on('close', end);
      try {
        unsubscribe = await hub.subscribe({
          audience: { actor: requireActor(request), sessionTokenHash: user.sessionTokenHash },
          send: (event: StreamEvent) => write(`data: ${JSON.stringify(event)}\n\n`),
          close: end,
        });
      } catch (error) {
        request.log.error({ err: error }, 'live events: cannot subscribe');
        if (!raw.headersSent) {
          raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
        }
        raw.end(JSON.stringify({ message: 'Live updates are unavailable', code: 'unavailable' }));
        ended = true;
        return;
      }
      if (ended) {
        unsubscribe();
        return;
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      timers.heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS);
      timers.heartbeat.unref();
    },
  );
};
