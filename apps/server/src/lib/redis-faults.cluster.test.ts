/**
 * Redis failing under two instances, as production sees it: down (connections refused) and silent
 * (it accepts connections and reads commands but answers nothing: a paused or wedged server, a
 * network dropping its replies). Requests on both instances are answered all along, /healthz says
 * Redis is unavailable, the business counters move to the database and back without starting
 * over, so a limit never doubles across the switch. (The cluster suite: PostgreSQL and TEST_REDIS_URL.)
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, dialectUnderTest, type TestAppPair, testRedis } from '../../test/helpers.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { SMS_RULES } from '../modules/auth/service.ts';
import { client, newCard, simLogin } from '../modules/iot-money/test-kit.ts';
import type { App } from './route.ts';

if (dialectUnderTest !== 'postgres') throw new Error('the cluster suite runs on PostgreSQL (TEST_DB=postgres, TEST_DATABASE_URL)');

const HOUR = 3_600_000;
let proxy: TcpProxy;
let pair: TestAppPair;
beforeAll(async () => {
  const redis = testRedis();
  const u = new URL(redis.url);
  proxy = await startTcpProxy({ host: u.hostname, port: Number(u.port || 6379) });
  // The SMS limits count by the hour: the clock starts a minute into an hour, so no test straddles two.
  const shift = HOUR - (Date.now() % HOUR) + 60_000;
  pair = await createTestAppPair({
    seedNumbers: 0,
    redis: { url: proxy.via(redis.url), prefix: redis.prefix, commandTimeoutMs: 500 },
    now: () => Date.now() + shift,
  });
});
afterAll(async () => {
  proxy.restore();
  await pair.close();
  await proxy.close();
});

/** The reply, or 'no answer' when none came within `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | 'no answer'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'no answer'>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const health = async (app: App) => {
  const res = await app.inject({ url: '/healthz' });
  return { status: res.statusCode, body: res.json() as { status: string; redis?: string } };
};

/** Waits until both instances use Redis again. */
async function redisBack() {
  const end = Date.now() + 20_000;
  for (;;) {
    const states = await Promise.all(pair.apps.map(health));
    if (states.every((h) => h.body.redis === 'ok')) return;
    if (Date.now() > end) throw new Error(`Redis is not used again: ${JSON.stringify(states)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const mobile = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
/** A login code for a new mobile from `ip`, on instance `i % 2`: the reply's code and message. */
const sendCode = async (i: number, ip: string) =>
  body(
    await pair.apps[i % 2]!.inject({
      method: 'POST',
      url: '/api/hk/sendCode',
      payload: { mobile: mobile() },
      headers: { 'x-forwarded-for': ip },
    }),
  );

describe('Redis that stops answering', () => {
  it('leaves no request on either instance waiting, and /healthz says Redis is unavailable while it is', async () => {
    const [a, b] = pair.apps;
    const simNo = await newCard(a);
    const headers = { ...(await simLogin(a, simNo)), 'x-forwarded-for': `10.${randomBytes(3).join('.')}` };
    const clients = [client(a, headers), client(b, headers)];
    // Both instances have cached the session (read twice), so their reads wait for the bus.
    for (const c of clients) for (let i = 0; i < 2; i++) expect((await c.get('/api/iot/simInfo')).code).toBe(0);
    expect((await health(a)).body).toMatchObject({ status: 'ok', redis: 'ok' });

    proxy.silence();
    try {
      const started = Date.now();
      const work: Promise<number | string>[] = [
        ...Array.from({ length: 20 }, (_, i) => clients[i % 2]!.get('/api/iot/simInfo').then((r) => r.code)),
        ...Array.from({ length: 10 }, (_, i) =>
          pair.apps[i % 2]!.inject({ url: '/api/hk/genericConfig', headers: { 'x-forwarded-for': '10.1.2.3' } }).then((r) =>
            r.statusCode === 200 ? 0 : r.statusCode,
          ),
        ),
        ...Array.from({ length: 4 }, (_, i) => sendCode(i, `10.${randomBytes(3).join('.')}`).then((r) => r.code)),
        a.shared.locks.acquire(`faults-lock:${randomBytes(4).toString('hex')}`, 1_000).then((release) => (release ? 0 : 'not taken')),
      ];
      const outcomes = await Promise.all(work.map((w) => within(10_000, w)));
      expect(outcomes).toEqual(Array(work.length).fill(0));
      expect(Date.now() - started).toBeLessThan(5_000);
      for (const app of pair.apps) {
        const h = await within(5_000, health(app));
        expect(h).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'unavailable' } });
      }
      // A logout while Redis is silent is answered, and refused on the other instance once its cache expires.
      expect((await within(5_000, clients[0]!.post('/api/iot/simLogout'))) as { code: number }).toMatchObject({ code: 0 });
      await new Promise((r) => setTimeout(r, 1_100));
      expect(((await within(5_000, clients[1]!.get('/api/iot/simInfo'))) as { code: number }).code).toBe(34061);
    } finally {
      proxy.restore();
    }
    await redisBack();
  });
});

describe('business counters across a Redis outage', () => {
  const tries = async (from: number, count: number, ip: string) => {
    const replies = [];
    for (let i = from; i < from + count; i++) replies.push(await sendCode(i, ip));
    return replies;
  };
  const passed = (replies: { code: number }[]) => replies.filter((r) => r.code === 0).length;
  const refused = (replies: { message: string }[]) =>
    replies.filter((r) => /^too many codes requested from this network, retry in \d+ min$/.test(r.message)).length;

  it('the per-IP SMS limit holds while Redis is down and after it is back: 20 an hour in all, not 20 again', async () => {
    const ip = `10.${randomBytes(3).join('.')}`;
    expect(passed(await tries(0, 12, ip))).toBe(12);
    proxy.cut();
    try {
      const during = await tries(12, 12, ip);
      expect(passed(during)).toBe(SMS_RULES.perIpHour - 12);
      expect(refused(during)).toBe(12 - (SMS_RULES.perIpHour - 12));
    } finally {
      proxy.restore();
    }
    await redisBack();
    const after = await tries(24, 4, ip);
    expect(refused(after)).toBe(4);
  });

  it('the per-IP SMS limit holds when Redis goes silent in the middle of a window and answers again', async () => {
    const ip = `10.${randomBytes(3).join('.')}`;
    expect(passed(await tries(0, 15, ip))).toBe(15);
    proxy.silence();
    try {
      const during = await tries(15, 8, ip);
      expect(passed(during)).toBe(SMS_RULES.perIpHour - 15);
    } finally {
      proxy.restore();
    }
    await redisBack();
    expect(refused(await tries(23, 3, ip))).toBe(3);
    // Another address is not affected by any of it.
    expect(passed(await tries(0, 3, `10.${randomBytes(3).join('.')}`))).toBe(3);
  });
});
