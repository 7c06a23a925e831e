/**
 * The security centre of a portable Wi-Fi through the in-process device simulator: clients blocked
 * and let in again, AP isolation, the night Wi-Fi schedule the device keeps, the SIM's SMS inbox, and
 * the capability that gates them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { scheduleAsleep } from '../../providers/device/mifi.ts';
import type { DeviceSimulator } from '../../providers/device/simulator.ts';
import { makeOperator, randomIp, signIn } from '../admin/test-kit.ts';
import { client, makeCardClient, provenSimLogin, uniqueMobile } from '../iot-money/test-kit.ts';
import { makeDevice } from './test-kit.ts';

const device = {
  provider: 'simulator' as const,
  mqttUrl: '',
  commandTimeoutMs: 10_000,
  simulator: { reportMs: 0, rebootMs: 300, switchMs: 200, applyMs: 100 },
};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ device });
});
afterAll(async () => t.close());

const sim = () => t.app.deviceProvider as DeviceSimulator;

/** A device of the test's own (its model too), on line and reported once, with the holder logged in. */
async function onLine() {
  const model = `MiFi ${randomBytes(4).toString('hex')}`;
  const d = await makeDevice(t.app, { model });
  const c = client(t.app, await provenSimLogin(t.app, d.first.simNo));
  await sim().watch(d.deviceNo);
  await sim().settle();
  return { ...d, model, c };
}

type C = Awaited<ReturnType<typeof onLine>>['c'];

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

const IPHONE = '3C:22:FB:10:20:01';
const HUAWEI = 'A4:50:46:33:71:02';
const XIAOMI = '28:6C:07:5E:9A:03';

type Client = {
  mac: string;
  name: string;
  band: string;
  blocked: boolean;
  authorized: boolean | null;
  trafficMb: number;
  commandState: string;
};
const clientsOf = async (c: C) =>
  ((await c.get('/api/iot/iotDevice/security')).data.clients as Client[]).sort((a, b) => a.mac.localeCompare(b.mac));

describe('connected clients', () => {
  it('lists the clients the device reports with their band and traffic; a blocked client gets no traffic until let in again', async () => {
    const { c } = await onLine();
    const before = await clientsOf(c);
    expect(before.map((x) => [x.mac, x.name, x.band, x.blocked, x.trafficMb, x.commandState])).toEqual([
      [XIAOMI, 'Xiaomi-13', '2.4G', false, 0, ''],
      [IPHONE, 'iPhone', '2.4G', false, 2, ''],
      [HUAWEI, 'HUAWEI-P60', '5G', false, 0, ''],
    ]);

    const r = await c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE.toLowerCase().replaceAll(':', '-'), block: true });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ kind: 'blockClient', wifiType: '', error: '' });
    expect(['sent', 'acked']).toContain(r.data.state);
    // The same client again while the first command is open: refused.
    expect((await c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE, block: true })).message).toBe(
      'the device is still carrying out the same operation: wait until it finishes',
    );
    await until(c, r.data.commandId, 'applied');
    const blocked = (await clientsOf(c)).find((x) => x.mac === IPHONE)!;
    expect([blocked.blocked, blocked.commandState]).toEqual([true, 'applied']);

    // Reports while blocked: its traffic stays where it was.
    await sim().reportAll();
    await sim().settle();
    expect((await clientsOf(c)).map((x) => [x.mac, x.blocked, x.trafficMb])).toEqual([
      [XIAOMI, false, 0],
      [IPHONE, true, 2],
      [HUAWEI, false, 0],
    ]);
    expect((await c.get('/api/iot/iotDevice/status')).data.trafficMb).toBe(2);

    const u = await c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE, block: false });
    await until(c, u.data.commandId, 'applied');
    await sim().reportAll();
    await sim().settle();
    expect((await clientsOf(c)).find((x) => x.mac === IPHONE)).toMatchObject({ blocked: false, trafficMb: 4, commandState: 'applied' });
    const kinds = (await c.get('/api/iot/iotDevice/commandList')).data.list.map((x: { kind: string; state: string }) => [x.kind, x.state]);
    expect(kinds).toEqual([
      ['blockClient', 'applied'],
      ['blockClient', 'applied'],
    ]);
  });

  it('refuses a client the device has not seen and a malformed MAC', async () => {
    const { c } = await onLine();
    expect(await c.post('/api/iot/iotDevice/blockClient', { mac: '00:11:22:33:44:55', block: true })).toMatchObject({
      code: -1,
      message: 'MAC address: the device has not seen this phone',
    });
    expect(await c.post('/api/iot/iotDevice/blockClient', { mac: 'not-a-mac', block: true })).toMatchObject({ code: -1 });
    expect(await c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE })).toMatchObject({ code: -1 });
  });
});

