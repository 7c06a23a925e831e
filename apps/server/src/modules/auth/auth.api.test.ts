import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { hex32, testClock, uniqueMobile } from '../orders/test-kit.ts';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const MINUTE = 60_000;
let ipSeq = 0;
/** Each test uses its own addresses, so the per-IP limit only bites where it is tested. */
const freshIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function send(mobile: string, ip = freshIp(), url = '/api/hk/sendCode') {
  const res = await t.app.inject({ method: 'POST', url, payload: { mobile }, headers: { 'x-forwarded-for': ip } });
  return body<{ expiresIn: number; resendIn: number; devCode?: string }>(res);
}

async function login(mobile: string, code: string, sessionId = hex32()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/hk/login',
    payload: { mobile, code },
    headers: { 'x-session-id': sessionId },
  });
  return { reply: body<{ mobile: string; mobileMasked: string; nickname: string; avatar: string; expiresAt: number }>(res), sessionId };
}

const userInfo = async (sessionId: string) =>
  body<{ mobile: string }>(await t.app.inject({ url: '/api/hk/userInfo', headers: { 'x-session-id': sessionId } }));

const freshMobile = uniqueMobile;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sending codes', () => {
  it('sends a 6-digit code valid 5 minutes; the console provider lets the reply carry it', async () => {
    const b = await send(freshMobile());
    expect(b.code).toBe(0);
    expect(b.data).toMatchObject({ expiresIn: 300, resendIn: 60 });
    expect(b.data.devCode).toMatch(/^\d{6}$/);
  });

  it('leaves the code out of the reply when SMS_DEV_CODE is off', async () => {
    const quiet = await createTestApp({ smsDevCode: false, seedNumbers: 0 });
    try {
      const res = await quiet.app.inject({ method: 'POST', url: '/api/hk/sendCode', payload: { mobile: freshMobile() } });
      expect(body(res)).toMatchObject({ code: 0, data: { expiresIn: 300 } });
      expect(body<object>(res).data).not.toHaveProperty('devCode');
    } finally {
      await quiet.close();
    }
  });

  it('stores only a hash of the code', async () => {
    const mobile = freshMobile();
    const { data } = await send(mobile);
    const row = await t.app.db.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(data.devCode);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('POST /api/sms/send follows the same rules', async () => {
    const mobile = freshMobile();
    expect((await send(mobile, freshIp(), '/api/sms/send')).code).toBe(0);
    const again = await send(mobile, freshIp(), '/api/sms/send');
    expect(again.code).toBe(-1);
    expect(again.message).toMatch(/^Mobile number: .*minute/);
  });

  it('allows one code a minute per mobile', async () => {
    const mobile = freshMobile();
    expect((await send(mobile)).code).toBe(0);
    clock.advance(59_000);
    const early = await send(mobile);
    expect(early.code).toBe(-1);
    expect(early.message).toMatch(/^Mobile number:/);
    clock.advance(1_001);
    expect((await send(mobile)).code).toBe(0);
  });

  it('sends one code when several requests for a mobile arrive at once', async () => {
    const mobile = freshMobile();
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(mobile)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    const rows = await t.app.db.db.selectFrom('sms_codes').select('id').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
  });

  it('allows 10 codes a day per mobile', async () => {
    clock.t = Date.UTC(2026, 2, 2, 1, 0, 0);
    const mobile = freshMobile();
    for (let i = 0; i < 10; i++) {
      expect((await send(mobile)).code).toBe(0);
      clock.advance(MINUTE + 1);
    }
    const eleventh = await send(mobile);
    expect(eleventh.code).toBe(-1);
    expect(eleventh.message).toMatch(/^Mobile number: at most 10 codes a day/);
    clock.t = Date.UTC(2026, 2, 3, 1, 0, 0);
    expect((await send(mobile)).code).toBe(0);
  });

  it('limits codes per IP address, whatever the mobiles', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await send(freshMobile(), ip)).code).toBe(0);
    const over = await send(freshMobile(), ip);
    expect(over.code).toBe(-1);
    expect(over.message).toMatch(/network/);
    expect((await send(freshMobile(), freshIp())).code).toBe(0);
  });

  it('answers alike whether or not the mobile has orders', async () => {
    const withOrders = await send('13800138000');
    const without = await send(freshMobile());
    expect(withOrders.code).toBe(0);
    expect(Object.keys(withOrders.data).sort()).toEqual(Object.keys(without.data).sort());
    expect({ ...withOrders, data: { ...withOrders.data, devCode: '' } }).toEqual({ ...without, data: { ...without.data, devCode: '' } });
  });

  it('refuses a malformed mobile naming the field', async () => {
    const b = await send('2380013800');
    expect(b.code).toBe(-1);
    expect(b.message).toBe('Mobile number: a mobile number is 11 digits starting with 1');
  });
});

