import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeCard } from '../iot-money/test-kit.ts';
import { uniqueMobile } from '../orders/test-kit.ts';
import { sha256 } from './service.ts';

type Session = { token: string; simNo: string; expiresAt: number; simInfo: { simNo: string; balance: number; deviceNo: string } };

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

let ipSeq = 1;
/** Each test uses its own client IP so the per-IP limit of one test does not touch another. */
const freshIp = () => `10.0.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

async function login(payload: Record<string, unknown>, ip = freshIp()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/simLogin', payload: { agreeProtocol: true, ...payload }, remoteAddress: ip });
  return body<Session>(res);
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers }).then((r) => body<any>(r));
const auth = (s: Session) => ({ 'x-sim-token': s.token, 'x-sim-no': s.simNo });

describe('GET /api/simLoginConfig and the login agreement', () => {
  it('gives the login page of the promoter', async () => {
    const b = await get('/api/simLoginConfig?promoCode=agent01');
    expect(b.code).toBe(0);
    expect(b.data).toMatchObject({
      name: 'Xinghe IoT',
      snLogin: true,
      codeLogin: true,
      agreementRequired: true,
      recentLogins: 5,
      codeLength: 6,
    });
    expect((await get('/api/simLoginConfig')).data.name).toBe('Number Select · IoT SIM');
    expect((await get('/api/simLoginConfig?promoCode=agent01', { 'accept-language': 'zh-CN' })).data.name).toBe('星河物联');
  });

  it('serves the agreement in the language asked; Traditional is converted from Simplified when missing', async () => {
    const hant = await get('/api/site/iotLoginProtocol?promoCode=demo', { 'accept-language': 'zh-TW' });
    expect(hant.data).toMatchObject({ type: 'login', language: 'zh-Hant', title: '物聯網卡自助服務協議' });
    const en = await get('/api/site/iotLoginProtocol?language=en');
    expect(en.data.title).toBe('IoT card self-service agreement');
    const agent = await get('/api/site/iotLoginProtocol?promoCode=agent01&language=zh-Hans');
    expect(agent.data).toMatchObject({ language: 'zh-Hans', title: '星河物联自助服务协议', version: 2 });
    const agentHant = await get('/api/site/iotLoginProtocol?promoCode=agent01&language=zh-Hant');
    expect(agentHant.data).toMatchObject({ language: 'zh-Hant', title: '星河物聯自助服務協議', version: 2 });
  });
});

describe('POST /api/simLogin: each mode', () => {
  it('logs in by SIM number with a 256-bit token stored only as its hash', async () => {
    const b = await login({ sn: '1440000000001' });
    expect(b.code).toBe(0);
    expect(b.data.simNo).toBe('1440000000001');
    expect(b.data.simInfo.simNo).toBe('1440000000001');
    expect(Buffer.from(b.data.token, 'base64url')).toHaveLength(32);
    expect(b.data.expiresAt).toBe(clock + 7 * 86_400_000);
    const rows = await t.app.db.db.selectFrom('iot_sim_sessions').select(['token_hash', 'login_mode']).execute();
    expect(rows.some((r) => r.token_hash === b.data.token)).toBe(false);
    expect(rows).toContainEqual({ token_hash: sha256(b.data.token), login_mode: 'sn' });
  });

  it('logs in by ICCID and by device number (the SIM the device uses)', async () => {
    const byIccid = await login({ sn: '89860400000000000001' });
    expect(byIccid.data.simNo).toBe('1440000000001');
    const byDevice = await login({ sn: 'mf0000000001' });
    expect(byDevice.code).toBe(0);
    expect(byDevice.data.simNo).toBe('1440000000002');
    expect(byDevice.data.simInfo.deviceNo).toBe('MF0000000001');
  });

  it('needs the card password for a card in cardPasswordMode', async () => {
    const missing = await login({ sn: '1440000000006' });
    expect(missing).toMatchObject({ code: -1, message: 'Card password: this card needs its card password' });
    const wrong = await login({ sn: '1440000000006', cardPassword: '000000' });
    expect(wrong).toMatchObject({ code: -1, message: 'Card password: wrong card password' });
    const right = await login({ sn: '1440000000006', cardPassword: '246810' });
    expect(right.code).toBe(0);
    expect(right.data.simNo).toBe('1440000000006');
  });

  it('logs in with an SMS code sent to the bound phone: single use, latest only', async () => {
    const mobile = uniqueMobile();
    const { simNo: sn } = await makeCard(t.app, { mobile, now: clock });
    const ip = freshIp();
    const sent = body<{ mobile: string; expiresIn: number; resendIn: number; devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: ip }),
    );
    expect(sent.code).toBe(0);
    expect(sent.data).toMatchObject({ mobile: `137****${mobile.slice(-4)}`, expiresIn: 300, resendIn: 60 });
    expect(sent.data.devCode).toMatch(/^\d{6}$/);
    const stored = await t.app.db.db.selectFrom('iot_login_codes').select('code_hash').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(sent.data.devCode);

    const again = body(await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: ip }));
    expect(again.code).toBe(-1);
    expect(again.message).toMatch(/less than a minute ago/);

    clock += 61_000;
    const second = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: ip }),
    );
    if (second.data.devCode !== sent.data.devCode) {
      const old = await login({ sn, code: sent.data.devCode }, ip);
      expect(old.message).toMatch(/^Verification code: wrong code/);
    }
    const ok = await login({ sn, code: second.data.devCode }, ip);
    expect(ok.code).toBe(0);
    const reuse = await login({ sn, code: second.data.devCode }, ip);
    expect(reuse).toMatchObject({ code: -1, message: 'Verification code: no valid code for this card, request a new one' });
  });

  it('closes a code after 5 wrong tries and refuses an expired code', async () => {
    const { simNo: sn } = await makeCard(t.app, { mobile: uniqueMobile(), now: clock });
    const sent = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: freshIp() }),
    );
    const wrong = sent.data.devCode === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await login({ sn, code: wrong })).message);
    expect(messages[0]).toBe('Verification code: wrong code, 4 tries left');
    expect(messages[4]).toBe('Verification code: wrong code entered too many times, request a new one');
    expect((await login({ sn, code: sent.data.devCode })).message).toMatch(/no valid code|too many failed/);

    clock += 20 * 60_000;
    const next = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn }, remoteAddress: freshIp() }),
    );
    clock += 5 * 60_000;
    expect(await login({ sn, code: next.data.devCode })).toMatchObject({
      code: -1,
      message: 'Verification code: the code has expired, request a new one',
    });
  });

  it('refuses a code to a card without a bound phone, an unknown number, and a login without the agreement', async () => {
    const noPhone = body(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: '1440000000003' }, remoteAddress: freshIp() }),
    );
    expect(noPhone).toMatchObject({ code: -1, message: 'Card number: this card has no bound phone, log in with its number instead' });
    expect(await login({ sn: '1449999999999' })).toMatchObject({ code: -1, message: 'Card number: no SIM card or device has this number' });
    expect(await login({ sn: '1440000000001', agreeProtocol: false })).toMatchObject({
      code: -1,
      message: 'Service agreement: please read and accept the agreement first',
    });
    const bad = await login({ sn: '14400000-01' });
    expect(bad.code).toBe(-1);
    expect(bad.message).toMatch(/^Card number: /);
  });
});

describe('failed logins are limited', () => {
  it('per number and client: the 6th try from the same address within 15 minutes is refused even with the right password', async () => {
    const { simNo: sn } = await makeCard(t.app, { cardPassword: '246810', now: clock });
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await login({ sn, cardPassword: `bad${i}` }, ip)).message).toBe('Card password: wrong card password');
    const locked = await login({ sn, cardPassword: '246810' }, ip);
    expect(locked.code).toBe(-1);
    expect(locked.message).toMatch(/too many failed logins for this number, try again in \d+ min/);
    clock += 15 * 60_000;
    expect((await login({ sn, cardPassword: '246810' }, ip)).code).toBe(0);
  });

  it('per IP: 20 failures from one address lock it for every number', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login({ sn: `14499999${String(i).padStart(5, '0')}` }, ip);
    const locked = await login({ sn: '1440000000001' }, ip);
    expect(locked.message).toMatch(/too many failed logins from your network/);
    expect((await login({ sn: '1440000000001' }, freshIp())).code).toBe(0);
  });
});

describe('34061: every IoT call needs a valid session', () => {
  const calls = ['/api/iot/simInfo', '/api/iot/simLayout', '/api/iot/simHistoryLine', '/api/iot/changeSimList', '/api/iot/protocol'];

  it.each(calls)('%s without a token, or with an unknown one', async (url) => {
    expect((await get(url)).code).toBe(34061);
    expect((await get(url, { 'x-sim-token': 'not-a-token' })).code).toBe(34061);
  });

  it('guards every /api/iot/ route of every module, as the API documentation lists them', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths)
      .filter(([url]) => url.startsWith('/api/iot/'))
      .flatMap(([url, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase() as 'GET' | 'POST', url })));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const res = await t.app.inject({ ...route, ...(route.method === 'GET' ? {} : { payload: {} }) });
      expect({ ...route, code: body(res).code }).toEqual({ ...route, code: 34061 });
    }
  });

  it('answers 34061 to POST calls before reading their body', async () => {
    for (const url of ['/api/iot/simRefresh', '/api/iot/simRemoveBreak', '/api/iot/simLogout', '/api/iot/changeSim']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { bad: true } });
      expect(body(res).code).toBe(34061);
    }
  });

  it('expires a token at its expiry time', async () => {
    const s = (await login({ sn: '1440000000001' })).data;
    clock = s.expiresAt - 1;
    expect((await get('/api/iot/simInfo', auth(s))).code).toBe(0);
    clock = s.expiresAt;
    expect(await get('/api/iot/simInfo', auth(s))).toMatchObject({
      code: 34061,
      message: 'your SIM session has expired, please log in again',
    });
  });

  it('honours an expiry changed in the database once the 1-second session cache has passed', async () => {
    const s = (await login({ sn: '1440000000001' })).data;
    // Read twice: the session is cached from its second read.
    expect((await get('/api/iot/simInfo', auth(s))).code).toBe(0);
    expect((await get('/api/iot/simInfo', auth(s))).code).toBe(0);
    await t.app.db.db
      .updateTable('iot_sim_sessions')
      .set({ expires_at: clock - 1 })
      .where('token_hash', '=', sha256(s.token))
      .execute();
    clock += 1_000;
    expect((await get('/api/iot/simInfo', auth(s))).code).toBe(34061);
  });

  it('revokes the token on logout', async () => {
    const s = (await login({ sn: '1440000000001' })).data;
    const out = body(await t.app.inject({ method: 'POST', url: '/api/iot/simLogout', headers: auth(s) }));
    expect(out.code).toBe(0);
    expect(await get('/api/iot/simInfo', auth(s))).toMatchObject({ code: 34061, message: 'you have logged out, please log in again' });
    const row = await t.app.db.db
      .selectFrom('iot_sim_sessions')
      .select('revoked_at')
      .where('token_hash', '=', sha256(s.token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).toBe(clock);
  });
});

describe('one SIM never reads another', () => {
  it('answers for the token only, and refuses an x-sim-no naming another card', async () => {
    const a = (await login({ sn: '1440000000001' })).data;
    const b = (await login({ sn: '1440000000004' })).data;
    expect((await get('/api/iot/simInfo', auth(a))).data.simNo).toBe('1440000000001');
    expect((await get('/api/iot/simInfo', auth(b))).data.simNo).toBe('1440000000004');
    expect((await get('/api/iot/simInfo', { 'x-sim-token': a.token })).data.simNo).toBe('1440000000001');
    const mixed = await get('/api/iot/simInfo', { 'x-sim-token': a.token, 'x-sim-no': b.simNo });
    expect(mixed).toMatchObject({ code: 34061, data: null });
    const history = await get('/api/iot/simHistoryLine', { 'x-sim-token': b.token, 'x-sim-no': a.simNo });
    expect(history.code).toBe(34061);
  });

  it('answers each of many calls made at once for its own card (PostgreSQL reads their sessions together)', async () => {
    const cards = [];
    for (const n of [1, 2, 3, 4, 5]) cards.push(await makeCard(t.app, { balance: n * 101, integral: n * 11, now: clock }));
    const sessions = [];
    for (const c of cards) sessions.push((await login({ sn: c.simNo })).data);
    const gone = (await login({ sn: cards[0]!.simNo })).data;
    expect(body(await t.app.inject({ method: 'POST', url: '/api/iot/simLogout', headers: auth(gone) })).code).toBe(0);
    const replies = await Promise.all([
      ...sessions.map((s) => get('/api/iot/simInfo', auth(s))),
      get('/api/iot/simInfo', auth(sessions[2]!)),
      get('/api/iot/simInfo', { 'x-sim-token': 'not-a-token' }),
      get('/api/iot/simInfo', auth(gone)),
      // A scope that reads the session alone.
      ...sessions.map((s) => get('/api/iot/taskCenter', auth(s))),
    ]);
    expect(replies.slice(0, 8).map((r) => [r.code, r.data?.simNo, r.data?.balance])).toEqual([
      [0, cards[0]!.simNo, 101],
      [0, cards[1]!.simNo, 202],
      [0, cards[2]!.simNo, 303],
      [0, cards[3]!.simNo, 404],
      [0, cards[4]!.simNo, 505],
      [0, cards[2]!.simNo, 303],
      [34061, undefined, undefined],
      [34061, undefined, undefined],
    ]);
    expect(replies[7]!.message).toBe('you have logged out, please log in again');
    expect(replies.slice(8).map((r) => [r.code, r.data?.integral])).toEqual([
      [0, 11],
      [0, 22],
      [0, 33],
      [0, 44],
      [0, 55],
    ]);
  });

  it('switches only to a SIM of the same device, revoking the old token', async () => {
    const d = (await login({ sn: 'MF0000000001' })).data;
    const list = await get('/api/iot/changeSimList', auth(d));
    expect(list.data.deviceNo).toBe('MF0000000001');
    expect(list.data.list.map((s: { simNo: string; current: boolean }) => [s.simNo, s.current])).toEqual([
      ['1440000000002', true],
      ['1440000000005', false],
    ]);
    const refused = body(
      await t.app.inject({ method: 'POST', url: '/api/iot/changeSim', headers: auth(d), payload: { simNo: '1440000000001' } }),
    );
    expect(refused).toMatchObject({ code: -1, message: 'Card number: this SIM is not in your device' });
    const switched = body<Session>(
      await t.app.inject({ method: 'POST', url: '/api/iot/changeSim', headers: auth(d), payload: { simNo: '1440000000005' } }),
    );
    expect(switched.code).toBe(0);
    expect(switched.data.simNo).toBe('1440000000005');
    expect((await get('/api/iot/simInfo', auth(switched.data))).data.simNo).toBe('1440000000005');
    expect((await get('/api/iot/simInfo', auth(d))).code).toBe(34061);
  });
});

describe('SMS code echo', () => {
  it('is not in the reply when the demo echo is off', async () => {
    const quiet = await createTestApp({ smsDevCode: false, now: () => clock });
    try {
      const b = body<Record<string, unknown>>(
        await quiet.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: '1440000000001' } }),
      );
      expect(b.code).toBe(0);
      expect(b.data).not.toHaveProperty('devCode');
    } finally {
      await quiet.close();
    }
  });
});
