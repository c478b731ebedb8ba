// H: a bare Fastify hello-world, the yardstick every figure of npm run bench is compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
console.log('H is listening');
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
