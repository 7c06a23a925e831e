/**
 * POST /api/iot/buyPackage paid from the balance, on SQLite and on PostgreSQL: purchases per second,
 * p50 / p99, and the ledger check after the run.
 *
 *   npm run build -w apps/server && npx tsx bench/buy-package.ts
 *   BENCH_SECONDS=8 BENCH_CONNECTIONS=20 BENCH_CARDS=500 npx tsx bench/buy-package.ts
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres (the server whose fresh database is created)
 *
 * The built server (apps/server/dist/server.js) runs in a child process on a fresh demo database;
 * a bench-only step then adds, through SQL, a ¥1 add-on package, BENCH_CARDS real-named cards with
 * ¥10,000 each (balance and its opening ledger entry together) and a session per card. Every
 * request buys the add-on for the next card in turn, with its own idempotency key, as the app does.
 * Afterwards every ledger must add up to its card's total and the money taken must equal the
 * purchases made. Budgets (docs DESIGN §7): ≥3,000/s on SQLite, ≥1,000/s on PostgreSQL, p99 ≤50 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { DatabaseTarget } from '../apps/server/src/config.ts';
import { type Db, openDb } from '../apps/server/src/db/kysely.ts';
import { ledgerMismatches } from '../apps/server/src/modules/iot-money/ledger.ts';
import { root, startProcess } from './lib.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CARDS = Number(process.env.BENCH_CARDS ?? 500);
const PRICE = 100;
const FUNDS = 1_000_000;

interface Bench {
  packageId: number;
  cards: { simId: number; simNo: string; token: string }[];
}

/** Bench-only seed: a ¥1 add-on, funded real-named cards (with opening entries) and their sessions. */
async function prepare(db: Db): Promise<Bench> {
  const now = Date.now();
  const k = db.db;
  const pkg = await k
    .insertInto('iot_packages')
    .values({
      promo_code: 'demo',
      operator_type: 0,
      kind: 'addon',
      name: 'bench 1GB add-on',
      flow_mb: 1024,
      price: PRICE,
      duration: 7,
      duration_unit: 1,
      effects: 'now',
      stock: null,
      seckill_starts_at: null,
      seckill_ends_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cards: Bench['cards'] = [];
  for (let i = 0; i < CARDS; i += 100) {
    const batch = Array.from({ length: Math.min(100, CARDS - i) }, (_, j) => {
      const n = String(i + j).padStart(8, '0');
      return {
        sim_no: `14499${n}`,
        iccid: `8986049900${n}00`,
        promo_code: 'demo',
        status: 1,
        sim_status: 2,
        auth_status: 1,
        balance: FUNDS,
        usage_synced_at: now,
        created_at: now,
        updated_at: now,
      };
    });
    const rows = await k.insertInto('iot_sims').values(batch).returning(['id', 'sim_no']).execute();
    await k
      .insertInto('iot_ledger_entries')
      .values(
        rows.map((r) => ({
          sim_id: r.id,
          account: 'balance' as const,
          delta: FUNDS,
          balance_after: FUNDS,
          reason: 'opening',
          order_no: '',
          remark: 'bench funds',
          created_at: now,
        })),
      )
      .execute();
    const sessions = rows.map((r) => ({ ...r, token: randomBytes(32).toString('base64url') }));
    await k
      .insertInto('iot_sim_sessions')
      .values(
        sessions.map((s) => ({
          token_hash: createHash('sha256').update(s.token).digest('hex'),
          sim_id: s.id,
          sim_no: s.sim_no,
          login_mode: 'sn',
          ip: '',
          created_at: now,
          expires_at: now + 86_400_000,
          revoked_at: null,
        })),
      )
      .execute();
    for (const s of sessions) cards.push({ simId: s.id, simNo: s.sim_no, token: s.token });
  }
  return { packageId: pkg.id, cards };
}

interface Outcome {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  refused: Map<string, number>;
  errors: number;
  non2xx: number;
}

function load(base: string, b: Bench, seconds: number): Promise<Outcome> {
  let next = 0;
  let ok = 0;
  const refused = new Map<string, number>();
  const payload = JSON.stringify({ packageId: b.packageId, payMethod: 'balance' });
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            path: '/api/iot/buyPackage',
            setupRequest: (req) => {
              const c = b.cards[next++ % b.cards.length]!;
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  'x-sim-token': c.token,
                  'x-sim-no': c.simNo,
                  'idempotency-key': randomBytes(12).toString('hex'),
                },
                body: payload,
              };
            },
            onResponse: (_status: number, body: string) => {
              const code = /"code":(-?\d+)/.exec(body)?.[1] ?? '?';
              if (code === '0') ok++;
              else {
                const msg = `${code} ${/"message":"([^"]*)"/.exec(body)?.[1] ?? ''}`;
                refused.set(msg, (refused.get(msg) ?? 0) + 1);
              }
            },
          },
        ],
      },
      (err: unknown, r: any) =>
        err
          ? reject(err)
          : resolve({
              requests: r.requests.total,
              rps: Math.round(r.requests.average),
              p50: r.latency.p50,
              p99: r.latency.p99,
              ok,
              refused,
              errors: r.errors,
              non2xx: r.non2xx,
            }),
    );
  });
}

