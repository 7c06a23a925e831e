import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { deleteBefore } from '../db/dialect.ts';

/** The fixed clock the jobs run with: 2030-01-01T00:00:00Z. */
const NOW = Date.UTC(2030, 0, 1);
const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW }, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

const tag = () => randomBytes(4).toString('hex');
const db = () => t.app.db.db;

describe('the purge jobs, run by hand', () => {
  it('foundation.purge deletes ended rate windows and day-old idempotency keys, in batches', async () => {
    const p = tag();
    const counters = Array.from({ length: 2_300 }, (_, i) => ({
      key: `${p}:old:${i}`,
      window_start: NOW - 2 * MINUTE,
      count: 1,
      expires_at: NOW - MINUTE,
    }));
    for (let i = 0; i < counters.length; i += 500)
      await db()
        .insertInto('rate_counters')
        .values(counters.slice(i, i + 500))
        .execute();
    await db()
      .insertInto('rate_counters')
      .values({ key: `${p}:live`, window_start: NOW - MINUTE, count: 1, expires_at: NOW + MINUTE })
      .execute();
    const key = (k: string, createdAt: number) => ({
      scope: p,
      key: k,
      request_hash: 'h',
      state: 'done',
      reply: '{}',
      created_at: createdAt,
    });
    await db()
      .insertInto('idempotency_keys')
      .values([key('old', NOW - DAY - 1), key('fresh', NOW - DAY + MINUTE)])
      .execute();

    await t.app.jobs.get('foundation.purge')?.run(NOW);

    const counterKeys = await db().selectFrom('rate_counters').select('key').where('key', 'like', `${p}:%`).execute();
    expect(counterKeys).toEqual([{ key: `${p}:live` }]);
    const keys = await db().selectFrom('idempotency_keys').select('key').where('scope', '=', p).execute();
    expect(keys).toEqual([{ key: 'fresh' }]);
  });

  it('auth.purge deletes expired login sessions and SMS codes a day past expiry', async () => {
    const p = tag();
    const session = (name: string, expiresAt: number) => ({
      session_hash: `${p}-${name}`,
      mobile: '13900000000',
      created_at: NOW - 7 * DAY,
      expires_at: expiresAt,
      revoked_at: null,
    });
    await db()
      .insertInto('login_sessions')
      .values([session('expired', NOW - 1), session('live', NOW + DAY)])
      .execute();
    const code = (scene: string, expiresAt: number) => ({
      mobile: '13900000000',
      scene: `${p}-${scene}`,
      code_hash: 'h',
      ip: '192.0.2.1',
      attempts: 0,
      voided: 0,
      used_at: null,
      created_at: expiresAt - 5 * MINUTE,
      expires_at: expiresAt,
    });
    await db()
      .insertInto('sms_codes')
      .values([code('old', NOW - DAY - 1), code('recent', NOW - MINUTE)])
      .execute();

    await t.app.jobs.get('auth.purge')?.run(NOW);

    const sessions = await db().selectFrom('login_sessions').select('session_hash').where('session_hash', 'like', `${p}-%`).execute();
    expect(sessions).toEqual([{ session_hash: `${p}-live` }]);
    const codes = await db().selectFrom('sms_codes').select('scene').where('scene', 'like', `${p}-%`).execute();
    expect(codes).toEqual([{ scene: `${p}-recent` }]);
  });

  it('iot-auth.purge deletes expired SIM sessions and login codes', async () => {
    const p = tag();
    const sim = await db().selectFrom('iot_sims').select(['id', 'sim_no']).orderBy('id').limit(1).executeTakeFirstOrThrow();
    const session = (name: string, expiresAt: number) => ({
      token_hash: `${p}-${name}`,
      sim_id: sim.id,
      sim_no: sim.sim_no,
      login_mode: 'sn',
      ip: '192.0.2.1',
      created_at: NOW - 7 * DAY,
      expires_at: expiresAt,
      revoked_at: null,
    });
    await db()
      .insertInto('iot_sim_sessions')
      .values([session('expired', NOW - 1), session('live', NOW + DAY)])
      .execute();
    const code = (mobile: string, expiresAt: number) => ({
      sim_id: sim.id,
      mobile,
      code_hash: p,
      attempts: 0,
      created_at: expiresAt - 5 * MINUTE,
      expires_at: expiresAt,
      closed_at: null,
    });
    await db()
      .insertInto('iot_login_codes')
      .values([code('13900000001', NOW - 1), code('13900000002', NOW + MINUTE)])
      .execute();

    await t.app.jobs.get('iot-auth.purge')?.run(NOW);

    const sessions = await db().selectFrom('iot_sim_sessions').select('token_hash').where('token_hash', 'like', `${p}-%`).execute();
    expect(sessions).toEqual([{ token_hash: `${p}-live` }]);
    const codes = await db().selectFrom('iot_login_codes').select('mobile').where('code_hash', '=', p).execute();
    expect(codes).toEqual([{ mobile: '13900000002' }]);
  });

  it('are registered as background jobs', () => {
    expect([...t.app.jobs.keys()]).toEqual(expect.arrayContaining(['foundation.purge', 'auth.purge', 'iot-auth.purge']));
    expect(t.app.jobs.get('foundation.purge')?.everyMs).toBe(3_600_000);
  });
});

describe('deleteBefore', () => {
  it('deletes in batches of the given size until none is left', async () => {
    const p = tag();
    const rows = Array.from({ length: 7 }, (_, i) => ({ key: `${p}:${i}`, window_start: 0, count: 1, expires_at: NOW - i - 1 }));
    await db().insertInto('rate_counters').values(rows).execute();
    await db()
      .insertInto('rate_counters')
      .values({ key: `${p}:keep`, window_start: 0, count: 1, expires_at: NOW })
      .execute();
    expect(await deleteBefore(db(), t.app.db.dialect, 'rate_counters', 'expires_at', NOW, 3)).toBe(7);
    const left = await db().selectFrom('rate_counters').select('key').where('key', 'like', `${p}:%`).execute();
    expect(left).toEqual([{ key: `${p}:keep` }]);
  });
});
