/**
 * For tests of the MQTT device provider: a real Mosquitto broker started on a free port before the
 * file's tests (stopped after), an app connected to it, and device simulator programs
 * (`npm run device-sim`) as separate processes, each for a device of the test's own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeDevice } from '../../modules/iot-device/test-kit.ts';
import { card, client, provenSimLogin } from '../../modules/iot-money/test-kit.ts';
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

type Client = ReturnType<typeof client>;

/** Registers the broker's and the app's start and stop with the calling test file's hooks. */
export function mqttTestKit() {
  let broker: ChildProcess;
  let url = '';
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

  return {
    get app() {
      return t.app;
    },
    get url() {
      return url;
    },
    /** Starts `device-sim` for a device of the test's own; resolves once it is on line. */
    async startDeviceSim(deviceNo: string, iccids: string[], extra: string[] = []) {
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
    },
    /** A device of the test's own with two cards, the first logged in. */
    async setUp() {
      const d = await makeDevice(t.app);
      const headers = await provenSimLogin(t.app, d.first.simNo);
      const iccids = [(await card(t.app, d.first.simNo)).iccid, (await card(t.app, d.second.simNo)).iccid];
      return { ...d, iccids, c: client(t.app, headers) };
    },
    /** Waits for a device command to reach `state`, and returns it. */
    until: (c: Client, id: string, state: string, timeout = 8_000) =>
      vi.waitFor(
        async () => {
          const r = await c.get(`/api/iot/iotDevice/command?commandId=${id}`);
          expect(r.data.state).toBe(state);
          return r.data;
        },
        { timeout, interval: 100 },
      ),
  };
}
