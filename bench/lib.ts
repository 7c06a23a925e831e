/**
 * What every benchmark shares: the built server and a bare Fastify route in child processes, a load
 * generator that keeps every response time, temporary PostgreSQL databases, a fleet of funded SIM
 * cards with sessions, and the result rows `npm run bench` prints.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/kysely.ts';
import { chinaDay, chinaMonth } from '../apps/server/src/lib/flow-math.ts';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';
import { fleetIccid, fleetMsisdn } from './fleet.ts';

export const root = path.resolve(import.meta.dirname, '..');
/** BENCH_QUICK=1: smaller fleets and shorter runs, for a check of about two and a half minutes. */
export const QUICK = process.env.BENCH_QUICK === '1';
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ── Result rows ─────────────────────────────────────────────────────────────────────────────────

export interface Budget {
  op: '>=' | '<=';
  limit: number;
}

export interface Row {
  bench: string;
  figure: string;
  value: number;
  unit: string;
  /** Null for a figure printed for information. */
  budget: Budget | null;
  met: boolean | null;
  note?: string;
}

export function row(bench: string, figure: string, value: number, unit: string, budget: Budget | null = null, note?: string): Row {
  const met = budget === null ? null : budget.op === '>=' ? value >= budget.limit : value <= budget.limit;
  return { bench, figure, value, unit, budget, met, ...(note ? { note } : {}) };
}

/** A condition that must hold (ledgers exact, no failed request): 1 when it does. */
export function check(bench: string, figure: string, holds: boolean, note?: string): Row {
  return row(bench, figure, holds ? 1 : 0, 'holds', { op: '>=', limit: 1 }, note);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

// ── Load ────────────────────────────────────────────────────────────────────────────────────────

export interface LoadResult {
  rps: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx replies and socket errors. */
  bad: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Loads a server with autocannon from this process and keeps every response time. */
export function load(o: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    let bad = 0;
    const instance = autocannon(
      { url: o.url, connections: o.connections, duration: o.seconds, headers: o.headers, requests: o.requests },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err);
        const sorted = times.sort((a, b) => a - b);
        resolve({
          rps: Math.round(result.requests.average),
          requests: result.requests.total,
          p50: round2(percentile(sorted, 50)),
          p95: round2(percentile(sorted, 95)),
          p99: round2(percentile(sorted, 99)),
          bad: bad + result.non2xx + result.errors,
        });
      },
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      times.push(ms);
      if (status < 200 || status > 299) bad++;
    });
  });
}

/** autocannon request steps that read each reply's envelope code (for `bad` and refusal counts). */
export function codeCounter() {
  const codes = new Map<string, number>();
  return {
    codes,
    onResponse: (_status: number, body: string) => {
      const code = /"code":(-?\d+)/.exec(body)?.[1] ?? '?';
      const key = code === '0' ? '0' : `${code} ${/"message":"([^"]*)"/.exec(body)?.[1] ?? ''}`;
      codes.set(key, (codes.get(key) ?? 0) + 1);
    },
    ok: () => codes.get('0') ?? 0,
    refusals: () => [...codes].filter(([k]) => k !== '0'),
  };
}

/** The middle value (the upper one of an even count). */
export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** The median of each round's ratio and the round it came from. */
export function medianRound<T>(rounds: T[], ratio: (r: T) => number): { ratio: number; round: T; ratios: number[] } {
  const ratios = rounds.map(ratio);
  const middle = median(ratios);
  return { ratio: middle, round: rounds[ratios.indexOf(middle)]!, ratios };
}

// ── Processes ───────────────────────────────────────────────────────────────────────────────────

export interface Proc {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first successful answer of the ready url. */
  startMs: number;
  /** Resident memory of the process now (see `memoryOf`). */
  memory(): Memory;
  stop(): Promise<void>;
}

let nextPort = Number(process.env.BENCH_PORT ?? 18_900);

/** The next port of the bench's range (BENCH_PORT on), for a listener of its own (an inspector). */
export const takePort = () => nextPort++;

