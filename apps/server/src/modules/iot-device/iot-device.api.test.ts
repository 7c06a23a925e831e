import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestAppPair, type TestApp } from '../../../test/helpers.ts';
import type { DeviceSimulator } from '../../providers/device/simulator.ts';
import { client, makeCard, provenSimLogin, uniqueMobile } from '../iot-money/test-kit.ts';
import { FAST_DEVICE, makeDevice } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ device: FAST_DEVICE });
});
afterAll(async () => t.close());

async function loggedIn(spec: Parameters<typeof makeDevice>[1] = {}) {
  const d = await makeDevice(t.app, spec);
  const headers = await provenSimLogin(t.app, d.first.simNo);
  return { ...d, c: client(t.app, headers) };
}

type C = Awaited<ReturnType<typeof loggedIn>>['c'];

/** Waits until the command reaches `state` (the simulated device answers within a second). */
async function until(c: C, commandId: string, state: string) {
  return vi.waitFor(
    async () => {
      const r = await c.get(`/api/iot/iotDevice/command?commandId=${commandId}`);
      expect(r.data.state).toBe(state);
      return r.data;
    },
    { timeout: 5_000, interval: 50 },
  );
}

const wifiOf = async (c: C, band: string) =>
  ((await c.get('/api/iot/simInfo')).data.device.wifis as { wifiType: string }[]).find((w) => w.wifiType === band) as Record<
    string,
    unknown
  >;

describe('Wi-Fi name and password', () => {
  it('goes sent → applied and SIM info shows the new name and password', async () => {
    const { c } = await loggedIn();
    const r = await c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '5G', wifiName: '家里的 5G', wifiPass: 'new-pass 5g!' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ kind: 'setWifi', wifiType: '5G', error: '' });
    expect(['sent', 'acked']).toContain(r.data.state);
    const done = await until(c, r.data.commandId, 'applied');
    expect(done.updatedAt).toBeGreaterThanOrEqual(done.createdAt);
    await vi.waitFor(async () => expect(await wifiOf(c, '5G')).toMatchObject({ wifiName: '家里的 5G', wifiPass: 'new-pass 5g!' }));
    expect(await wifiOf(c, '2.4G')).toMatchObject({ wifiName: 'Test-2.4G', wifiPass: 'test2400' });
    const list = (await c.get('/api/iot/iotDevice/commandList')).data.list;
    expect(list.map((x: { commandId: string; state: string }) => [x.commandId, x.state])).toEqual([[r.data.commandId, 'applied']]);
  });

  it('checks the SSID in bytes, the WPA2 password, and the band', async () => {
    const { c } = await loggedIn({ fiveG: false });
    const set = (b: object) => c.post('/api/iot/iotDevice/setWiFiSsidPwd', b);
    expect(await set({ wifiType: '2.4G', wifiName: '一二三四五六七八九十一', wifiPass: 'abcdefgh' })).toMatchObject({
      code: -1,
      message: 'Wi-Fi name: must be 1 to 32 bytes (a Chinese character takes 3)',
    });
    expect((await set({ wifiType: '2.4G', wifiName: '一二三四五六七八九十', wifiPass: 'abcdefgh' })).code).toBe(0);
    expect(await set({ wifiType: '2.4G', wifiName: '', wifiPass: 'abcdefgh' })).toMatchObject({ code: -1 });
    expect(await set({ wifiType: '2.4G', wifiName: 'ok', wifiPass: 'short12' })).toMatchObject({
      code: -1,
      message: 'Wi-Fi password: must be 8 to 63 printable characters (letters, digits, symbols)',
    });
    expect(await set({ wifiType: '2.4G', wifiName: 'ok', wifiPass: 'x'.repeat(64) })).toMatchObject({ code: -1 });
    expect(await set({ wifiType: '2.4G', wifiName: 'ok', wifiPass: '密码密码密码密码' })).toMatchObject({ code: -1 });
    expect(await set({ wifiType: '5G', wifiName: 'ok', wifiPass: 'abcdefgh' })).toMatchObject({
      code: -1,
      message: 'Wi-Fi band: this device has no such Wi-Fi band',
    });
  });

  it('refuses a second command of the same kind and band while the first is open', async () => {
    const { c } = await loggedIn();
    const [a, b] = await Promise.all([
      c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'A', wifiPass: 'aaaaaaaa' }),
      c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'B', wifiPass: 'bbbbbbbb' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([-1, 0]);
    expect([a, b].find((x) => x.code === -1)!.message).toBe('the device is still carrying out the same operation: wait until it finishes');
    const other = await c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '2.4G', showWifi: false });
    expect(other.code).toBe(0);
    await until(c, other.data.commandId, 'applied');
    await vi.waitFor(async () => expect((await wifiOf(c, '2.4G')).showWifi).toBe(false));
  });

  it('a plain SIM has no device to control', async () => {
    const { simNo } = await makeCard(t.app, { mobile: uniqueMobile() });
    const c = client(t.app, await provenSimLogin(t.app, simNo));
    expect(await c.post('/api/iot/iotDevice/restart', {})).toMatchObject({
      code: -1,
      message: 'this card is not in a portable Wi-Fi device',
    });
  });
});

