/**
 * Pure maths of data flow and validity: calendar days of the carrier (UTC+8), package durations,
 * package lifecycle, allocation of usage to packages, the totals shown on the dashboard and the
 * remaining time with its units (spec §4: 1 days, 2 months, 3 years; 20 years or more is lifetime).
 * No I/O and no clock: every function takes `now`.
 */
import { DurationUnit, type DurationUnitValue, LIFETIME_YEARS, SimStatus } from '@simshop/contract/iot';

export const DAY_MS = 86_400_000;
/** China Standard Time, the day carriers bill by. */
const OFFSET_MS = 8 * 3_600_000;

/** The last day asked for, kept: most instants asked for are today's (every card view reads it). */
let lastDay = { start: 0, end: 0, day: '' };
/**
 * The dates of the days asked for lately, by day start: a synchronisation goes back and forth
 * between the days of its span, card after card. Emptied when it holds DAYS_KEPT.
 */
const recentDays = new Map<number, string>();
const DAYS_KEPT = 400;

/** Calendar date (YYYY-MM-DD) in UTC+8 of an instant. */
export function chinaDay(ms: number): string {
  if (ms >= lastDay.start && ms < lastDay.end) return lastDay.day;
  const start = dayStart(ms);
  let day = recentDays.get(start);
  if (day === undefined) {
    if (recentDays.size >= DAYS_KEPT) recentDays.clear();
    day = new Date(start + OFFSET_MS).toISOString().slice(0, 10);
    recentDays.set(start, day);
  }
  lastDay = { start, end: start + DAY_MS, day };
  return day;
}

/** Calendar month (YYYY-MM) in UTC+8 of an instant. */
export function chinaMonth(ms: number): string {
  return chinaDay(ms).slice(0, 7);
}