/** Starts a Node script and resolves once `readyPath` answers 200. */
async function startProcess(args: string[], env: Record<string, string>, readyPath: string, cleanup = () => {}): Promise<Proc> {
  const port = nextPort++;
  const started = performance.now();
  // BENCH_SERVER_OUT: the process's standard output is appended to that file (--trace-gc writes there).
  const out = process.env.BENCH_SERVER_OUT ? openSync(process.env.BENCH_SERVER_OUT, 'a') : 'ignore';
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') closeSync(out);
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : null;
  const url = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await statusOf(url + readyPath, ca)) === 200) {
        const startMs = Math.round(performance.now() - started);
        return {
          url,
          child,
          startMs,
          memory: () => memoryOf(child.pid!),
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
            cleanup();
          },
        };
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  cleanup();
  throw new Error(`${args.join(' ')} did not start (exit ${child.exitCode})`);
}

/** The status of a GET, over HTTPS trusting `ca` when given (the server's own test certificate). */
async function statusOf(url: string, ca: Buffer | null): Promise<number> {
  if (!ca) return (await fetch(url)).status;
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

/**
 * The server with the test certificate (apps/server/test/tls): HTTPS, HTTP/2 for browsers, as a
 * shop is served to its customers (decision 0050).
 */
export const TLS_ENV = {
  TLS_CERT_FILE: path.join(root, 'apps/server/test/tls/localhost.cert.pem'),
  TLS_KEY_FILE: path.join(root, 'apps/server/test/tls/localhost.key.pem'),
};

const nodeBinary = realpathSync(process.execPath);

type Memory = { mb: number; parts: string };

/**
 * A process's resident memory, in all and by mapping (`/proc/<pid>/smaps`, read once): anonymous
 * memory (V8's heap, the threads' stacks and malloc arenas), the pages of the `node` binary that
 * were touched, the main C heap (SQLite's page cache, the drivers' buffers), and the rest (shared
 * libraries, addons).
 */
function memoryOf(pid: number): Memory {
  const kb = { anonymous: 0, binary: 0, cHeap: 0, other: 0 };
  let part: keyof typeof kb = 'other';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+ *(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1];
      part = name === '' ? 'anonymous' : name === '[heap]' ? 'cHeap' : name === nodeBinary ? 'binary' : 'other';
    } else {
      const rss = /^Rss: +(\d+) kB/.exec(line);
      if (rss) kb[part] += Number(rss[1]);
    }
  }
  const mb = (n: number) => Math.round(n / 1024);
  return {
    mb: mb(kb.anonymous + kb.binary + kb.cHeap + kb.other),
    parts: `anonymous (V8 heap, threads) ${mb(kb.anonymous)}, node binary ${mb(kb.binary)}, C heap ${mb(kb.cHeap)}, other ${mb(kb.other)} MB`,
  };
}

/**
 * The server's resident memory after a load, with its parts, as reported: no budget on its size at one
 * instant (the soak's drift is the leak check, bench/soak.ts).
 */
export function rssRow(bench: string, server: Proc, figure = 'server RSS after the load'): Row {
  const { mb, parts } = server.memory();
  return row(bench, figure, mb, 'MB', null, parts);
}

export type Database = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

const serverEntry = path.join(root, 'apps/server/dist/server.js');

/**
 * The product server from its production build, with demo data, the rate limit raised and
 * background jobs off unless `env` says otherwise. Without `database`, a fresh SQLite file.
 * `extraNodeArgs` go after the product's flags (and BENCH_NODE_ARGS).
 */
export async function startServer(env: Record<string, string> = {}, database?: Database, extraNodeArgs: string[] = []): Promise<Proc> {
  if (!existsSync(serverEntry)) throw new Error('apps/server/dist/server.js is missing: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-'));
  const dbEnv: Record<string, string> =
    database?.dialect === 'postgres'
      ? { DATABASE_URL: database.url, SEED: 'demo' }
      : { DATABASE_URL: `sqlite:${database?.file ?? path.join(dataDir, 'shop.db')}` };
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startProcess(
    [...SERVER_NODE_ARGS, ...nodeArgs, ...extraNodeArgs, serverEntry],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', JOBS: 'off', SEED_NUMBERS: '1000', ...dbEnv, ...env },
    '/healthz',
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
}

