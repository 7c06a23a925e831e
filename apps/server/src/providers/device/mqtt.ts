/**
 * The MQTT device provider (DEVICE_PROVIDER=mqtt): commands are published with QoS 1 to
 * `devices/{deviceNo}/cmd`; the devices' `ack`, `state`, `report` and `sms` topics are read with QoS 1
 * through one subscription each (`devices/+/ack` …). Every instance of the server receives every
 * message; the service's updates are conditional, so a message handled twice changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import { lazyRequire } from '../../lib/lazy-require.ts';

/** The MQTT client library, loaded when this provider is made (DEVICE_PROVIDER=mqtt). */
const mqttLib = lazyRequire<typeof import('mqtt')>('mqtt');

import { type CommandMessage, type DeviceEvent, type DeviceProvider, isDeviceNo, topics } from './types.ts';

export interface MqttOptions {
  url: string;
  /** How long a publish may wait for the broker before the command counts as not delivered. */
  publishTimeoutMs?: number;
  onError?: (err: Error) => void;
}

const TOPIC = /^devices\/([^/]+)\/(ack|state|report|sms)$/;

export class MqttDeviceProvider implements DeviceProvider {
  readonly name = 'mqtt' as const;
  private readonly client: MqttClient;
  private listener: (event: DeviceEvent) => Promise<void> = async () => {};
  private readonly ready: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: MqttOptions) {
    this.client = mqttLib().connect(options.url, {
      clientId: `simshop-${randomBytes(6).toString('hex')}`,
      clean: true,
      reconnectPeriod: 2_000,
      connectTimeout: 5_000,
      // A command is never queued while the broker is away: it fails and the holder may retry.
      queueQoSZero: false,
    });
    this.client.on('error', (err) => options.onError?.(err));
    this.client.on('message', (topic, payload) => this.handle(topic, payload));
    const subscribe = () =>
      this.client.subscribeAsync({
        'devices/+/ack': { qos: 1 },
        'devices/+/state': { qos: 1 },
        'devices/+/report': { qos: 1 },
        'devices/+/sms': { qos: 1 },
      });
    this.ready = new Promise<void>((resolve) => {
      this.client.once('connect', () => resolve(subscribe().then(() => undefined)));
    });
    // After a reconnection with a clean session the subscriptions are made again.
    this.client.on('connect', (ack) => {
      if (!ack.sessionPresent) void subscribe().catch((err) => options.onError?.(err as Error));
    });
  }

  /** Resolves once connected and subscribed (or rejects after `ms`). */
  async connected(ms = 5_000): Promise<void> {
    await withTimeout(this.ready, ms, `MQTT broker ${this.options.url} did not answer`);
  }

  onEvent(listener: (event: DeviceEvent) => Promise<void>): void {
    this.listener = listener;
  }

  private handle(topic: string, payload: Buffer) {
    const m = TOPIC.exec(topic);
    if (!m) return;
    const deviceNo = m[1]!;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (!body || typeof body !== 'object') return;
    const kind = m[2] as 'ack' | 'state' | 'report' | 'sms';
    const event: DeviceEvent =
      kind === 'ack'
        ? { type: 'ack', deviceNo, ack: body as never }
        : kind === 'state'
          ? { type: 'state', deviceNo, state: body as never }
          : kind === 'sms'
            ? { type: 'sms', deviceNo, sms: body as never }
            : { type: 'report', deviceNo, report: body as never };
    const p = this.listener(event)
      .catch((err) => this.options.onError?.(err as Error))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async send(deviceNo: string, command: CommandMessage): Promise<void> {
    if (!isDeviceNo(deviceNo)) throw new Error(`bad device number ${deviceNo}`);
    if (!this.client.connected) throw new Error('MQTT broker not connected');
    await withTimeout(
      this.client.publishAsync(topics(deviceNo).cmd, JSON.stringify(command), { qos: 1 }),
      this.options.publishTimeoutMs ?? 5_000,
      'MQTT broker did not acknowledge the command',
    );
  }

  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
    await this.settle();
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
