/**
 * The security centre over MQTT: a real Mosquitto broker (started here on a free port, stopped after)
 * and the device simulator program (`npm run device-sim`) as a separate process: blocking a client,
 * the night schedule and the SIM's text messages on `devices/{deviceNo}/sms`.
 */
import { describe, expect, it, vi } from 'vitest';
import { mqttTestKit } from './mqtt-test-kit.ts';

const kit = mqttTestKit();
const { startDeviceSim, setUp, until } = kit;

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
    const stored = await kit.app.db.db
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
    await startDeviceSim(deviceNo, iccids);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await c.get('/api/iot/iotDevice/smsList')).data.list).toHaveLength(2);
    const read = await c.post('/api/iot/iotDevice/smsRead', { id: renew.id });
    expect(read.data.unread).toBe(1);
  });
});
