// A bare Fastify route: the yardstick of the benchmarks.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 18999), host: '127.0.0.1' });
