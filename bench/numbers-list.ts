/**
 * GET /api/shop/numberList with pattern + province filters over 1,000,000 numbers, against a bare
 * Fastify route in the same run, and again over 10,000 numbers for the 1M-vs-10k ratio.
 *
 *   npx tsx bench/numbers-list.ts
 *   BENCH_SECONDS=5 BENCH_NUMBERS=1000000 npx tsx bench/numbers-list.ts
 *
 * Each inventory is seeded into a fresh SQLite file (seed time reported), then served by the real
 * app in a child process (rate limit raised), so load generator and server do not share an event
 * loop. Latency is per request from autocannon's response events, one connection (service time)
 * and ten (under load). Budgets (docs DESIGN §7): p95 ≤ 10 ms; 1M vs 10k latency ≤ 1.5×.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BIG = Number(process.env.BENCH_NUMBERS ?? 1_000_000);
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

type Ready = { appPort: number; barePort: number };

/** Child process: seed a fresh database with `count` numbers, then serve it and a bare route. */
async function serve(file: string, count: number): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', JOBS: 'off' }),
    database: { dialect: 'sqlite' as const, file },
    seed: 'demo' as const,
    seedNumbers: count,
  };
  const started = performance.now();
  const app = await buildApp(config, { logger: false });
  const seedMs = performance.now() - started;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  process.send?.({ appPort: port(app), barePort: port(bare), seedMs });
  process.on('message', async () => {
    await app.close();
    await bare.close();
    process.exit(0);
  });
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  bad: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Loads the paths (cycled) for SECONDS with autocannon and reads every response time. */
function load(label: string, base: string, paths: string[], connections: number): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let bad = 0;
    const instance = autocannon(
      { url: base, connections, duration: SECONDS, requests: paths.map((p) => ({ method: 'GET', path: p })) },
      (err: unknown, result: { requests: { average: number }; non2xx: number; errors: number }) => {
        if (err) return reject(err);
        const sorted = times.sort((a, b) => a - b);
        const r2 = (n: number) => Math.round(n * 100) / 100;
        resolve({
          label,
          rps: Math.round(result.requests.average),
          p50: r2(percentile(sorted, 50)),
          p95: r2(percentile(sorted, 95)),
          p99: r2(percentile(sorted, 99)),
          bad: bad + result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      times.push(ms);
      if (status !== 200) bad++;
    });
  });
}

async function start(count: number): Promise<{ child: ChildProcess; ready: Ready & { seedMs: number }; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-numbers-bench-'));
  const child = fork(import.meta.filename, ['--serve', path.join(dir, 'bench.db'), String(count)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ready = await new Promise<Ready & { seedMs: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready & { seedMs: number }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, ready, dir };
}

async function stop(s: { child: ChildProcess; dir: string }): Promise<void> {
  await new Promise((r) => {
    s.child.once('exit', r);
    s.child.send('stop');
  });
  rmSync(s.dir, { recursive: true, force: true });
}

/** Checks the filters answer real, non-empty pages before timing them. */
async function check(base: string): Promise<void> {
  for (const p of QUERIES) {
    const b = (await (await fetch(base + p)).json()) as { code: number; data: { list: unknown[]; total: number } };
    if (b.code !== 0 || b.data.list.length === 0) throw new Error(`${p}: ${JSON.stringify(b).slice(0, 200)}`);
  }
}

async function measureInventory(count: number): Promise<{ seedMs: number; rows: Figures[] }> {
  const s = await start(count);
  try {
    const app = `http://127.0.0.1:${s.ready.appPort}`;
    const bare = `http://127.0.0.1:${s.ready.barePort}`;
    await check(app);
    await load('warm-up', app, QUERIES, 4);
    const n = count.toLocaleString('en');
    const rows = [
      await load(`bare /hello, 1 conn`, bare, ['/hello'], 1),
      await load(`numberList ${n}, 1 conn`, app, QUERIES, 1),
      await load(`bare /hello, 10 conn`, bare, ['/hello'], 10),
      await load(`numberList ${n}, 10 conn`, app, QUERIES, 10),
    ];
    return { seedMs: s.ready.seedMs, rows };
  } finally {
    await stop(s);
  }
}

function print(rows: Figures[]): void {
  console.log('| what | req/s | p50 ms | p95 ms | p99 ms | non-200 |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.bad} |`);
}

async function main(): Promise<void> {
  console.log(`numberList benchmark: ${QUERIES.length} pattern + province filters cycled, ${SECONDS} s per run\n`);
  const big = await measureInventory(BIG);
  const small = await measureInventory(SMALL);
  console.log(
    `seed + migrate + start: ${BIG.toLocaleString('en')} numbers ${(big.seedMs / 1000).toFixed(1)} s; ${SMALL.toLocaleString('en')} numbers ${(small.seedMs / 1000).toFixed(2)} s\n`,
  );
  print([...big.rows, ...small.rows]);
  const [bare1, big1, bare10, big10] = big.rows as [Figures, Figures, Figures, Figures];
  const [, small1, , small10] = small.rows as [Figures, Figures, Figures, Figures];
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
  console.log('');
  console.log(`numberList ${BIG.toLocaleString('en')}: p95 ${big1.p95} ms at 1 connection, ${big10.p95} ms at 10 (budget ≤ 10 ms)`);
  console.log(
    `vs bare route (same run): ${ratio(big10.rps, bare10.rps)}× the throughput; p50 ${ratio(big1.p50, bare1.p50)}× the latency at 1 connection`,
  );
  console.log(
    `1M vs 10k: p50 ${ratio(big1.p50, small1.p50)}×, p95 ${ratio(big1.p95, small1.p95)}× at 1 connection; p95 ${ratio(big10.p95, small10.p95)}× at 10 (budget ≤ 1.5×)`,
  );
}

if (process.argv[2] === '--serve') {
  await serve(process.argv[3] as string, Number(process.argv[4]));
} else {
  await main();
}