/** Start (UTC+8 midnight) of the day holding `ms`. */
export function dayStart(ms: number): number {
  return Math.floor((ms + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
}

/** Start of a UTC+8 calendar date (YYYY-MM-DD). */
export function dayStartOf(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS;
}

function addMonthsClamped(ms: number, months: number): number {
  const d = new Date(ms + OFFSET_MS);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime() - OFFSET_MS;
}

/**
 * End of a package that starts at `start` and lasts `duration` units, on the UTC+8 calendar:
 * days are 24 h, a month ends on the same day of the month (clamped: Jan 31 + 1 month = Feb 28/29),
 * a year on the same date (Feb 29 + 1 year = Feb 28).
 */
export function addDuration(start: number, duration: number, unit: DurationUnitValue): number {
  if (!Number.isInteger(duration) || duration < 1) throw new RangeError('duration must be a whole number of at least 1');
  if (unit === DurationUnit.DAY) return start + duration * DAY_MS;
  if (unit === DurationUnit.MONTH) return addMonthsClamped(start, duration);
  if (unit === DurationUnit.YEAR) return addMonthsClamped(start, duration * 12);
  throw new RangeError(`unknown duration unit ${unit}`);
}

/** Whole calendar months from `from` until `to` (0 when less than one). */
export function fullMonthsBetween(from: number, to: number): number {
  const a = new Date(from + OFFSET_MS);
  const b = new Date(to + OFFSET_MS);
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth());
  if (months > 0 && addMonthsClamped(from, months) > to) months -= 1;
  return Math.max(0, months);
}

/** Validity left on a card: `none` without a package end, `expired` once it has passed, else `left`. */
export interface Surplus {
  surplusTime: number;
  surplusUnit: DurationUnitValue;
  isLifetime: boolean;
  state: 'none' | 'expired' | 'left';
}

/**
 * Validity left until `endAt`: whole years when at least one year is left (20 or more: lifetime),
 * else whole months when at least one month is left, else days, counting a started day as a day.
 */
export function surplusTime(endAt: number | null, now: number): Surplus {
  if (endAt === null) return { surplusTime: 0, surplusUnit: DurationUnit.DAY, isLifetime: false, state: 'none' };
  if (endAt <= now) return { surplusTime: 0, surplusUnit: DurationUnit.DAY, isLifetime: false, state: 'expired' };
  const months = fullMonthsBetween(now, endAt);
  const years = Math.floor(months / 12);
  if (years >= LIFETIME_YEARS) return { surplusTime: years, surplusUnit: DurationUnit.YEAR, isLifetime: true, state: 'left' };
  if (years >= 1) return { surplusTime: years, surplusUnit: DurationUnit.YEAR, isLifetime: false, state: 'left' };
  if (months >= 1) return { surplusTime: months, surplusUnit: DurationUnit.MONTH, isLifetime: false, state: 'left' };
  return { surplusTime: Math.ceil((endAt - now) / DAY_MS), surplusUnit: DurationUnit.DAY, isLifetime: false, state: 'left' };
}

export interface PackageState {
  id: number;
  kind: 'base' | 'addon' | 'volume';
  unlimited: boolean;
  flowMb: number;
  usedMb: number;
  startsAt: number;
  endsAt: number;
  status: 'pending' | 'active' | 'expired' | 'closed';
}

/** Pending packages whose start has come become active; active ones whose end has come expire. */
export function applyLifecycle(packages: readonly PackageState[], now: number): PackageState[] {
  return packages.map((p) => {
    let status = p.status;
    if (status === 'pending' && p.startsAt <= now) status = 'active';
    if (status === 'active' && p.endsAt <= now) status = 'expired';
    return status === p.status ? p : { ...p, status };
  });
}

const inEffect = (p: PackageState, now: number) => p.status === 'active' && p.startsAt <= now && now < p.endsAt;

export interface FlowSummary {
  totalFlow: number;
  useFlow: number;
  surplusFlow: number;
  isInfiniteFlow: boolean;
  /** End of service: the latest end of the base and add-on packages in effect or queued. */
  endAt: number | null;
  volumePackageId: number | null;
  /** Data may flow: unlimited, allowance left, or a pay-per-use volume package. */
  hasAllowance: boolean;
}

/** Totals shown on the dashboard, from the packages in effect at `now`. */
export function summarise(packages: readonly PackageState[], now: number): FlowSummary {
  let totalFlow = 0;
  let useFlow = 0;
  let useAll = 0;
  let isInfiniteFlow = false;
  let endAt: number | null = null;
  let volumePackageId: number | null = null;
  for (const p of packages) {
    if (p.kind !== 'volume' && (p.status === 'pending' || inEffect(p, now))) endAt = Math.max(endAt ?? 0, p.endsAt);
    if (!inEffect(p, now)) continue;
    if (p.kind === 'volume') {
      volumePackageId ??= p.id;
      continue;
    }
    useAll += p.usedMb;
    if (p.unlimited) isInfiniteFlow = true;
    else {
      totalFlow += p.flowMb;
      useFlow += p.usedMb;
    }
  }
  if (isInfiniteFlow) totalFlow = 0;
  const surplusFlow = isInfiniteFlow ? 0 : Math.max(0, totalFlow - useFlow);
  return {
    totalFlow,
    useFlow: isInfiniteFlow ? useAll : useFlow,
    surplusFlow,
    isInfiniteFlow,
    endAt,
    volumePackageId,
    hasAllowance: isInfiniteFlow || surplusFlow > 0 || volumePackageId !== null,
  };
}

/**
 * Charges `mb` of usage to the packages in effect: an unlimited package takes it all; otherwise
 * limited packages in order of their end (the one ending first is used first, then by id), then a
 * pay-per-use volume package takes the rest. Returns the packages after the charge and what no
 * package covered (used after the allowance ran out, before the data was cut).
 */
export function allocateUsage(packages: readonly PackageState[], mb: number, now: number): { packages: PackageState[]; uncovered: number } {
  const next = packages.map((p) => ({ ...p }));
  const effective = next.filter((p) => inEffect(p, now));
  let left = mb;
  const unlimited = effective.find((p) => p.unlimited && p.kind !== 'volume');
  if (unlimited) {
    unlimited.usedMb += left;
    return { packages: next, uncovered: 0 };
  }
  const limited = effective.filter((p) => p.kind !== 'volume').sort((a, b) => a.endsAt - b.endsAt || a.id - b.id);
  for (const p of limited) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, p.flowMb - p.usedMb));
    p.usedMb += take;
    left -= take;
  }
  const volume = effective.filter((p) => p.kind === 'volume').sort((a, b) => a.id - b.id)[0];
  if (volume && left > 0) {
    volume.usedMb += left;
    left = 0;
  }
  return { packages: next, uncovered: left };
}

