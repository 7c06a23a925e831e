/**
 * Usage of a card over any span, derived from what carriers give: day figures counted up to an
 * instant (`asOf`), hours late. Per card and day a mark says which figure the card was last charged
 * from; a new figure adds `figure - mark` MB, spread evenly over the time between the two (usage
 * inside a day is not known finer than that). The part of it that falls before the span being
 * synchronised is late usage, charged at the span's start; the part after the figure's `asOf` is
 * charged when a later figure covers it. So each MB the carrier reports is charged once, whatever
 * the rhythm of synchronisation and however late the figures come (decision 0070).
 */
import { chinaDay, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';
import type { DayUsage } from '../../providers/carrier/types.ts';

export interface UsageMark {
  day: string;
  /** The carrier's figure for the day the card was charged up to (null: none yet, followed since `asOf`). */
  mb: number | null;
  asOf: number;
  final: boolean;
}

export interface DerivedUsage {
  /** MB used in [a, b) (a piece of the span within one day). */
  usage(a: number, b: number): number;
  /** MB used before the span's start the carrier reported only now, by day. */
  late: Map<string, number>;
  /** Marks to write (new or moved), by day. */
  marks: Map<string, UsageMark>;
}

/** The UTC+8 days holding [from, to), at most the last `max` of them. */
export function spanDays(from: number, to: number, max: number): string[] {
  const days: string[] = [];
  const first = Math.max(dayStart(from), dayStart(to - 1) - (max - 1) * DAY_MS);
  for (let d = first; d < to; d += DAY_MS) days.push(chinaDay(d));
  return days;
}

/**
 * Derives a card's usage over [from, to) from the carrier's day figures and the card's marks. A day
 * of the span without a mark is followed from the span's start (usage before it, on its first day, is
 * not the card's to pay: the share of the figure before `from` is left out); a day outside the span
 * without a mark is ignored.
 */
export function deriveUsage(
  from: number,
  to: number,
  figures: readonly DayUsage[],
  marks: ReadonlyMap<string, UsageMark>,
  maxDays: number,
): DerivedUsage {
  const curves = new Map<string, (t: number) => number>();
  const late = new Map<string, number>();
  const written = new Map<string, UsageMark>();
  const latest = new Map<string, DayUsage>();
  for (const f of figures) {
    const seen = latest.get(f.day);
    if (!seen || f.asOf > seen.asOf) latest.set(f.day, f);
  }
  const inSpan = new Set(from < to ? spanDays(from, to, maxDays) : []);
  for (const day of new Set([...inSpan, ...latest.keys()])) {
    const start = dayStartOf(day);
    let mark = marks.get(day);
    if (!mark) {
      if (!inSpan.has(day)) continue;
      mark = { day, mb: null, asOf: Math.max(from, start), final: false };
      written.set(day, mark);
    }
    const f = latest.get(day);
    if (!f || mark.final) continue;
    if (f.asOf <= mark.asOf) {
      if (f.asOf < mark.asOf || mark.mb === null) continue;
      // The same span counted again: higher (the operator revised its figure), the rest is late
      // usage; closed, the day is not asked again.
      if (f.mb > mark.mb) late.set(day, f.mb - mark.mb);
      if (f.mb > mark.mb || f.final) written.set(day, { ...mark, mb: Math.max(f.mb, mark.mb), final: f.final });
      continue;
    }
    const s = mark.asOf;
    const e = Math.min(f.asOf, start + DAY_MS);
    // Without a figure at the mark, the usage before it is estimated as an even share of the day so far.
    const base = mark.mb ?? Math.floor((f.mb * (s - start)) / (e - start));
    const added = Math.max(0, f.mb - base);
    const curve = (t: number) => Math.floor((added * (Math.min(Math.max(t, s), e) - s)) / (e - s));
    curves.set(day, curve);
    if (s < from) {
      const before = curve(from);
      if (before > 0) late.set(day, before);
    }
    written.set(day, { day, mb: Math.max(f.mb, mark.mb ?? 0), asOf: f.asOf, final: f.final });
  }
  return {
    usage: (a, b) => {
      const curve = curves.get(chinaDay(a));
      return curve ? curve(Math.min(b, to)) - curve(Math.max(a, from)) : 0;
    },
    late,
    marks: written,
  };
}

/** The key of a card's cycle-counter mark for a UTC+8 month (beside its day marks, never a day). */
export const cycleKey = (month: string) => `cycle:${month}`;

/**
 * Day figures from a carrier that counts usage per billing cycle only (decision 0075): the counter
 * `reading` against the card's last reading of the cycle (`cycle`, its mark) gives the MB used
 * between the two, spread evenly over that time and cut at day ends into figures on top of each
 * day's mark, so `deriveUsage` charges each MB once. A card's first reading when it starts being
 * followed charges nothing (the usage before it is not the card's to pay; without one, the counter
 * then is estimated as an even share of the cycle so far); a new cycle counts from its start (a
 * previous cycle's usage after its last reading is not read again: the counter restarted).
 */
export function cycleToDays(
  reading: { month: string; mb: number; asOf: number } | null,
  cycle: UsageMark | undefined,
  from: number,
): { figures: DayUsage[]; marks: Map<string, UsageMark> } {
  const figures: DayUsage[] = [];
  const marks = new Map<string, UsageMark>();
  if (!reading) return { figures, marks };
  const key = cycleKey(reading.month);
  const cycleStart = dayStartOf(`${reading.month}-01`);
  const t = reading.asOf;
  const t0 = cycle ? cycle.asOf : Math.max(from, cycleStart);
  if (!cycle && t <= t0) {
    // The first reading, taken when the card starts being followed: the count starts here.
    marks.set(key, { day: key, mb: reading.mb, asOf: t, final: false });
    return { figures, marks };
  }
  // Without a reading when the card started being followed mid-cycle, the counter then is estimated
  // as an even share of the cycle so far (and what came before is left out).
  const c0 = cycle?.mb ?? (from <= cycleStart ? 0 : Math.floor((reading.mb * (t0 - cycleStart)) / (t - cycleStart)));
  if (t <= t0 || reading.mb < c0) return { figures, marks };
  const added = reading.mb - c0;
  const upTo = (x: number) => Math.floor((added * (x - t0)) / (t - t0));
  for (let start = dayStart(t0); start < t; start += DAY_MS) {
    const a = Math.max(t0, start);
    const b = Math.min(t, start + DAY_MS);
    if (b <= a) continue;
    const day = chinaDay(start);
    // Each day is charged from this reading's start: a mark at `a` holding nothing yet, and a figure of its share.
    marks.set(day, { day, mb: 0, asOf: a, final: false });
    figures.push({ iccid: '', day, mb: upTo(b) - upTo(a), asOf: b, final: b === start + DAY_MS });
  }
  marks.set(key, { day: key, mb: reading.mb, asOf: t, final: false });
  return { figures, marks };
}
