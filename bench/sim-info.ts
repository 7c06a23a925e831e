/**
 * GET /api/iot/simInfo with a valid SIM token against a bare Fastify route, in the same run.
 *
 *   npx tsx bench/sim-info.ts                      SQLite (and PostgreSQL when reachable)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/sim-info.ts
 *   BENCH_SECONDS=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=20 ...
 *
 * The servers run in a child process (both the real app on a fresh, seeded database and a bare
 * Fastify hello route), the load generator in this one, so they do not share an event loop.
 * Budgets (docs/DESIGN.md §7): at least 0.5x the bare route on SQLite, 0.15x on PostgreSQL.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

type Target = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema: string };
type Ready = { appPort: number; barePort: number };

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function serve(target: Target): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    database: target,
    seed: 'demo' as const,
    seedNumbers: 1000,
    jobs: false,
    rateLimit: { max: 100_000_000, windowMs: 60_000 },
  };
  const app = await buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
  process.send?.({ appPort: port(app), barePort: port(bare) } satisfies Ready);
  process.on('message', async (m) => {
    if (m === 'stop') {
      await app.close();
      await bare.close();
      process.exit(0);
    }
  });
}

function load(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<any> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err: unknown, result: unknown) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function run(label: string, target: Target, budget: number): Promise<boolean> {
  const child = fork(import.meta.filename, ['--serve', JSON.stringify(target)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  try {
    const base = `http://127.0.0.1:${ready.appPort}`;
    const login = await fetch(`${base}/api/simLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sn: '1440000000001', agreeProtocol: true }),
    });
    const session = (await login.json()) as { code: number; data: { token: string; simNo: string } };
    if (session.code !== 0) throw new Error(`login failed: ${JSON.stringify(session)}`);
    const headers = { 'x-sim-token': session.data.token, 'x-sim-no': session.data.simNo };
    const check = (await (await fetch(`${base}/api/iot/simInfo`, { headers })).json()) as { code: number };
    if (check.code !== 0) throw new Error(`simInfo failed: ${JSON.stringify(check)}`);

    const bareUrl = `http://127.0.0.1:${ready.barePort}/hello`;
    const simUrl = `${base}/api/iot/simInfo`;
    const floorUrl = `${base}/api/site/config`;
    await load(bareUrl, {}, 2);
    await load(simUrl, headers, 2);
    // Rounds alternate the routes so a noisy neighbour on the machine hits each alike.
    const rounds: { bare: any; sim: any; floor: any }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const bare = await load(bareUrl, {});
      const sim = await load(simUrl, headers);
      const floor = await load(floorUrl, {});
      if (sim.non2xx > 0 || sim.errors > 0) throw new Error(`simInfo: ${sim.non2xx} non-2xx, ${sim.errors} errors`);
      rounds.push({ bare, sim, floor });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratios = rounds.map((r) => r.sim.requests.average / r.bare.requests.average);
    const ratio = median(ratios);
    const best = rounds[ratios.indexOf(ratio)]!;
    const row = (name: string, r: any) =>
      `  ${name.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms`;
    console.log(`\n${label} (${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; median round shown)`);
    console.log(row('bare Fastify /hello', best.bare));
    console.log(row('GET /api/iot/simInfo (token)', best.sim));
    console.log(row('GET /api/site/config (app floor)', best.floor));
    console.log(`  simInfo / bare per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}`);
    console.log(
      `  app floor / bare per round: ${rounds.map((r) => (r.floor.requests.average / r.bare.requests.average).toFixed(2)).join(', ')}`,
    );
    const pass = ratio >= budget;
    console.log(`  ratio ${ratio.toFixed(2)}x (budget >= ${budget}x) ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    child.send('stop');
    await new Promise((r) => child.once('exit', r));
  }
}

async function pgReachable(url: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function withSchema<T>(url: string, work: (schema: string) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await work(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

async function main() {
  if (process.argv[2] === '--serve') return serve(JSON.parse(process.argv[3] ?? '{}') as Target);
  const results: boolean[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-'));
  try {
    results.push(await run('SQLite', { dialect: 'sqlite', file: path.join(dir, 'bench.db') }, 0.5));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await pgReachable(url)) {
    results.push(await withSchema(url, (schema) => run('PostgreSQL', { dialect: 'postgres', url, schema }, 0.15)));
  } else {
    console.log(`\nPostgreSQL: not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}, skipped (set BENCH_DATABASE_URL)`);
  }
  if (results.includes(false)) process.exitCode = 1;
}

await main();
