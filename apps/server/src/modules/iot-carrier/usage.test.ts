import { describe, expect, it } from 'vitest';
import { chinaDay, DAY_MS, dayStartOf } from '../../lib/flow-math.ts';
import type { DayUsage } from '../../providers/carrier/types.ts';
import { cycleToDays, deriveUsage, type UsageMark } from './usage.ts';

const D1 = '2026-03-10';
const start = dayStartOf(D1);
const H = 3_600_000;

/** An operator whose figures for a day grow evenly to `total`, counted up to `asOf`. */
const figure = (day: string, total: number, asOf: number): DayUsage => {
  const s = dayStartOf(day);
  const t = Math.min(asOf, s + DAY_MS);
  return { iccid: 'c', day, mb: Math.floor((total * (t - s)) / DAY_MS), asOf: t, final: t === s + DAY_MS };
};

/** Runs syncs at `times` (figures `lag` late), the way the product does: charged pieces plus late usage, marks kept. */
function run(times: number[], lag: number, totals: Record<string, number>) {
  let marks = new Map<string, UsageMark>();
  const charged = new Map<string, number>();
  for (let i = 1; i < times.length; i++) {
    const from = times[i - 1]!;
    const to = times[i]!;
    const days = new Set<string>();
    for (let d = from - 3 * DAY_MS; d < to; d += DAY_MS) days.add(chinaDay(d));
    const figures = [...days]
      .filter((d) => totals[d] !== undefined && dayStartOf(d) < to - lag)
      .map((d) => figure(d, totals[d]!, to - lag));
    const derived = deriveUsage(from, to, figures, marks, 7);
    for (const [day, mb] of derived.late) charged.set(day, (charged.get(day) ?? 0) + mb);
    // Pieces cut at each China midnight, as the accrual does.
    for (let a = from; a < to; ) {
      const b = Math.min(to, dayStartOf(chinaDay(a)) + DAY_MS);
      charged.set(chinaDay(a), (charged.get(chinaDay(a)) ?? 0) + derived.usage(a, b));
      a = b;
    }
    marks = new Map([...marks, ...derived.marks]);
  }
  return charged;
}

describe('usage derived from day figures', () => {
  const totals = { '2026-03-10': 300, '2026-03-11': 120, '2026-03-12': 77, '2026-03-13': 0, '2026-03-14': 999 };

  it('charges each day its figure once, whatever the rhythm and however late the figures', () => {
    for (const lag of [0, 5 * 60_000, 3 * H, 20 * H, 30 * H]) {
      for (const step of [7 * 60_000, 2 * H, 11 * H, 25 * H]) {
        const times: number[] = [];
        for (let t = start; t <= start + 6 * DAY_MS + 2 * DAY_MS; t += step) times.push(t);
        const charged = run(times, lag, totals);
        for (const day of ['2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']) {
          expect([lag, step, day, charged.get(day) ?? 0]).toEqual([lag, step, day, totals[day as keyof typeof totals]]);
        }
      }
    }
  });

  it('leaves out, on a card first followed mid-day, the usage before it (estimated as an even share)', () => {
    const from = start + 6 * H;
    const derived = deriveUsage(from, start + 12 * H, [figure(D1, 240, start + 12 * H)], new Map(), 7);
    expect(derived.late.size).toBe(0);
    expect(derived.usage(from, start + 12 * H)).toBe(60);
    expect(derived.marks.get(D1)).toMatchObject({ mb: 120, asOf: start + 12 * H, final: false });
  });

  it('charges a figure the operator revised upward as late usage', () => {
    const mark: UsageMark = { day: D1, mb: 100, asOf: start + DAY_MS, final: false };
    const derived = deriveUsage(
      start + DAY_MS + H,
      start + DAY_MS + 2 * H,
      [{ iccid: 'c', day: D1, mb: 130, asOf: start + DAY_MS, final: true }],
      new Map([[D1, mark]]),
      7,
    );
    expect(derived.late.get(D1)).toBe(30);
    expect(derived.marks.get(D1)).toMatchObject({ mb: 130, final: true });
  });

  it('spreads new usage evenly over the pieces of the span it covers', () => {
    const mark: UsageMark = { day: D1, mb: 0, asOf: start, final: false };
    const derived = deriveUsage(start, start + 8 * H, [figure(D1, 240, start + 8 * H)], new Map([[D1, mark]]), 7);
    expect(derived.usage(start, start + 2 * H) + derived.usage(start + 2 * H, start + 8 * H)).toBe(80);
    expect(derived.usage(start, start + 4 * H)).toBe(40);
  });
});

describe('day figures from a cycle counter', () => {
  const cycleStart = dayStartOf('2026-03-01');

  it('cuts what the counter added between two readings at day ends, evenly over the time, to the MB', () => {
    const mark: UsageMark = { day: 'cycle:2026-03', mb: 1000, asOf: start + 18 * H, final: false };
    const { figures, marks } = cycleToDays({ month: '2026-03', mb: 1100, asOf: start + DAY_MS + 2 * H }, mark, start + 18 * H);
    // 100 MB over 8 hours: 6 of them on the 10th, 2 on the 11th.
    expect(figures.map((f) => [f.day, f.mb, f.asOf, f.final])).toEqual([
      ['2026-03-10', 75, start + DAY_MS, true],
      ['2026-03-11', 25, start + DAY_MS + 2 * H, false],
    ]);
    expect([...marks.values()]).toEqual([
      { day: '2026-03-10', mb: 0, asOf: start + 18 * H, final: false },
      { day: '2026-03-11', mb: 0, asOf: start + DAY_MS, final: false },
      { day: 'cycle:2026-03', mb: 1100, asOf: start + DAY_MS + 2 * H, final: false },
    ]);
  });

  it('starts the count at the first reading, and charges nothing for it', () => {
    const { figures, marks } = cycleToDays({ month: '2026-03', mb: 4321, asOf: start }, undefined, start);
    expect(figures).toEqual([]);
    expect(marks.get('cycle:2026-03')).toEqual({ day: 'cycle:2026-03', mb: 4321, asOf: start, final: false });
  });

  it('counts a new cycle from its start, and estimates the counter of a card first read mid-cycle', () => {
    const fresh = cycleToDays({ month: '2026-03', mb: 48, asOf: cycleStart + 2 * H }, undefined, cycleStart - 3 * H);
    expect(fresh.figures.map((f) => [f.day, f.mb])).toEqual([['2026-03-01', 48]]);
    // Followed from the 10th 00:00 but first read on the 10th 12:00 with 1900 MB: 1800 estimated at its start.
    const late = cycleToDays({ month: '2026-03', mb: 1900, asOf: start + 12 * H }, undefined, start);
    expect(late.figures.map((f) => [f.day, f.mb])).toEqual([['2026-03-10', 100]]);
  });

  it('gives nothing for a reading no newer than the mark, or lower than it', () => {
    const mark: UsageMark = { day: 'cycle:2026-03', mb: 500, asOf: start, final: false };
    expect(cycleToDays({ month: '2026-03', mb: 600, asOf: start }, mark, start).figures).toEqual([]);
    expect(cycleToDays({ month: '2026-03', mb: 400, asOf: start + H }, mark, start).figures).toEqual([]);
    expect(cycleToDays(null, mark, start).marks.size).toBe(0);
  });
});