/** After the run: every ledger adds up, and the money taken equals the purchases made. */
async function check(db: Db, b: Bench): Promise<{ exact: boolean; detail: string }> {
  const ids = b.cards.map((c) => c.simId);
  const mismatches = await ledgerMismatches(db.db);
  const cards = await db.db.selectFrom('iot_sims').select(['balance']).where('id', 'in', ids).execute();
  const taken = cards.reduce((s, c) => s + (FUNDS - c.balance), 0);
  const orders = await db.db
    .selectFrom('iot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('package_id', '=', b.packageId)
    .where('status', '=', 'effective')
    .executeTakeFirstOrThrow();
  const packages = await db.db
    .selectFrom('iot_sim_packages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('package_id', '=', b.packageId)
    .executeTakeFirstOrThrow();
  const n = Number(orders.n);
  const exact = mismatches.length === 0 && taken === n * PRICE && Number(packages.n) === n;
  return {
    exact,
    detail: `${n} effective orders, ${Number(packages.n)} packages opened, ¥${(taken / 100).toFixed(2)} taken, ${mismatches.length} ledger mismatches`,
  };
}

async function run(label: string, target: DatabaseTarget, env: Record<string, string>, port: number, budget: number): Promise<boolean> {
  let server: ChildProcess | undefined;
  const db = openDb(target);
  try {
    // BENCH_NODE_ARGS (e.g. --cpu-prof) go to the server process.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await startProcess(
      [...nodeArgs, path.join(root, 'apps/server/dist/server.js')],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'simshop-bench-')),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000000',
        JOBS: 'off',
        SEED: 'demo',
        SEED_NUMBERS: '1000',
        ...env,
      },
      `http://127.0.0.1:${port}/healthz`,
    );
    const b = await prepare(db);
    const base = `http://127.0.0.1:${port}`;
    await load(base, b, 2); // warm-up
    const r = await load(base, b, SECONDS);
    // Requests still in flight when the load stopped finish before the books are read.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const c = await check(db, b);
    const pass = r.rps >= budget && r.p99 <= 50 && c.exact && r.errors === 0 && r.non2xx === 0;
    console.log(`\n${label} (${CONNECTIONS} connections, ${SECONDS} s, ${CARDS} cards, ¥${PRICE / 100} add-on from the balance)`);
    console.log(`  buyPackage   ${String(r.rps).padStart(6)} purchases/s   p50 ${r.p50} ms   p99 ${r.p99} ms   (${r.requests} requests)`);
    console.log(
      `  replies      ${r.ok} code 0, ${[...r.refused].map(([m, n]) => `${n}× ${m}`).join('; ') || 'no refusals'}, ${r.non2xx} non-2xx, ${r.errors} errors`,
    );
    console.log(`  ledger       ${c.exact ? 'exact' : 'NOT EXACT'}: ${c.detail}`);
    console.log(`  budget       >= ${budget}/s, p99 <= 50 ms, ledgers exact: ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    server?.kill();
    if (server) await new Promise((r) => server!.once('exit', r));
    await db.destroy();
  }
}

async function main() {
  const results: boolean[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-buy-'));
  try {
    const file = path.join(dir, 'bench.db');
    results.push(await run('SQLite', { dialect: 'sqlite', file }, { DATABASE_URL: `sqlite:${file}` }, 18_081, 3000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log(`\nPostgreSQL: not reachable at ${adminUrl.replace(/:[^:@/]*@/, ':***@')}, skipped (set BENCH_PG_URL)`);
    process.exitCode = results.includes(false) ? 1 : 0;
    return;
  }
  const name = `bench_buy_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    results.push(await run('PostgreSQL', { dialect: 'postgres', url: url.toString() }, { DATABASE_URL: url.toString() }, 18_082, 1000));
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
  if (results.includes(false)) process.exitCode = 1;
}

await main();
