import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeOperator, randomIp, signIn } from '../admin/test-kit.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { FAST_DEVICE, makeDevice } from '../iot-device/test-kit.ts';
import { client, makeCardClient, provenSimLogin } from '../iot-money/test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ device: FAST_DEVICE });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

/** A device model no other test uses. */
const modelOfItsOwn = () => `MiFi ${randomBytes(4).toString('hex')}`;

async function deviceCard(model: string) {
  const d = await makeDevice(t.app, { model });
  return { ...d, c: client(t.app, await provenSimLogin(t.app, d.first.simNo)) };
}

const capabilitiesOf = async (c: ReturnType<typeof client>) => (await c.get('/api/iot/simInfo')).data.capabilities as string[];

/** Waits for the card's SIM info (cached a second) to show the capabilities. */
const expectCapabilities = (c: ReturnType<typeof client>, expected: string[]) =>
  vi.waitFor(async () => expect(await capabilitiesOf(c)).toEqual(expected), { timeout: 4_000, interval: 100 });

describe('capabilities of a card', () => {
  it('a device with two SIMs offers everything; a plain SIM only what its operator offers; a device with one SIM cannot switch SIM', async () => {
    const d = await deviceCard(modelOfItsOwn());
    expect(await capabilitiesOf(d.c)).toEqual([
      'wifiControl',
      'fiveG',
      'switchSim',
      'networkMode',
      'terminalAuth',
      'securityCentre',
      'speedUp',
    ]);
    const plain = await makeCardClient(t.app);
    expect(await capabilitiesOf(plain.c)).toEqual(['speedUp']);
    // The second SIM leaves the device: nothing to switch to.
    const single = await makeDevice(t.app, { model: modelOfItsOwn() });
    await t.app.db.db.updateTable('iot_sims').set({ device_id: null, device_slot: 0 }).where('id', '=', single.second.id).execute();
    const sc = client(t.app, await provenSimLogin(t.app, single.first.simNo));
    expect(await capabilitiesOf(sc)).toEqual(['wifiControl', 'fiveG', 'networkMode', 'terminalAuth', 'securityCentre', 'speedUp']);
    const refused = await sc.post('/api/iot/simSwitchNet', { simNo: single.second.simNo });
    expect([refused.code, refused.message]).toEqual([40001, 'This card does not offer this feature.']);
  });

  it("a model's 5 GHz band turned off: the card loses it, its band's calls are refused, the 2.4 GHz band and other models keep working", async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const model = modelOfItsOwn();
    const d = await deviceCard(model);
    const other = await deviceCard(modelOfItsOwn());
    const set = body(await post('/api/admin/capabilities', { scope: 'model', subject: model, capability: 'fiveG', enabled: false }, owner));
    expect(set).toMatchObject({ code: 0, data: { enabled: false } });

    await expectCapabilities(d.c, ['wifiControl', 'switchSim', 'networkMode', 'terminalAuth', 'securityCentre', 'speedUp']);
    const five = await d.c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '5G', wifiName: 'Home-5G', wifiPass: 'pass-5g-01' });
    expect(five.code).toBe(40001);
    const hide = await d.c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: false });
    expect(hide.code).toBe(40001);
    const zh = await d.c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: false }, { 'accept-language': 'zh-CN' });
    expect(zh.message).toBe('此卡不支持该功能');
    const two = await d.c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'Home-24', wifiPass: 'pass-24-01' });
    expect(two.code).toBe(0);
    expect(await capabilitiesOf(other.c)).toContain('fiveG');
    expect((await other.c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: false })).code).toBe(0);

    const log = body<{ list: { action: string; objectId: string; before: unknown; after: unknown }[] }>(
      await get('/api/admin/audit?objectType=capability.model', owner),
    ).data.list.filter((e) => e.objectId === `${model}|fiveG`);
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([['capability.set', { enabled: true }, { enabled: false }]]);

    // On again: the band works again.
    expect(
      body(await post('/api/admin/capabilities', { scope: 'model', subject: model, capability: 'fiveG', enabled: true }, owner)).code,
    ).toBe(0);
    await expectCapabilities(d.c, ['wifiControl', 'fiveG', 'switchSim', 'networkMode', 'terminalAuth', 'securityCentre', 'speedUp']);
    expect((await d.c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: true })).code).toBe(0);
  });

  it('Wi-Fi control, network mode and phone access turned off for a model refuse their calls', async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const model = modelOfItsOwn();
    const d = await deviceCard(model);
    for (const capability of ['wifiControl', 'networkMode', 'terminalAuth', 'switchSim']) {
      expect(body(await post('/api/admin/capabilities', { scope: 'model', subject: model, capability, enabled: false }, owner)).code).toBe(
        0,
      );
    }
    await expectCapabilities(d.c, ['fiveG', 'securityCentre', 'speedUp']);
    const codes = [
      (await d.c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'Home-24', wifiPass: 'pass-24-01' })).code,
      (await d.c.post('/api/iot/iotDevice/close', { wifiType: '2.4G', switchWifi: true })).code,
      (await d.c.post('/api/iot/simSwitchNet', { deviceNetworkMode: 2 })).code,
      (await d.c.post('/api/iot/simSwitchNet', { simNo: d.second.simNo })).code,
      (await d.c.post('/api/iot/deviceWirelessAuthList', {})).code,
      (await d.c.post('/api/iot/deviceTerminalAuthSms', { mobile: '13800138000', mac: 'AA:BB:CC:DD:EE:01' })).code,
    ];
    expect(codes).toEqual([40001, 40001, 40001, 40001, 40001, 40001]);
    // A restart is no capability of the table: it still works.
    expect((await d.c.post('/api/iot/iotDevice/restart', {})).code).toBe(0);
  });

  it("an operator's speed-ups turned off: its cards lose them and buying one is refused; other operators keep them", async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const broadnet = await makeCardClient(t.app, { operatorType: 3, balance: 10_000, packages: [{ flowMb: 10_240 }] });
    const telecom = await makeCardClient(t.app, { operatorType: 1 });
    expect(
      body(await post('/api/admin/capabilities', { scope: 'operator', subject: '3', capability: 'speedUp', enabled: false }, owner)).code,
    ).toBe(0);
    let plan: number;
    try {
      await expectCapabilities(broadnet.c, []);
      plan = ((await broadnet.c.get('/api/iot/accelerateList')).data.plans as { id: number }[])[0]!.id;
      const buy = await broadnet.c.post('/api/iot/createAccelerateOrder', { accelerateId: plan, payMethod: 'balance' });
      expect([buy.code, buy.message]).toEqual([40001, 'This card does not offer this feature.']);
      expect(await capabilitiesOf(telecom.c)).toEqual(['speedUp']);
    } finally {
      await post('/api/admin/capabilities', { scope: 'operator', subject: '3', capability: 'speedUp', enabled: true }, owner);
    }
    // On again, the same purchase goes through.
    await expectCapabilities(broadnet.c, ['speedUp']);
    expect((await broadnet.c.post('/api/iot/createAccelerateOrder', { accelerateId: plan, payMethod: 'balance' })).code).toBe(0);
  });
});