describe('one record of phone access', () => {
  it('the security centre says a phone is authorised exactly when Phone access does, and follows its authorisation', async () => {
    const { c } = await onLine();
    const access = async () =>
      ((await c.post('/api/iot/deviceWirelessAuthList', {})).data.list as { mac: string; authorized: boolean }[])
        .map((x) => [x.mac, x.authorized])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    const centre = async () => (await clientsOf(c)).map((x) => [x.mac, x.authorized]);
    expect(await access()).toEqual([
      [XIAOMI, false],
      [IPHONE, true],
      [HUAWEI, false],
    ]);
    expect(await centre()).toEqual([
      [XIAOMI, false],
      [IPHONE, true],
      [HUAWEI, false],
    ]);

    const owner = uniqueMobile();
    const sent = await c.post('/api/iot/deviceTerminalAuthSms', { mobile: owner, mac: HUAWEI });
    expect(sent.code).toBe(0);
    const ok = await c.post('/api/iot/deviceTerminalAuth', { mobile: owner, mac: HUAWEI, code: sent.data.devCode });
    expect(ok.code).toBe(0);
    await until(c, ok.data.commandId, 'applied');
    expect(await centre()).toEqual([
      [XIAOMI, false],
      [IPHONE, true],
      [HUAWEI, true],
    ]);
    expect(await access()).toEqual(await centre());
  });
});

describe('AP isolation and the night schedule', () => {
  it('the device applies them and its state shows them', async () => {
    const { c } = await onLine();
    const start = (await c.get('/api/iot/iotDevice/security')).data;
    expect(start).toMatchObject({
      apIsolation: false,
      schedule: { enabled: false, off: '23:00', on: '07:00', days: [1, 2, 3, 4, 5, 6, 7] },
      apIsolationCommand: null,
      scheduleCommand: null,
    });

    const iso = await c.post('/api/iot/iotDevice/apIsolation', { enabled: true });
    expect(iso.data.kind).toBe('apIsolation');
    await until(c, iso.data.commandId, 'applied');
    const sch = await c.post('/api/iot/iotDevice/wifiSchedule', { enabled: true, off: '23:30', on: '06:45', days: [5, 1, 3] });
    expect(sch.data.kind).toBe('wifiSchedule');
    await until(c, sch.data.commandId, 'applied');
    const after = (await c.get('/api/iot/iotDevice/security')).data;
    expect(after).toMatchObject({
      apIsolation: true,
      schedule: { enabled: true, off: '23:30', on: '06:45', days: [1, 3, 5] },
      apIsolationCommand: { commandId: iso.data.commandId, state: 'applied' },
      scheduleCommand: { commandId: sch.data.commandId, state: 'applied' },
    });
    const stored = await t.app.db.db
      .selectFrom('iot_device_commands')
      .select('params')
      .where('command_id', '=', sch.data.commandId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.params)).toEqual({ enabled: true, off: '23:30', on: '06:45', days: [1, 3, 5] });
  });

  it('checks the schedule: times HH:MM, at least one day each once, off and on apart', async () => {
    const { c } = await onLine();
    const set = (b: object) => c.post('/api/iot/iotDevice/wifiSchedule', b);
    expect(await set({ enabled: true, off: '24:00', on: '07:00', days: [1] })).toMatchObject({
      code: -1,
      message: 'Wi-Fi off at: must be a time HH:MM (00:00 to 23:59)',
    });
    expect(await set({ enabled: true, off: '23:00', on: '7:00', days: [1] })).toMatchObject({ code: -1 });
    expect(await set({ enabled: true, off: '23:00', on: '07:00', days: [] })).toMatchObject({
      code: -1,
      message: 'Days: choose one or more days, each once',
    });
    expect(await set({ enabled: true, off: '23:00', on: '07:00', days: [2, 2] })).toMatchObject({ code: -1 });
    expect(await set({ enabled: true, off: '23:00', on: '07:00', days: [8] })).toMatchObject({ code: -1 });
    const same = await set({ enabled: true, off: '23:00', on: '23:00', days: [1] });
    expect(same.code).toBe(-1);
    expect(same.message).toContain('the Wi-Fi cannot go off and come back at the same time');
    const zh = await c.post(
      '/api/iot/iotDevice/wifiSchedule',
      { enabled: true, off: '23:00', on: '07:00', days: [] },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.message).toContain('请选择至少一天，且不重复');
    expect((await c.post('/api/iot/iotDevice/apIsolation', {})).code).toBe(-1);
  });

  it('the device keeps the Wi-Fi off inside the window (device time UTC+8), past midnight on the day it starts', () => {
    const s = { enabled: true, off: '23:00', on: '07:00', days: [1] };
    // Monday 23:30 and Tuesday 06:59 in UTC+8 (Monday 2026-11-23 15:30 UTC and Monday 22:59 UTC).
    expect(scheduleAsleep(s, Date.UTC(2026, 10, 23, 15, 30))).toBe(true);
    expect(scheduleAsleep(s, Date.UTC(2026, 10, 23, 22, 59))).toBe(true);
    // Tuesday 07:00 and Tuesday 23:30 (Tuesday is not chosen).
    expect(scheduleAsleep(s, Date.UTC(2026, 10, 23, 23, 0))).toBe(false);
    expect(scheduleAsleep(s, Date.UTC(2026, 10, 24, 15, 30))).toBe(false);
    // Sunday 23:30 to Monday 06:00: Sunday not chosen.
    expect(scheduleAsleep(s, Date.UTC(2026, 10, 22, 22, 0))).toBe(false);
    // A window within the day; a schedule turned off.
    expect(scheduleAsleep({ enabled: true, off: '01:00', on: '05:00', days: [2] }, Date.UTC(2026, 10, 23, 18, 0))).toBe(true);
    expect(scheduleAsleep({ ...s, enabled: false }, Date.UTC(2026, 10, 23, 15, 30))).toBe(false);
  });

  it('while the schedule holds the Wi-Fi off the device reports no clients', async () => {
    const { c } = await onLine();
    const r = await c.post('/api/iot/iotDevice/wifiSchedule', { enabled: true, off: '00:00', on: '23:59', days: [1, 2, 3, 4, 5, 6, 7] });
    await until(c, r.data.commandId, 'applied');
    const asleep = scheduleAsleep({ enabled: true, off: '00:00', on: '23:59', days: [1, 2, 3, 4, 5, 6, 7] }, Date.now());
    await sim().reportAll();
    await sim().settle();
    expect((await c.get('/api/iot/iotDevice/status')).data.clients).toBe(asleep ? 0 : 1);
  });
});

