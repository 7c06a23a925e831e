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
