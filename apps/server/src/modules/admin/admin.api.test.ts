import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeOperator, randomIp, signIn, type TestOperator, totpOf } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function challengeOf(op: TestOperator, ip = randomIp()) {
  const res = body<{ challenge: string }>(
    await post('/api/admin/login', { mobile: op.mobile, password: op.password }, { 'x-forwarded-for': ip }),
  );
  expect(res.code).toBe(0);
  return res.data.challenge;
}

describe('operator sign-in', () => {
  it('takes the password, then the TOTP code, and answers a session the console calls with', async () => {
    const op = await makeOperator(t.app, 'owner');
    const challenge = await challengeOf(op);
    const code = await totpOf(t.app, op.secret);
    const session = body<{ token: string; operator: { mobile: string; role: string; promoter: null } }>(
      await post('/api/admin/login/totp', { challenge, code }),
    );
    expect(session.code).toBe(0);
    expect(session.data.operator).toMatchObject({ mobile: op.mobile, role: 'owner', promoter: null });
    const me = body<{ operator: { id: number } }>(await get('/api/admin/me', { authorization: `Bearer ${session.data.token}` }));
    expect(me.code).toBe(0);
    expect(me.data.operator.id).toBe(op.id);
    // The challenge is spent, and the same code cannot be used again.
    const again = body(await post('/api/admin/login/totp', { challenge, code }));
    expect(again.code).toBe(-1);
    const other = await challengeOf(op);
    const replay = body(await post('/api/admin/login/totp', { challenge: other, code }));
    expect(replay).toMatchObject({ code: -1, message: 'Verification code: wrong verification code' });
  });

  it('refuses a wrong password and a wrong code alike for a known and an unknown mobile', async () => {
    const op = await makeOperator(t.app, 'staff', 1);
    const wrong = body(await post('/api/admin/login', { mobile: op.mobile, password: 'not-the-password' }));
    const unknown = body(await post('/api/admin/login', { mobile: '16600000000', password: 'not-the-password' }));
    expect(wrong).toEqual({ code: -1, message: 'Password: wrong mobile or password', data: null });
    expect(unknown).toEqual(wrong);
    const challenge = await challengeOf(op);
    const bad = body(
      await post('/api/admin/login/totp', { challenge, code: '000000' === (await totpOf(t.app, op.secret)) ? '111111' : '000000' }),
    );
    expect(bad.code).toBe(-1);
    expect(bad.message).toBe('Verification code: wrong verification code');
  });

  it('checks at most 5 passwords per mobile in a window, however many arrive at once', async () => {
    const op = await makeOperator(t.app, 'owner');
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => post('/api/admin/login', { mobile: op.mobile, password: 'guess-guess' }).then((r) => body(r))),
    );
    expect(replies.filter((r) => r.message === 'Password: wrong mobile or password')).toHaveLength(5);
    expect(replies.filter((r) => r.message.startsWith('Mobile number: too many sign-in attempts'))).toHaveLength(7);
    // Locked for the window, even with the right password.
    const right = body(await post('/api/admin/login', { mobile: op.mobile, password: op.password }));
    expect(right.message).toMatch(/^Mobile number: too many sign-in attempts, try again in \d+ min$/);
  });

  it('ends a challenge after 5 wrong codes', async () => {
    const op = await makeOperator(t.app, 'owner');
    const challenge = await challengeOf(op);
    const right = await totpOf(t.app, op.secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect(body(await post('/api/admin/login/totp', { challenge, code: wrongCode })).code).toBe(-1);
    const late = body(await post('/api/admin/login/totp', { challenge, code: right }));
    expect(late.message).toBe('Sign-in: the sign-in has expired, enter your password again');
  });

  it('answers 61 without a session, after logout, after expiry and once revoked by an owner', async () => {
    expect(body(await get('/api/admin/me')).code).toBe(61);
    expect(body(await get('/api/admin/me', { authorization: 'Bearer not-a-token-of-anyone-at-all' })).code).toBe(61);

    const op = await makeOperator(t.app, 'staff', 1);
    const h1 = await signIn(t.app, op);
    expect(body(await get('/api/admin/me', h1)).code).toBe(0);
    expect(body(await post('/api/admin/logout', {}, h1)).code).toBe(0);
    expect(body(await get('/api/admin/me', h1)).code).toBe(61);

    const h2 = await signIn(t.app, op);
    await t.app.db.db
      .updateTable('admin_sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('operator_id', '=', op.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(body(await get('/api/admin/me', h2)).code).toBe(61);

    const staff = await makeOperator(t.app, 'staff', 1);
    const h3 = await signIn(t.app, staff);
    const owner = await makeOperator(t.app, 'owner');
    const ho = await signIn(t.app, owner);
    const refused = body(await post('/api/admin/operators/revokeSessions', { operatorId: owner.id }, h3));
    expect(refused).toEqual({ code: -1, message: 'your account may not do this', data: null });
    const revoked = body<{ revoked: number }>(await post('/api/admin/operators/revokeSessions', { operatorId: staff.id }, ho));
    expect(revoked).toEqual({ code: 0, message: 'ok', data: { revoked: 1 } });
    expect(body(await get('/api/admin/me', h3)).code).toBe(61);
    const log = body<{ list: { action: string; operatorMobile: string; objectId: string; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=operator&objectId=${staff.id}`, ho),
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({
        action: 'operator.revokeSessions',
        operatorMobile: owner.mobile,
        objectId: String(staff.id),
        after: { revoked: 1 },
      }),
    ]);
  });
});

describe('operator reach', () => {
  it('lists all storefronts to an owner, its own and direct downstream to an agent, its own to staff', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const codes = async (op: TestOperator) =>
      body<{ list: { promoCode: string }[] }>(await get('/api/admin/promoters', await signIn(t.app, op))).data.list.map((p) => p.promoCode);
    expect(await codes(await makeOperator(t.app, 'agent', mid.id))).toEqual([mid.promoCode, low.promoCode]);
    expect(await codes(await makeOperator(t.app, 'staff', mid.id))).toEqual([mid.promoCode]);
    const all = await codes(await makeOperator(t.app, 'owner'));
    expect(all).toEqual(expect.arrayContaining(['demo', 'agent01', top.promoCode, mid.promoCode, low.promoCode]));
  });

  it('shows the audit log to owners only', async () => {
    for (const role of ['agent', 'staff'] as const) {
      const h = await signIn(t.app, await makeOperator(t.app, role, 1));
      expect(body(await get('/api/admin/audit', h))).toEqual({ code: -1, message: 'your account may not do this', data: null });
    }
  });
});

describe('demo operators', () => {
  it('sign in with the documented passwords and TOTP secrets', async () => {
    const demo = [
      { mobile: '13700000001', password: 'Owner#2026', secret: 'SIMSHOPOWNERDEMOTOTPKEYAAAAAAAAA', role: 'owner', promoter: null },
      { mobile: '13700000002', password: 'Agent#2026', secret: 'SIMSHOPAGENTDEMOTOTPKEYAAAAAAAAA', role: 'agent', promoter: 'agent01' },
      { mobile: '13700000003', password: 'Staff#2026', secret: 'SIMSHOPSTAFFDEMOTOTPKEYAAAAAAAAA', role: 'staff', promoter: 'demo' },
    ] as const;
    for (const d of demo) {
      const h = await signIn(t.app, { id: 0, mobile: d.mobile, password: d.password, secret: d.secret, role: d.role, promoterId: null });
      const me = body<{ operator: { role: string; promoter: { promoCode: string } | null } }>(await get('/api/admin/me', h));
      expect(me.data.operator.role).toBe(d.role);
      expect(me.data.operator.promoter?.promoCode ?? null).toBe(d.promoter);
    }
  });
});