/** Money charged for a volume package: used MB at `gPrice` fen per GB, rounded up to the fen. */
export function volumeMoney(usedMb: number, gPrice: number): number {
  return Math.ceil((usedMb * gPrice) / 1024);
}

export interface CardFacts {
  status: number;
  simStatus: number;
  cancelStatus: number;
  inBreak: boolean;
  arrearsBalance: number;
}

/** Mobile data is on only for an active, normal card with no break, no arrears, and allowance left. */
export function internetAllowed(card: CardFacts, summary: Pick<FlowSummary, 'hasAllowance'>): boolean {
  return (
    card.status === 1 &&
    card.simStatus === SimStatus.ACTIVE &&
    card.cancelStatus === 0 &&
    !card.inBreak &&
    card.arrearsBalance <= 0 &&
    summary.hasAllowance
  );
}

/**
 * The instants in (from, to) where something changes: UTC+8 midnights, package starts and ends.
 * The span is cut there so each piece belongs to one day and one set of packages.
 */
export function cutPoints(from: number, to: number, packages: readonly PackageState[]): number[] {
  const points = new Set<number>();
  for (let d = dayStart(from) + DAY_MS; d < to; d += DAY_MS) points.add(d);
  for (const p of packages) {
    if (p.startsAt > from && p.startsAt < to) points.add(p.startsAt);
    if (p.endsAt > from && p.endsAt < to) points.add(p.endsAt);
  }
  return [...points].sort((a, b) => a - b);
}

export interface AccrualInput {
  from: number;
  to: number;
  packages: PackageState[];
  card: CardFacts;
  /** Usage already recorded for the UTC+8 day of `from`. */
  usedOnFirstDay: number;
  /** A day's usage reaching this many MB breaks the card (day_flow_over rule); null: no such rule. */
  dayBreakMb: number | null;
  /** MB the carrier reports for [a, b) (within one day) while data is on. */
  usage(a: number, b: number): number | Promise<number>;
}

export interface AccrualResult {
  packages: PackageState[];
  /** MB added per UTC+8 day. */
  days: Map<string, number>;
  /** When the card broke the day-flow rule, if it did. */
  breakAt: number | null;
  summary: FlowSummary;
  internetOn: boolean;
}

/**
 * Brings a card from `from` to `to`: in each piece between cut points, packages start and expire,
 * the carrier's usage is charged to them while data is on, and data is cut when the allowance runs
 * out or the day-flow rule is broken. Usage in a piece where data was on is recorded in full (the
 * carrier counted it) even when the allowance ran out inside the piece.
 */
export async function accrue(input: AccrualInput): Promise<AccrualResult> {
  let packages = input.packages;
  const days = new Map<string, number>();
  let breakAt: number | null = null;
  const card = { ...input.card };
  const points = [input.from, ...cutPoints(input.from, input.to, packages), input.to];
  let day = chinaDay(input.from);
  let dayTotal = input.usedOnFirstDay;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    packages = applyLifecycle(packages, a);
    const pieceDay = chinaDay(a);
    if (pieceDay !== day) {
      day = pieceDay;
      dayTotal = 0;
    }
    if (!internetAllowed(card, summarise(packages, a))) continue;
    const mb = await input.usage(a, b);
    if (mb <= 0) continue;
    packages = allocateUsage(packages, mb, a).packages;
    days.set(day, (days.get(day) ?? 0) + mb);
    const before = dayTotal;
    dayTotal += mb;
    // Crossing the threshold breaks the card; once a holder lifted it, the rest of that day is free.
    if (input.dayBreakMb !== null && before < input.dayBreakMb && dayTotal >= input.dayBreakMb && breakAt === null) {
      breakAt = b;
      card.inBreak = true;
    }
  }
  packages = applyLifecycle(packages, input.to);
  const summary = summarise(packages, input.to);
  return { packages, days, breakAt, summary, internetOn: internetAllowed(card, summary) };
}

/** Warranty state of a device: none, valid, expiring (30 days or less left) or expired. */
export function warrantyTag(expireAt: number | null, now: number): 'none' | 'valid' | 'expiring' | 'expired' {
  if (expireAt === null) return 'none';
  if (expireAt <= now) return 'expired';
  return expireAt - now <= 30 * DAY_MS ? 'expiring' : 'valid';
}
