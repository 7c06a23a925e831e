/**
 * A leak check: one server of the production build on a fresh SQLite file, with its background jobs
 * on, under a mix of real traffic for ten minutes (BENCH_SOAK_SECONDS): a fleet's dashboards polling
 * `simInfo` (each request the next card's session), `buyPackage` from the balance across the same
 * fleet, `numberList` with pattern and province filters, and shoppers walking the whole order path
 * (list, detail, create, pay, the sandbox cashier, its signed notification, payResult). The server's
 * resident memory is sampled every few seconds.
 *
 *   npx tsx bench/soak.ts                (after `npm run build`; BENCH_QUICK=1: 2 minutes)
 *
 * Budget: RSS at the end within 15 % of RSS after minute 2 (each the median of the samples of the
 * half minute up to that point, so one collection's sawtooth does not decide). Memory that still
 * grows once the caches are full and the code is compiled is a leak; its size at one instant is not
 * budgeted (the other benchmarks report it).
 *
 * BENCH_SOAK_SECONDS (default 600; 120 quick), BENCH_SOAK_BASELINE_SECONDS (default a fifth of the
 * run: minute 2 of 10), BENCH_SOAK_SAMPLE_SECONDS (5), BENCH_SOAK_CARDS (10,000; 2,000 quick).
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
// The fleet's seed reaches server modules whose types expect the app's decorations.
import type {} from '../apps/server/src/app.ts';
import { openDb } from '../apps/server/src/db/kysely.ts';
import { addOn } from './buy-package.ts';
import {
  check,
  codeCounter,
  type FleetCard,
  median,
  QUICK,
  type Row,
  round2,
  row,
  seedFleet,
  simHeaders,
  sqliteFile,
  startServer,
} from './lib.ts';
import { shopper } from './order-path.ts';

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? (QUICK ? 120 : 600));
const BASELINE = Number(process.env.BENCH_SOAK_BASELINE_SECONDS ?? SECONDS / 5);
const SAMPLE_MS = Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 5) * 1000;
const CARDS = Number(process.env.BENCH_SOAK_CARDS ?? (QUICK ? 2_000 : 10_000));
/** Connections of the API mix, and shoppers on the order path beside them. */
const CONNECTIONS = 8;
const SHOPPERS = 2;
/** Each point's RSS is the median of the samples in the window up to it. */
const WINDOW = Math.min(30, BASELINE / 2);
const DRIFT_BUDGET = 15;

const NUMBER_QUERIES = [
  'pattern=AABB&province=440000',
  'pattern=TAIL8&province=110000',
  'pattern=ABAB&province=310000',
  'pattern=AAA&province=510000',
  'pattern=MMDD&province=330000',
  'pattern=AAAA&province=440000&city=440300',
].map((q) => `/api/shop/numberList?${q}&pageSize=20`);

type Sample = { t: number; mb: number };

/** The median RSS of the samples taken in the `WINDOW` seconds up to `at`. */
function rssAt(samples: Sample[], at: number): number {
  const inWindow = samples.filter((s) => s.t > at - WINDOW && s.t <= at + 0.5);
  return median((inWindow.length ? inWindow : samples.filter((s) => s.t <= at).slice(-1)).map((s) => s.mb));
}

