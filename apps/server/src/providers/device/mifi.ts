/**
 * A portable Wi-Fi (MiFi) as a device behaves: applies commands at most once (by id, and never
 * after their deadline), restarts for a few seconds, reports battery, signal, clients, the SIM in
 * use and its traffic, keeps the clients it refuses, AP isolation and the night Wi-Fi schedule (which it
 * enforces itself), and publishes the text messages its SIM receives. The in-process simulator and the `device-sim` program both run it.
 */
import type { AckMessage, Band, BandState, ClientReport, CommandMessage, ReportMessage, SmsMessage, StateMessage } from './types.ts';

export interface MifiSettings {
  bands: Partial<Record<Band, BandState>>;
  /** ICCIDs of the SIMs in the device, slot order. */
  iccids: string[];
  currentIccid: string;
  networkMode: number;
  /** Factory Wi-Fi settings, restored by reset. */
  factory: Partial<Record<Band, BandState>>;
}

export interface MifiOutput {
  ack(ack: AckMessage): void;
  state(state: StateMessage): void;
  report(report: ReportMessage): void;
  sms(sms: SmsMessage): void;
}

export type Schedule = NonNullable<StateMessage['schedule']>;

/** The device's clock: China time (UTC+8), whatever the server's zone. */
const DEVICE_OFFSET_MS = 8 * 3_600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether the night schedule holds the Wi-Fi off at `now`: from `off` to `on` on the days listed
 * (1 Monday … 7 Sunday, device time); a window past midnight belongs to the day it starts.
 */
export function scheduleAsleep(s: Schedule, now: number): boolean {
  if (!s.enabled) return false;
  const local = new Date(now + DEVICE_OFFSET_MS);
  const day = ((local.getUTCDay() + 6) % 7) + 1;
  const previous = day === 1 ? 7 : day - 1;
  const t = local.getUTCHours() * 60 + local.getUTCMinutes();
  const off = minutesOf(s.off);
  const on = minutesOf(s.on);
  if (off < on) return s.days.includes(day) && t >= off && t < on;
  return (s.days.includes(day) && t >= off) || (s.days.includes(previous) && t < on);
}

const isSchedule = (v: unknown): v is Schedule => {
  const s = v as Schedule;
  const clock = (x: unknown) => typeof x === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(x);
  return (
    !!s &&
    typeof s.enabled === 'boolean' &&
    clock(s.off) &&
    clock(s.on) &&
    Array.isArray(s.days) &&
    s.days.length > 0 &&
    s.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)
  );
};

export interface MifiTiming {
  /** How long a restart (or a reset) keeps the device off line. */
  rebootMs: number;
  /** How long switching the SIM in use takes. */
  switchMs: number;
  /** Delay before a setting takes effect. */
  applyMs: number;
  now: () => number;
}

const PHONES: { mac: string; name: string; band: Band }[] = [
  { mac: '3C:22:FB:10:20:01', name: 'iPhone', band: '2.4G' },
  { mac: 'A4:50:46:33:71:02', name: 'HUAWEI-P60', band: '5G' },
  { mac: '28:6C:07:5E:9A:03', name: 'Xiaomi-13', band: '2.4G' },
];

export class Mifi {
  private readonly applied = new Set<string>();
  private version = 0;
  private rebooting = false;
  private readonly authorized = new Set<string>();
  private trafficKb = 0;
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;
  private readonly blocked = new Set<string>();
  private apIsolation = false;
  private schedule: Schedule = { enabled: false, off: '23:00', on: '07:00', days: [1, 2, 3, 4, 5, 6, 7] };
  /** Traffic of each client this month (KB). */
  private readonly clientKb = new Map<string, number>();
  /** The SIM's text messages, oldest first. */
  private readonly inbox: SmsMessage[] = [];

  constructor(
    readonly deviceNo: string,
    private settings: MifiSettings,
    private readonly out: MifiOutput,
    private readonly timing: MifiTiming,
  ) {
    // A few phones joined already; the first is let in.
    this.authorized.add(PHONES[0]!.mac);
    // The carrier greeted the SIM when it first came on line.
    this.inbox.push({
      id: 'sms-1',
      from: '10086',
      text: `Welcome! The SIM ${settings.currentIccid.slice(-4)} is active in your portable Wi-Fi ${deviceNo}.`,
      at: timing.now(),
    });
  }

  /** A text message reaches the device's SIM: the device keeps it and publishes it. */
  receiveSms(from: string, text: string): SmsMessage {
    const sms = { id: `sms-${this.inbox.length + 1}`, from, text, at: this.timing.now() };
    this.inbox.push(sms);
    if (!this.closed) this.out.sms(sms);
    return sms;
  }

  /** Publishes every message of the inbox (when the device comes on line; the platform keeps each once). */
  publishInbox(): void {
    for (const sms of this.inbox) this.out.sms(sms);
  }

  /** The device's state as it publishes it. */
  state(applied?: string): StateMessage {
    return {
      online: !this.rebooting,
      rebooting: this.rebooting,
      ...(applied ? { applied } : {}),
      version: this.version,
      bands: structuredClone(this.settings.bands),
      networkMode: this.settings.networkMode,
      currentIccid: this.settings.currentIccid,
      authorized: [...this.authorized],
      blocked: [...this.blocked],
      apIsolation: this.apIsolation,
      schedule: structuredClone(this.schedule),
    };
  }