describe('restart, Wi-Fi off and reset', () => {
  it('restart takes the device off line, then applies', async () => {
    const { c } = await loggedIn();
    const r = await c.post('/api/iot/iotDevice/restart', {});
    expect(r.code).toBe(0);
    await vi.waitFor(async () => expect((await c.get('/api/iot/iotDevice/status')).data.rebooting).toBe(true), {
      timeout: 3_000,
      interval: 20,
    });
    await until(c, r.data.commandId, 'applied');
    expect((await c.get('/api/iot/iotDevice/status')).data).toMatchObject({ online: true, rebooting: false });
  });

  it('Wi-Fi off needs the confirmation and the pay password; on again needs neither', async () => {
    const { c } = await loggedIn({ payPassword: '135790' });
    const off = (b: object) => c.post('/api/iot/iotDevice/close', { wifiType: '2.4G', ...b });
    expect(await off({ payPassword: '135790' })).toMatchObject({ code: -1, message: 'Confirmation: confirm the operation first' });
    expect(await off({ confirm: true })).toMatchObject({ code: 41001 });
    expect(await off({ confirm: true, payPassword: '000000' })).toMatchObject({ code: -1 });
    const r = await off({ confirm: true, payPassword: '135790' });
    expect(r.code).toBe(0);
    await until(c, r.data.commandId, 'applied');
    expect((await wifiOf(c, '2.4G')).switchWifi).toBe(false);
    const on = await c.post('/api/iot/iotDevice/close', { wifiType: '2.4G', switchWifi: true });
    await until(c, on.data.commandId, 'applied');
    expect((await wifiOf(c, '2.4G')).switchWifi).toBe(true);
  });

  it('reset asks for a pay password to be set first, then restores factory settings', async () => {
    const none = await loggedIn();
    expect(await none.c.post('/api/iot/iotDevice/reset', { confirm: true })).toMatchObject({
      code: -1,
      message: 'Pay password: set a pay password first: this operation needs it',
    });
    const { c, deviceNo } = await loggedIn({ payPassword: '246802' });
    expect(await c.post('/api/iot/iotDevice/reset', { confirm: false, payPassword: '246802' })).toMatchObject({ code: -1 });
    const r = await c.post('/api/iot/iotDevice/reset', { confirm: true, payPassword: '246802' });
    expect(r.code).toBe(0);
    await until(c, r.data.commandId, 'applied');
    expect(await wifiOf(c, '2.4G')).toMatchObject({ wifiName: `MiFi-${deviceNo.slice(-4)}`, wifiPass: deviceNo.slice(-8) });
    expect(await wifiOf(c, '5G')).toMatchObject({ wifiName: `MiFi-${deviceNo.slice(-4)}-5G` });
  });
});

describe('device reports', () => {
  it('update the connected clients, the traffic meter and the online state on the dashboard', async () => {
    const { c, deviceNo } = await loggedIn();
    await (t.app.deviceProvider as DeviceSimulator).watch(deviceNo);
    await vi.waitFor(async () => {
      const info = (await c.get('/api/iot/simInfo')).data;
      expect(info.device.live).toMatchObject({ online: true, clients: 1, trafficMb: 2 });
      expect(info.device.wifis.map((w: { wifiType: string; connCount: number }) => [w.wifiType, w.connCount])).toEqual([
        ['2.4G', 1],
        ['5G', 0],
      ]);
    });
    expect((await c.get('/api/iot/iotDevice/status')).data).toMatchObject({
      deviceNo,
      online: true,
      clients: 1,
      trafficMb: 2,
      rebooting: false,
    });
  });
});

