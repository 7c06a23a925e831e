/**
 * The device provider: how the server talks to portable Wi-Fi devices. Commands go out with an
 * id and a deadline; the device answers with an ack (it has the command, or refuses it), its state
 * (after applying a command, after a restart, when it comes online or goes offline) and periodic
 * reports (battery, signal, clients, the SIM in use, traffic). Two implementations: the in-process
 * simulator (default) and MQTT (`devices/{deviceNo}/cmd` out; `/ack`, `/state`, `/report`, `/sms` in).
 */
import type { CommandKind } from '@simshop/contract/iot-device';

export type Band = '2.4G' | '5G';

/** A command as the device receives it (the JSON payload of `devices/{deviceNo}/cmd`). */
export interface CommandMessage {
  id: string;
  kind: CommandKind;
  params: Record<string, unknown>;
  /** The device ignores a command it receives after this (epoch ms): no late effect after a timeout. */
  expiresAt: number;
}

/** `devices/{deviceNo}/ack` */
export interface AckMessage {
  id: string;
  ok: boolean;
  error?: string;
}

export interface BandState {
  name: string;
  pass: string;
  show: boolean;
  on: boolean;
}

/** `devices/{deviceNo}/state` (retained; the last will is `{ "online": false }`). */
export interface StateMessage {
  online: boolean;
  rebooting?: boolean;
  /** The command whose effect this state shows (the device applied it). */
  applied?: string;
  /** Increases by one with every command the device applies (at-most-once checks). */
  version?: number;
  bands?: Partial<Record<Band, BandState>>;
  networkMode?: number;
  currentIccid?: string;
  /** MACs of the phones the device lets through. */
  authorized?: string[];
  /** MACs of the clients the device refuses (security centre). */
  blocked?: string[];
  /** Clients of the Wi-Fi cannot reach each other. */
  apIsolation?: boolean;
  /** The night schedule the device keeps (Wi-Fi off from `off` to `on`, device time UTC+8, days 1 Monday … 7 Sunday). */
  schedule?: { enabled: boolean; off: string; on: string; days: number[] };
}

export interface ClientReport {
  mac: string;
  name: string;
  band: Band;
  authorized: boolean;
  /** The device refuses it (it stays listed, with no traffic). */
  blocked?: boolean;
  /** What it used through the device this month (KB). */
  trafficKb?: number;
}

/** `devices/{deviceNo}/report`, every N seconds. */
export interface ReportMessage {
  battery: number;
  signal: number;
  /** Signal bars of every SIM the device holds, by ICCID. */
  sims: { iccid: string; signal: number }[];
  currentIccid: string;
  clients: ClientReport[];
  /** The device's traffic counter this month (KB). */
  trafficKb: number;
  maxClients?: Partial<Record<Band, number>>;
  /** The night schedule holds the Wi-Fi off right now. */
  asleep?: boolean;
}

/** `devices/{deviceNo}/sms`: a text message the device's SIM received (QoS 1: may come twice; `id` is the device's own). */
export interface SmsMessage {
  id: string;
  from: string;
  text: string;
  /** When the device received it (epoch ms). */
  at: number;
}

export type DeviceEvent =
  | { type: 'ack'; deviceNo: string; ack: AckMessage }
  | { type: 'state'; deviceNo: string; state: StateMessage }
  | { type: 'report'; deviceNo: string; report: ReportMessage }
  | { type: 'sms'; deviceNo: string; sms: SmsMessage };

export interface DeviceProvider {
  readonly name: 'simulator' | 'mqtt';
  /** Hands the command to the device (MQTT: once the broker has it, QoS 1). Rejects when it cannot be delivered. */
  send(deviceNo: string, command: CommandMessage): Promise<void>;
  /** Where the device's acks, states and reports go. */
  onEvent(listener: (event: DeviceEvent) => Promise<void>): void;
  close(): Promise<void>;
}

/** The topics of a device. */
export const topics = (deviceNo: string) => ({
  cmd: `devices/${deviceNo}/cmd`,
  ack: `devices/${deviceNo}/ack`,
  state: `devices/${deviceNo}/state`,
  report: `devices/${deviceNo}/report`,
  sms: `devices/${deviceNo}/sms`,
});

/** Device numbers are letters and digits: nothing that could leave the device's topics. */
export const isDeviceNo = (s: string) => /^[A-Za-z0-9_-]{1,40}$/.test(s);
