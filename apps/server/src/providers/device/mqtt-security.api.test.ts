/**
 * The security centre over MQTT: a real Mosquitto broker (started here on a free port, stopped after)
 * and the device simulator program (`npm run device-sim`) as a separate process: blocking a client,
 * the night schedule and the SIM's text messages on `devices/{deviceNo}/sms`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeDevice } from '../../modules/iot-device/test-kit.ts';
import { card, client, simLogin } from '../../modules/iot-money/test-kit.ts';
import type { MqttDeviceProvider } from './mqtt.ts';

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
async function startDeviceSim(deviceNo: string, iccids: string[], extra: string[] = []) {
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
      ...extra,
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

type Client = { mac: string; blocked: boolean; trafficMb: number };
const IPHONE = '3C:22:FB:10:20:01';

describe('security centre over MQTT with Mosquitto and device-sim', () => {
  it('blocks a client (command → ack → applied state), the reports show it blocked; the night schedule is kept by the device', async () => {
    const { c, deviceNo, iccids } = await setUp();
    await startDeviceSim(deviceNo, iccids);
    await vi.waitFor(
      async () => {
        const clients = (await c.get('/api/iot/iotDevice/security')).data.clients as Client[];
        expect(clients.map((x) => x.mac).sort()).toEqual(['28:6C:07:5E:9A:03', IPHONE, 'A4:50:46:33:71:02']);
      },
      { timeout: 8_000, interval: 100 },
    );
    const r = await c.post('/api/iot/iotDevice/blockClient', { mac: IPHONE, block: true });
    expect(r.code).toBe(0);
    expect(['sent', 'acked']).toContain(r.data.state);
    await until(c, r.data.commandId, 'applied');
    const stored = await t.app.db.db
      .selectFrom('iot_device_commands')
      .selectAll()
      .where('command_id', '=', r.data.commandId)
      .executeTakeFirstOrThrow();
    expect(stored.acked_at).not.toBeNull();
    expect(JSON.parse(stored.params)).toEqual({ mac: IPHONE, block: true });
    const iphone = async () => ((await c.get('/api/iot/iotDevice/security')).data.clients as Client[]).find((x) => x.mac === IPHONE)!;
    expect(await iphone()).toMatchObject({ blocked: true });
    // Reports every second while blocked: its traffic stops growing.
    const at = (await iphone()).trafficMb;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await iphone()).toMatchObject({ blocked: true, trafficMb: at });

    const s = await c.post('/api/iot/iotDevice/wifiSchedule', { enabled: true, off: '23:00', on: '07:00', days: [6, 7] });
    await until(c, s.data.commandId, 'applied');
    const iso = await c.post('/api/iot/iotDevice/apIsolation', { enabled: true });
    await until(c, iso.data.commandId, 'applied');
    expect((await c.get('/api/iot/iotDevice/security')).data).toMatchObject({
      apIsolation: true,
      schedule: { enabled: true, off: '23:00', on: '07:00', days: [6, 7] },
    });
  });

  it("the SIM's text messages arrive on the sms topic, each kept once, and the holder reads them", async () => {
    const { c, deviceNo, iccids } = await setUp();
    const proc = await startDeviceSim(deviceNo, iccids, ['--sms', '10001:Your data plan renews on the 1st.']);
    const inbox = await vi.waitFor(
      async () => {
        const r = (await c.get('/api/iot/iotDevice/smsList')).data;
        expect(r.list.map((m: { from: string }) => m.from).sort()).toEqual(['10001', '10086']);
        return r;
      },
      { timeout: 8_000, interval: 100 },
    );
    expect(inbox.unread).toBe(2);
    const renew = inbox.list.find((m: { from: string }) => m.from === '10001');
    expect(renew.text).toBe('Your data plan renews on the 1st.');
    // The device comes back and publishes its inbox again: nothing is kept twice.
    proc.kill('SIGTERM');
    await new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    devices.delete(proc);
    await startDeviceSim(deviceNo, iccids);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await c.get('/api/iot/iotDevice/smsList')).data.list).toHaveLength(2);
    const read = await c.post('/api/iot/iotDevice/smsRead', { id: renew.id });
    expect(read.data.unread).toBe(1);
  });
});