  get appliedCount(): number {
    return this.version;
  }

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      if (!this.closed) fn();
    }, ms);
    this.timers.add(t);
  }

  private finish(id: string, change: () => void, delay = this.timing.applyMs) {
    this.later(delay, () => {
      change();
      this.version += 1;
      this.out.state(this.state(id));
    });
  }

  /** A command arrives (QoS 1 may deliver it twice: the second copy is acknowledged and not applied). */
  receive(cmd: CommandMessage): void {
    if (this.applied.has(cmd.id)) {
      this.out.ack({ id: cmd.id, ok: true });
      return;
    }
    if (cmd.expiresAt <= this.timing.now()) {
      this.out.ack({ id: cmd.id, ok: false, error: 'expired' });
      return;
    }
    if (this.rebooting) {
      this.out.ack({ id: cmd.id, ok: false, error: 'rebooting' });
      return;
    }
    const refusal = this.check(cmd);
    if (refusal) {
      this.out.ack({ id: cmd.id, ok: false, error: refusal });
      return;
    }
    this.applied.add(cmd.id);
    this.out.ack({ id: cmd.id, ok: true });
    this.apply(cmd);
  }

  private band(cmd: CommandMessage): BandState | undefined {
    return this.settings.bands[String(cmd.params.band ?? '2.4G') as Band];
  }

  private check(cmd: CommandMessage): string | undefined {
    const p = cmd.params;
    switch (cmd.kind) {
      case 'setWifi':
      case 'setDisplay':
      case 'wifiSwitch':
        return this.band(cmd) ? undefined : 'no such band';
      case 'switchSim':
        return this.settings.iccids.includes(String(p.iccid)) ? undefined : 'no such SIM';
      case 'networkMode':
        return p.mode === 1 || p.mode === 2 ? undefined : 'bad mode';
      case 'terminalAuth':
      case 'blockClient':
        return typeof p.mac === 'string' ? undefined : 'no MAC';
      case 'apIsolation':
        return typeof p.on === 'boolean' ? undefined : 'bad switch';
      case 'wifiSchedule':
        return isSchedule(p) ? undefined : 'bad schedule';
      case 'restart':
      case 'reset':
        return undefined;
      default:
        return 'unknown command';
    }
  }

  private apply(cmd: CommandMessage): void {
    const p = cmd.params;
    if (cmd.kind === 'restart' || cmd.kind === 'reset') {
      this.later(this.timing.applyMs, () => {
        this.rebooting = true;
        this.out.state(this.state());
        this.later(this.timing.rebootMs, () => {
          this.rebooting = false;
          if (cmd.kind === 'reset') {
            this.settings.bands = structuredClone(this.settings.factory);
            this.authorized.clear();
          }
          this.version += 1;
          this.out.state(this.state(cmd.id));
          this.report();
        });
      });
      return;
    }
    const changes: Partial<Record<CommandMessage['kind'], () => void>> = {
      setWifi: () => Object.assign(this.band(cmd)!, { name: String(p.name), pass: String(p.pass) }),
      setDisplay: () => Object.assign(this.band(cmd)!, { show: p.show === true }),
      wifiSwitch: () => Object.assign(this.band(cmd)!, { on: p.on === true }),
      networkMode: () => {
        this.settings.networkMode = Number(p.mode);
      },
      terminalAuth: () => {
        if (p.allow === false) this.authorized.delete(String(p.mac).toUpperCase());
        else this.authorized.add(String(p.mac).toUpperCase());
      },
      blockClient: () => {
        if (p.block === true) this.blocked.add(String(p.mac).toUpperCase());
        else this.blocked.delete(String(p.mac).toUpperCase());
      },
      apIsolation: () => {
        this.apIsolation = p.on === true;
      },
      wifiSchedule: () => {
        const { enabled, off, on, days } = p as unknown as Schedule;
        this.schedule = { enabled, off, on, days: [...new Set(days)].sort() };
      },
      // The modem drops the network while it moves to the other SIM; the choice then stays fixed.
      switchSim: () => {
        this.settings.currentIccid = String(p.iccid);
        this.settings.networkMode = 2;
      },
    };
    const change = changes[cmd.kind];
    if (change) this.finish(cmd.id, change, cmd.kind === 'switchSim' ? this.timing.switchMs : this.timing.applyMs);
  }

  /** Publishes a report (the program and the simulator call it every N seconds). */
  report(): void {
    if (this.rebooting || this.closed) return;
    // The night schedule turns the Wi-Fi off: nobody is connected.
    const asleep = scheduleAsleep(this.schedule, this.timing.now());
    const on = (b: Band) => !asleep && this.settings.bands[b]?.on === true;
    const clients: ClientReport[] = PHONES.filter(
      (ph) => on(ph.band) || (ph.band === '5G' && !this.settings.bands['5G'] && on('2.4G')),
    ).map((ph) => ({
      ...ph,
      band: this.settings.bands[ph.band] ? ph.band : '2.4G',
      authorized: this.authorized.has(ph.mac),
      blocked: this.blocked.has(ph.mac),
    }));
    // Traffic grows with the phones let through and not blocked: about 2 MB a minute each.
    for (const c of clients) {
      if (c.authorized && !c.blocked) this.clientKb.set(c.mac, (this.clientKb.get(c.mac) ?? 0) + 2048);
      c.trafficKb = this.clientKb.get(c.mac) ?? 0;
    }
    this.trafficKb += clients.filter((c) => c.authorized && !c.blocked).length * 2048;
    const minute = Math.floor(this.timing.now() / 60_000);
    this.out.report({
      battery: 100 - (minute % 60),
      signal: 3 + (minute % 3),
      sims: this.settings.iccids.map((iccid, i) => ({ iccid, signal: iccid === this.settings.currentIccid ? 4 : Math.max(1, 3 - i) })),
      currentIccid: this.settings.currentIccid,
      clients,
      trafficKb: this.trafficKb,
      maxClients: Object.fromEntries(Object.keys(this.settings.bands).map((b) => [b, b === '5G' ? 16 : 10])),
      asleep,
    });
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