describe('switch network', () => {
  it('switches to a real-named SIM with a package, refuses a second switch meanwhile, and the device reports it', async () => {
    const { c, second, first } = await loggedIn();
    const before = (await c.get('/api/iot/simSwitchNetInfo')).data;
    expect(before.deviceNetworkMode).toBe(1);
    expect(
      before.sims.map((s: { simNo: string; inUse: boolean; realnamed: boolean; hasPackage: boolean }) => [
        s.simNo,
        s.inUse,
        s.realnamed,
        s.hasPackage,
      ]),
    ).toEqual([
      [first.simNo, true, true, true],
      [second.simNo, false, true, true],
    ]);
    expect(before.sims[1]).toMatchObject({ operatorType: 2, surplusFlow: 10_240 });
    const r = await c.post('/api/iot/simSwitchNet', { simNo: second.simNo });
    expect(r).toMatchObject({ code: 0, data: { kind: 'switchSim' } });
    expect(await c.post('/api/iot/simSwitchNet', { simNo: second.simNo })).toMatchObject({
      code: -1,
      message: 'a SIM switch is in progress: wait until it finishes',
    });
    await until(c, r.data.commandId, 'applied');
    const after = (await c.get('/api/iot/simSwitchNetInfo')).data;
    expect(after.sims.map((s: { inUse: boolean }) => s.inUse)).toEqual([false, true]);
    expect(after).toMatchObject({ deviceNetworkMode: 2, targetSimNo: second.simNo, switching: { state: 'applied' } });
    const mode = await c.post('/api/iot/simSwitchNet', { deviceNetworkMode: 1 });
    await until(c, mode.data.commandId, 'applied');
    expect((await c.get('/api/iot/simInfo')).data.deviceNetworkMode).toBe(1);
  });

  it('refuses a SIM that is not real-named, one without a package, the one in use and one of another device', async () => {
    const a = await loggedIn({ secondRealnamed: false });
    expect(await a.c.post('/api/iot/simSwitchNet', { simNo: a.second.simNo })).toMatchObject({
      code: -1,
      message: 'Card number: this SIM is not real-named yet: complete its real-name authentication first',
    });
    expect(await a.c.post('/api/iot/simSwitchNet', { simNo: a.first.simNo })).toMatchObject({
      code: -1,
      message: 'Card number: the device already uses this SIM',
    });
    const b = await loggedIn({ secondPackage: false });
    expect(await b.c.post('/api/iot/simSwitchNet', { simNo: b.second.simNo })).toMatchObject({
      code: -1,
      message: 'Card number: this SIM has no package in effect: buy one first',
    });
    expect(await b.c.post('/api/iot/simSwitchNet', { simNo: a.second.simNo })).toMatchObject({
      code: -1,
      message: 'Card number: this SIM is not in the device',
    });
    expect(await b.c.post('/api/iot/simSwitchNet', {})).toMatchObject({ code: -1 });
  });
});