/** A bare Fastify hello route: the yardstick every throughput is compared with. */
export function startBare(): Promise<Proc> {
  return startProcess([path.join(root, 'bench/bare-server.mjs')], {}, '/');
}

/** Runs `work` with a new, empty PostgreSQL database, or returns null when no server answers. */
export async function withPgDatabase<T>(work: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL not reachable at ${PG_URL.replace(/:[^:@/]*@/, ':***@')}: its figures are not measured`);
    return null;
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// ── A fleet of cards ────────────────────────────────────────────────────────────────────────────

export interface FleetCard {
  simId: number;
  simNo: string;
  token: string;
}

/**
 * Bench-only seed of `count` real-named, active cards of the demo promoter, as a fleet looks: each
 * with `funds` fen of balance (and its opening ledger entry), one base package in use, and a
 * session. Each card's summary is the one its package gives after a synchronisation today (flow,
 * end, data on at the carrier too), as a card in use holds it. Numbers start at 1450…, clear of
 * the demo cards.
 */
export async function seedFleet(db: Db, count: number, funds: number, now = Date.now()): Promise<FleetCard[]> {
  const k = db.db;
  const cards: FleetCard[] = [];
  const batch = 400;
  const dayMs = 86_400_000;
  const packageMb = 30 * 1024;
  const packageEnd = now + 20 * dayMs;
  for (let i = 0; i < count; i += batch) {
    const n = Math.min(batch, count - i);
    const rows = await k
      .insertInto('iot_sims')
      .values(
        Array.from({ length: n }, (_, j) => {
          return {
            sim_no: fleetMsisdn(i + j),
            iccid: fleetIccid(i + j),
            promo_code: 'demo',
            status: 1,
            sim_status: 2,
            auth_status: 1,
            balance: funds,
            total_flow: packageMb,
            end_at: packageEnd,
            internet_status: 1,
            carrier_data: 1,
            usage_day: chinaDay(now),
            usage_month: chinaMonth(now),
            usage_synced_at: now,
            last_robin_at: now,
            created_at: now,
            updated_at: now,
          };
        }),
      )
      .returning(['id', 'sim_no'])
      .execute();
    if (funds > 0) {
      await k
        .insertInto('iot_ledger_entries')
        .values(
          rows.map((r) => ({
            sim_id: r.id,
            account: 'balance' as const,
            delta: funds,
            balance_after: funds,
            reason: 'opening',
            order_no: '',
            remark: 'bench funds',
            created_at: now,
          })),
        )
        .execute();
    }
    await k
      .insertInto('iot_sim_packages')
      .values(
        rows.map((r) => ({
          sim_id: r.id,
          package_id: null,
          name: '30GB monthly',
          kind: 'base' as const,
          flow_mb: packageMb,
          duration: 1,
          duration_unit: 2,
          starts_at: now - 10 * dayMs,
          ends_at: packageEnd,
          status: 'active' as const,
          created_at: now,
          updated_at: now,
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
          expires_at: now + dayMs,
          revoked_at: null,
        })),
      )
      .execute();
    for (const s of sessions) cards.push({ simId: s.id, simNo: s.sim_no, token: s.token });
  }
  return cards;
}

/** Request headers of a card's session. */
export const simHeaders = (c: FleetCard) => ({ 'x-sim-token': c.token, 'x-sim-no': c.simNo });

/** A fresh SQLite file in a temporary folder, removed by `dispose`. */
export function sqliteFile(): { database: Database; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'simshop-bench-db-'));
  return {
    database: { dialect: 'sqlite', file: path.join(dir, 'bench.db') },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Waits until `probe` is true (polling), or throws after `ms`. */
export async function waitFor(probe: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
