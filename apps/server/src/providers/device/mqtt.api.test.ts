/**
 * The MQTT device provider against a real Mosquitto broker (started here on a free port, stopped
 * after) and the device simulator program (`npm run device-sim`) as separate processes.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeDevice } from '../../modules/iot-device/test-kit.ts';
import { card, client, simLogin } from '../../modules/iot-money/test-kit.ts';
import type { MqttDeviceProvider } from './mqtt.ts';
import type { StateMessage } from './types.ts';

const MOSQUITTO = process.env.MOSQUITTO_BIN ?? (existsSync('/usr/sbin/mosquitto') ? '/usr/sbin/mosquitto' : 'mosquitto');
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const sock = new Socket();
    sock.once('connect', () => {
      sock.destroy();
      resolve(true);
    });
    sock.once('error', () => resolve(false));
    sock.connect(port, '127.0.0.1');
  });

let broker: ChildProcess;
let url: string;
let t: TestApp;
const devices = new Set<ChildProcess>();

beforeAll(async () => {
  const port = await freePort();
  url = `mqtt://127.0.0.1:${port}`;
  broker = spawn(MOSQUITTO, ['-p', String(port)], { stdio: 'ignore' });
  await vi.waitFor(async () => expect(await accepts(port)).toBe(true), { timeout: 10_000, interval: 100 });
  t = await createTestApp({
    device: { provider: 'mqtt', mqttUrl: url, commandTimeoutMs: 4_000, simulator: { reportMs: 0, rebootMs: 0, switchMs: 0, applyMs: 0 } },
  });
  await (t.app.deviceProvider as MqttDeviceProvider).connected();
});

afterAll(async () => {
  for (const d of devices) d.kill('SIGKILL');
  await t?.close();
  broker?.kill('SIGTERM');
});

/** Starts `device-sim` for a device of the test's own; resolves once it is on line. */
async function startDeviceSim(deviceNo: string, iccids: string[]) {
  const proc = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/providers/device/device-sim.ts',
      '--device',
      deviceNo,
      '--mqtt',
      url,
      '--report-seconds',
      '1',
      '--reboot-seconds',
      '1',
      '--switch-seconds',
      '1',
      '--iccids',
      iccids.join(','),
      '--ssid24',
      'Test-2.4G',
      '--pass24',
      'test2400',
      '--ssid5',
      'Test-5G',
      '--pass5',
      'test5000',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  devices.add(proc);
  await new Promise<void>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`device-sim exited with ${code}`)));
    proc.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('online at')) resolve();
    });
  });
  return proc;
}

async function setUp() {
  const d = await makeDevice(t.app);
  const headers = await simLogin(t.app, d.first.simNo);
  const iccids = [(await card(t.app, d.first.simNo)).iccid, (await card(t.app, d.second.simNo)).iccid];
  return { ...d, iccids, c: client(t.app, headers) };
}

type C = ReturnType<typeof client>;
const until = (c: C, id: string, state: string, timeout = 8_000) =>
  vi.waitFor(
    async () => {
      const r = await c.get(`/api/iot/iotDevice/command?commandId=${id}`);
      expect(r.data.state).toBe(state);
      return r.data;
    },
    { timeout, interval: 100 },
  );

const row = (id: string) =>
  t.app.db.db.selectFrom('iot_device_commands').selectAll().where('command_id', '=', id).executeTakeFirstOrThrow();

/** A client of the test watching a device's topics, as an observer on the broker. */
async function watcher(deviceNo: string) {
  const m = mqtt.connect(url, { clientId: `watch-${deviceNo}-${Date.now()}` });
  const states: StateMessage[] = [];
  const acks: { id: string; ok: boolean; error?: string }[] = [];
  m.on('message', (topic, payload) => {
    const body = JSON.parse(payload.toString());
    if (topic.endsWith('/state')) states.push(body);
    if (topic.endsWith('/ack')) acks.push(body);
  });
  await new Promise<void>((resolve) => m.once('connect', () => resolve()));
  await m.subscribeAsync([`devices/${deviceNo}/state`, `devices/${deviceNo}/ack`], { qos: 1 });
  return { m, states, acks };
}

