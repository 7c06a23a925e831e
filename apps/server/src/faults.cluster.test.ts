/**
 * The faults production brings, under load, on two server processes sharing PostgreSQL and Redis
 * as `npm run cluster` runs them: every backend of the database terminated (a restart, a failover),
 * Redis down and then silent (it takes connections and answers nothing), and one instance killed
 * (kill -9) in the middle of purchases. Clients retry as a load balancer does (a refused connection
 * on the other instance, a 503 after a moment, with the same Idempotency-Key). Every request is
 * answered (a success or the busy envelope, never a 500 or no answer), every paid order is effective
 * within 60 s of its payment, and the ledgers add up. (The cluster suite: PostgreSQL and TEST_REDIS_URL.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectUnderTest, testRedis } from '../test/helpers.ts';
import { listenInRange, startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/kysely.ts';
import { ledgerMismatches } from './modules/iot-money/ledger.ts';
import { addPackage, makeCard } from './modules/iot-money/test-kit.ts';

if (dialectUnderTest !== 'postgres') throw new Error('the cluster suite runs on PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL)');

const PRICE = 100;
const OPENING = 10_000_000;
const CARDS = 6;
const BUYERS_PER_CARD = 2;
const BUSY = 'the system is busy, please try again later';

const admin = process.env.TEST_DATABASE_URL!;
const database = `simshop_faults_${randomBytes(5).toString('hex')}`;
const url = (() => {
  const u = new URL(admin);
  u.pathname = `/${database}`;
  return u.toString();
})();
const dataDir = mkdtempSync(path.join(tmpdir(), 'simshop-faults-'));

interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  log: string;
}

let redisProxy: TcpProxy;
let instances: [Instance, Instance];
let cards: { id: number; simNo: string }[];
let packageId: number;

async function adminQuery(sql: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return await c.query(sql, values);
  } finally {
    await c.end();
  }
}

const given = new Set<number>();
/** A free port of 18200-18299 (taken and let go again, for a server process to listen on), never one given before. */
async function freePort(): Promise<number> {
  for (;;) {
    const probe = net.createServer();
    const port = await listenInRange(probe);
    await new Promise((r) => probe.close(r));
    if (!given.has(port)) {
      given.add(port);
      return port;
    }
  }
}

async function startInstance(name: string, redis: { url: string; prefix: string }): Promise<Instance> {
  const port = await freePort();
  const instance: Instance = { name, base: `http://127.0.0.1:${port}`, log: '', process: undefined as never };
  instance.process = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      REDIS_COMMAND_TIMEOUT_MS: '500',
      RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'warn',
      JOBS: 'on',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  instance.process.stdout!.on('data', (d) => (instance.log += d));
  instance.process.stderr!.on('data', (d) => (instance.log += d));
  return instance;
}

async function healthOf(instance: Instance): Promise<{ status: number; body: { status?: string; redis?: string } } | null> {
  try {
    const res = await fetch(`${instance.base}/healthz`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as { status?: string; redis?: string } };
  } catch {
    return null;
  }
}

async function waitFor(what: string, done: () => Promise<boolean> | boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  await adminQuery(`create database ${database}`);
  // The database's schema, demo data, the test's cards and package, written before the servers start.
  const setup = await buildApp(
    loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: url, SEED: 'demo', SEED_NUMBERS: '200', DATA_DIR: dataDir }, { jobs: false }),
    {
      logger: false,
    },
  );
  await setup.ready();
  cards = await Promise.all(Array.from({ length: CARDS }, () => makeCard(setup, { balance: OPENING })));
  packageId = await addPackage(setup, { name: 'Fault test add-on', price: PRICE, kind: 'addon' });
  await setup.close();

  const redis = testRedis();
  const u = new URL(redis.url);
  redisProxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 6379) });
  const shared = { url: redisProxy.via(redis.url), prefix: redis.prefix };
  instances = [await startInstance('a', shared), await startInstance('b', shared)];
  // Up to a minute and a half: compiling the server on a busy machine takes a while.
  await waitFor(
    'both instances to serve',
    async () => {
      for (const i of instances)
        if (i.process.exitCode !== null) throw new Error(`instance ${i.name} exited (${i.process.exitCode}):\n${i.log}`);
      return (await Promise.all(instances.map(healthOf))).every((h) => h?.status === 200 && h.body.redis === 'ok');
    },
    90_000,
  );
}, 150_000);

afterAll(async () => {
  for (const i of instances ?? []) if (i.process.exitCode === null) i.process.kill('SIGKILL');
  redisProxy?.restore();
  await redisProxy?.close();
  await adminQuery(`drop database if exists ${database} with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

type Reply = { status: number; code: number; message: string; data: any };
type Outcome = { ok: true; reply: Reply; tries: number } | { ok: false; what: string };

/**
 * One call as a client behind a load balancer makes it: to instance `first`, on the other when the
 * connection is refused or dropped, again after a moment on a 503 (the same Idempotency-Key each
 * time); ten seconds at most per try.
 */
async function call(first: number, pathname: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }) {
  let tries = 0;
  let lastProblem = '';
  for (let attempt = 0; attempt < 8; attempt++) {
    const instance = instances[(first + attempt) % 2]!;
    tries++;
    try {
      const res = await fetch(`${instance.base}${pathname}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(10_000),
      });
      const b = (await res.json()) as Omit<Reply, 'status'>;
      const reply = { status: res.status, ...b };
      if (res.status === 503 && b.message === BUSY && attempt < 7) {
        lastProblem = '503';
        await new Promise((r) => setTimeout(r, 250));
        continue;
      }
      return { ok: true, reply, tries } as Outcome;
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === 'TimeoutError') return { ok: false, what: `no answer within 10 s from ${instance.name} (${pathname})` } as Outcome;
      // Refused or dropped: the instance is gone; the other one is asked.
      lastProblem = e.cause?.code ?? e.message;
    }
  }
  return { ok: false, what: `no answer after ${tries} tries (${lastProblem})` } as Outcome;
}

