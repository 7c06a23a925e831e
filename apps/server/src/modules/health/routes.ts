import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import { probeWrite } from './repository.ts';

const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** The database's dialect; the status is unavailable while it does not take a write. */
  database: z.string(),
  /** The upload directory (DATA_DIR/uploads or UPLOAD_DIR): unwritable makes the status unavailable. */
  files: z.enum(['ok', 'unwritable']),
});

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          'ok when the database takes a write (a one-row upsert) and the upload directory a file; 503 when either cannot (full disk, read-only, down)',
        response: { 200: health, 503: health },
      },
    },
    async (req, reply) => {
      const [database, files] = await Promise.all([
        probeWrite(app.db.db, app.config.now()).then(
          () => true,
          (err) => {
            req.log.error({ err }, 'health check failed: the database does not take writes');
            return false;
          },
        ),
        app.uploads.writable(),
      ]);
      if (!files) req.log.error({ dir: app.config.uploadDir }, 'health check failed: the upload directory does not take files');
      const body = {
        status: database && files ? ('ok' as const) : ('unavailable' as const),
        database: app.db.dialect,
        files: files ? ('ok' as const) : ('unwritable' as const),
      };
      return reply.status(body.status === 'ok' ? 200 : 503).send(body);
    },
  );
}