describe('SMS inbox', () => {
  it("shows the messages the device's SIM received, each once, newest first; reading one marks it read", async () => {
    const { c, deviceNo } = await onLine();
    const first = (await c.get('/api/iot/iotDevice/smsList')).data;
    expect(first.unread).toBe(1);
    expect(first.list).toHaveLength(1);
    expect(first.list[0]).toMatchObject({ from: '10086', read: false });
    expect(first.list[0].text).toContain(`portable Wi-Fi ${deviceNo}`);

    await sim().deliverSms(deviceNo, '10001', 'You have used 80% of your data this month.');
    await sim().settle();
    // The device publishes its inbox again when it comes back: nothing is kept twice.
    await sim().watch(deviceNo);
    await sim().settle();
    const inbox = (await c.get('/api/iot/iotDevice/smsList')).data;
    expect(inbox.unread).toBe(2);
    expect(inbox.list.map((m: { from: string; read: boolean }) => [m.from, m.read])).toEqual([
      ['10001', false],
      ['10086', false],
    ]);
    expect(inbox.list[0].text).toBe('You have used 80% of your data this month.');
    expect((await c.get('/api/iot/iotDevice/security')).data.unreadSms).toBe(2);

    const read = await c.post('/api/iot/iotDevice/smsRead', { id: inbox.list[0].id });
    expect(read.code).toBe(0);
    expect(read.data.unread).toBe(1);
    expect(read.data.list.map((m: { read: boolean }) => m.read)).toEqual([true, false]);
    // Reading again changes nothing.
    expect((await c.post('/api/iot/iotDevice/smsRead', { id: inbox.list[0].id })).data.unread).toBe(1);
  });

  it("another device's message cannot be read", async () => {
    const a = await onLine();
    const b = await onLine();
    const theirs = (await b.c.get('/api/iot/iotDevice/smsList')).data.list[0].id;
    expect(await a.c.post('/api/iot/iotDevice/smsRead', { id: theirs })).toMatchObject({ code: -1, message: 'Item: no such message' });
    expect((await b.c.get('/api/iot/iotDevice/smsList')).data.unread).toBe(1);
    expect(await a.c.post('/api/iot/iotDevice/smsRead', { id: 'x' })).toMatchObject({ code: -1 });
  });
});

describe('the securityCentre capability', () => {
  it('a model without it and a plain SIM are refused (40001); the other calls of the device keep working', async () => {
    const d = await onLine();
    expect((await d.c.get('/api/iot/simInfo')).data.capabilities).toContain('securityCentre');
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/admin/capabilities',
      payload: { scope: 'model', subject: d.model, capability: 'securityCentre', enabled: false },
      headers: { 'x-forwarded-for': randomIp(), ...owner },
    });
    expect(body(off).code).toBe(0);
    await vi.waitFor(async () => expect((await d.c.get('/api/iot/simInfo')).data.capabilities).not.toContain('securityCentre'), {
      timeout: 4_000,
      interval: 100,
    });
    const calls = [
      await d.c.get('/api/iot/iotDevice/security'),
      await d.c.get('/api/iot/iotDevice/smsList'),
      await d.c.post('/api/iot/iotDevice/smsRead', { id: 1 }),
      await d.c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE, block: true }),
      await d.c.post('/api/iot/iotDevice/apIsolation', { enabled: true }),
      await d.c.post('/api/iot/iotDevice/wifiSchedule', { enabled: true, off: '23:00', on: '07:00', days: [1] }),
    ];
    expect(calls.map((r) => [r.code, r.message])).toEqual(Array(6).fill([40001, 'This card does not offer this feature.']));
    expect((await d.c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '2.4G', showWifi: false })).code).toBe(0);

    const plain = await makeCardClient(t.app, {}, { proven: true });
    expect((await plain.c.get('/api/iot/iotDevice/security')).code).toBe(40001);
    expect((await plain.c.get('/api/iot/iotDevice/smsList')).code).toBe(40001);
  });
});
