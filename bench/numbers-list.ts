/**
 * GET /api/shop/numberList with pattern + province filters over 1,000,000 numbers, against a bare
 * Fastify route in the same run, and again over 10,000 numbers for the 1M-vs-10k ratio.
 *
 *   npx tsx bench/numbers-list.ts        (after `npm run build`; BENCH_QUICK=1 for 200,000 numbers)
 *
 * Each inventory is seeded by the built server into a fresh SQLite file on its first start (the
 * start time is printed). Latency is per request, at one connection (service time) and ten (under
 * load). Budgets: p95 ≤10 ms; 1M vs 10k p95 ≤1.5×.
 *
 * Why it stays flat: a pattern filter reads the pattern's posting list `number_tags`, ordered by
 * `(tag, province | city, rank)`, and joins `numbers` by primary key for one page; the total is
 * counted up to 1,001 rows only. No step reads more rows as the inventory grows.
 */
import { check, type LoadResult, load, type Proc, QUICK, type Row, round2, row, startBare, startServer } from './lib.ts';

const SECONDS = QUICK ? 3 : 5;
const BIG = Number(process.env.BENCH_NUMBERS ?? (QUICK ? 200_000 : 1_000_000));
const SMALL = 10_000;

/** The filters measured, cycled request by request: a pattern with a province (and one with a city). */
const QUERIES = [
  'pattern=AABB&province=440000',
  'pattern=TAIL8&province=110000',
  'pattern=ABAB&province=310000',
  'pattern=AAA&province=510000',
  'pattern=MMDD&province=330000',
  'pattern=TAIL520&province=440000',
  'pattern=ASC&province=320000',
  'pattern=AAAA&province=440000&city=440300',
].map((q) => `/api/shop/numberList?${q}&pageSize=20`);

const cycle = (url: string, connections: number) =>
  load({ url, connections, seconds: SECONDS, requests: QUERIES.map((p) => ({ method: 'GET' as const, path: p })) });

async function inventory(count: number, bare: Proc): Promise<{ startMs: number; one: LoadResult; ten: LoadResult; bare10: LoadResult }> {
  const server = await startServer({ SEED_NUMBERS: String(count) });
  try {
    for (const p of QUERIES) {
      const b = (await (await fetch(server.url + p)).json()) as { code: number; data: { list: unknown[] } };
      if (b.code !== 0 || b.data.list.length === 0) throw new Error(`${p}: ${JSON.stringify(b).slice(0, 200)}`);
    }
    await cycle(server.url, 4);
    const one = await cycle(server.url, 1);
    const bare10 = await load({ url: `${bare.url}/`, connections: 10, seconds: SECONDS });
    const ten = await cycle(server.url, 10);
    return { startMs: server.startMs, one, ten, bare10 };
  } finally {
    await server.stop();
  }
}

export async function numbersListBench(): Promise<Row[]> {
  const bare = await startBare();
  try {
    const big = await inventory(BIG, bare);
    const small = await inventory(SMALL, bare);
    const bench = 'numberList';
    const n = BIG.toLocaleString('en');
    const bad = big.one.bad + big.ten.bad + small.one.bad + small.ten.bad;
    return [
      row(bench, `p95 over ${n} numbers, 1 connection`, big.one.p95, 'ms', { op: '<=', limit: 10 }, `p50 ${big.one.p50} ms`),
      row(bench, `p95 over ${n} numbers, 10 connections`, big.ten.p95, 'ms', { op: '<=', limit: 10 }, `${big.ten.rps} req/s`),
      row(
        bench,
        `p95 ${n} vs 10,000, 1 connection`,
        round2(big.one.p95 / small.one.p95),
        '×',
        { op: '<=', limit: 1.5 },
        `${small.one.p95} ms at 10,000`,
      ),
      row(
        bench,
        `p95 ${n} vs 10,000, 10 connections`,
        round2(big.ten.p95 / small.ten.p95),
        '×',
        { op: '<=', limit: 1.5 },
        `${small.ten.p95} ms at 10,000`,
      ),
      row(
        bench,
        'throughput vs bare route, 10 connections',
        round2(big.ten.rps / big.bare10.rps),
        '×',
        null,
        `bare ${big.bare10.rps} req/s`,
      ),
      row(bench, `first start with ${n} numbers seeded`, round2(big.startMs / 1000), 's', null),
      check(bench, 'every reply 200', bad === 0, `${bad} failed`),
    ];
  } finally {
    await bare.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await numbersListBench()) ? 0 : 1;
}
