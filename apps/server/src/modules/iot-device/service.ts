/**
 * Device control of portable Wi-Fi devices (decision 0023). The holder's call records a command
 * (state `pending`) in its own short transaction, then — outside any transaction — hands it to the
 * device provider (`sent`); the device's ack (`acked`) and the state it reports after applying it
 * (`applied`) move it on; a command without an answer by its deadline is `timedOut`, and the device
 * refuses it after that deadline, so a command takes effect at most once. Every move is a
 * conditional update: a duplicate or late message changes nothing. At most one command of a kind
 * and band (one SIM switch) per device is open at a time, held by a unique key on the row.
 */

import { randomBytes } from 'node:crypto';
import type { Language } from '@simshop/contract/headers';
import { AuthStatus, type DeviceInfo } from '@simshop/contract/iot';
import type {
  DeviceCommand,
  DeviceSmsList,
  DeviceStatus,
  SecurityCentre,
  SwitchNetInfo,
  WifiSchedule,
  WirelessAuthList,
} from '@simshop/contract/iot-device';
import type { SimLoginCodeReply } from '@simshop/contract/iot-login';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { metrics } from '../../lib/metrics.ts';
import type { MifiSettings } from '../../providers/device/mifi.ts';
import type {
  Band,
  CommandMessage,
  DeviceEvent,
  DeviceProvider,
  ReportMessage,
  SmsMessage,
  StateMessage,
} from '../../providers/device/types.ts';
import type { LoginEnv, SimLogin } from '../iot-auth/service.ts';
import { checkPayPassword } from '../iot-money/service.ts';
import {
  applyDeviceSettings,
  cardById,
  cardsOfDevice,
  type DeviceRow,
  type DeviceSettings,
  deviceByNo,
  deviceOfCard,
  type Sims,
  setCardInUse,
} from '../iot-sims/service.ts';
import type { WebhookEmitter } from '../webhooks/service.ts';
import * as repo from './repository.ts';

export interface DevicesDeps {
  db: Db;
  sims: Sims;
  login: SimLogin;
  provider: DeviceProvider;
  now: () => number;
  /** How long a command may take before it counts as timed out. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Records `device.offline` for the device's storefront's webhooks when a device goes off line. */
  webhooks?: WebhookEmitter;
  /** The storefront id of a promo code (the site module). */
  promoterIdOf?: (promoCode: string) => Promise<number | null>;
}

type Kind = DeviceCommand['kind'];

const COLUMNS = {
  '2.4G': {
    name: 'wifi24_name',
    pass: 'wifi24_pass',
    show: 'wifi24_show',
    on: 'wifi24_switch',
    conn: 'wifi24_conn',
    max: 'wifi24_max_conn',
  },
  '5G': { name: 'wifi5_name', pass: 'wifi5_pass', show: 'wifi5_show', on: 'wifi5_switch', conn: 'wifi5_conn', max: 'wifi5_max_conn' },
} as const;

/** A device has a 5G band when its 5G name and password are both set (spec §3 Wi-Fi entry). */
export const bandsOf = (d: DeviceRow): Band[] => (d.wifi5_name && d.wifi5_pass ? ['2.4G', '5G'] : ['2.4G']);

export function view(r: repo.CommandRow): DeviceCommand {
  return {
    commandId: r.command_id,
    kind: r.kind as Kind,
    wifiType: r.wifi_type,
    state: r.state,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    expiresAt: r.expires_at,
  };
}

/** What the platform holds about a device, as the simulator starts it. */
export async function settingsOf(db: Db, deviceNo: string): Promise<MifiSettings | undefined> {
  const d = await deviceByNo(db.db, deviceNo);
  if (!d) return undefined;
  const cards = await cardsOfDevice(db.db, d.id);
  const band = (b: Band) => ({
    name: d[COLUMNS[b].name],
    pass: d[COLUMNS[b].pass],
    show: d[COLUMNS[b].show] === 1,
    on: d[COLUMNS[b].on] === 1,
  });
  const bands = Object.fromEntries(bandsOf(d).map((b) => [b, band(b)]));
  const suffix = deviceNo.slice(-4);
  const factoryPass = deviceNo.slice(-8).padStart(8, '0');
  return {
    bands,
    factory: Object.fromEntries(
      bandsOf(d).map((b) => [b, { name: b === '5G' ? `MiFi-${suffix}-5G` : `MiFi-${suffix}`, pass: factoryPass, show: true, on: true }]),
    ),
    iccids: cards.map((c) => c.iccid),
    currentIccid: cards.find((c) => c.device_in_use === 1)?.iccid ?? cards[0]?.iccid ?? '',
    networkMode: d.network_mode,
  };
}