describe('the capability table in the console', () => {
  it('lists each model with its devices and each operator with its cards and name; refuses wrong rows naming the field', async () => {
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const model = modelOfItsOwn();
    await makeDevice(t.app, { model });
    await makeDevice(t.app, { model });
    const table = body<{ list: { scope: string; subject: string; label: string; cards: number; capabilities: Record<string, boolean> }[] }>(
      await get('/api/admin/capabilities', { ...owner, 'accept-language': 'en' }),
    ).data.list;
    expect(table.find((r) => r.subject === model)).toEqual({
      scope: 'model',
      subject: model,
      label: model,
      cards: 2,
      capabilities: { wifiControl: true, fiveG: true, switchSim: true, networkMode: true, terminalAuth: true, securityCentre: true },
    });
    const operators = table.filter((r) => r.scope === 'operator');
    expect(operators.map((r) => [r.subject, r.capabilities]).sort()).toEqual([
      ['1', { speedUp: true }],
      ['2', { speedUp: true }],
      ['3', { speedUp: true }],
      ['4', { speedUp: true }],
    ]);
    expect(operators.every((o) => /^[\x20-\x7e]+$/.test(o.label))).toBe(true);

    const wrongCapability = body(
      await post('/api/admin/capabilities', { scope: 'operator', subject: '1', capability: 'fiveG', enabled: false }, owner),
    );
    expect(wrongCapability.code).toBe(-1);
    expect(wrongCapability.message).toMatch(/^Capability: must be one of/);
    const wrongOperator = body(
      await post('/api/admin/capabilities', { scope: 'operator', subject: '9', capability: 'speedUp', enabled: false }, owner),
    );
    expect(wrongOperator.code).toBe(-1);
    expect(wrongOperator.message).toMatch(/^Model or carrier: /);
  });

  it('is for owners only: agents and staff are refused, calls without a session asked to sign in', async () => {
    const shop = await makeAgent(t.app, null);
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const change = { scope: 'model', subject: modelOfItsOwn(), capability: 'fiveG', enabled: false };
    for (const h of [agent, staff]) {
      expect(body(await get('/api/admin/capabilities', h)).code).toBe(-1);
      expect(body(await post('/api/admin/capabilities', change, h)).code).toBe(-1);
    }
    expect(body(await get('/api/admin/capabilities', {})).code).toBe(61);
    expect(body(await post('/api/admin/capabilities', change, {})).code).toBe(61);
  });
});
