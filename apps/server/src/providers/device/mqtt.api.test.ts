/**
 * The MQTT device provider against a real Mosquitto broker (started here on a free port, stopped
 * after) and the device simulator program (`npm run device-sim`) as separate processes.
 */
import mqtt from 'mqtt';
import { describe, expect, it, vi } from 'vitest';
import { mqttTestKit } from './mqtt-test-kit.ts';
import type { StateMessage } from './types.ts';

const kit = mqttTestKit();
const { startDeviceSim, setUp, until } = kit;

const row = (id: string) =>
  kit.app.db.db.selectFrom('iot_device_commands').selectAll().where('command_id', '=', id).executeTakeFirstOrThrow();

/** A client of the test watching a device's topics, as an observer on the broker. */
async function watcher(deviceNo: string) {
  const m = mqtt.connect(kit.url, { clientId: `watch-${deviceNo}-${Date.now()}` });
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