export async function soakBench(): Promise<Row[]> {
  const bench = 'soak (leak check)';
  const file = sqliteFile();
  // Jobs on: notifications, provisioning retries, usage syncs and scans run as in production.
  const server = await startServer({ JOBS: 'on', SEED_NUMBERS: QUICK ? '20000' : '50000' }, file.database);
  const db = openDb(file.database);
  try {
    const packageId = await addOn(db);
    const cards: FleetCard[] = await seedFleet(db, CARDS, 10_000_000);
    const counters = { simInfo: codeCounter(), numberList: codeCounter(), buyPackage: codeCounter() };
    let nextCard = 0;
    let nextQuery = 0;
    const card = () => cards[nextCard++ % cards.length]!;
    const simInfo: autocannon.Request = {
      method: 'GET',
      path: '/api/iot/simInfo',
      setupRequest: (req) => ({ ...req, headers: simHeaders(card()) }),
      onResponse: counters.simInfo.onResponse,
    };
    const numberList: autocannon.Request = {
      method: 'GET',
      setupRequest: (req) => ({ ...req, path: NUMBER_QUERIES[nextQuery++ % NUMBER_QUERIES.length]! }),
      onResponse: counters.numberList.onResponse,
    };
    const buyBody = JSON.stringify({ packageId, payMethod: 'balance' });
    const buyPackage: autocannon.Request = {
      method: 'POST',
      path: '/api/iot/buyPackage',
      setupRequest: (req) => ({
        ...req,
        headers: { 'content-type': 'application/json', 'idempotency-key': randomBytes(12).toString('hex'), ...simHeaders(card()) },
        body: buyBody,
      }),
      onResponse: counters.buyPackage.onResponse,
    };

    console.log(`  soak: ${SECONDS} s, RSS every ${SAMPLE_MS / 1000} s, baseline at ${BASELINE} s, ${CARDS} cards`);
    const samples: Sample[] = [];
    const started = Date.now();
    const sample = () => samples.push({ t: (Date.now() - started) / 1000, mb: server.memory().mb });
    sample();
    const sampler = setInterval(() => {
      const before = samples.at(-1)!;
      sample();
      const last = samples.at(-1)!;
      if (Math.floor(last.t / 60) > Math.floor(before.t / 60)) console.log(`  ${Math.round(last.t)} s: RSS ${last.mb} MB`);
    }, SAMPLE_MS);
    const paid: number[] = [];
    const skipped = { n: 0 };
    const failures: string[] = [];
    const [mix] = await Promise.all([
      // Every connection cycles the same sequence: six dashboard polls, a number search, a purchase.
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [simInfo, simInfo, simInfo, numberList, simInfo, simInfo, simInfo, buyPackage],
      }),
      Promise.all(Array.from({ length: SHOPPERS }, () => shopper(server.url, started + SECONDS * 1000, paid, skipped, failures))),
    ]);
    clearInterval(sampler);
    sample();
    const elapsed = (Date.now() - started) / 1000;

    const base = rssAt(samples, BASELINE);
    const end = rssAt(samples, samples.at(-1)!.t);
    const drift = round2(((end - base) / base) * 100);
    const peak = Math.max(...samples.map((s) => s.mb));
    // The last sample of each minute.
    const byMinute = Array.from({ length: Math.floor(elapsed / 60) }, (_, i) => i + 1)
      .map((m) => `${m}: ${samples.filter((s) => s.t <= m * 60 + 0.5).at(-1)!.mb}`)
      .join(', ');
    const { parts } = server.memory();
    const perSecond = (n: number) => round2(n / elapsed);
    const refusals = Object.entries(counters).flatMap(([kind, c]) => c.refusals().map(([m, n]) => `${kind} ${n}× ${m}`));
    const bad = mix.non2xx + mix.errors + mix.timeouts;
    return [
      row(bench, `RSS after ${BASELINE} s`, base, 'MB', null, `median of the samples of the ${WINDOW} s before`),
      row(bench, `RSS at the end (${Math.round(elapsed)} s)`, end, 'MB', null, parts),
      row(
        bench,
        'RSS drift, end vs baseline',
        drift,
        '%',
        { op: '<=', limit: DRIFT_BUDGET },
        `peak ${peak} MB; at each minute's end ${byMinute} MB`,
      ),
      row(
        bench,
        'API mix, req/s',
        perSecond(mix.requests.total),
        'req/s',
        null,
        `simInfo ${perSecond(counters.simInfo.ok())}/s over ${CARDS.toLocaleString('en')} cards, numberList ${perSecond(counters.numberList.ok())}/s, ` +
          `buyPackage ${perSecond(counters.buyPackage.ok())}/s; p50 ${mix.latency.p50} ms, p99 ${mix.latency.p99} ms, ${CONNECTIONS} connections`,
      ),
      row(
        bench,
        `paid orders/s, ${SHOPPERS} shoppers beside it`,
        perSecond(paid.length),
        '/s',
        null,
        `${paid.length} paid, ${skipped.n} numbers taken by another`,
      ),
      check(
        bench,
        'every reply ok, every order paid',
        bad === 0 && refusals.length === 0 && failures.length === 0 && paid.length > 0,
        [bad ? `${bad} failed` : '', ...refusals.slice(0, 3), ...failures.slice(0, 3)].filter(Boolean).join('; ') || undefined,
      ),
    ];
  } finally {
    await db.destroy();
    await server.stop();
    file.dispose();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await soakBench()) ? 0 : 1;
}
