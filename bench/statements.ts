/**
 * Statements each hot request sends to the database, counted at the driver (better-sqlite3's
 * statements, pg's queries; BEGIN and COMMIT included), with the app in this process: a figure that
 * does not depend on the machine's load, beside the throughputs that do.
 *
 *   npx tsx bench/statements.ts          (no build needed)
 *
 * Figures: `simInfo` of a card not in the one-second cache; `buyPackage` from the balance, with
 * the carrier's first try at opening the package (the sandbox carrier answers at once).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/kysely.ts';
import { addOn } from './buy-package.ts';
import { type Row, row, seedFleet, simHeaders, waitFor, withPgDatabase } from './lib.ts';

let counting = false;
let count = 0;
const texts: string[] = [];

function note(sql: unknown) {
  if (!counting) return;
  count++;
  if (process.env.BENCH_SHOW_SQL) texts.push(String(typeof sql === 'object' && sql ? (sql as { text: string }).text : sql));
}

// better-sqlite3: every run of a statement; pg: every query a client sends.
{
  const scratch = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(scratch.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  for (const method of ['run', 'get', 'all', 'iterate'] as const) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      note(this.source);
      return original.apply(this, args);
    };
  }
  scratch.close();
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    note(args[0]);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

async function measure(label: string, env: Record<string, string>): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-stmts-'));
  const config = loadConfig({ DATA_DIR: dataDir, JOBS: 'off', LOG_LEVEL: 'silent', SEED: 'demo', SEED_NUMBERS: '100', ...env });
  const db = openDb(config.database);
  const app = await buildApp(config, { db, logger: false });
  try {
    await app.ready();
    const cards = await seedFleet(db, 6, 1_000_000);
    const packageId = await addOn(db);
    const counted = async (work: () => Promise<void>) => {
      count = 0;
      texts.length = 0;
      counting = true;
      try {
        await work();
      } finally {
        counting = false;
      }
      if (texts.length) console.log(`${label}:\n  ${texts.join('\n  ')}`);
      return count;
    };
    const info = async (i: number) => {
      const res = await app.inject({ method: 'GET', url: '/api/iot/simInfo', headers: simHeaders(cards[i]!) });
      if (res.json().code !== 0) throw new Error(`simInfo: ${res.body}`);
    };
    const buy = async (i: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/iot/buyPackage',
        headers: { ...simHeaders(cards[i]!), 'idempotency-key': `bench-${i}-${Date.now()}` },
        payload: { packageId, payMethod: 'balance' },
      });
      if (res.json().code !== 0) throw new Error(`buyPackage: ${res.body}`);
    };
    // Warm each path once on other cards (prepared texts, per-promoter caches), then count.
    await info(0);
    await buy(1);
    const pending = async () =>
      Number(
        (
          await db.db
            .selectFrom('iot_provisioning')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    await waitFor(async () => (await pending()) === 0, 10_000, 'the first purchase to open');
    const simInfo = await counted(() => info(2));
    const purchase = await counted(() => buy(3));
    return [
      row(`statements ${label}`, 'simInfo of an uncached card', simInfo, 'statements'),
      row(`statements ${label}`, 'buyPackage by balance', purchase, 'statements', null, 'with the carrier’s first try at opening it'),
    ];
  } finally {
    await app.close();
    await db.destroy();
    // pg's pool resolves its end before its connections have closed: let them, before the database is dropped.
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function statementsBench(): Promise<Row[]> {
  const rows = await measure('SQLite', {});
  rows.push(...((await withPgDatabase((url) => measure('PostgreSQL', { DATABASE_URL: url }))) ?? []));
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await statementsBench()) ? 0 : 1;
}
