import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { type Config, type DatabaseTarget, loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/kysely.ts';
import { queueSchema } from '../src/lib/jobs.ts';
import type { App } from '../src/lib/route.ts';

/** Which database the API suite runs on: SQLite unless TEST_DB=postgres with TEST_DATABASE_URL. */
export const dialectUnderTest: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: App;
  config: Config;
  close(): Promise<void>;
}

/** A fresh database of a test's own: a temporary SQLite file, or a new schema in TEST_DATABASE_URL. */
async function freshDatabase(): Promise<{ target: DatabaseTarget; drop(): Promise<void> }> {
  if (dialectUnderTest === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    return {
      target: { dialect: 'postgres', url, schema },
      drop: async () => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.query(`drop schema if exists ${queueSchema(schema)} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-test-'));
  return {
    target: { dialect: 'sqlite', file: path.join(dir, 'test.db') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function testConfig(target: DatabaseTarget, overrides: Partial<Config>, env: NodeJS.ProcessEnv): Config {
  return {
    // The suites address clients by X-Forwarded-For, as a server behind one trusted proxy sees them.
    ...loadConfig({ LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...env }),
    // Uploaded files of the test's own, removed with its database.
    uploadDir: mkdtempSync(path.join(tmpdir(), 'simshop-uploads-')),
    database: target,
    seed: 'demo',
    jobs: false,
    rateLimit: { max: 1_000_000, windowMs: 60_000 },
    ...overrides,
  };
}

/** One server instance on an existing database, with its own connections (and caches). */
async function openInstance(config: Config): Promise<{ app: App; close(): Promise<void> }> {
  const db = openDb(config.database);
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/**
 * A real server on a fresh, migrated and seeded database of its own: a temporary SQLite file, or a
 * new schema in the PostgreSQL database of TEST_DATABASE_URL.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  options: { databaseVia?: (url: string) => string } = {},
): Promise<TestApp> {
  const fresh = await freshDatabase();
  // The server may reach PostgreSQL through a proxy of the test's (test/tcp-proxy.ts).
  const target =
    fresh.target.dialect === 'postgres' && options.databaseVia
      ? { ...fresh.target, url: options.databaseVia(fresh.target.url) }
      : fresh.target;
  const config = testConfig(target, overrides, env);
  const instance = await openInstance(config);
  return {
    app: instance.app,
    config,
    close: async () => {
      await instance.close();
      await fresh.drop();
      rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

export interface TestAppPair {
  /** Two server instances, each with its own connections and caches, on one database. */
  apps: [App, App];
  config: Config;
  close(): Promise<void>;
}

/**
 * Two servers on one fresh database (the same SQLite file, or the same PostgreSQL schema), as two
 * instances behind a load balancer. The first migrates and seeds; the second starts on the
 * database as it finds it (migrations up to date, demo data present), as a second instance does.
 */
export async function createTestAppPair(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = {}): Promise<TestAppPair> {
  const fresh = await freshDatabase();
  const config = testConfig(fresh.target, overrides, env);
  const first = await openInstance(config);
  const second = await openInstance(config);
  return {
    apps: [first.app, second.app],
    config,
    close: async () => {
      await first.close();
      await second.close();
      await fresh.drop();
      rmSync(config.uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * Redis for a test of its own (TEST_REDIS_URL): a fresh key and channel prefix, so tests running
 * at once on one Redis never see each other's counters or messages.
 */
export function testRedis(): { url: string; prefix: string } {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('this suite needs TEST_REDIS_URL (a Redis server, e.g. redis://127.0.0.1:6379/1)');
  return { url, prefix: `t_${randomBytes(6).toString('hex')}:` };
}

/** Parses an inject reply as the API envelope. */
export function body<T = unknown>(res: { json(): unknown }): { code: number; message: string; data: T } {
  return res.json() as { code: number; message: string; data: T };
}
