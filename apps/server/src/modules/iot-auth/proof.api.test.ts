import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, createTestAppPair, type TestApp } from '../../../test/helpers.ts';
import { hashSecret } from '../../lib/password.ts';
import type { App } from '../../lib/route.ts';
import { FAST_DEVICE, makeDevice } from '../iot-device/test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ device: FAST_DEVICE });
});
afterAll(async () => t.close());

/** An address of the test's own (the suites address clients by X-Forwarded-For). */
const freshIp = () => `10.${randomInt(100, 200)}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

type Reply = { code: number; message: string; data: any };

/** A client of one session, from one address, in one language. */
function holder(app: App, session: { token: string; simNo: string }, ip = freshIp()) {
  const headers = (language = 'en') => ({
    'x-sim-token': session.token,
    'x-sim-no': session.simNo,
    'x-forwarded-for': ip,
    'accept-language': language,
  });
  return {
    get: async (url: string, language?: string): Promise<Reply> => body<any>(await app.inject({ url, headers: headers(language) })),
    post: async (url: string, payload: object = {}, language?: string): Promise<Reply> =>
      body<any>(await app.inject({ method: 'POST', url, payload, headers: headers(language) })),
  };
}

async function loginBy(app: App, payload: Record<string, unknown>, ip = freshIp()) {
  const r = body<any>(
    await app.inject({
      method: 'POST',
      url: '/api/simLogin',
      payload: { agreeProtocol: true, ...payload },
      headers: { 'x-forwarded-for': ip },
    }),
  );
  expect(r.code).toBe(0);
  return r.data as { token: string; simNo: string; simInfo: any };
}

/** The device's secrets and controls: every one refuses a session that has not proved possession. */
const GUARDED: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
  { method: 'POST', url: '/api/iot/iotDevice/setWiFiSsidPwd', payload: { wifiType: '2.4G', wifiName: 'Mine-2.4G', wifiPass: 'mine12345' } },
  { method: 'POST', url: '/api/iot/iotDevice/setWiFiDisplay', payload: { wifiType: '5G', showWifi: false } },
  { method: 'POST', url: '/api/iot/iotDevice/close', payload: { wifiType: '2.4G', switchWifi: true } },
  { method: 'POST', url: '/api/iot/iotDevice/reset', payload: { confirm: true } },
  { method: 'POST', url: '/api/iot/simSwitchNet', payload: { deviceNetworkMode: 2 } },
  { method: 'POST', url: '/api/iot/deviceWirelessAuthList', payload: {} },
  { method: 'POST', url: '/api/iot/deviceTerminalAuthSms', payload: { mobile: '13912345678', mac: 'AA:BB:CC:DD:EE:01' } },
  { method: 'POST', url: '/api/iot/deviceTerminalAuth', payload: { mobile: '13912345678', mac: 'AA:BB:CC:DD:EE:01', code: '123456' } },
  { method: 'GET', url: '/api/iot/iotDevice/security' },
  { method: 'POST', url: '/api/iot/iotDevice/blockClient', payload: { mac: 'AA:BB:CC:DD:EE:02', block: true } },
  { method: 'POST', url: '/api/iot/iotDevice/apIsolation', payload: { enabled: true } },
  { method: 'POST', url: '/api/iot/iotDevice/wifiSchedule', payload: { enabled: true, off: '23:00', on: '07:00', days: [1, 2, 3, 4, 5] } },
  { method: 'GET', url: '/api/iot/iotDevice/smsList' },
  { method: 'POST', url: '/api/iot/iotDevice/smsRead', payload: { id: 1 } },
  { method: 'POST', url: '/api/iot/wifiCreate', payload: { wifiType: '2.4G', days: 7 } },
  { method: 'GET', url: '/api/site/getWifiCode?wifiType=2.4G' },
  // Last: the device goes off line for a moment.
  { method: 'POST', url: '/api/iot/iotDevice/restart', payload: {} },
];

const call = (c: ReturnType<typeof holder>, g: (typeof GUARDED)[number], language?: string) =>
  g.method === 'GET' ? c.get(g.url, language) : c.post(g.url, g.payload, language);

const REFUSED: Record<string, string> = {
  en: "verify it's your device first: enter the code sent to the card's bound phone or the card password",
  'zh-Hans': '请先验证这是您的设备：输入发送到本卡绑定手机的验证码或卡密码',
  'zh-Hant': '請先驗證這是您的裝置：輸入傳送到本卡綁定手機的驗證碼或卡密碼',
};

/** Sends the proof code to the bound phone and gives it back (the demo set-up echoes it). */
async function proofCode(c: ReturnType<typeof holder>): Promise<string> {
  const sent = await c.post('/api/iot/simProofCode');
  expect(sent.code).toBe(0);
  return sent.data.devCode as string;
}

describe('a login by the number on the label', () => {
  it('reads status and usage but no Wi-Fi password, and every secret or control answers 41003 in the reader’s language', async () => {
    const d = await makeDevice(t.app);
    const s = await loginBy(t.app, { sn: d.deviceNo });
    expect(s.simInfo.sessionProven).toBe(false);
    expect(s.simInfo.device.wifis.map((w: any) => [w.wifiName, w.wifiPass])).toEqual([
      ['Test-2.4G', ''],
      ['Test-5G', ''],
    ]);
    const c = holder(t.app, s);
    const info = await c.get('/api/iot/simInfo');
    expect(info.data.sessionProven).toBe(false);
    expect(info.data.device.wifis.map((w: any) => w.wifiPass)).toEqual(['', '']);
    // What it may see: the device's state, its commands, its SIMs.
    expect((await c.get('/api/iot/iotDevice/status')).code).toBe(0);
    expect((await c.get('/api/iot/iotDevice/commandList')).code).toBe(0);
    expect((await c.get('/api/iot/simSwitchNetInfo')).code).toBe(0);

    for (const g of GUARDED) {
      const r = await call(c, g);
      expect([g.url, r.code, r.message]).toEqual([g.url, 41003, REFUSED.en]);
    }
    for (const language of ['zh-Hans', 'zh-Hant']) {
      const r = await c.get('/api/iot/iotDevice/security', language);
      expect([r.code, r.message]).toEqual([41003, REFUSED[language]]);
    }
    // Nothing was sent to the device.
    expect((await c.get('/api/iot/iotDevice/commandList')).data.list).toEqual([]);
  });

  it('a login by SMS code or by the card password is proven from the start', async () => {
    const d = await makeDevice(t.app);
    const ip = freshIp();
    const sent = body<any>(
      await t.app.inject({ method: 'POST', url: '/api/simLoginCode', payload: { sn: d.first.simNo }, headers: { 'x-forwarded-for': ip } }),
    );
    const byCode = await loginBy(t.app, { sn: d.first.simNo, code: sent.data.devCode }, ip);
    expect(byCode.simInfo.sessionProven).toBe(true);
    expect(byCode.simInfo.device.wifis.map((w: any) => w.wifiPass)).toEqual(['test2400', 'test5000']);

    const other = await makeDevice(t.app);
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ card_password_hash: await hashSecret('Card#7788') })
      .where('id', '=', other.first.id)
      .execute();
    const byPassword = await loginBy(t.app, { sn: other.deviceNo, cardPassword: 'Card#7788' });
    expect(byPassword.simInfo.sessionProven).toBe(true);
    expect((await holder(t.app, byPassword).get('/api/iot/iotDevice/security')).code).toBe(0);
  });
});

describe('POST /api/iot/simProve', () => {
  it('the code sent to the bound phone proves the session: the password shows and every secret and control answers', async () => {
    const d = await makeDevice(t.app, { payPassword: '135790' });
    const s = await loginBy(t.app, { sn: d.deviceNo });
    const c = holder(t.app, s);
    expect((await c.get('/api/iot/iotDevice/security')).code).toBe(41003);
    const code = await proofCode(c);
    const proved = await c.post('/api/iot/simProve', { code });
    expect(proved.code).toBe(0);
    expect(proved.data.proven).toBe(true);
    expect(proved.data.simInfo.device.wifis.map((w: any) => w.wifiPass)).toEqual(['test2400', 'test5000']);
    const info = await c.get('/api/iot/simInfo');
    expect([info.data.sessionProven, info.data.device.wifis[0].wifiPass]).toEqual([true, 'test2400']);

    const outcomes: [string, number, string][] = [];
    for (const g of GUARDED) {
      const r = await call(c, g);
      outcomes.push([g.url, r.code, r.code === 0 ? '' : r.message]);
    }
    expect(outcomes).toEqual([
      ['/api/iot/iotDevice/setWiFiSsidPwd', 0, ''],
      ['/api/iot/iotDevice/setWiFiDisplay', 0, ''],
      ['/api/iot/iotDevice/close', 0, ''],
      // Reset still asks for the pay password, as it does of every holder.
      ['/api/iot/iotDevice/reset', 41001, 'enter your pay password to pay from the balance'],
      ['/api/iot/simSwitchNet', 0, ''],
      ['/api/iot/deviceWirelessAuthList', 0, ''],
      ['/api/iot/deviceTerminalAuthSms', -1, 'MAC address: the device has not seen this phone'],
      ['/api/iot/deviceTerminalAuth', -1, 'MAC address: the device has not seen this phone'],
      ['/api/iot/iotDevice/security', 0, ''],
      ['/api/iot/iotDevice/blockClient', -1, 'MAC address: the device has not seen this phone'],
      ['/api/iot/iotDevice/apIsolation', 0, ''],
      ['/api/iot/iotDevice/wifiSchedule', 0, ''],
      ['/api/iot/iotDevice/smsList', 0, ''],
      ['/api/iot/iotDevice/smsRead', -1, 'Item: no such message'],
      ['/api/iot/wifiCreate', 0, ''],
      ['/api/site/getWifiCode?wifiType=2.4G', 0, ''],
      ['/api/iot/iotDevice/restart', 0, ''],
    ]);
  });

  it('the card password proves it too; a wrong one is refused and the session stays unproven', async () => {
    const d = await makeDevice(t.app);
    const s = await loginBy(t.app, { sn: d.deviceNo });
    // The operator gave the card a password after this session began.
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ card_password_hash: await hashSecret('Card#5566') })
      .where('id', '=', d.first.id)
      .execute();
    const c = holder(t.app, s);
    const wrong = await c.post('/api/iot/simProve', { cardPassword: 'guess' });
    expect([wrong.code, wrong.message]).toEqual([-1, 'Card password: wrong card password']);
    expect((await c.get('/api/iot/iotDevice/smsList')).code).toBe(41003);
    const right = await c.post('/api/iot/simProve', { cardPassword: 'Card#5566' });
    expect([right.code, right.data.proven]).toEqual([0, true]);
    expect((await c.get('/api/iot/iotDevice/smsList')).code).toBe(0);
  });

  it('names what is missing: no proof given, no card password, no bound phone', async () => {
    const d = await makeDevice(t.app);
    const c = holder(t.app, await loginBy(t.app, { sn: d.deviceNo }));
    const none = await c.post('/api/iot/simProve', {});
    expect([none.code, none.message]).toEqual([-1, 'Verification code: enter the code sent to the bound phone or the card password']);
    const noPassword = await c.post('/api/iot/simProve', { cardPassword: 'anything' });
    expect([noPassword.code, noPassword.message]).toEqual([
      -1,
      'Card password: this card has no card password: verify with a code sent to its bound phone',
    ]);
    const badCode = await c.post('/api/iot/simProve', { code: '12ab' });
    expect(badCode.code).toBe(-1);
    await t.app.db.db.updateTable('iot_sims').set({ mobile: '' }).where('id', '=', d.first.id).execute();
    const noPhone = await c.post('/api/iot/simProofCode');
    expect([noPhone.code, noPhone.message]).toEqual([
      -1,
      'this card has no bound phone: verify with the card password, or ask customer service',
    ]);
    expect((await c.get('/api/iot/iotDevice/security')).code).toBe(41003);
  });

  it('20 wrong codes at once: 5 are compared, the code is closed, and the right one is refused after', async () => {
    const d = await makeDevice(t.app);
    const c = holder(t.app, await loginBy(t.app, { sn: d.deviceNo }));
    const code = await proofCode(c);
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/iot/simProve', { code: wrong })));
    // Four leave tries; the fifth and every later one find the code closed.
    expect(replies.filter((r) => /^Verification code: wrong code, \d tr/.test(r.message)).length).toBe(4);
    const closed = [
      'Verification code: wrong code entered too many times, request a new one',
      'Verification code: no valid code for this card, request a new one',
    ];
    expect(replies.filter((r) => closed.includes(r.message)).length).toBe(16);
    const row = await t.app.db.db
      .selectFrom('iot_login_codes')
      .select(['attempts', 'closed_at'])
      .where('sim_id', '=', d.first.id)
      .where('purpose', '=', 'login')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.closed_at).not.toBeNull();
    const late = await c.post('/api/iot/simProve', { code });
    expect(late.code).toBe(-1);
    expect((await c.get('/api/iot/iotDevice/security')).code).toBe(41003);
  });

  it('20 wrong card passwords at once from one address: 5 are compared, the rest refused, then even the right one', async () => {
    const d = await makeDevice(t.app);
    const c = holder(t.app, await loginBy(t.app, { sn: d.deviceNo }));
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ card_password_hash: await hashSecret('Card#9911') })
      .where('id', '=', d.first.id)
      .execute();
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/iot/simProve', { cardPassword: 'guess' })));
    expect(replies.filter((r) => r.message === 'Card password: wrong card password').length).toBe(5);
    expect(replies.filter((r) => /^too many failed logins for this number, try again in \d+ min$/.test(r.message)).length).toBe(15);
    const right = await c.post('/api/iot/simProve', { cardPassword: 'Card#9911' });
    expect(right.message).toMatch(/^too many failed logins for this number, try again in \d+ min$/);
    expect((await c.get('/api/iot/iotDevice/security')).code).toBe(41003);
  });

  it('switching to the device’s other SIM keeps the session as proven as it was', async () => {
    const d = await makeDevice(t.app);
    const unproven = holder(t.app, await loginBy(t.app, { sn: d.deviceNo }));
    const switched = await unproven.post('/api/iot/changeSim', { simNo: d.second.simNo });
    expect([switched.code, switched.data.simInfo.sessionProven]).toEqual([0, false]);
    const again = holder(t.app, switched.data);
    await again.post('/api/iot/simProve', { code: await proofCode(again) });
    const back = await again.post('/api/iot/changeSim', { simNo: d.first.simNo });
    expect([back.code, back.data.simInfo.sessionProven]).toEqual([0, true]);
    expect((await holder(t.app, back.data).get('/api/iot/iotDevice/security')).code).toBe(0);
  });
});

describe('two server instances', () => {
  it('a session proven on one is proven on the other; wrong card passwords over both get 5 tries in all', async () => {
    const pair = await createTestAppPair({ device: FAST_DEVICE });
    try {
      const [a, b] = pair.apps;
      const d = await makeDevice(a);
      const s = await loginBy(a, { sn: d.deviceNo });
      const ip = freshIp();
      const ca = holder(a, s, ip);
      const cb = holder(b, s, ip);
      // The other instance has read (and cached) the session unproven.
      expect((await cb.get('/api/iot/iotDevice/security')).code).toBe(41003);
      expect((await cb.get('/api/iot/iotDevice/security')).code).toBe(41003);
      await a.db.db
        .updateTable('iot_sims')
        .set({ card_password_hash: await hashSecret('Card#3344') })
        .where('id', '=', d.first.id)
        .execute();
      const replies = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? ca : cb).post('/api/iot/simProve', { cardPassword: 'guess' })),
      );
      expect(replies.filter((r) => r.message === 'Card password: wrong card password').length).toBe(5);

      const fresh = await makeDevice(a);
      const s2 = await loginBy(a, { sn: fresh.deviceNo });
      const c2a = holder(a, s2);
      const c2b = holder(b, s2);
      expect((await c2b.get('/api/iot/iotDevice/smsList')).code).toBe(41003);
      expect((await c2b.get('/api/iot/iotDevice/smsList')).code).toBe(41003);
      expect((await c2a.post('/api/iot/simProve', { code: await proofCode(c2a) })).code).toBe(0);
      // Without Redis the other instance's one-second cache of the session runs out; then it reads it proven.
      await vi.waitFor(async () => expect((await c2b.get('/api/iot/iotDevice/smsList')).code).toBe(0), { timeout: 3_000, interval: 200 });
    } finally {
      await pair.close();
    }
  });
});