describe('terminal authorisation', () => {
  it('lists the phones the device saw; a code to the owner lets one in through the device', async () => {
    const { c, deviceNo } = await loggedIn();
    await (t.app.deviceProvider as DeviceSimulator).watch(deviceNo);
    const list = await vi.waitFor(async () => {
      const r = (await c.post('/api/iot/deviceWirelessAuthList', {})).data;
      expect(r.list).toHaveLength(3);
      return r;
    });
    expect(list.deviceNo).toBe(deviceNo);
    const waiting = list.list.find((x: { authorized: boolean; name: string }) => !x.authorized && x.name === 'HUAWEI-P60');
    expect(waiting).toMatchObject({ mac: 'A4:50:46:33:71:02', mobile: '', commandState: '' });
    const owner = uniqueMobile();
    expect(await c.post('/api/iot/deviceTerminalAuthSms', { mobile: owner, mac: '00:11:22:33:44:55' })).toMatchObject({
      code: -1,
      message: 'MAC address: the device has not seen this phone',
    });
    const sent = await c.post('/api/iot/deviceTerminalAuthSms', { mobile: owner, mac: 'a4-50-46-33-71-02' });
    expect(sent.code).toBe(0);
    const wrong = sent.data.devCode === '000000' ? '111111' : '000000';
    expect((await c.post('/api/iot/deviceTerminalAuth', { mobile: owner, mac: 'A4:50:46:33:71:02', code: wrong })).code).toBe(-1);
    expect(
      (await c.post('/api/iot/deviceTerminalAuth', { mobile: uniqueMobile(), mac: 'A4:50:46:33:71:02', code: sent.data.devCode })).code,
    ).toBe(-1);
    const ok = await c.post('/api/iot/deviceTerminalAuth', { mobile: owner, mac: 'A4:50:46:33:71:02', code: sent.data.devCode });
    expect(ok).toMatchObject({ code: 0, data: { kind: 'terminalAuth' } });
    await until(c, ok.data.commandId, 'applied');
    const after = (await c.post('/api/iot/deviceWirelessAuthList', {})).data.list.find(
      (x: { mac: string }) => x.mac === 'A4:50:46:33:71:02',
    );
    expect(after).toMatchObject({ authorized: true, mobile: `${owner.slice(0, 3)}****${owner.slice(-4)}`, commandState: 'applied' });
    expect(await c.post('/api/iot/deviceTerminalAuthSms', { mobile: owner, mac: 'A4:50:46:33:71:02' })).toMatchObject({
      code: -1,
      message: 'MAC address: this phone is already authorised',
    });
  });
});

describe('commands', () => {
  it('a duplicate or late answer changes nothing, and another device cannot move a command', async () => {
    const { c, deviceNo } = await loggedIn();
    const r = await c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: false });
    const id = r.data.commandId as string;
    await until(c, id, 'applied');
    // A duplicate of the device's answers (MQTT QoS 1 may deliver twice) is handled once.
    const row = await t.app.db.db.selectFrom('iot_device_commands').selectAll().where('command_id', '=', id).executeTakeFirstOrThrow();
    await t.app.iotDevice.handle({ type: 'ack', deviceNo, ack: { id, ok: false, error: 'late' } });
    await t.app.iotDevice.handle({ type: 'state', deviceNo, state: { online: true, applied: id } });
    const again = await t.app.db.db.selectFrom('iot_device_commands').selectAll().where('command_id', '=', id).executeTakeFirstOrThrow();
    expect(again).toEqual(row);
    // Another device's answer never moves this device's command.
    const other = await loggedIn();
    const o = await other.c.post('/api/iot/iotDevice/restart', {});
    await t.app.iotDevice.handle({ type: 'ack', deviceNo, ack: { id: o.data.commandId, ok: false, error: 'x' } });
    expect((await other.c.get(`/api/iot/iotDevice/command?commandId=${o.data.commandId}`)).data.state).not.toBe('failed');
    expect(await c.get(`/api/iot/iotDevice/command?commandId=${o.data.commandId}`)).toMatchObject({ code: -1 });
  });
});

describe('two server instances', () => {
  it('hold one switch at a time between them, and each shows the state the other recorded', async () => {
    const pair = await createTestAppPair({ device: FAST_DEVICE });
    try {
      const d = await makeDevice(pair.apps[0]);
      const headers = await provenSimLogin(pair.apps[0], d.first.simNo);
      const [c0, c1] = pair.apps.map((a) => client(a, headers)) as [C, C];
      const [a, b] = await Promise.all([
        c0.post('/api/iot/simSwitchNet', { simNo: d.second.simNo }),
        c1.post('/api/iot/simSwitchNet', { simNo: d.second.simNo }),
      ]);
      expect([a.code, b.code].sort()).toEqual([-1, 0]);
      expect([a, b].find((x) => x.code === -1)!.message).toBe('a SIM switch is in progress: wait until it finishes');
      const id = [a, b].find((x) => x.code === 0)!.data.commandId as string;
      await until(c0, id, 'applied');
      expect((await c1.get(`/api/iot/iotDevice/command?commandId=${id}`)).data.state).toBe('applied');
      expect((await c1.get('/api/iot/simSwitchNetInfo')).data.sims.map((s: { inUse: boolean }) => s.inUse)).toEqual([false, true]);
    } finally {
      await pair.close();
    }
  });
});
