import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import { probeWrite } from './repository.ts';

const health = z.object({
  /** ok; degraded: serving without Redis (its work falls back, see `redis`); unavailable: see `database` and `files`. */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** The database's dialect; the status is unavailable while it does not take a write. */
  database: z.string(),
  /** The upload directory (DATA_DIR/uploads or UPLOAD_DIR): unwritable makes the status unavailable. */
  files: z.enum(['ok', 'unwritable']),
  /**
   * With REDIS_URL: whether Redis answers. Unavailable (down, or not answering within the command
   * timeout) leaves the status degraded, not unavailable: every instance serves without it meanwhile.
   */
  redis: z.enum(['ok', 'unavailable']).optional(),
});

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          'ok when the database takes a write (a one-row upsert) and the upload directory a file; 503 when either cannot (full disk, read-only, down); degraded (200) while Redis does not answer',
        response: { 200: health, 503: health },
      },
    },
    async (req, reply) => {
      const [database, files, redis] = await Promise.all([
        probeWrite(app.db.db, app.config.now()).then(
          () => true,
          (err) => {
            req.log.error({ err }, 'health check failed: the database does not take writes');
            return false;
          },
        ),
        app.uploads.writable(),
        app.shared.redisHealth(),
      ]);
      if (!files) req.log.error({ dir: app.config.uploadDir }, 'health check failed: the upload directory does not take files');
      if (redis === 'unavailable') req.log.warn('health check: Redis does not answer; serving without it');
      const body = {
        status: !database || !files ? ('unavailable' as const) : redis === 'unavailable' ? ('degraded' as const) : ('ok' as const),
        database: app.db.dialect,
        files: files ? ('ok' as const) : ('unwritable' as const),
        ...(redis ? { redis } : {}),
      };
      return reply.status(body.status === 'unavailable' ? 503 : 200).send(body);
    },
  );
}
