import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDb } from '../../apps/server/src/db/kysely.ts';
import type { App } from '../../apps/server/src/lib/route.ts';

/**
 * A second server instance on the database of the server under test (E2E_DATA_DIR), without jobs:
 * tests use it to call the service functions an operator console would (shipping an order), or to
 * be the instance a real provider answers (its settings in `env`).
 */
export async function withInstance<T>(work: (app: App) => Promise<T>, env: NodeJS.ProcessEnv = {}): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const config = loadConfig({ DATA_DIR: dataDir, JOBS: 'off', LOG_LEVEL: 'silent', SEED: 'none', ...env });
  const db = openDb(config.database);
  const app = await buildApp(config, { db, logger: false });
  try {
    await app.ready();
    return await work(app);
  } finally {
    await app.close();
    await db.destroy();
  }
}
