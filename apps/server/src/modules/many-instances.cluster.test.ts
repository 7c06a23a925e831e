/**
 * Two server instances on one PostgreSQL database sharing one Redis, as `npm run cluster` runs them:
 * a logout or a purchase on one is seen by the other at once, rate limits count both together, and
 * background jobs on the PostgreSQL queue run once across instances. (Runs with the PostgreSQL API
 * suite: scripts/test-api-pg.mjs, with TEST_DATABASE_URL and TEST_REDIS_URL.)
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, dialectUnderTest, type TestAppPair, testRedis } from '../../test/helpers.ts';
import { type Job, type JobRunner, startJobs, startQueue } from '../lib/jobs.ts';
import { reserve } from '../lib/rate-limit.ts';
import { openShared } from '../lib/shared.ts';
import { addPackage, adjust, client, key, newCard, simLogin } from './iot-money/test-kit.ts';

if (dialectUnderTest !== 'postgres') throw new Error('the cluster suite runs on PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL)');

let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair({ seedNumbers: 0, redis: testRedis(), rateLimit: { max: 10, windowMs: 60_000 } });
});
afterAll(async () => pair.close());

/** A client of each instance for a card freshly logged in, from an address of its own (so the API limit of 10 is the test's alone). */
async function loggedIn(balance = 0) {
  const [a, b] = pair.apps;
  const simNo = await newCard(a);
  if (balance > 0) await adjust(a, simNo, 'balance', balance);
  const headers = { ...(await simLogin(a, simNo)), 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
  return { simNo, a: client(a, headers), b: client(b, headers) };
}

describe('two instances with Redis', () => {
  it('a logout on one instance is refused by the other at once, though it had the session cached', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await loggedIn();
      // Asked twice: instance b keeps the session (a card's session is cached from its second read).
      expect((await c.b.get('/api/iot/simInfo')).code).toBe(0);
      expect((await c.b.get('/api/iot/simInfo')).code).toBe(0);
      expect((await c.a.post('/api/iot/simLogout')).code).toBe(0);
      const after = await c.b.get('/api/iot/simInfo');
      expect(after.code).toBe(34061);
    }
  });

  it('a purchase on one instance shows in the other instance’s card view at once', async () => {
    const [a] = pair.apps;
    const id = await addPackage(a, { name: 'cluster addon', kind: 'addon', price: 300, effects: 'now', duration: 7, duration_unit: 1 });
    const c = await loggedIn(1000);
    expect((await c.b.get('/api/iot/simInfo')).data.balance).toBe(1000);
    expect((await c.b.get('/api/iot/simInfo')).data.balance).toBe(1000);
    expect((await c.a.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() })).code).toBe(0);
    expect((await c.b.get('/api/iot/simInfo')).data.balance).toBe(700);
  });

  it('the API rate limit counts both instances together: 10 calls pass, the 11th is refused', async () => {
    const ip = `10.${randomBytes(3).join('.')}`;
    const call = (i: number) => pair.apps[i % 2]!.inject({ url: '/api/hk/genericConfig', headers: { 'x-forwarded-for': ip } });
    const first = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)));
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const eleventh = [await call(0), await call(1)];
    expect(eleventh.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(body(eleventh[0]!).code).toBe(-1);
  });

  it('business limits are counted in Redis: 40 concurrent tries on both instances get exactly 5 slots', async () => {
    const [a, b] = pair.apps;
    const name = `cluster-test:${key()}`;
    const slots = await Promise.all(Array.from({ length: 40 }, (_, i) => reserve((i % 2 ? a : b).db.db, name, 5, 60_000, Date.now())));
    expect(slots.filter(Boolean)).toHaveLength(5);
    const rows = await a.db.db.selectFrom('rate_counters').select('key').where('key', '=', name).execute();
    expect(rows).toEqual([]);
  });

  it('in-process job runners claim each time slot in Redis: two instances run a job at most once per slot', async () => {
    const [a, b] = pair.apps;
    let runs = 0;
    const name = `cluster.inprocess.${key().slice(0, 8)}`;
    const job = { name, everyMs: 100, run: async () => runs++ };
    const log = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
    const start = Date.now();
    const runners = [a, b].map((app) => startJobs([job], { log, locks: app.shared.locks }));
    await new Promise((r) => setTimeout(r, 1_050));
    for (const r of runners) await r.stop();
    // Each runner alone would run about ten times; together they share the slots of the time elapsed.
    const slots = Math.floor(Date.now() / 100) - Math.floor(start / 100) + 1;
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(slots);
  });

  it('a short lock is held by one instance at a time', async () => {
    const [a, b] = pair.apps;
    const name = `cluster-test:${key()}`;
    const takes = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).shared.locks.acquire(name, 5_000)));
    const held = takes.filter((t) => t !== null);
    expect(held).toHaveLength(1);
    await held[0]!();
    expect(await b.shared.locks.acquire(name, 5_000)).not.toBeNull();
  });
});

describe('background jobs on the PostgreSQL queue', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}_jobs`;
  const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
  const runners: JobRunner[] = [];

  /** Two instances' runners of the same jobs on one queue. */
  async function twoRunners(jobs: (instance: 'a' | 'b') => Job[]) {
    for (const instance of ['a', 'b'] as const) {
      const shared = await openShared(null, silent);
      runners.push(
        await startQueue(jobs(instance), {
          log: silent,
          locks: shared.locks,
          connectionString: url,
          schema,
          pollingScale: 0,
          retryDelaySeconds: 1,
        }),
      );
    }
    return runners.slice(-2) as [JobRunner, JobRunner];
  }

  afterAll(async () => {
    for (const r of runners) await r.stop();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema if exists ${schema} cascade`);
    await c.end();
  });

  const until = async (done: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  };

  it('a job offered by both instances runs once; one enqueued on one instance runs once more', async () => {
    const runs: string[] = [];
    const name = `cluster.once.${key().slice(0, 8)}`;
    const [a] = await twoRunners((instance) => [{ name, everyMs: 3_600_000, run: async () => runs.push(instance) }]);
    await until(() => runs.length >= 1);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(1);
    await a.enqueue(name);
    await until(() => runs.length >= 2);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(2);
  });

  it('a failed run is retried, on either instance, until it succeeds', async () => {
    let tries = 0;
    const name = `cluster.retry.${key().slice(0, 8)}`;
    await twoRunners(() => [
      {
        name,
        everyMs: 3_600_000,
        run: async () => {
          tries++;
          if (tries === 1) throw new Error('carrier unreachable');
        },
      },
    ]);
    await until(() => tries >= 2, 15_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(tries).toBe(2);
    const boss = new PgBoss({ connectionString: url, schema, supervise: false, schedule: false, migrate: false });
    await boss.start();
    const [job] = (await boss.getDb().executeSql(`select state, retry_count from ${schema}.job where name = $1`, [name])).rows;
    await boss.stop({ graceful: false, wait: true });
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
  });
});
