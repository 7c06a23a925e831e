import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import { probeWrite } from './repository.ts';

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'ok when the database takes a write (a one-row upsert); 503 when it cannot (full disk, read-only, down)',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
    },
    async (req, reply) => {
      try {
        await probeWrite(app.db.db, app.config.now());
        return { status: 'ok' as const, database: app.db.dialect };
      } catch (err) {
        req.log.error({ err }, 'health check failed: the database does not take writes');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.db.dialect });
      }
    },
  );
}
