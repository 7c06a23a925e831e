/**
 * A portable Wi-Fi on an MQTT broker, for trying DEVICE_PROVIDER=mqtt end to end:
 *
 *   npm run device-sim -- --device MF0000000001 --mqtt mqtt://127.0.0.1:1883 [--report-seconds 10]
 *
 * It reads `devices/{device}/cmd` (QoS 1, a persistent session, so commands sent while it was away
 * arrive when it is back and are refused once past their deadline), acknowledges each command on
 * `/ack`, applies it once (restart and reset take the device off line for --reboot-seconds), publishes
 * its state on `/state` (retained; the last will says off line) and reports every --report-seconds on
 * `/report`, and publishes the SIM's text messages on `/sms` (its inbox when it comes on line; `--sms
 * "from:text"` adds one more). Defaults are the demo device's SIMs and Wi-Fi settings.
 */
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { Mifi, type MifiSettings } from './mifi.ts';
import { type CommandMessage, isDeviceNo, topics } from './types.ts';

const { values } = parseArgs({
  options: {
    device: { type: 'string', default: 'MF0000000001' },
    mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
    'report-seconds': { type: 'string', default: '10' },
    'reboot-seconds': { type: 'string', default: '5' },
    'switch-seconds': { type: 'string', default: '3' },
    iccids: { type: 'string', default: '89860400000000000002,89860100000000000005' },
    current: { type: 'string' },
    ssid24: { type: 'string', default: 'SimShop-2.4G' },
    pass24: { type: 'string', default: 'simshop24' },
    ssid5: { type: 'string', default: 'SimShop-5G' },
    pass5: { type: 'string', default: 'simshop5g' },
    'no-5g': { type: 'boolean', default: false },
    sms: { type: 'string', multiple: true, default: [] },
  },
});

const deviceNo = values.device;
if (!isDeviceNo(deviceNo)) {
  console.error(`--device: ${deviceNo} is not a device number`);
  process.exit(2);
}
const seconds = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < 0) {
    console.error(`--${name}: must be a number of seconds`);
    process.exit(2);
  }
  return n * 1000;
};
const iccids = values.iccids.split(',').filter(Boolean);
const suffix = deviceNo.slice(-4);
const factoryPass = deviceNo.slice(-8).padStart(8, '0');
const settings: MifiSettings = {
  bands: {
    '2.4G': { name: values.ssid24, pass: values.pass24, show: true, on: true },
    ...(values['no-5g'] ? {} : { '5G': { name: values.ssid5, pass: values.pass5, show: true, on: true } }),
  },
  factory: {
    '2.4G': { name: `MiFi-${suffix}`, pass: factoryPass, show: true, on: true },
    ...(values['no-5g'] ? {} : { '5G': { name: `MiFi-${suffix}-5G`, pass: factoryPass, show: true, on: true } }),
  },
  iccids,
  currentIccid: values.current ?? iccids[0] ?? '',
  networkMode: 1,
};

const t = topics(deviceNo);
const client = mqtt.connect(values.mqtt, {
  clientId: `device-${deviceNo}`,
  clean: false,
  reconnectPeriod: 1_000,
  will: { topic: t.state, payload: Buffer.from(JSON.stringify({ online: false })), qos: 1, retain: true },
});
const publish = (topic: string, body: unknown, retain = false) => client.publish(topic, JSON.stringify(body), { qos: 1, retain });

const device: Mifi = new Mifi(
  deviceNo,
  settings,
  {
    ack: (ack) => publish(t.ack, ack),
    state: (state) => {
      publish(t.state, state, true);
      console.log(`${deviceNo} state: online=${state.online}${state.applied ? ` applied ${state.applied}` : ''} version ${state.version}`);
    },
    report: (report) => publish(t.report, report),
    sms: (sms) => publish(t.sms, sms),
  },
  { rebootMs: seconds('reboot-seconds'), switchMs: seconds('switch-seconds'), applyMs: 300, now: Date.now },
);

client.on('connect', () => {
  client.subscribe(t.cmd, { qos: 1 }, (err) => {
    if (err) {
      console.error(`cannot subscribe to ${t.cmd}: ${err.message}`);
      process.exit(1);
    }
    publish(t.state, device.state(), true);
    device.report();
    device.publishInbox();
    console.log(`${deviceNo} online at ${values.mqtt}`);
  });
});
client.on('message', (_topic, payload) => {
  let cmd: CommandMessage;
  try {
    cmd = JSON.parse(payload.toString('utf8')) as CommandMessage;
  } catch {
    return;
  }
  if (typeof cmd?.id !== 'string' || typeof cmd.kind !== 'string') return;
  console.log(`${deviceNo} command ${cmd.kind} ${cmd.id}`);
  device.receive({ ...cmd, params: cmd.params ?? {} });
});
client.on('error', (err) => console.error(`MQTT: ${err.message}`));

for (const line of values.sms) {
  const at = line.indexOf(':');
  if (at > 0) device.receiveSms(line.slice(0, at), line.slice(at + 1));
}

const reportMs = seconds('report-seconds');
const timer = reportMs > 0 ? setInterval(() => device.report(), reportMs) : undefined;

const stop = () => {
  if (timer) clearInterval(timer);
  device.close();
  // A clean goodbye publishes the off-line state itself (the broker sends the last will only on a lost connection).
  client.publish(t.state, JSON.stringify({ online: false }), { qos: 1, retain: true }, () => client.end(false, () => process.exit(0)));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
