import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { hashSecret } from '../../lib/password.ts';
import { client, newCard, simLogin } from '../iot-money/test-kit.ts';
import { LOGIN_LIMITS } from './service.ts';

// Every burst is split across two server instances on one database, as behind a load balancer.
// The failed-login limits count in fixed windows, so the app's clock starts one minute into a
// window: a run of the file that straddles a window's end would start counting afresh.
let pair: TestAppPair;
/** Moved forward by a test that waits out the minute between two codes of a card. */
let later = 0;
beforeAll(async () => {
  const real = Date.now();
  const shift = LOGIN_LIMITS.windowMs - (real % LOGIN_LIMITS.windowMs) + 60_000;
  pair = await createTestAppPair({ now: () => Date.now() + shift + later });
});
afterAll(async () => pair.close());

/** A client address of its own for each request, so only the per-number limits are at work. */
const anyIp = () => `10.${randomInt(0, 250)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

async function login(i: number, payload: Record<string, unknown>, ip = anyIp()) {
  const app = pair.apps[i % 2]!;
  const res = await app.inject({ method: 'POST', url: '/api/simLogin', payload: { agreeProtocol: true, ...payload }, remoteAddress: ip });
  return body<{ token: string }>(res);
}

async function sendCode(sn: string, ip = anyIp()) {
  const res = await pair.apps[0].inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: ip });
  const b = body<{ devCode: string }>(res);
  expect(b.code).toBe(0);
  return b.data.devCode;
}

/** 100 different wrong codes (never the one sent). */
const wrongCodes = (right: string) =>
  Array.from({ length: 101 }, (_, i) => String(100_000 + i))
    .filter((c) => c !== right)
    .slice(0, 100);

const COUNTDOWN = [
  'Verification code: wrong code, 4 tries left',
  'Verification code: wrong code, 3 tries left',
  'Verification code: wrong code, 2 tries left',
  'Verification code: wrong code, 1 try left',
];
const NUMBER_LOCKED = /^too many failed logins for this number, try again in \d+ min$/;
/** What a login with a code says once the code is closed (its tries used up). */
const CODE_SPENT = [
  'Verification code: wrong code entered too many times, request a new one',
  'Verification code: no valid code for this card, request a new one',
];

/** Waits out the minute a card's next code must wait (the app's clock moves on). */
const nextMinute = () => {
  later += 61_000;
};

describe('failed logins lock the client that makes them, not the card holder', () => {
  it('five wrong card passwords from one address lock that address out of the number; the holder logs in from another', async () => {
    const sn = await newCard(pair.apps[0], { card_password_hash: await hashSecret('864209') });
    const attacker = anyIp();
    const wrong = [];
    for (let i = 0; i < 7; i++) wrong.push((await login(i, { sn, cardPassword: String(200_000 + i) }, attacker)).message);
    expect(wrong.slice(0, 5)).toEqual(Array(5).fill('Card password: wrong card password'));
    expect(wrong.slice(5).every((m) => NUMBER_LOCKED.test(m))).toBe(true);
    // The attacker's right guess is refused too: the lock holds for the client that failed.
    expect((await login(0, { sn, cardPassword: '864209' }, attacker)).message).toMatch(NUMBER_LOCKED);
    const holder = await login(1, { sn, cardPassword: '864209' }, anyIp());
    expect(holder.code).toBe(0);
    expect(holder.data.token).toBeTruthy();
  });

  it('five wrong SMS codes from one address lock that address; the holder logs in with a new code from another', async () => {
    const sn = await newCard(pair.apps[0]);
    const attacker = anyIp();
    const first = await sendCode(sn, attacker);
    for (const c of wrongCodes(first).slice(0, 5)) expect((await login(0, { sn, code: c }, attacker)).code).toBe(-1);
    expect((await login(1, { sn, code: first }, attacker)).message).toMatch(NUMBER_LOCKED);
    nextMinute();
    const holder = anyIp();
    const code = await sendCode(sn, holder);
    const ok = await login(1, { sn, code }, holder);
    expect(ok.code).toBe(0);
  });

  it('an attacker spread over many addresses closes the number to card passwords, but a login by SMS code (possession of the bound phone) still gets in', async () => {
    const sn = await newCard(pair.apps[0], { card_password_hash: await hashSecret('864209') });
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i, { sn, cardPassword: String(300_000 + i) })));
    expect(replies.filter((r) => r.message === 'Card password: wrong card password')).toHaveLength(LOGIN_LIMITS.perNumber);
    expect(replies.filter((r) => NUMBER_LOCKED.test(r.message))).toHaveLength(100 - LOGIN_LIMITS.perNumber);
    expect((await login(1, { sn, cardPassword: '864209' }, anyIp())).message).toMatch(NUMBER_LOCKED);
    const holder = anyIp();
    const code = await sendCode(sn, holder);
    expect((await login(0, { sn, code }, holder)).code).toBe(0);
  });

  it('IPv6 clients are counted by their /64 network: changing the interface identifier does not give more tries', async () => {
    const sn = await newCard(pair.apps[0], { card_password_hash: await hashSecret('864209') });
    const net = `2001:db8:${randomInt(1, 0xffff).toString(16)}:${randomInt(1, 0xffff).toString(16)}`;
    const messages = [];
    for (let i = 0; i < 7; i++)
      messages.push((await login(i, { sn, cardPassword: String(400_000 + i) }, `${net}::${(i + 1).toString(16)}`)).message);
    expect(messages.filter((m) => m === 'Card password: wrong card password')).toHaveLength(5);
    expect(messages.filter((m) => NUMBER_LOCKED.test(m))).toHaveLength(2);
  });
});

describe('login tries under a burst on two instances', () => {
  it('100 concurrent logins with wrong SMS codes from 100 addresses: 5 compared, the code is closed and the right one refused after', async () => {
    const sn = await newCard(pair.apps[0]);
    const code = await sendCode(sn);
    const replies = await Promise.all(wrongCodes(code).map((c, i) => login(i, { sn, code: c })));
    expect(replies.every((r) => r.code === -1)).toBe(true);
    const compared = replies.filter((r) => r.message.startsWith('Verification code: wrong code,')).map((r) => r.message);
    expect(compared.sort()).toEqual([...COUNTDOWN].sort());
    expect(replies.filter((r) => CODE_SPENT.includes(r.message))).toHaveLength(96);
    const right = await login(1, { sn, code });
    expect(right.code).toBe(-1);
    expect(CODE_SPENT).toContain(right.message);
  });

  it('100 concurrent pay-password changes with wrong SMS codes: 5 compared, the code is closed and the right one refused after', async () => {
    const [a, b] = pair.apps;
    const sn = await newCard(a);
    const headers = await simLogin(a, sn);
    const clients = [client(a, headers), client(b, headers)];
    expect((await clients[0]!.post('/api/iot/simUpdatePayPass', { payPassword: '135792' })).code).toBe(0);
    const sent = await clients[0]!.post('/api/iot/payPassCode');
    expect(sent.code).toBe(0);
    const code = sent.data.devCode as string;
    const replies = await Promise.all(
      wrongCodes(code).map((c, i) => clients[i % 2]!.post('/api/iot/simUpdatePayPass', { payPassword: '246813', code: c })),
    );
    expect(replies.every((r) => r.code === -1)).toBe(true);
    // Only the first four compared count down; the fifth compared and every refused one say the code is spent.
    expect(
      replies
        .filter((r) => r.message.startsWith('Verification code: wrong code,'))
        .map((r) => r.message)
        .sort(),
    ).toEqual([...COUNTDOWN].sort());
    expect(
      replies.filter((r) =>
        [
          'Verification code: wrong code entered too many times, request a new one',
          'Verification code: no valid code for this card, request a new one',
        ].includes(r.message),
      ),
    ).toHaveLength(96);
    const row = await a.db.db
      .selectFrom('iot_login_codes')
      .innerJoin('iot_sims', 'iot_sims.id', 'iot_login_codes.sim_id')
      .select(['iot_login_codes.attempts', 'iot_login_codes.closed_at'])
      .where('iot_sims.sim_no', '=', sn)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.closed_at).not.toBeNull();
    const right = await clients[1]!.post('/api/iot/simUpdatePayPass', { payPassword: '246813', code });
    expect(right).toMatchObject({ code: -1, message: 'Verification code: no valid code for this card, request a new one' });
  });

  it('100 concurrent logins with wrong card passwords from one address: 5 compared, the rest refused for the number', async () => {
    const sn = await newCard(pair.apps[0], { card_password_hash: await hashSecret('864209') });
    const attacker = anyIp();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i, { sn, cardPassword: String(100_000 + i) }, attacker)));
    expect(replies.filter((r) => r.message === 'Card password: wrong card password')).toHaveLength(5);
    expect(replies.filter((r) => NUMBER_LOCKED.test(r.message))).toHaveLength(95);
    expect((await login(1, { sn, cardPassword: '864209' }, attacker)).message).toMatch(NUMBER_LOCKED);
  });

  it('100 concurrent logins with unknown numbers from one address: 20 looked up, the rest refused for the network', async () => {
    const ip = anyIp();
    const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i, { sn: `1448${String(i).padStart(9, '0')}` }, ip)));
    expect(replies.filter((r) => r.message === 'Card number: no SIM card or device has this number')).toHaveLength(20);
    expect(replies.filter((r) => /^too many failed logins from your network, try again in \d+ min$/.test(r.message))).toHaveLength(80);
  });

  it('a right card password gives its try back: five right logins at once leave all five tries to the client', async () => {
    const sn = await newCard(pair.apps[0], { card_password_hash: await hashSecret('864209') });
    const ip = anyIp();
    const ok = await Promise.all(Array.from({ length: 5 }, (_, i) => login(i, { sn, cardPassword: '864209' }, ip)));
    expect(ok.map((r) => r.code)).toEqual([0, 0, 0, 0, 0]);
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await login(i, { sn, cardPassword: '000001' }, ip)).message);
    expect(wrong).toEqual(Array.from({ length: 5 }, () => 'Card password: wrong card password'));
    expect((await login(0, { sn, cardPassword: '864209' }, ip)).message).toMatch(NUMBER_LOCKED);
  });
});

describe('SMS code sends under a burst on two instances', () => {
  it('20 concurrent code requests for one card send one code; the others are refused', async () => {
    const sn = await newCard(pair.apps[0]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        body(await pair.apps[i % 2]!.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: anyIp() })),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    // Each from an address of its own: none is refused for the number, every other one waits the minute.
    const waits = replies.filter((r) => /^a code was sent less than a minute ago, retry in \d+ s$/.test(r.message));
    expect(waits).toHaveLength(19);
    const codes = await pair.apps[1].db.db
      .selectFrom('iot_login_codes')
      .innerJoin('iot_sims', 'iot_sims.id', 'iot_login_codes.sim_id')
      .select('iot_login_codes.id')
      .where('iot_sims.sim_no', '=', sn)
      .execute();
    expect(codes).toHaveLength(1);
  });
});
