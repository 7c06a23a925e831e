// GET /api/hk/baseConfig against a bare Fastify route, in one run. Needs `npm run build` first.
import { measure, startBare, startServer, table } from './lib.ts';

const bare = await startBare(18990);
const server = await startServer(18991);
try {
  // Warm both up, then measure each alone.
  await measure('warm-up', 'http://127.0.0.1:18990/', { duration: 2 });
  await measure('warm-up', 'http://127.0.0.1:18991/api/hk/baseConfig?promoCode=agent01', { duration: 2 });
  const baseline = await measure('bare Fastify route', 'http://127.0.0.1:18990/');
  const config = await measure('GET /api/hk/baseConfig?promoCode=agent01', 'http://127.0.0.1:18991/api/hk/baseConfig?promoCode=agent01');
  table([baseline, config], baseline);
} finally {
  bare.kill();
  server.kill();
}
