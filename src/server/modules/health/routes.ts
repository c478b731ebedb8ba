import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));
  app.get(
    '/readyz',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply) => {
      const ready = await app.database.ping();
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'database unavailable' });
    },
  );
};
