/**
 * A fleet synchronised through the fake OneLink platform (issue 31): BENCH_CARDS cards (1,000,000;
 * 50,000 with BENCH_QUICK=1) on one OneLink operator account of the demo storefront, swept by the
 * operator accounts' scheduler (decision 0077) against the fake platform in another process at its
 * limits (100 cards a batch call, a calls-a-second limit, a token that expires, latency).
 *
 * The server side runs in a process of its own (bench/carrier-sync-instance.ts); its CPU time
 * (process.cpuUsage, so neither the fake's time nor the machine's other work counts) gives our
 * processing rate. After ~40 % of the sweep the instance is stopped and a new one goes on: the fake
 * counts each card's appearances in the daily usage queries (exactly once per day asked) and the
 * database each card's synchronisation mark and the sweep's count (every card once).
 *
 *   npx tsx bench/carrier-sync.ts                       (no build needed)
 *   BENCH_CARDS=50000 npx tsx bench/carrier-sync.ts
 *   BENCH_ONLY=carrier-sync npx tsx bench/run.ts
 *
 * BENCH_CARRIER_QPS (200), BENCH_CARRIER_LATENCY_MS (5), BENCH_CARRIER_TOKEN_TTL_S (120) and
 * BENCH_CARRIER_EXPIRE_EVERY_CALLS (1000: the platform drops its tokens after that many usage
 * queries, so that the adapter logs in again) set the fake's limits; BENCH_CARRIER_DB=sqlite|postgres runs one database only.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDb } from '../apps/server/src/db/kysely.ts';
import { chinaDay, DAY_MS, dayStart } from '../apps/server/src/lib/flow-math.ts';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';
import { fleetMsisdn, seedCardFleet } from './fleet.ts';
import { check, QUICK, type Row, round2, row, takePort, withPgDatabase } from './lib.ts';

const BENCH = 'carrier-sync';
const CARDS = Number(process.env.BENCH_CARDS ?? (QUICK ? 50_000 : 1_000_000));
const QPS = Number(process.env.BENCH_CARRIER_QPS ?? 200);
const LATENCY_MS = Number(process.env.BENCH_CARRIER_LATENCY_MS ?? 5);
const TOKEN_TTL_S = Number(process.env.BENCH_CARRIER_TOKEN_TTL_S ?? 120);
const EXPIRE_EVERY = Number(process.env.BENCH_CARRIER_EXPIRE_EVERY_CALLS ?? 1000);
/** Our processing, cards a second of the server process's CPU time. */
const RATE_BUDGET = 20_000;
/** Resident memory, last sample vs after 10 % of the run. */
const RSS_DRIFT_BUDGET = 15;
/** The share of the sweep after which the first instance is stopped. */
const RESTART_AT = 0.4;

const tsx = ['--import', 'tsx'];

interface FakeStats {
  calls: number;
  dailyCalls: number;
  throttled: number;
  expiredTokens: number;
  tokensIssued: number;
  otherPaths: Record<string, number>;
  days: Record<string, { once: number; never: number; more: number }>;
}

interface InstanceDone {
  synced: number;
  finished: boolean;
  cpuMs: number;
  wallMs: number;
  readyMs: number;
  rss: { synced: number; mb: number }[];
}

/** Sends a message and waits for the answer of that type. */
function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (msg: { type: string }) => {
      if (msg.type !== type) return;
      child.off('message', on);
      resolve(msg as T);
    };
    child.on('message', on);
    child.send({ type });
  });
}

function waitMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (msg: { type: string }) => {
      if (msg.type !== type) return;
      child.off('message', on);
      resolve(msg as T);
    };
    child.on('message', on);
    child.once('exit', (code) => reject(new Error(`${type}: the process ended (${code}) first`)));
  });
}

