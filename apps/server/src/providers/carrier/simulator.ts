import { createHash } from 'node:crypto';
import { chinaDay, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';
import {
  type CardStatus,
  type CarrierCard,
  CarrierError,
  type CarrierLimits,
  type CarrierOperation,
  type CarrierProvider,
  type DayUsage,
  type ImeiBinding,
  type MonthUsage,
  ProvisionError,
  type ProvisionRequest,
  type RealNameStatus,
  type SpeedRequest,
  type StateChange,
  type StopReason,
} from './types.ts';

/** A number in [0, 1) fixed by the text. */
function unit(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/**
 * Full-day usage of a card in MB: each card has its own habit (30 to 400 MB a day), each day varies
 * it between 0.5x and 1.5x, and weekends (UTC+8) add a fifth.
 */
export function simulatedDayUsage(simNo: string, day: string): number {
  const habit = 30 + Math.floor(unit(`habit:${simNo}`) * 370);
  const factor = 0.5 + unit(`day:${simNo}:${day}`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.2 : 1;
  return Math.round(habit * factor * weekend);
}

/** Usage of a card's day up to `t` (within that day or at its end), spread evenly over the day (whole MB, rounded down). */
function usedBy(simNo: string, start: number, t: number): number {
  const total = simulatedDayUsage(simNo, chinaDay(start));
  if (t - start >= DAY_MS) return total;
  return Math.floor((total * Math.max(0, t - start)) / DAY_MS);
}

export interface SimulatorOptions {
  /** How late the simulated operator's figures are (0: up to the instant asked). */
  lagMs?: number;
  /** Cards the simulated operator does not know (default: it knows every card). */
  unknown?: (iccid: string) => boolean;
}

/**
 * The built-in carrier: usage follows the deterministic curve above, so the same card and day
 * always give the same figures whatever the synchronisation rhythm (up to the instant asked, less
 * `lagMs`); a card is online except in its own quiet hour of the day; changes are done at once and
 * kept in memory (the platform keeps its own record of them in iot_sims).
 */
export class CarrierSimulator implements CarrierProvider {
  readonly name = 'simulator';
  readonly limits: CarrierLimits = { batchSize: 100, callsPerSecond: 1_000, dayHistory: 400, inProcess: true };
  readonly #lagMs: number;
  readonly #unknown: (iccid: string) => boolean;

  constructor(options: SimulatorOptions = {}) {
    this.#lagMs = options.lagMs ?? 0;
    this.#unknown = options.unknown ?? (() => false);
  }

  /** MB the card used in [from, to) within one UTC+8 day (the curve itself; the seed writes history with it). */
  usageBetween(card: CarrierCard, from: number, to: number): number {
    if (to <= from) return 0;
    const start = dayStart(from);
    if (start !== dayStart(to - 1)) throw new RangeError('usage spans must stay within one UTC+8 day');
    return usedBy(card.simNo, start, to) - usedBy(card.simNo, start, from);
  }

  #known(cards: readonly CarrierCard[]): CarrierCard[] {
    if (cards.length > this.limits.batchSize) throw new CarrierError('invalid', `at most ${this.limits.batchSize} cards a call`);
    return cards.filter((c) => !this.#unknown(c.iccid));
  }

  async usageDays(cards: readonly CarrierCard[], days: readonly string[], now: number): Promise<DayUsage[]> {
    const known = now - this.#lagMs;
    const out: DayUsage[] = [];
    for (const card of this.#known(cards)) {
      for (const day of days) {
        const start = dayStartOf(day);
        if (start >= known) continue;
        const asOf = Math.min(known, start + DAY_MS);
        out.push({ iccid: card.iccid, day, mb: usedBy(card.simNo, start, asOf), asOf, final: asOf === start + DAY_MS });
      }
    }
    return out;
  }

  async usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]> {
    const known = now - this.#lagMs;
    const out: MonthUsage[] = [];
    for (const card of this.#known(cards)) {
      for (const month of months) {
        const first = dayStartOf(`${month}-01`);
        if (first >= known) continue;
        let mb = 0;
        let start = first;
        for (; start < known && chinaDay(start).startsWith(month); start += DAY_MS) mb += usedBy(card.simNo, start, known);
        const asOf = Math.min(known, start);
        out.push({ iccid: card.iccid, month, mb, asOf, final: !chinaDay(start).startsWith(month) && start <= known });
      }
    }
    return out;
  }

  /** Data on or off per ICCID as last switched here (cards never switched keep what the platform recorded). */
  private readonly data = new Map<string, boolean>();
  /** Suspended cards. */
  private readonly suspended = new Set<string>();
  /** Real-name states set by tests (a card not set is registered). */
  private readonly realNames = new Map<string, RealNameStatus['state']>();
  /** Cards moved into a device other than their bound one. */
  private readonly separated = new Set<string>();
  /** Cards the operator stopped by itself, with its reason (tests): data off until resumed or switched on. */
  private readonly stops = new Map<string, StopReason>();
  /** Every operation asked, by key. */
  private readonly ops = new Map<string, { iccid: string; op: CarrierOperation }>();

  async status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]> {
    return this.#known(cards).map((card) => {
      const quietHour = Math.floor(unit(`quiet:${card.simNo}`) * 24);
      const hour = Math.floor((now - dayStart(now)) / 3_600_000);
      const suspended = this.suspended.has(card.iccid);
      const own = this.stops.get(card.iccid);
      const dataOn = suspended || own ? false : (this.data.get(card.iccid) ?? null);
      const stopped = suspended || dataOn === false;
      return {
        iccid: card.iccid,
        lifecycle: suspended ? 'suspended' : 'active',
        dataOn,
        onlineStatus: hour === quietHour ? 2 : 1,
        stopReason: own ?? (this.separated.has(card.iccid) ? 'separated' : stopped ? 'requested' : 'none'),
        stopDetail: null,
        asOf: now,
      };
    });
  }

  async realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]> {
    return this.#known(cards).map((c) => ({ iccid: c.iccid, state: this.realNames.get(c.iccid) ?? 'registered', asOf: now }));
  }

  async imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]> {
    return this.#known(cards).map((c) => {
      const bound = `86${String(Math.floor(unit(`imei:${c.iccid}`) * 1e13)).padStart(13, '0')}`;
      const separated = this.separated.has(c.iccid);
      return { iccid: c.iccid, boundImei: bound, seenImei: separated ? `${bound.slice(0, -1)}9` : bound, separated, asOf: now };
    });
  }

  /** Sets a card's real-name state at the simulated operator (tests). */
  setRealName(iccid: string, state: RealNameStatus['state']): void {
    this.realNames.set(iccid, state);
  }

  /** The operator stops the card's data by itself for `reason` (tests): until data is switched on or the card resumed. */
  stopFor(iccid: string, reason: Exclude<StopReason, 'none'>): void {
    this.stops.set(iccid, reason);
  }

  /** Moves a card into another device (true) or back (false) (tests). */
  separate(iccid: string, moved = true): void {
    if (moved) this.separated.add(iccid);
    else this.separated.delete(iccid);
  }

  /** The operation already asked with `opKey` (same key, same operation), or null. */
  #repeat(card: CarrierCard, opKey: string): CarrierOperation | null {
    const done = this.ops.get(opKey);
    if (!done) return null;
    if (done.iccid !== card.iccid) throw new CarrierError('invalid', `operation ${opKey} belongs to another card`);
    return done.op;
  }

  #record(card: CarrierCard, opKey: string, now: number, ref: string | null = null): CarrierOperation {
    const op: CarrierOperation = { opKey, state: 'done', ref: ref ?? `SIMOP-${opKey}`, reason: null, asOf: now };
    this.ops.set(opKey, { iccid: card.iccid, op });
    return op;
  }

  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    if (this.#unknown(card.iccid)) this.#unknownCard(card);
    // Idempotent by its target: a repeat finds the card as asked and changes nothing (a key asked
    // again after the card was changed otherwise meanwhile asks the change again).
    const repeat = this.#repeat(card, change.opKey);
    if (repeat && this.#inState(card.iccid, change)) return repeat;
    if (change.action === 'data-on' || change.action === 'resume') this.stops.delete(card.iccid);
    if (change.action === 'data-on' || change.action === 'data-off') this.data.set(card.iccid, change.action === 'data-on');
    else if (change.action === 'suspend') this.suspended.add(card.iccid);
    else this.suspended.delete(card.iccid);
    return this.#record(card, change.opKey, now);
  }

  #inState(iccid: string, change: StateChange): boolean {
    if ((change.action === 'data-on' || change.action === 'resume') && this.stops.has(iccid)) return false;
    if (change.action === 'suspend' || change.action === 'resume') return this.suspended.has(iccid) === (change.action === 'suspend');
    return this.data.get(iccid) === (change.action === 'data-on');
  }

  #unknownCard(card: CarrierCard): never {
    throw new CarrierError('unknown-card', `the operator does not know card ${card.iccid}`);
  }

  async operation(card: CarrierCard, opKey: string, _now: number): Promise<CarrierOperation> {
    const op = this.#repeat(card, opKey);
    if (!op) throw new CarrierError('invalid', `no operation ${opKey}`);
    return op;
  }

  /** Whether data was last switched on (true), off (false), or never switched (undefined) for a card. */
  dataOf(iccid: string): boolean | undefined {
    return this.data.get(iccid);
  }

  /** ICCIDs whose provisioning the simulated carrier refuses, with how many more refusals (failure mode for tests). */
  private readonly refusals = new Map<string, number>();
  /** ICCIDs whose next provisioning calls fail as if the carrier could not be reached, and whether the package opens anyway. */
  private readonly outages = new Map<string, { times: number; opensAnyway: boolean }>();
  /** Packages opened, by order number: a repeat of one is the same operation and opens nothing more. */
  private readonly opened = new Map<string, { iccid: string; ref: string }>();

  /** Makes the carrier refuse the next `times` provisioning requests of a card (Infinity: until cleared). */
  failProvisioning(iccid: string, times = Number.POSITIVE_INFINITY): void {
    if (times <= 0) this.refusals.delete(iccid);
    else this.refusals.set(iccid, times);
  }

  /**
   * Makes the next `times` provisioning calls of a card fail without an answer (a timeout). With
   * `opensAnyway` the carrier did open the package and only the reply was lost.
   */
  failTransiently(iccid: string, times: number, opensAnyway = false): void {
    if (times <= 0) this.outages.delete(iccid);
    else this.outages.set(iccid, { times, opensAnyway });
  }

  /** How many packages the carrier opened on a card (each operation once). */
  openedOn(iccid: string): number {
    return [...this.opened.values()].filter((o) => o.iccid === iccid).length;
  }

  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    const done = this.opened.get(request.orderNo);
    if (done) {
      if (done.iccid !== card.iccid) throw new ProvisionError(`operation ${request.orderNo} belongs to another card`);
      return this.#repeat(card, request.orderNo) ?? this.#record(card, request.orderNo, now, done.ref);
    }
    if (this.#unknown(card.iccid)) this.#unknownCard(card);
    const outage = this.outages.get(card.iccid);
    if (outage) {
      if (outage.times === 1) this.outages.delete(card.iccid);
      else this.outages.set(card.iccid, { ...outage, times: outage.times - 1 });
      if (outage.opensAnyway) this.#open(card, request, now);
      throw new CarrierError('unavailable', 'the carrier did not answer in time');
    }
    const left = this.refusals.get(card.iccid) ?? 0;
    if (left > 0) {
      if (left === 1) this.refusals.delete(card.iccid);
      else this.refusals.set(card.iccid, left - 1);
      throw new ProvisionError(`carrier refused to open ${request.name} on ${card.iccid}`);
    }
    if (request.endsAt <= request.startsAt) throw new ProvisionError('the package ends before it starts');
    return this.#open(card, request, now);
  }

  #open(card: CarrierCard, request: ProvisionRequest, now: number): CarrierOperation {
    const ref = `SIM-${createHash('sha256').update(`${card.iccid}:${request.orderNo}`).digest('hex').slice(0, 16)}`;
    this.opened.set(request.orderNo, { iccid: card.iccid, ref });
    return this.#record(card, request.orderNo, now, ref);
  }

  /** Speed profile per ICCID as last set here. */
  private readonly speeds = new Map<string, { code: string; until: number | null }>();
  /** ICCIDs whose speed changes the carrier refuses (failure mode for tests). */
  private readonly speedRefusals = new Set<string>();
  /** ICCIDs whose next speed calls go unanswered, with how many more. */
  private readonly speedOutages = new Map<string, number>();

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    const repeat = this.#repeat(card, request.opKey);
    if (repeat) return repeat;
    if (this.#unknown(card.iccid)) this.#unknownCard(card);
    const outage = this.speedOutages.get(card.iccid) ?? 0;
    if (outage > 0) {
      if (outage === 1) this.speedOutages.delete(card.iccid);
      else this.speedOutages.set(card.iccid, outage - 1);
      throw new CarrierError('unavailable', 'the carrier did not answer in time');
    }
    if (request.speedCode !== null && this.speedRefusals.has(card.iccid)) {
      throw new ProvisionError(`carrier refused speed profile ${request.speedCode} on ${card.iccid}`);
    }
    if (request.speedCode !== null && request.until !== null && request.until <= now) {
      throw new ProvisionError('the speed-up ends before it starts');
    }
    if (request.speedCode === null) this.speeds.delete(card.iccid);
    else this.speeds.set(card.iccid, { code: request.speedCode, until: request.until });
    return this.#record(card, request.opKey, now);
  }

  /** The speed profile the card runs on at `now` (null: its own speed); a profile past its end has fallen back. */
  speedOf(iccid: string, now: number): string | null {
    const s = this.speeds.get(iccid);
    return s && (s.until === null || now < s.until) ? s.code : null;
  }

  /** The profile last set on the card, whatever its end (tests check that it was restored). */
  speedSetOn(iccid: string): string | null {
    return this.speeds.get(iccid)?.code ?? null;
  }

  /** Makes the carrier refuse speed profiles on a card (false: accept them again). */
  refuseSpeed(iccid: string, refuse = true): void {
    if (refuse) this.speedRefusals.add(iccid);
    else this.speedRefusals.delete(iccid);
  }

  /** Makes the next `times` speed calls of a card go unanswered. */
  failSpeedTransiently(iccid: string, times: number): void {
    if (times <= 0) this.speedOutages.delete(iccid);
    else this.speedOutages.set(iccid, times);
  }
}