describe('MQTT device provider with Mosquitto and device-sim', () => {
  it('command → ack → applied state; the device reports its clients and traffic', async () => {
    const { c, deviceNo, iccids } = await setUp();
    await startDeviceSim(deviceNo, iccids);
    const r = await c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'Over MQTT', wifiPass: 'mqtt-pass-1' });
    expect(r.code).toBe(0);
    expect(['sent', 'acked']).toContain(r.data.state);
    await until(c, r.data.commandId, 'applied');
    const stored = await row(r.data.commandId);
    expect(stored.acked_at).not.toBeNull();
    expect(stored.applied_at).not.toBeNull();
    expect(stored.params).toBe(JSON.stringify({ band: '2.4G', name: 'Over MQTT', pass: '********' }));
    await vi.waitFor(async () => {
      const info = (await c.get('/api/iot/simInfo')).data;
      expect(info.device.wifis[0]).toMatchObject({ wifiName: 'Over MQTT', wifiPass: 'mqtt-pass-1', connCount: 1 });
      expect(info.device.live).toMatchObject({ online: true, clients: 1 });
      expect(info.device.live.trafficMb).toBeGreaterThan(0);
    });
  });

  it('a restart takes the device off line for a while, then the command is applied', async () => {
    const { c, deviceNo, iccids } = await setUp();
    await startDeviceSim(deviceNo, iccids);
    const r = await c.post('/api/iot/iotDevice/restart', {});
    expect(r.code).toBe(0);
    await vi.waitFor(async () => expect((await c.get('/api/iot/iotDevice/status')).data.rebooting).toBe(true), {
      timeout: 5_000,
      interval: 50,
    });
    await until(c, r.data.commandId, 'applied');
  });

  it('a duplicate delivery of a command is acknowledged but applied once', async () => {
    const { c, deviceNo, iccids } = await setUp();
    await startDeviceSim(deviceNo, iccids);
    const w = await watcher(deviceNo);
    try {
      const r = await c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '5G', showWifi: false });
      await until(c, r.data.commandId, 'applied');
      const first = await row(r.data.commandId);
      const applied = () => w.states.filter((s) => s.applied === r.data.commandId);
      await vi.waitFor(() => expect(applied()).toHaveLength(1));
      const version = applied()[0]!.version;
      // QoS 1 may deliver the same message again: the broker gets it a second time.
      const again = { id: r.data.commandId, kind: 'setDisplay', params: { band: '5G', show: false }, expiresAt: first.expires_at };
      await w.m.publishAsync(`devices/${deviceNo}/cmd`, JSON.stringify(again), { qos: 1 });
      await vi.waitFor(() => expect(w.acks.filter((a) => a.id === r.data.commandId)).toHaveLength(2));
      await new Promise((res) => setTimeout(res, 1_000));
      expect(applied()).toHaveLength(1);
      expect(Math.max(...w.states.map((s) => s.version ?? 0))).toBe(version);
      expect(await row(r.data.commandId)).toEqual(first);
      // A command past its deadline is refused by the device: no late effect.
      const late = { id: 'f'.repeat(32), kind: 'restart', params: {}, expiresAt: Date.now() - 1 };
      await w.m.publishAsync(`devices/${deviceNo}/cmd`, JSON.stringify(late), { qos: 1 });
      await vi.waitFor(() => expect(w.acks.find((a) => a.id === late.id)).toEqual({ id: late.id, ok: false, error: 'expired' }));
    } finally {
      await w.m.endAsync();
    }
  });

  it('a command to a device that never answers times out', async () => {
    const { c } = await setUp();
    const r = await c.post('/api/iot/iotDevice/setWiFiSsidPwd', { wifiType: '2.4G', wifiName: 'Nobody', wifiPass: 'nobody-home' });
    expect(r.data.state).toBe('sent');
    const done = await until(c, r.data.commandId, 'timedOut', 10_000);
    expect(done.updatedAt).toBeGreaterThanOrEqual(done.expiresAt);
    expect((await c.get('/api/iot/simInfo')).data.device.wifis[0].wifiName).toBe('Test-2.4G');
  });

  it('a device that went off line refuses new commands until it is back', async () => {
    const { c, deviceNo, iccids } = await setUp();
    const proc = await startDeviceSim(deviceNo, iccids);
    await vi.waitFor(async () => expect((await c.get('/api/iot/iotDevice/status')).data.online).toBe(true));
    proc.kill('SIGTERM');
    await vi.waitFor(async () => expect((await c.get('/api/iot/iotDevice/status')).data.online).toBe(false), {
      timeout: 5_000,
      interval: 50,
    });
    expect(await c.post('/api/iot/iotDevice/restart', {})).toMatchObject({
      code: -1,
      message: 'the device is offline: switch it on and try again',
    });
    await vi.waitFor(async () => expect((await c.get('/api/iot/simInfo')).data.device.onlineStatus).toBe(2));
    await startDeviceSim(deviceNo, iccids);
    await vi.waitFor(async () => expect((await c.get('/api/iot/iotDevice/status')).data.online).toBe(true));
    const r = await c.post('/api/iot/iotDevice/setWiFiDisplay', { wifiType: '2.4G', showWifi: false });
    await until(c, r.data.commandId, 'applied');
  });

  it('switching the SIM in use is applied when the device reports the new SIM', async () => {
    const { c, deviceNo, iccids, second } = await setUp();
    await startDeviceSim(deviceNo, iccids);
    const r = await c.post('/api/iot/simSwitchNet', { simNo: second.simNo });
    expect(r.code).toBe(0);
    await until(c, r.data.commandId, 'applied');
    const info = (await c.get('/api/iot/simSwitchNetInfo')).data;
    expect(info.sims.map((s: { inUse: boolean }) => s.inUse)).toEqual([false, true]);
    expect(info.sims[1].signal).toBeGreaterThanOrEqual(0);
  });
});
