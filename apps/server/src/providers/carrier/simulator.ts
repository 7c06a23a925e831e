import { createHash } from 'node:crypto';
import { chinaDay, DAY_MS, dayStart } from '../../lib/flow-math.ts';
import {
  type CarrierCard,
  type CarrierCardState,
  type CarrierProvider,
  ProvisionError,
  type ProvisionRequest,
  type SpeedRequest,
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

/** Usage of a day up to `t`, spread evenly over the day (whole MB, rounded down). */
function usedBy(simNo: string, t: number): number {
  const start = dayStart(t);
  const total = simulatedDayUsage(simNo, chinaDay(t));
  return Math.floor((total * Math.min(t - start, DAY_MS)) / DAY_MS);
}

/**
 * The built-in carrier: usage follows the deterministic curve above, so the same card and span always
 * give the same figures whatever the synchronisation rhythm; a card is online except in its own
 * quiet hour of the day; data switching is accepted at once (its state is kept in iot_sims).
 */
export class CarrierSimulator implements CarrierProvider {
  readonly name = 'simulator';

  async usage(card: CarrierCard, from: number, to: number): Promise<number> {
    if (to <= from) return 0;
    if (dayStart(from) !== dayStart(to - 1)) throw new RangeError('usage spans must stay within one UTC+8 day');
    const end = to - dayStart(from) >= DAY_MS ? dayStart(from) + DAY_MS : to;
    const atEnd = end === dayStart(from) + DAY_MS ? simulatedDayUsage(card.simNo, chinaDay(from)) : usedBy(card.simNo, end);
    return atEnd - usedBy(card.simNo, from);
  }

  async state(card: CarrierCard, now: number): Promise<CarrierCardState> {
    const quietHour = Math.floor(unit(`quiet:${card.simNo}`) * 24);
    const hour = Math.floor((now - dayStart(now)) / 3_600_000);
    return { onlineStatus: hour === quietHour ? 2 : 1 };
  }

  /** Data on or off per ICCID as last switched here (cards never switched keep what the platform recorded). */
  private readonly data = new Map<string, boolean>();

  async setData(card: CarrierCard, on: boolean, _now: number): Promise<void> {
    this.data.set(card.iccid, on);
  }

  /** Whether data was last switched on (true), off (false), or never switched (undefined) for a card. */
  dataOf(iccid: string): boolean | undefined {
    return this.data.get(iccid);
  }

  /** ICCIDs whose provisioning the simulated carrier refuses, with how many more refusals (failure mode for tests). */
  private readonly refusals = new Map<string, number>();
  /** ICCIDs whose next provisioning calls fail as if the carrier could not be reached, and whether the package opens anyway. */
  private readonly outages = new Map<string, { times: number; opensAnyway: boolean }>();
  /** Operations done, by order number: a repeat of one is the same operation and opens nothing more. */
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

  async provision(card: CarrierCard, request: ProvisionRequest, _now: number): Promise<{ ref: string }> {
    const done = this.opened.get(request.orderNo);
    if (done) {
      if (done.iccid !== card.iccid) throw new ProvisionError(`operation ${request.orderNo} belongs to another card`);
      return { ref: done.ref };
    }
    const outage = this.outages.get(card.iccid);
    if (outage) {
      if (outage.times === 1) this.outages.delete(card.iccid);
      else this.outages.set(card.iccid, { ...outage, times: outage.times - 1 });
      if (outage.opensAnyway) this.open(card, request);
      throw new Error('the carrier did not answer in time');
    }
    const left = this.refusals.get(card.iccid) ?? 0;
    if (left > 0) {
      if (left === 1) this.refusals.delete(card.iccid);
      else this.refusals.set(card.iccid, left - 1);
      throw new ProvisionError(`carrier refused to open ${request.name} on ${card.iccid}`);
    }
    if (request.endsAt <= request.startsAt) throw new ProvisionError('the package ends before it starts');
    return { ref: this.open(card, request) };
  }

  private open(card: CarrierCard, request: ProvisionRequest): string {
    const ref = `SIM-${createHash('sha256').update(`${card.iccid}:${request.orderNo}`).digest('hex').slice(0, 16)}`;
    this.opened.set(request.orderNo, { iccid: card.iccid, ref });
    return ref;
  }

  /** Speed profile per ICCID as last set here, and the operations done (a repeat of one changes nothing). */
  private readonly speeds = new Map<string, { code: string; until: number | null }>();
  private readonly speedOps = new Set<string>();
  /** ICCIDs whose speed changes the carrier refuses (failure mode for tests). */
  private readonly speedRefusals = new Set<string>();
  /** ICCIDs whose next speed calls go unanswered, with how many more. */
  private readonly speedOutages = new Map<string, number>();

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<void> {
    if (this.speedOps.has(request.opKey)) return;
    const outage = this.speedOutages.get(card.iccid) ?? 0;
    if (outage > 0) {
      if (outage === 1) this.speedOutages.delete(card.iccid);
      else this.speedOutages.set(card.iccid, outage - 1);
      throw new Error('the carrier did not answer in time');
    }
    if (request.speedCode !== null && this.speedRefusals.has(card.iccid)) {
      throw new ProvisionError(`carrier refused speed profile ${request.speedCode} on ${card.iccid}`);
    }
    if (request.speedCode !== null && request.until !== null && request.until <= now) {
      throw new ProvisionError('the speed-up ends before it starts');
    }
    this.speedOps.add(request.opKey);
    if (request.speedCode === null) this.speeds.delete(card.iccid);
    else this.speeds.set(card.iccid, { code: request.speedCode, until: request.until });
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