describe('faults under load on two instances', () => {
  it('answers every request, makes every paid order effective within 60 s and keeps the ledgers exact', async () => {
    const [a, b] = instances;
    const sessions = await Promise.all(
      cards.map(async (c, i) => {
        const o = await call(i, '/api/simLogin', { method: 'POST', body: { sn: c.simNo, agreeProtocol: true } });
        expect(o.ok && o.reply.code).toBe(0);
        const data = (o as { reply: Reply }).reply.data as { token: string; simNo: string };
        return { 'x-sim-token': data.token, 'x-sim-no': data.simNo };
      }),
    );

    const outcomes: Outcome[] = [];
    const orders = new Set<string>();
    let stopped = false;
    const buyer = async (n: number) => {
      const card = n % CARDS;
      for (let i = 0; !stopped; i++) {
        const headers = { ...sessions[card]!, 'idempotency-key': randomUUID(), 'x-forwarded-for': `10.8.${card}.${n}` };
        const o = await call(n + i, '/api/iot/buyPackage', { method: 'POST', headers, body: { packageId, payMethod: 'balance' } });
        outcomes.push(o);
        if (o.ok && o.reply.code === 0) orders.add(o.reply.data.order.orderNo);
        if (i % 3 === 0) outcomes.push(await call(n + i + 1, '/api/iot/simInfo', { headers: sessions[card]! }));
      }
    };
    const bought = () => orders.size;
    const load = Array.from({ length: CARDS * BUYERS_PER_CARD }, (_, n) => buyer(n));
    const afterMore = async (what: string, more: number) => {
      const target = bought() + more;
      await waitFor(what, () => bought() >= target, 30_000);
    };

    await afterMore('the first purchases', 20);
    // 1. PostgreSQL drops every connection of the shop's database, idle and busy (a restart, a failover).
    const terminated = await adminQuery(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    expect(terminated.rowCount).toBeGreaterThan(0);
    await afterMore('purchases after the database restart', 20);

    // 2. Redis down, then back.
    redisProxy.cut();
    await new Promise((r) => setTimeout(r, 2_000));
    await afterMore('purchases while Redis is down', 10);
    redisProxy.restore();
    await waitFor(
      'Redis to be used again',
      async () => (await Promise.all(instances.map(healthOf))).every((h) => h?.body.redis === 'ok'),
      20_000,
    );

    // 3. Redis silent (connections taken, nothing answered), then answering again.
    redisProxy.silence();
    await new Promise((r) => setTimeout(r, 2_000));
    await afterMore('purchases while Redis is silent', 10);
    const silentHealth = await healthOf(a);
    redisProxy.restore();
    expect(silentHealth).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'unavailable' } });
    await waitFor(
      'Redis to be used again',
      async () => (await Promise.all(instances.map(healthOf))).every((h) => h?.body.redis === 'ok'),
      20_000,
    );

    // 4. Instance b killed in the middle of purchases; a carries on alone.
    for (const i of instances) expect(i.process.exitCode, `${i.name} survived the faults so far:\n${i.log}`).toBeNull();
    b.process.kill('SIGKILL');
    const killedAt = Date.now();
    await afterMore('purchases after the kill', 20);
    stopped = true;
    await Promise.all(load);

    // Every request answered: a success (or a business answer), or the busy envelope after retries; nothing else.
    const unanswered = outcomes.filter((o) => !o.ok);
    expect(unanswered, JSON.stringify(unanswered.slice(0, 5))).toEqual([]);
    const replies = outcomes.flatMap((o) => (o.ok ? [o.reply] : []));
    const wrong = replies.filter((r) => !(r.status === 200 && r.code === 0) && !(r.status === 503 && r.message === BUSY));
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThan(80);
    expect(a.process.exitCode, a.log).toBeNull();

    // Every paid order effective within 60 s of its payment, ledgers and balances exact.
    const db = openDb({ dialect: 'postgres', url });
    try {
      const ofCards = () =>
        db.db
          .selectFrom('iot_orders')
          .select(['order_no', 'sim_id', 'status', 'paid_at', 'effective_at'])
          .where('package_id', '=', packageId)
          .execute();
      await waitFor(
        'every paid order to be effective',
        async () => (await ofCards()).every((o) => o.status !== 'paid'),
        Math.max(5_000, killedAt + 65_000 - Date.now()),
      );
      const all = await ofCards();
      expect(all.filter((o) => o.status !== 'effective')).toEqual([]);
      const slow = all.filter((o) => o.effective_at! - o.paid_at! > 60_000);
      expect(slow).toEqual([]);
      // Every purchase answered as done is in the database.
      const stored = new Set(all.map((o) => o.order_no));
      expect([...orders].filter((no) => !stored.has(no))).toEqual([]);
      expect(await ledgerMismatches(db.db)).toEqual([]);
      for (const c of cards) {
        const paid = all.filter((o) => o.sim_id === c.id).length;
        const sim = await db.db.selectFrom('iot_sims').select('balance').where('id', '=', c.id).executeTakeFirstOrThrow();
        expect(sim.balance).toBe(OPENING - PRICE * paid);
      }
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
