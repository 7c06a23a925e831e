import { sql } from 'kysely';
import { z } from 'zod';
import type { App } from '../../lib/route.ts';

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: z.object({ status: z.literal('unavailable'), database: z.string() }),
        },
      },
    },
    async (req, reply) => {
      try {
        await sql`select 1`.execute(app.db.db);
        return { status: 'ok' as const, database: app.db.dialect };
      } catch (err) {
        req.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.db.dialect });
      }
    },
  );
}
