import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, type DatabaseTarget, loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/kysely.ts';
import type { App } from '../src/lib/route.ts';

/** Which database the API suite runs on: SQLite unless TEST_DB=postgres with TEST_DATABASE_URL. */
export const dialectUnderTest: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real server on a fresh, migrated and seeded database of its own: a temporary SQLite file, or a
 * new schema in the PostgreSQL database of TEST_DATABASE_URL.
 */
export async function createTestApp(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  let target: DatabaseTarget;
  let cleanup: () => Promise<void>;
  if (dialectUnderTest === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    target = { dialect: 'postgres', url, schema };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'simshop-test-'));
    target = { dialect: 'sqlite', file: path.join(dir, 'test.db') };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  const config: Config = {
    // The suites address clients by X-Forwarded-For, as a server behind one trusted proxy sees them.
    ...loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...env }),
    database: target,
    seed: 'demo',
    jobs: false,
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
    ...overrides,
  };
  const db = openDb(target);
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await db.destroy();
      await cleanup();
    },
  };
}

/** Parses an inject reply as the API envelope. */
export function body<T = unknown>(res: { json(): unknown }): { code: number; message: string; data: T } {
  return res.json() as { code: number; message: string; data: T };
}