async function startFake(): Promise<{ child: ChildProcess; url: string; appid: string; password: string }> {
  const low = takePort();
  const high = takePort();
  const child = fork(path.join(import.meta.dirname, 'carrier-sync-fake.ts'), [], {
    execArgv: tsx,
    env: {
      ...process.env,
      FAKE_CARDS: String(CARDS),
      FAKE_QPS: String(QPS),
      FAKE_LATENCY_MS: String(LATENCY_MS),
      FAKE_TOKEN_TTL_S: String(TOKEN_TTL_S),
      FAKE_EXPIRE_EVERY_CALLS: String(EXPIRE_EVERY),
      FAKE_PORTS: `${low}-${high}`,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await waitMessage<{ url: string; appid: string; password: string }>(child, 'ready');
  return { child, ...ready };
}

/** Runs one server instance until the sweep completes, or until it has synchronised `stopAfter` cards. */
async function runInstance(env: Record<string, string>, stopAfter: number | null): Promise<InstanceDone> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = fork(path.join(import.meta.dirname, 'carrier-sync-instance.ts'), [], {
    execArgv: [...SERVER_NODE_ARGS, ...nodeArgs, ...tsx],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let stopSent = false;
  let shown = 0;
  child.on('message', (msg: { type: string; synced: number; lastError: string | null }) => {
    if (msg.type !== 'progress') return;
    if (msg.synced - shown >= CARDS / 10) {
      shown = msg.synced;
      console.log(`    ${msg.synced.toLocaleString('en')} cards${msg.lastError ? ` (last error: ${msg.lastError})` : ''}`);
    }
    if (stopAfter !== null && !stopSent && msg.synced >= stopAfter) {
      stopSent = true;
      child.send({ type: 'stop' });
    }
  });
  return waitMessage<InstanceDone>(child, 'done');
}

/** RSS drift of an instance: its last sample against the first after it synchronised a tenth of the run. */
function drift(done: InstanceDone): { base: number; last: number; pct: number } {
  const base = done.rss.find((s) => s.synced >= CARDS / 10) ?? done.rss[0]!;
  const last = done.rss[done.rss.length - 1]!;
  return { base: base.mb, last: last.mb, pct: round2((Math.abs(last.mb - base.mb) / base.mb) * 100) };
}

async function measure(label: string, databaseUrl: string, dataDir: string): Promise<Row[]> {
  const fake = await startFake();
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED: 'demo', SEED_NUMBERS: '100' };
    // The database: migrations, the demo storefront and the operator account, then the fleet.
    const config = loadConfig({ ...env, JOBS: 'off', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
    const db = openDb(config.database);
    const app = await buildApp(config, { db, logger: false });
    await app.ready();
    const promoter = (await app.site.findPromoter('demo'))!;
    const account = await app.iotCarrierAccounts.create({
      promoterId: promoter.id,
      kind: 'onelink',
      name: 'China Mobile (bench)',
      baseUrl: fake.url,
      appId: fake.appid,
      secret: fake.password,
      callsPerSecond: QPS,
      isDefault: true,
    });
    await app.close();
    // The demo's own cards are out of this round: the fake platform knows the fleet only.
    await db.db.updateTable('iot_sims').set({ status: 2 }).where('promo_code', '=', 'demo').execute();
    const now = Date.now();
    // Last synchronised yesterday evening (UTC+8): the sweep charges yesterday's figures and starts today.
    const syncedAt = dayStart(now) - 6 * 3_600_000;
    let t = performance.now();
    await seedCardFleet(db, CARDS, now, syncedAt);
    const seedS = (performance.now() - t) / 1000;
    console.log(`  ${label}: ${CARDS.toLocaleString('en')} cards seeded in ${seedS.toFixed(1)} s`);
    const live = Number(
      (
        await db.db
          .selectFrom('iot_sims')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('promo_code', '=', 'demo')
          .where('status', '=', 1)
          .where('cancel_status', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const roundStart = Date.now();
    t = performance.now();
    const instanceEnv = { ...env, SEED: '', SYNC_ACCOUNT_ID: String(account.id) };
    const first = await runInstance(instanceEnv, Math.round(CARDS * RESTART_AT));
    console.log(`  ${label}: first instance stopped after ${first.synced.toLocaleString('en')} cards; a new one goes on`);
    const second = await runInstance(instanceEnv, null);
    const wallS = (performance.now() - t) / 1000;
    const stats = await ask<FakeStats>(fake.child, 'stats');

    // What the database holds: each fleet card synchronised in this round, once.
    const fleetSynced = Number(
      (
        await db.db
          .selectFrom('iot_sims')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('sim_no', '>=', fleetMsisdn(0))
          .where('sim_no', '<=', fleetMsisdn(CARDS - 1))
          .where('usage_synced_at', '>=', roundStart)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const yesterdayMarks = Number(
      (
        await db.db
          .selectFrom('iot_carrier_usage_marks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('day', '=', chinaDay(dayStart(now) - DAY_MS))
          .where('updated_at', '>=', roundStart)
          .executeTakeFirstOrThrow()
      ).n,
    );
    const acc = await db.db
      .selectFrom('iot_carrier_accounts')
      .select(['cards_synced', 'last_success_at', 'last_error'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    await db.destroy();

    const cpuS = (first.cpuMs + second.cpuMs) / 1000;
    const synced = first.synced + second.synced;
    const days = Object.entries(stats.days).sort(([a], [b]) => a.localeCompare(b));
    const eachOnce = days.length > 0 && days.every(([, d]) => d.once === CARDS && d.never === 0 && d.more === 0);
    const d1 = drift(first);
    const d2 = drift(second);
    const at = `${label}, ${CARDS.toLocaleString('en')} cards`;
    return [
      row(
        BENCH,
        `${at}: our processing (server CPU time)`,
        Math.round(synced / cpuS),
        'cards/s',
        { op: '>=', limit: RATE_BUDGET },
        `${round2(cpuS)} s CPU for ${synced.toLocaleString('en')} cards`,
      ),
      row(
        BENCH,
        `${at}: wall clock of the sweep`,
        Math.round(synced / wallS),
        'cards/s',
        null,
        `${round2(wallS)} s, fake at ${QPS} calls/s, ${LATENCY_MS} ms latency, token ${TOKEN_TTL_S} s, dropped every ${EXPIRE_EVERY} calls; restart included`,
      ),
      row(BENCH, `${at}: seed`, round2(seedS), 's', null),
      row(
        BENCH,
        `${at}: RSS drift, first instance (to the restart)`,
        d1.pct,
        '%',
        { op: '<=', limit: RSS_DRIFT_BUDGET },
        `${d1.base} MB after 10 % of the run, ${d1.last} MB at its stop`,
      ),
      row(
        BENCH,
        `${at}: RSS drift, second instance`,
        d2.pct,
        '%',
        { op: '<=', limit: RSS_DRIFT_BUDGET },
        `${d2.base} MB after it synchronised 10 % of the run, ${d2.last} MB at the end`,
      ),
      row(BENCH, `${at}: instance start (app ready)`, Math.round(second.readyMs), 'ms', null),
      check(
        BENCH,
        `${at}: restart loses and repeats nothing at the operator`,
        eachOnce,
        days.map(([day, d]) => `${day}: ${d.once} once, ${d.never} never, ${d.more} more`).join('; '),
      ),
      check(
        BENCH,
        `${at}: every card synchronised once this round`,
        fleetSynced === CARDS &&
          yesterdayMarks >= CARDS &&
          Number(acc.cards_synced) === live &&
          synced === live &&
          first.synced > 0 &&
          !first.finished,
        `${fleetSynced} fleet cards marked, ${yesterdayMarks} marks of yesterday, sweep counted ${acc.cards_synced} of ${live} cards, instances ${first.synced} + ${second.synced}`,
      ),
      check(
        BENCH,
        `${at}: no call refused by the rate limit, tokens renewed`,
        stats.throttled === 0 &&
          stats.tokensIssued >= 2 &&
          (EXPIRE_EVERY === 0 || stats.dailyCalls < EXPIRE_EVERY + 200 || stats.expiredTokens > 0),
        `${stats.calls} calls (${stats.dailyCalls} daily batches), ${stats.throttled} throttled, ${stats.tokensIssued} tokens, ${stats.expiredTokens} expired-token answers`,
      ),
      check(BENCH, `${at}: sweep without errors`, acc.last_error === null && acc.last_success_at !== null, acc.last_error ?? ''),
    ];
  } finally {
    fake.child.send({ type: 'stop' });
  }
}

export async function carrierSyncBench(): Promise<Row[]> {
  const which = process.env.BENCH_CARRIER_DB;
  const rows: Row[] = [];
  if (!which || which === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-sync-'));
    try {
      rows.push(...(await measure('SQLite', `sqlite:${path.join(dir, 'bench.db')}`, dir)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (!which || which === 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-sync-'));
    try {
      const pgRows = await withPgDatabase((url) => measure('PostgreSQL', url, dir));
      if (pgRows) rows.push(...pgRows);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await carrierSyncBench()) ? 0 : 1;
}
