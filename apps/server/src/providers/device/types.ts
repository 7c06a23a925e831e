/**
 * The device provider: how the server talks to portable Wi-Fi devices. Commands go out with an
 * id and a deadline; the device answers with an ack (it has the command, or refuses it), its state
 * (after applying a command, after a restart, when it comes online or goes offline) and periodic
 * reports (battery, signal, clients, the SIM in use, traffic). Two implementations: the in-process
 * simulator (default) and MQTT (`devices/{deviceNo}/cmd` out; `/ack`, `/state`, `/report` in).
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
}

export interface ClientReport {
  mac: string;
  name: string;
  band: Band;
  authorized: boolean;
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
}

export type DeviceEvent =
  | { type: 'ack'; deviceNo: string; ack: AckMessage }
  | { type: 'state'; deviceNo: string; state: StateMessage }
  | { type: 'report'; deviceNo: string; report: ReportMessage };

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
});

/** Device numbers are letters and digits: nothing that could leave the device's topics. */
export const isDeviceNo = (s: string) => /^[A-Za-z0-9_-]{1,40}$/.test(s);