export class Devices {
  constructor(private readonly deps: DevicesDeps) {}

  /** The device of the session's card; a plain SIM is refused. */
  private async deviceFor(simId: number): Promise<DeviceRow> {
    const d = await deviceOfCard(this.deps.db.db, simId);
    if (!d) throw fail('device.notDevice');
    return d;
  }

  private band(d: DeviceRow, wifiType: string | undefined): Band {
    const b = (wifiType ?? '2.4G') as Band;
    if (!bandsOf(d).includes(b)) throw invalid('wifiType', 'device.noBand');
    return b;
  }

  private async forget(deviceId: number) {
    for (const c of await cardsOfDevice(this.deps.db.db, deviceId)) this.deps.sims.forgetSimInfo(c.id);
  }

  /** Reset and Wi-Fi off: a confirmation and the card's pay password (which must be set). */
  private async checkDanger(simId: number, confirm: boolean | undefined, payPassword: string | undefined) {
    if (confirm !== true) throw invalid('confirm', 'device.confirmFirst');
    const card = await cardById(this.deps.db.db, simId);
    if (card.pay_password_hash === null) throw invalid('payPassword', 'device.payPasswordFirst');
    await checkPayPassword(this.deps.db.db, simId, payPassword, this.deps.now());
  }

  /**
   * Records the command, then hands it to the device (outside any transaction). Refused while the
   * device is known to be off line, or while a command of the same kind and band is open.
   */
  private async issue(simId: number, d: DeviceRow, kind: Kind, band: string, params: Record<string, unknown>, openKey?: string) {
    const { db, provider, now: clock, timeoutMs } = this.deps;
    const now = clock();
    await repo.expire(db.db, now, d.id);
    const status = await repo.statusOf(db.db, d.id);
    if (status && status.online === 0 && !(status.rebooting_until !== null && status.rebooting_until > now)) throw fail('device.offline');
    const commandId = randomBytes(16).toString('hex');
    const expiresAt = now + timeoutMs;
    try {
      await repo.insertCommand(db.db, {
        command_id: commandId,
        device_id: d.id,
        device_no: d.device_no,
        sim_id: simId,
        kind,
        wifi_type: band,
        params: JSON.stringify(kind === 'setWifi' ? { ...params, pass: '********' } : params),
        state: 'pending',
        open_key: openKey ?? `${d.id}:${kind}:${band}`,
        created_at: now,
        updated_at: now,
        sent_at: null,
        acked_at: null,
        applied_at: null,
        expires_at: expiresAt,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail(kind === 'switchSim' ? 'device.switchInFlight' : 'device.commandInFlight');
      throw err;
    }
    const message: CommandMessage = { id: commandId, kind, params, expiresAt };
    try {
      await provider.send(d.device_no, message);
      await repo.move(db.db, commandId, ['pending'], 'sent', clock());
      metrics.deviceCommand(kind, 'sent');
    } catch (err) {
      metrics.deviceCommand(kind, 'undelivered');
      this.deps.log.warn({ err, deviceNo: d.device_no, commandId }, 'device command not delivered');
      await repo.move(db.db, commandId, ['pending'], 'failed', clock(), 'not delivered');
      throw fail('device.unreachable');
    }
    return view((await repo.commandById(db.db, commandId))!);
  }

  // ── The holder's commands ────────────────────────────────────────────────────────────────────

  async setWifi(simId: number, body: { wifiType: string; wifiName: string; wifiPass: string }) {
    const d = await this.deviceFor(simId);
    const band = this.band(d, body.wifiType);
    return this.issue(simId, d, 'setWifi', band, { band, name: body.wifiName, pass: body.wifiPass });
  }

  async setDisplay(simId: number, body: { wifiType: string; showWifi: boolean }) {
    const d = await this.deviceFor(simId);
    const band = this.band(d, body.wifiType);
    return this.issue(simId, d, 'setDisplay', band, { band, show: body.showWifi });
  }

  async restart(simId: number) {
    const d = await this.deviceFor(simId);
    return this.issue(simId, d, 'restart', '', {}, `${d.id}:reboot`);
  }

  async close(
    simId: number,
    body: { wifiType: string; switchWifi: boolean; confirm?: boolean | undefined; payPassword?: string | undefined },
  ) {
    const d = await this.deviceFor(simId);
    const band = this.band(d, body.wifiType);
    if (!body.switchWifi) await this.checkDanger(simId, body.confirm, body.payPassword);
    return this.issue(simId, d, 'wifiSwitch', band, { band, on: body.switchWifi });
  }

  async reset(simId: number, body: { confirm: boolean; payPassword?: string | undefined }) {
    const d = await this.deviceFor(simId);
    await this.checkDanger(simId, body.confirm, body.payPassword);
    return this.issue(simId, d, 'reset', '', {}, `${d.id}:reboot`);
  }

  /** A command of the card's device, its deadline applied. */
  async command(simId: number, commandId: string): Promise<DeviceCommand> {
    const d = await this.deviceFor(simId);
    await repo.expire(this.deps.db.db, this.deps.now(), d.id);
    const row = await repo.commandById(this.deps.db.db, commandId);
    if (!row || row.device_id !== d.id) throw invalid('commandId', 'device.noSuchCommand');
    return view(row);
  }

  async commands(simId: number): Promise<DeviceCommand[]> {
    const d = await this.deviceFor(simId);
    await repo.expire(this.deps.db.db, this.deps.now(), d.id);
    return (await repo.latestCommands(this.deps.db.db, d.id, 10)).map(view);
  }

  /** The device's last report (GET /api/iot/iotDevice/status). */
  async status(simId: number): Promise<DeviceStatus> {
    const d = await this.deviceFor(simId);
    const s = await repo.statusOf(this.deps.db.db, d.id);
    const now = this.deps.now();
    return {
      deviceNo: d.device_no,
      online: s ? s.online === 1 : d.online_status === 1,
      battery: s?.battery ?? -1,
      signal: s?.signal ?? -1,
      clients: s?.clients ?? 0,
      currentIccid: s?.current_iccid ?? '',
      trafficMb: Math.round(((s?.traffic_kb ?? 0) / 1024) * 100) / 100,
      reportedAt: s?.reported_at ?? null,
      rebooting: s?.rebooting_until != null && s.rebooting_until > now && s.online === 0,
    };
  }

  /** SIM info's device.live. */
  async live(deviceId: number): Promise<DeviceInfo['live']> {
    const s = await repo.statusOf(this.deps.db.db, deviceId);
    if (!s) return null;
    return {
      online: s.online === 1,
      battery: s.battery,
      signal: s.signal,
      clients: s.clients,
      trafficMb: Math.round((s.traffic_kb / 1024) * 100) / 100,
      reportedAt: s.reported_at,
    };
  }

  // ── Switching the SIM in use ─────────────────────────────────────────────────────────────────

  async switchNetInfo(simId: number, language: Language): Promise<SwitchNetInfo> {
    const d = await this.deviceFor(simId);
    const now = this.deps.now();
    await repo.expire(this.deps.db.db, now, d.id);
    const [cards, status, last, info] = await Promise.all([
      cardsOfDevice(this.deps.db.db, d.id),
      repo.statusOf(this.deps.db.db, d.id),
      repo.latestOfKind(this.deps.db.db, d.id, 'switchSim'),
      this.deps.sims.getSimInfoCached(simId, now, language),
    ]);
    const signals = JSON.parse(status?.sim_signals ?? '{}') as Record<string, number>;
    const names = new Map(info.viceSims.map((v) => [v.simNo, v.operatorTypeName]));
    return {
      deviceNo: d.device_no,
      deviceNetworkMode: d.network_mode,
      sims: cards.map((c) => ({
        simNo: c.sim_no,
        iccid: c.iccid,
        operatorType: c.operator_type,
        operatorTypeName: names.get(c.sim_no) ?? '',
        slot: c.device_slot,
        inUse: c.device_in_use === 1,
        signal: signals[c.iccid] ?? -1,
        surplusFlow: c.is_infinite_flow === 1 ? -1 : Math.max(0, c.total_flow - c.use_flow),
        realnamed: realnamed(c),
        hasPackage: c.end_at !== null && c.end_at > now,
      })),
      switching: last ? view(last) : null,
      targetSimNo: last ? (cards.find((c) => c.iccid === (JSON.parse(last.params) as { iccid?: string }).iccid)?.sim_no ?? '') : '',
    };
  }

  /** POST /api/iot/simSwitchNet: switch to another SIM of the device and/or set the network mode. */
  async switchNet(simId: number, body: { simNo?: string | undefined; deviceNetworkMode?: 1 | 2 | undefined }) {
    const d = await this.deviceFor(simId);
    const now = this.deps.now();
    let command: DeviceCommand | null = null;
    if (body.simNo !== undefined) {
      const cards = await cardsOfDevice(this.deps.db.db, d.id);
      const target = cards.find((c) => c.sim_no === body.simNo);
      if (!target) throw invalid('simNo', 'device.notThisDevice');
      if (target.device_in_use === 1) throw invalid('simNo', 'device.alreadyInUse');
      if (target.status !== 1 || target.cancel_status !== 0) throw invalid('simNo', 'device.targetUnusable');
      if (!realnamed(target)) throw invalid('simNo', 'device.targetNotRealnamed');
      if (target.end_at === null || target.end_at <= now) throw invalid('simNo', 'device.targetNoPackage');
      command = await this.issue(simId, d, 'switchSim', '', { iccid: target.iccid }, `${d.id}:switchSim`);
    }
    if (body.deviceNetworkMode !== undefined && body.simNo === undefined) {
      if (body.deviceNetworkMode === d.network_mode) throw invalid('deviceNetworkMode', 'device.modeUnchanged');
      command = await this.issue(simId, d, 'networkMode', '', { mode: body.deviceNetworkMode });
    }
    return command!;
  }

  // ── Terminal authorisation ───────────────────────────────────────────────────────────────────

  async wirelessAuthList(simId: number): Promise<WirelessAuthList> {
    const d = await this.deviceFor(simId);
    await repo.expire(this.deps.db.db, this.deps.now(), d.id);
    const rows = await repo.terminalsOf(this.deps.db.db, d.id);
    const states = new Map<string, string>();
    for (const r of rows) {
      if (r.command_id) states.set(r.command_id, (await repo.commandById(this.deps.db.db, r.command_id))?.state ?? '');
    }
    return {
      deviceNo: d.device_no,
      list: rows.map((r) => ({
        mac: r.mac,
        name: r.name,
        mobile: r.mobile ? maskMobile(r.mobile) : '',
        authorized: r.authorized === 1,
        authorizedAt: r.authorized_at,
        seenAt: r.seen_at,
        commandState: r.command_id ? (states.get(r.command_id) ?? '') : '',
      })),
    };
  }

  private async knownTerminal(simId: number, mac: string) {
    const d = await this.deviceFor(simId);
    const t = await repo.terminal(this.deps.db.db, d.id, mac.toUpperCase().replaceAll('-', ':'));
    if (!t) throw invalid('mac', 'device.unknownTerminal');
    if (t.authorized === 1) throw invalid('mac', 'device.terminalAuthorised');
    return { d, t };
  }

  /** POST /api/iot/deviceTerminalAuthSms: a code to the phone's owner (the login-code limits apply). */
  async terminalAuthSms(
    simId: number,
    body: { mobile: string; mac: string },
    env: LoginEnv & { echo: boolean },
  ): Promise<SimLoginCodeReply> {
    await this.knownTerminal(simId, body.mac);
    const card = await cardById(this.deps.db.db, simId);
    return this.deps.login.sendTerminalCode(simId, card.sim_no, body.mobile, env);
  }

  /** POST /api/iot/deviceTerminalAuth: the code proves the phone's number; the device then lets the phone in. */
  async terminalAuth(simId: number, body: { mobile: string; mac: string; code: string }, ip: string) {
    const { d, t } = await this.knownTerminal(simId, body.mac);
    const card = await cardById(this.deps.db.db, simId);
    await this.deps.login.useTerminalCode(simId, card.sim_no, body.mobile, body.code, ip, this.deps.now());
    const command = await this.issue(simId, d, 'terminalAuth', '', { mac: t.mac, allow: true }, `${d.id}:terminal:${t.mac}`);
    await repo.authoriseTerminal(this.deps.db.db, d.id, t.mac, body.mobile, command.commandId, this.deps.now());
    return command;
  }

  // ── Security centre ──────────────────────────────────────────────────────────────────────────

  /**
   * GET /api/iot/iotDevice/security: the device's clients (blocked or not, authorised or not, their
   * traffic), AP isolation, the night schedule. `gated`: the device lets in only authorised phones
   * (Phone access), whose record the clients' `authorized` is.
   */
  async security(simId: number, gated: boolean): Promise<SecurityCentre> {
    const d = await this.deviceFor(simId);
    const db = this.deps.db.db;
    await repo.expire(db, this.deps.now(), d.id);
    const [status, rows, blocks, unread, isolation, schedule] = await Promise.all([
      repo.statusOf(db, d.id),
      repo.terminalsOf(db, d.id),
      repo.blockCommands(db, d.id),
      repo.unreadSms(db, d.id),
      repo.latestOfKind(db, d.id, 'apIsolation'),
      repo.latestOfKind(db, d.id, 'wifiSchedule'),
    ]);
    const lastBlock = new Map<string, string>();
    for (const b of blocks) {
      const mac = String((JSON.parse(b.params) as { mac?: string }).mac ?? '');
      if (!lastBlock.has(mac)) lastBlock.set(mac, b.state);
    }
    return {
      deviceNo: d.device_no,
      apIsolation: status?.ap_isolation === 1,
      schedule: parseSchedule(status?.wifi_schedule ?? ''),
      clients: rows.map((r) => ({
        mac: r.mac,
        name: r.name,
        band: r.band,
        blocked: r.blocked === 1,
        authorized: gated ? r.authorized === 1 : null,
        trafficMb: Math.round((r.traffic_kb / 1024) * 100) / 100,
        seenAt: r.seen_at,
        commandState: lastBlock.get(r.mac) ?? '',
      })),
      unreadSms: unread,
      apIsolationCommand: isolation ? view(isolation) : null,
      scheduleCommand: schedule ? view(schedule) : null,
    };
  }

  /** POST /api/iot/iotDevice/blockClient: the device refuses a client it has seen, or lets it in again. */
  async blockClient(simId: number, body: { mac: string; block: boolean }) {
    const d = await this.deviceFor(simId);
    const t = await repo.terminal(this.deps.db.db, d.id, body.mac.toUpperCase().replaceAll('-', ':'));
    if (!t) throw invalid('mac', 'device.unknownTerminal');
    return this.issue(simId, d, 'blockClient', '', { mac: t.mac, block: body.block }, `${d.id}:block:${t.mac}`);
  }

  /** POST /api/iot/iotDevice/apIsolation */
  async setApIsolation(simId: number, enabled: boolean) {
    const d = await this.deviceFor(simId);
    return this.issue(simId, d, 'apIsolation', '', { on: enabled });
  }

  /** POST /api/iot/iotDevice/wifiSchedule: the device keeps the schedule and turns its Wi-Fi off and on itself. */
  async setWifiSchedule(simId: number, body: WifiSchedule) {
    const d = await this.deviceFor(simId);
    const days = [...new Set(body.days)].sort((a, b) => a - b);
    return this.issue(simId, d, 'wifiSchedule', '', { enabled: body.enabled, off: body.off, on: body.on, days });
  }

  /** GET /api/iot/iotDevice/smsList: the latest 50 messages the device's SIM received. */
  async smsList(simId: number): Promise<DeviceSmsList> {
    const d = await this.deviceFor(simId);
    const db = this.deps.db.db;
    const [rows, unread] = await Promise.all([repo.smsOf(db, d.id, 50), repo.unreadSms(db, d.id)]);
    return {
      list: rows.map((r) => ({ id: r.id, from: r.sender, text: r.body, receivedAt: r.received_at, read: r.read_at !== null })),
      unread,
    };
  }

  /** POST /api/iot/iotDevice/smsRead */
  async readSms(simId: number, id: number): Promise<DeviceSmsList> {
    const d = await this.deviceFor(simId);
    if (!(await repo.readSms(this.deps.db.db, d.id, id, this.deps.now()))) throw invalid('id', 'device.noSuchSms');
    return this.smsList(simId);
  }

  // ── What devices send ────────────────────────────────────────────────────────────────────────

  /** Each device's messages are handled one after another, in the order they came (a report never overtakes an off-line state). */
  readonly #queues = new Map<string, Promise<void>>();

  handle(event: DeviceEvent): Promise<void> {
    const previous = this.#queues.get(event.deviceNo) ?? Promise.resolve();
    const next = previous.then(() => this.handleNow(event));
    const tail = next.catch(() => {});
    this.#queues.set(event.deviceNo, tail);
    void tail.then(() => {
      if (this.#queues.get(event.deviceNo) === tail) this.#queues.delete(event.deviceNo);
    });
    return next;
  }

  private async handleNow(event: DeviceEvent): Promise<void> {
    const d = await deviceByNo(this.deps.db.db, event.deviceNo);
    if (!d) return;
    const now = this.deps.now();
    if (event.type === 'ack') return this.onAck(d, event.ack, now);
    if (event.type === 'state') return this.onState(d, event.state, now);
    if (event.type === 'sms') return this.onSms(d, event.sms, now);
    return this.onReport(d, event.report, now);
  }

  /** A text message of the device's SIM: kept once by the device's id of it. */
  private async onSms(d: DeviceRow, sms: SmsMessage, now: number) {
    if (!sms || typeof sms.id !== 'string' || !sms.id || sms.id.length > 64) return;
    if (typeof sms.from !== 'string' || typeof sms.text !== 'string') return;
    await repo.keepSms(this.deps.db.db, {
      device_id: d.id,
      sms_id: sms.id,
      sender: sms.from.slice(0, 32),
      body: sms.text.slice(0, 1000),
      received_at: typeof sms.at === 'number' && Number.isFinite(sms.at) ? Math.round(sms.at) : now,
      created_at: now,
    });
  }

  private async onAck(d: DeviceRow, ack: { id: string; ok: boolean; error?: string }, now: number) {
    if (typeof ack?.id !== 'string') return;
    const row = await repo.commandById(this.deps.db.db, ack.id);
    if (!row || row.device_id !== d.id) return;
    if (ack.ok) await repo.move(this.deps.db.db, ack.id, ['pending', 'sent'], 'acked', now);
    else
      await repo.move(this.deps.db.db, ack.id, ['pending', 'sent', 'acked'], 'failed', now, String(ack.error ?? 'refused').slice(0, 100));
  }

  private async onState(d: DeviceRow, state: StateMessage, now: number) {
    const db = this.deps.db.db;
    const change: DeviceSettings = { online_status: state.online ? 1 : 2 };
    for (const b of ['2.4G', '5G'] as const) {
      const s = state.bands?.[b];
      if (!s || typeof s.name !== 'string' || typeof s.pass !== 'string') continue;
      const c = COLUMNS[b];
      Object.assign(change, { [c.name]: s.name, [c.pass]: s.pass, [c.show]: s.show ? 1 : 0, [c.on]: s.on ? 1 : 0 });
    }
    if (state.networkMode === 1 || state.networkMode === 2) change.network_mode = state.networkMode;
    await applyDeviceSettings(db, d.id, change, now);
    if (typeof state.currentIccid === 'string' && state.currentIccid) await setCardInUse(db, d.id, state.currentIccid, now);
    if (!state.online) await this.wentOffline(d, now);
    await repo.upsertStatus(
      db,
      d.id,
      {
        online: state.online ? 1 : 0,
        rebooting_until: state.rebooting ? now + this.deps.timeoutMs : null,
        ...(state.currentIccid ? { current_iccid: state.currentIccid } : {}),
        ...(typeof state.apIsolation === 'boolean' ? { ap_isolation: state.apIsolation ? 1 : 0 } : {}),
        ...(validSchedule(state.schedule) ? { wifi_schedule: JSON.stringify(state.schedule) } : {}),
      },
      now,
    );
    if (Array.isArray(state.authorized)) await repo.markTerminalsAuthorised(db, d.id, state.authorized.map(String), now);
    if (Array.isArray(state.blocked))
      await repo.markBlocked(
        db,
        d.id,
        state.blocked.map((m) => String(m).toUpperCase()),
      );
    if (typeof state.applied === 'string') {
      const row = await repo.commandById(db, state.applied);
      if (row && row.device_id === d.id) await repo.move(db, state.applied, ['pending', 'sent', 'acked'], 'applied', now);
    }
    await this.forget(d.id);
  }

  /** A device on line went off line: its status changes and the storefront's webhook event is recorded together, once. */
  private async wentOffline(d: DeviceRow, now: number) {
    const { webhooks, promoterIdOf } = this.deps;
    if (!webhooks || !promoterIdOf) return;
    const promoterId = await promoterIdOf(d.promo_code);
    if (promoterId === null) return;
    await this.deps.db.db.transaction().execute(async (trx) => {
      if (!(await repo.markOffline(trx, d.id, now))) return;
      await webhooks.emit(trx, { promoterId, type: 'device.offline', data: { deviceNo: d.device_no, at: now } }, now);
    });
  }

  private async onReport(d: DeviceRow, r: ReportMessage, now: number) {
    const db = this.deps.db.db;
    const clients = Array.isArray(r.clients) ? r.clients : [];
    const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : fallback);
    // Settings first: a dashboard that sees the report sees its client counts too.
    const change: DeviceSettings = { online_status: 1 };
    for (const b of bandsOf(d)) {
      change[COLUMNS[b].conn] = clients.filter((c) => c.band === b && c.authorized).length;
      const max = r.maxClients?.[b];
      if (typeof max === 'number' && Number.isInteger(max) && max >= 0 && max <= 256) change[COLUMNS[b].max] = max;
    }
    await applyDeviceSettings(db, d.id, change, now);
    await repo.upsertStatus(
      db,
      d.id,
      {
        online: 1,
        battery: num(r.battery, -1),
        signal: num(r.signal, -1),
        clients: clients.filter((c) => c.authorized).length,
        current_iccid: typeof r.currentIccid === 'string' ? r.currentIccid : '',
        sim_signals: JSON.stringify(
          Object.fromEntries((Array.isArray(r.sims) ? r.sims : []).map((s) => [String(s.iccid), num(s.signal, -1)])),
        ),
        traffic_kb: Math.max(0, num(r.trafficKb, 0)),
        reported_at: now,
        rebooting_until: null,
      },
      now,
    );
    for (const c of clients.slice(0, 50)) {
      if (typeof c.mac !== 'string' || !/^[0-9A-Fa-f:]{17}$/.test(c.mac)) continue;
      const mac = c.mac.toUpperCase();
      await repo.seeTerminal(db, d.id, mac, String(c.name ?? '').slice(0, 40), c.authorized === true, now);
      await repo.clientReported(db, d.id, mac, {
        band: c.band === '5G' ? '5G' : '2.4G',
        traffic_kb: Math.max(0, num(c.trafficKb, 0)),
        ...(typeof c.blocked === 'boolean' ? { blocked: c.blocked } : {}),
      });
    }
    await this.forget(d.id);
  }

  /** Open commands past their deadline become timed out. */
  expireDue(now: number): Promise<number> {
    return repo.expire(this.deps.db.db, now);
  }
}

const DEFAULT_SCHEDULE: WifiSchedule = { enabled: false, off: '23:00', on: '07:00', days: [1, 2, 3, 4, 5, 6, 7] };

function validSchedule(s: unknown): s is WifiSchedule {
  const x = s as WifiSchedule;
  const clock = (v: unknown) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
  return (
    !!x &&
    typeof x.enabled === 'boolean' &&
    clock(x.off) &&
    clock(x.on) &&
    Array.isArray(x.days) &&
    x.days.length > 0 &&
    x.days.length <= 7 &&
    x.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)
  );
}

/** The schedule the device last stated; the device's default (off, 23:00–07:00 every day) until it has. */
function parseSchedule(json: string): WifiSchedule {
  try {
    const s = JSON.parse(json) as unknown;
    if (validSchedule(s)) return { enabled: s.enabled, off: s.off, on: s.on, days: s.days };
  } catch {}
  return DEFAULT_SCHEDULE;
}

function realnamed(c: { auth_status: number; platform_auth_required: number; auth_platform_status: number }) {
  return c.auth_status === AuthStatus.DONE && (c.platform_auth_required !== 1 || c.auth_platform_status === AuthStatus.DONE);
}

/** Every second: commands past their deadline. */
export function expiryJob(devices: Devices): Job {
  return { name: 'iot-device.expire-commands', everyMs: 1_000, run: (now) => devices.expireDue(now) };
}
