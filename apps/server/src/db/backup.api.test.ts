import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { App } from '../lib/route.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const script = path.join(root, 'scripts/sqlite-backup.mjs');

/** What must survive a round trip: row counts of every table, and the money and stock of the key ones. */
function fingerprint(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, number> = {};
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as {
      name: string;
    }[];
    for (const { name } of tables) out[`count ${name}`] = (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n;
    const sums: [string, string][] = [
      ['iot_sims', 'balance'],
      ['iot_sims', 'integral'],
      ['iot_ledger_entries', 'delta'],
      ['iot_orders', 'pay_amount'],
      ['payments', 'amount'],
      ['number_orders', 'amount'],
      ['numbers', 'price'],
    ];
    for (const [table, column] of sums) {
      out[`sum ${table}.${column}`] = (db.prepare(`select coalesce(sum(${column}), 0) as s from ${table}`).get() as { s: number }).s;
    }
    return out;
  } finally {
    db.close();
  }
}

let dir: string;
let app: App;
let live: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'simshop-backup-'));
  live = path.join(dir, 'shop.db');
  // Always SQLite (PostgreSQL is backed up with pg_dump): the demo data, served while it is copied.
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${live}`, SEED_NUMBERS: '300' }, { jobs: false });
  app = await buildApp(config, { logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore (SQLite)', () => {
  it('backs up the demo data while the server runs, and restores it into a new file as it was', async () => {
    // A write the server has in its write-ahead log only, not yet in the database file.
    await app.db.db.updateTable('iot_sims').set({ integral: 4321 }).where('id', '=', 1).execute();
    const env = { ...process.env, DATABASE_URL: `sqlite:${live}` };
    const copy = path.join(dir, 'copy.db');
    const before = fingerprint(live);
    const backedUp = await run(process.execPath, [script, 'backup', copy], { env });
    expect(backedUp.stdout).toContain(`to ${copy}`);
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    const restored = path.join(dir, 'restored', 'shop.db');
    await run(process.execPath, [script, 'restore', copy, restored], { env });
    const after = fingerprint(restored);
    expect(after).toEqual(before);
    expect(after['count iot_sims']).toBeGreaterThan(0);
    expect(after['count numbers']).toBe(300);
    const db = new Database(restored, { readonly: true });
    expect(db.prepare('select integral from iot_sims where id = 1').get()).toEqual({ integral: 4321 });
    db.close();
  });

  it('refuses to restore over an existing database without --force, and keeps the one it replaces', async () => {
    const env = { ...process.env, DATABASE_URL: `sqlite:${live}` };
    const copy = path.join(dir, 'second.db');
    await run(process.execPath, [script, 'backup', copy], { env });
    const target = path.join(dir, 'target.db');
    await run(process.execPath, [script, 'restore', copy, target], { env });
    const refused = await run(process.execPath, [script, 'restore', copy, target], { env }).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('add --force');
    const forced = await run(process.execPath, [script, 'restore', copy, target, '--force'], { env });
    const kept = /kept as (\S+)/.exec(forced.stdout)?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    expect(fingerprint(target)).toEqual(fingerprint(kept!));
  });
});