describe('logging in with a code', () => {
  it('logs the session in; userInfo answers the mobile, nothing else does without login (61)', async () => {
    const mobile = freshMobile();
    const { data } = await send(mobile);
    const { reply, sessionId } = await login(mobile, data.devCode as string);
    expect(reply.code).toBe(0);
    expect(reply.data).toMatchObject({
      mobile,
      mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
      nickname: `User ${mobile.slice(-4)}`,
    });
    expect((await userInfo(sessionId)).data.mobile).toBe(mobile);
    expect((await userInfo(hex32())).code).toBe(61);
    const noHeader = body(await t.app.inject({ url: '/api/hk/userInfo' }));
    expect(noHeader.code).toBe(61);
    const stored = await t.app.db.db.selectFrom('login_sessions').select('session_hash').execute();
    expect(stored.map((s) => s.session_hash)).not.toContain(sessionId);
  });

  it('needs the x-session-id header', async () => {
    const mobile = freshMobile();
    const { data } = await send(mobile);
    const res = await t.app.inject({ method: 'POST', url: '/api/hk/login', payload: { mobile, code: data.devCode } });
    expect(body(res).code).toBe(-1);
    expect(body(res).message).toMatch(/^Login session: /);
  });

  it('uses a code once', async () => {
    const mobile = freshMobile();
    const { data } = await send(mobile);
    expect((await login(mobile, data.devCode as string)).reply.code).toBe(0);
    const again = await login(mobile, data.devCode as string);
    expect(again.reply.code).toBe(-1);
    expect(again.reply.message).toMatch(/^Verification code:/);
  });

  it('takes only the latest code', async () => {
    const mobile = freshMobile();
    const first = (await send(mobile)).data.devCode as string;
    clock.advance(MINUTE + 1);
    const second = (await send(mobile)).data.devCode as string;
    const rows = await t.app.db.db.selectFrom('sms_codes').select('voided').where('mobile', '=', mobile).orderBy('id').execute();
    expect(rows.map((r) => r.voided)).toEqual([1, 0]);
    // (Two draws may, once in a million, be the same code: then it is the latest one too.)
    if (first !== second) expect((await login(mobile, first)).reply.code).toBe(-1);
    expect((await login(mobile, second)).reply.code).toBe(0);
  });

  it('lets a code expire after 5 minutes', async () => {
    const mobile = freshMobile();
    const code = (await send(mobile)).data.devCode as string;
    clock.advance(5 * MINUTE);
    const late = await login(mobile, code);
    expect(late.reply.code).toBe(-1);
    expect(late.reply.message).toMatch(/expired/);
    const fresh = freshMobile();
    const code2 = (await send(fresh)).data.devCode as string;
    clock.advance(5 * MINUTE - 1);
    expect((await login(fresh, code2)).reply.code).toBe(0);
  });

  it('voids a code after 5 wrong tries, counting down', async () => {
    const mobile = freshMobile();
    const code = (await send(mobile)).data.devCode as string;
    for (let i = 1; i <= 5; i++) {
      const r = await login(mobile, wrong(code));
      expect(r.reply.code).toBe(-1);
      expect(r.reply.message).toBe(
        i < 5
          ? `Verification code: wrong code, ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left`
          : 'Verification code: too many wrong tries, request a new code',
      );
    }
    const right = await login(mobile, code);
    expect(right.reply.code).toBe(-1);
    expect(right.reply.message).toMatch(/too many wrong tries/);
  });

  it('counts concurrent wrong tries without letting more than 5 through', async () => {
    const mobile = freshMobile();
    const code = (await send(mobile)).data.devCode as string;
    await Promise.all(Array.from({ length: 8 }, () => login(mobile, wrong(code))));
    const row = await t.app.db.db.selectFrom('sms_codes').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.voided).toBe(1);
    expect((await login(mobile, code)).reply.code).toBe(-1);
  });

  it('logs out: the session answers 61 afterwards', async () => {
    const mobile = freshMobile();
    const { sessionId } = await login(mobile, (await send(mobile)).data.devCode as string);
    expect((await userInfo(sessionId)).code).toBe(0);
    const out = await t.app.inject({ method: 'POST', url: '/api/hk/logout', headers: { 'x-session-id': sessionId } });
    expect(body(out).code).toBe(0);
    expect((await userInfo(sessionId)).code).toBe(61);
  });

  it('expires a login after 30 days', async () => {
    const mobile = freshMobile();
    const { sessionId, reply } = await login(mobile, (await send(mobile)).data.devCode as string);
    const days30 = 30 * 24 * 3_600_000;
    expect(reply.data.expiresAt).toBe(clock.t + days30);
    clock.advance(days30 - 1);
    expect((await userInfo(sessionId)).code).toBe(0);
    clock.advance(1);
    expect((await userInfo(sessionId)).code).toBe(61);
  });
});
