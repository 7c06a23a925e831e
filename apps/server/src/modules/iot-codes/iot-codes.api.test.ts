import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import {
  card,
  client,
  deliver,
  expectLedgersExact,
  key,
  makeCard,
  makeCardClient,
  payAtCashier,
  provenSimLogin,
  uniqueMobile,
} from '../iot-money/test-kit.ts';

let t: TestApp;
let clock = Date.UTC(2026, 2, 15, 2);
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const anon = () => client(t.app, {});

/** A device of its own holding a new card (in use), with a 2.4G and a 5G network. */
async function deviceWithCard(wifi: { name24?: string; pass24?: string; name5?: string; pass5?: string } = {}) {
  const deviceNo = `MT${randomBytes(5).toString('hex').toUpperCase()}`;
  const device = await t.app.db.db
    .insertInto('iot_devices')
    .values({
      device_no: deviceNo,
      promo_code: 'demo',
      wifi_encrypt: 'WPA2-PSK',
      wifi24_name: wifi.name24 ?? 'Shop;Guest',
      wifi24_pass: wifi.pass24 ?? 'pa:ss,w"rd\\1',
      wifi24_show: 1,
      wifi24_switch: 1,
      wifi5_name: wifi.name5 ?? '',
      wifi5_pass: wifi.pass5 ?? '',
      created_at: clock,
      updated_at: clock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const made = await makeCard(t.app, { balance: 98765, integral: 50, mobile: uniqueMobile(), now: clock });
  await t.app.db.db
    .updateTable('iot_sims')
    .set({ device_id: device.id, device_in_use: 1, source_type: 2 })
    .where('id', '=', made.id)
    .execute();
  return { ...made, deviceId: device.id, deviceNo, c: client(t.app, await provenSimLogin(t.app, made.simNo)) };
}

describe('Wi-Fi cards', () => {
  it('a visitor makes a card of a network; its link shows the network and a join QR, escaped, until the owner withdraws it', async () => {
    const created = await anon().post('/api/site/wifiCreate', {
      ssid: 'Café;Bar',
      password: 'se:cr,et"1',
      title: 'Corner café',
      days: 3,
    });
    expect(created.code).toBe(0);
    expect(created.data.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.data.ownerKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.data.expiresAt).toBe(clock + 3 * DAY_MS);
    const code = await anon().get(`/api/site/getWifiCode?token=${created.data.token}`);
    expect(code.code).toBe(0);
    expect(code.data).toMatchObject({
      ssid: 'Café;Bar',
      password: 'se:cr,et"1',
      encryption: 'WPA',
      hidden: false,
      title: 'Corner café',
      qrText: 'WIFI:T:WPA;S:Café\\;Bar;P:se\\:cr\\,et\\"1;;',
      expiresAt: clock + 3 * DAY_MS,
    });
    expect(code.data.qrSvg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(code.data.qrSvg.split(',')[1], 'base64').toString()).toContain('<svg');

    // The token is not stored: the table holds its hash only.
    const rows = await t.app.db.db.selectFrom('iot_wifi_shares').select(['token_hash', 'owner_key_hash']).execute();
    expect(rows.some((r) => r.token_hash === created.data.token || r.owner_key_hash === created.data.ownerKey)).toBe(false);

    const wrong = await anon().post('/api/site/wifiRevoke', { token: created.data.token, ownerKey: key().slice(0, 22) });
    expect(wrong.code).toBe(-1);
    expect(wrong.message).toContain('only the person who made this card can withdraw it');
    expect((await anon().get(`/api/site/getWifiCode?token=${created.data.token}`)).code).toBe(0);

    expect((await anon().post('/api/site/wifiRevoke', { token: created.data.token, ownerKey: created.data.ownerKey })).code).toBe(0);
    const gone = await anon().get(`/api/site/getWifiCode?token=${created.data.token}`);
    expect(gone).toMatchObject({ code: -1, data: null });
    expect(gone.message).toContain('this Wi-Fi card has ended or was withdrawn');
    expect(JSON.stringify(gone)).not.toContain('se:cr');
  });

  it('a card ends after its days, and an unknown link shows nothing', async () => {
    const created = await anon().post('/api/site/wifiCreate', { ssid: 'Open hall', encryption: 'nopass', days: 1 });
    expect(created.code).toBe(0);
    const open = await anon().get(`/api/site/getWifiCode?token=${created.data.token}`);
    expect(open.data).toMatchObject({ ssid: 'Open hall', password: '', encryption: 'nopass', qrText: 'WIFI:T:nopass;S:Open hall;;' });
    const saved = clock;
    clock += DAY_MS;
    try {
      expect((await anon().get(`/api/site/getWifiCode?token=${created.data.token}`)).code).toBe(-1);
    } finally {
      clock = saved;
    }
    const unknown = await anon().get(`/api/site/getWifiCode?token=${'A'.repeat(22)}`);
    expect(unknown.code).toBe(-1);
    expect(unknown.message).toContain('this Wi-Fi card has ended or was withdrawn');
    expect((await anon().get('/api/site/getWifiCode?token=short')).code).toBe(-1);
  });

  it('refuses a name over 32 bytes and passwords that do not fit the encryption, naming the field', async () => {
    const long = await anon().post('/api/site/wifiCreate', { ssid: '随身无线网络随身无线网络', password: '12345678' });
    expect(long).toMatchObject({ code: -1, data: null });
    expect(long.message).toContain('32 bytes');
    const short = await anon().post('/api/site/wifiCreate', { ssid: 'Net', password: '1234567' });
    expect(short.code).toBe(-1);
    expect(short.message).toContain('a WPA password is 8-63');
    const wep = await anon().post('/api/site/wifiCreate', { ssid: 'Net', password: 'abcdef', encryption: 'WEP' });
    expect(wep.message).toContain('a WEP password is 5 or 13');
    const days = await anon().post('/api/site/wifiCreate', { ssid: 'Net', password: '12345678', days: 91 });
    expect(days.code).toBe(-1);
    expect(
      (await t.app.db.db.selectFrom('iot_wifi_shares').select('id').where('ssid', '=', '随身无线网络随身无线网络').execute()).length,
    ).toBe(0);
  });

  it('the holder shares a band of the device; the card stops working once the device’s password changes', async () => {
    const d = await deviceWithCard({ name5: 'Shop-5G', pass5: '5gpassword' });
    const own = await d.c.get('/api/site/getWifiCode?wifiType=2.4G');
    expect(own.data).toMatchObject({
      ssid: 'Shop;Guest',
      password: 'pa:ss,w"rd\\1',
      encryption: 'WPA',
      expiresAt: null,
      qrText: 'WIFI:T:WPA;S:Shop\\;Guest;P:pa\\:ss\\,w\\"rd\\\\1;;',
    });
    expect((await d.c.get('/api/site/getWifiCode?wifiType=5G')).data.qrText).toBe('WIFI:T:WPA;S:Shop-5G;P:5gpassword;;');
    // Without the card's session the device's own network is not shown.
    const noSession = await anon().get('/api/site/getWifiCode?wifiType=2.4G');
    expect(noSession).toMatchObject({ code: 34061, data: null });

    const share = await d.c.post('/api/iot/wifiCreate', { wifiType: '5G', days: 2 });
    expect(share.code).toBe(0);
    expect(share.data).toMatchObject({ ssid: 'Shop-5G', expiresAt: clock + 2 * DAY_MS });
    expect((await anon().get(`/api/site/getWifiCode?token=${share.data.token}`)).data).toMatchObject({
      ssid: 'Shop-5G',
      password: '5gpassword',
    });

    await t.app.db.db.updateTable('iot_devices').set({ wifi5_pass: 'newpassword' }).where('id', '=', d.deviceId).execute();
    const changed = await anon().get(`/api/site/getWifiCode?token=${share.data.token}`);
    expect(changed.code).toBe(-1);
    expect(changed.message).toContain('has changed since this card was made');
    expect(JSON.stringify(changed)).not.toContain('password"');
  });

  it('a plain SIM has no device Wi-Fi to show or share, and a device without 5G has no 5G card', async () => {
    const plain = await makeCardClient(t.app, { now: clock }, { proven: true });
    const r = await plain.c.post('/api/iot/wifiCreate', { wifiType: '2.4G' });
    expect(r.code).toBe(-1);
    expect(r.message).toContain('this card is not in a Wi-Fi device');
    expect((await plain.c.get('/api/site/getWifiCode?wifiType=2.4G')).code).toBe(-1);
    const d = await deviceWithCard();
    const no5 = await d.c.post('/api/iot/wifiCreate', { wifiType: '5G' });
    expect(no5.code).toBe(-1);
    expect(no5.message).toContain('the device has no 5G Wi-Fi');
    expect((await anon().post('/api/iot/wifiCreate', { wifiType: '2.4G' })).code).toBe(34061);
  });
});

describe('one machine one code', () => {
  it('the holder gets one random code per device, the same on every ask; renewing retires the old one', async () => {
    const d = await deviceWithCard();
    const first = await d.c.get('/api/site/generalOneCodeById');
    expect(first.code).toBe(0);
    expect(first.data.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.data.code).not.toContain(d.deviceNo);
    expect(first.data.page).toBe(`/pages-sub/iot/machineCode/index?code=${first.data.code}`);
    const again = await Promise.all([d.c.get('/api/site/generalOneCodeById'), d.c.get('/api/site/generalOneCodeById')]);
    expect(again.map((r) => r.data.code)).toEqual([first.data.code, first.data.code]);
    expect((await anon().get('/api/site/generalOneCodeById')).code).toBe(34061);

    const renewed = await d.c.post('/api/iot/oneCodeRenew');
    expect(renewed.code).toBe(0);
    expect(renewed.data.code).not.toBe(first.data.code);
    const old = await anon().get(`/api/site/getOneCode?code=${first.data.code}`);
    expect(old).toMatchObject({ code: -1, data: null });
    expect(old.message).toContain('this code is not valid');
    expect((await anon().get(`/api/site/getOneCode?code=${renewed.data.code}`)).code).toBe(0);
    expect((await d.c.get('/api/site/generalOneCodeById')).data.code).toBe(renewed.data.code);
  });

  it('a code shows what a recharge page needs and nothing else about the card', async () => {
    const d = await deviceWithCard();
    const { data: mine } = await d.c.get('/api/site/generalOneCodeById');
    const info = await anon().get(`/api/site/getOneCode?code=${mine.code}`);
    expect(info.code).toBe(0);
    expect(info.data.maskedNo).toBe(`${d.simNo.slice(0, 3)}****${d.simNo.slice(-4)}`);
    expect(info.data.maskedDeviceNo).toBe(`MT****${d.deviceNo.slice(-4)}`);
    expect(info.data.operatorTypeName).toBe('China Mobile');
    expect(info.data.offers.length).toBeGreaterThan(0);
    expect(info.data.payMethods).toEqual([{ method: 'sandbox', name: '沙箱支付' }]);
    expect(info.data.blocks.map((b: { type: string }) => b.type)).toContain('BtnRecharge');
    expect(Object.keys(info.data).sort()).toEqual(
      [
        'allowCustom',
        'blocks',
        'code',
        'maskedDeviceNo',
        'maskedNo',
        'maxAmount',
        'minAmount',
        'offers',
        'operatorTypeName',
        'payMethods',
      ].sort(),
    );
    const text = JSON.stringify(info.data);
    for (const secret of [d.simNo, d.iccid, d.deviceNo, 'pa:ss', 'Shop;Guest', '"balance"', '98765', '987.65', 'integral'])
      expect(text).not.toContain(secret);

    const unknown = await anon().get(`/api/site/getOneCode?code=${'B'.repeat(22)}`);
    expect(unknown).toMatchObject({ code: -1, data: null });
    // A device number is not a code.
    expect((await anon().get(`/api/site/getOneCode?code=${d.deviceNo}`)).code).toBe(-1);
  });

  it('a top-up through the code without a login creates a real order, and the sandbox notification pays it', async () => {
    const d = await deviceWithCard();
    const { data: mine } = await d.c.get('/api/site/generalOneCodeById');
    const before = await card(t.app, d.simNo);
    const k = { 'idempotency-key': key() };
    const created = await anon().post('/api/site/oneCodeRecharge', { code: mine.code, amount: 1000, method: 'sandbox' }, k);
    expect(created.code).toBe(0);
    expect(created.data.order).toEqual({
      orderNo: created.data.order.orderNo,
      status: 'pending',
      payAmount: 1000,
      creditBalance: 1000,
      arrearsSettled: 0,
    });
    expect(created.data.payment).toMatchObject({ status: 'pending', amount: 1000, method: 'sandbox' });
    expect(await anon().post('/api/site/oneCodeRecharge', { code: mine.code, amount: 1000, method: 'sandbox' }, k)).toEqual(created);
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select('return_url')
      .where('payment_no', '=', created.data.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment.return_url).toBe(`/shop/#/pages-sub/iot/machineCode/index?code=${mine.code}&orderNo=${created.data.order.orderNo}`);

    const pending = await anon().get(`/api/site/oneCodeOrder?code=${mine.code}&orderNo=${created.data.order.orderNo}`);
    expect(pending.data.status).toBe('pending');
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret);
    expect((await deliver(t.app, n)).body.code).toBe('SUCCESS');
    expect((await deliver(t.app, n)).body.code).toBe('SUCCESS');
    const after = await card(t.app, d.simNo);
    expect(after.balance).toBe(before.balance + 1000);
    const done = await anon().get(`/api/site/oneCodeOrder?code=${mine.code}&orderNo=${created.data.order.orderNo}`);
    expect(done.data).toEqual({
      orderNo: created.data.order.orderNo,
      status: 'effective',
      payAmount: 1000,
      creditBalance: 1000,
      arrearsSettled: 0,
    });
    // The holder sees the top-up among the card's orders.
    const list = await d.c.get('/api/iot/simBalanceList');
    expect(list.data.list[0]).toMatchObject({ orderNo: created.data.order.orderNo, status: 'effective' });
    await expectLedgersExact(t.app, [d.simNo]);

    // Another code does not reach this order.
    const other = await deviceWithCard();
    const { data: otherCode } = await other.c.get('/api/site/generalOneCodeById');
    const foreign = await anon().get(`/api/site/oneCodeOrder?code=${otherCode.code}&orderNo=${created.data.order.orderNo}`);
    expect(foreign.code).toBe(-1);
  });

  it('a plain SIM has its own code; a revoked code or a bad amount is refused and takes no money', async () => {
    const plain = await makeCardClient(t.app, { now: clock });
    const { data: mine } = await plain.c.get('/api/site/generalOneCodeById');
    const info = await anon().get(`/api/site/getOneCode?code=${mine.code}`);
    expect(info.data).toMatchObject({ maskedNo: `${plain.simNo.slice(0, 3)}****${plain.simNo.slice(-4)}`, maskedDeviceNo: '' });
    const tooSmall = await anon().post('/api/site/oneCodeRecharge', { code: mine.code, amount: 1, method: 'sandbox' });
    expect(tooSmall.code).toBe(-1);
    const both = await anon().post('/api/site/oneCodeRecharge', { code: mine.code, offerId: 1, amount: 1000, method: 'sandbox' });
    expect(both.code).toBe(-1);
    await plain.c.post('/api/iot/oneCodeRenew');
    const revoked = await anon().post('/api/site/oneCodeRecharge', { code: mine.code, amount: 1000, method: 'sandbox' });
    expect(revoked).toMatchObject({ code: -1, data: null });
    const orders = await t.app.db.db.selectFrom('iot_orders').select('id').where('sim_id', '=', plain.id).execute();
    expect(orders).toEqual([]);
  });

  it('the demo code opens MF0000000001’s recharge page with the parts of its promoter, in the reader’s language', async () => {
    const en = body<any>(
      await t.app.inject({ url: '/api/site/getOneCode?code=DemoMF01TopUpCode7qXw2', headers: { 'accept-language': 'en' } }),
    );
    expect(en.code).toBe(0);
    expect(en.data).toMatchObject({ maskedNo: '144****0002', maskedDeviceNo: 'MF****0001' });
    expect(en.data.blocks.map((b: { type: string }) => b.type)).toEqual([
      'RechargeNo',
      'BtnRecharge',
      'CustomRichText',
      'ScanRecharge',
      'AppRecharge',
      'OnlineService',
      'PhoneService',
    ]);
    expect(en.data.blocks[2]).toMatchObject({ title: 'About top-ups' });
    expect(en.data.blocks[2].content).toContain('Topping up by scanning needs no login');
    expect(en.data.blocks[6]).toMatchObject({ phone: '400-800-1234' });
    const hant = body<any>(
      await t.app.inject({ url: '/api/site/getOneCode?code=DemoMF01TopUpCode7qXw2', headers: { 'accept-language': 'zh-TW' } }),
    );
    expect(hant.data.blocks[2].title).toBe('充值說明');
    const card = await anon().get('/api/site/getWifiCode?token=DemoWiFiCardCornerCafe');
    expect(card.data).toMatchObject({
      ssid: 'CornerCafe-Guest',
      password: 'coffee2026',
      title: 'Corner Café',
      qrText: 'WIFI:T:WPA;S:CornerCafe-Guest;P:coffee2026;;',
    });
  });
});
