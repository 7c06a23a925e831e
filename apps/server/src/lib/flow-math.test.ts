import { DurationUnit, isLifetimeDuration } from '@simshop/contract/iot';
import { describe, expect, it } from 'vitest';
import {
  accrue,
  addDuration,
  allocateUsage,
  applyLifecycle,
  chinaDay,
  chinaMonth,
  cutPoints,
  DAY_MS,
  dayStart,
  dayStartOf,
  fullMonthsBetween,
  internetAllowed,
  type PackageState,
  summarise,
  surplusTime,
  volumeMoney,
  warrantyTag,
} from './flow-math.ts';

/** 2026-03-10 12:00 in China (04:00 UTC). */
const NOW = Date.UTC(2026, 2, 10, 4, 0, 0);
const cst = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 8);

const pkg = (over: Partial<PackageState> & Pick<PackageState, 'id'>): PackageState => ({
  kind: 'base',
  unlimited: false,
  flowMb: 1000,
  usedMb: 0,
  startsAt: NOW - 10 * DAY_MS,
  endsAt: NOW + 10 * DAY_MS,
  status: 'active',
  ...over,
});
const card = { status: 1, simStatus: 2, cancelStatus: 0, inBreak: false, arrearsBalance: 0 };

describe('calendar of the carrier (UTC+8)', () => {
  it('puts 16:00 UTC on the next China day and month', () => {
    expect(chinaDay(Date.UTC(2026, 0, 31, 15, 59))).toBe('2026-01-31');
    expect(chinaDay(Date.UTC(2026, 0, 31, 16, 0))).toBe('2026-02-01');
    expect(chinaMonth(Date.UTC(2026, 0, 31, 16, 0))).toBe('2026-02');
    expect(dayStart(Date.UTC(2026, 0, 31, 16, 30))).toBe(Date.UTC(2026, 0, 31, 16, 0));
    expect(dayStartOf('2026-02-01')).toBe(Date.UTC(2026, 0, 31, 16, 0));
  });

  it('gives each instant its own day when asked back and forth across midnight (the last day is kept)', () => {
    const days = [
      Date.UTC(2026, 10, 22, 15, 59, 59, 999),
      Date.UTC(2026, 10, 22, 16, 0),
      Date.UTC(2026, 10, 22, 15, 0),
      Date.UTC(2026, 10, 23, 15, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0),
    ].map(chinaDay);
    expect(days).toEqual(['2026-11-22', '2026-11-23', '2026-11-22', '2026-11-23', '2027-01-01']);
  });
});

describe('addDuration', () => {
  it('adds days, calendar months (clamped to the month end) and years', () => {
    expect(addDuration(cst(2026, 1, 1), 30, DurationUnit.DAY)).toBe(cst(2026, 1, 31));
    expect(addDuration(cst(2026, 1, 31, 10), 1, DurationUnit.MONTH)).toBe(cst(2026, 2, 28, 10));
    expect(addDuration(cst(2028, 1, 31), 1, DurationUnit.MONTH)).toBe(cst(2028, 2, 29));
    expect(addDuration(cst(2026, 11, 15), 3, DurationUnit.MONTH)).toBe(cst(2027, 2, 15));
    expect(addDuration(cst(2028, 2, 29), 1, DurationUnit.YEAR)).toBe(cst(2029, 2, 28));
    expect(addDuration(cst(2026, 5, 1), 20, DurationUnit.YEAR)).toBe(cst(2046, 5, 1));
  });

  it('refuses a duration below 1 or an unknown unit', () => {
    expect(() => addDuration(NOW, 0, DurationUnit.DAY)).toThrow(/at least 1/);
    expect(() => addDuration(NOW, 1, 7 as never)).toThrow(/unknown duration unit/);
  });

  it('counts whole months between two instants', () => {
    expect(fullMonthsBetween(cst(2026, 1, 31), cst(2026, 2, 28))).toBe(1);
    expect(fullMonthsBetween(cst(2026, 1, 15), cst(2026, 2, 14, 23))).toBe(0);
    expect(fullMonthsBetween(cst(2026, 1, 15), cst(2027, 1, 15))).toBe(12);
  });
});

describe('surplusTime (spec §4 units: 1 days, 2 months, 3 years; 20+ years lifetime)', () => {
  it('counts days, a started day as a day', () => {
    expect(surplusTime(NOW + 12 * DAY_MS, NOW)).toEqual({ surplusTime: 12, surplusUnit: 1, isLifetime: false, state: 'left' });
    expect(surplusTime(NOW + 3_600_000, NOW)).toMatchObject({ surplusTime: 1, surplusUnit: 1 });
  });

  it('switches to months from one calendar month, to years from one year', () => {
    expect(surplusTime(addDuration(NOW, 1, DurationUnit.MONTH), NOW)).toMatchObject({ surplusTime: 1, surplusUnit: 2 });
    expect(surplusTime(addDuration(NOW, 1, DurationUnit.MONTH) - 1, NOW)).toMatchObject({ surplusUnit: 1 });
    expect(surplusTime(addDuration(NOW, 11, DurationUnit.MONTH) + DAY_MS, NOW)).toMatchObject({ surplusTime: 11, surplusUnit: 2 });
    expect(surplusTime(addDuration(NOW, 23, DurationUnit.MONTH), NOW)).toMatchObject({ surplusTime: 1, surplusUnit: 3 });
  });

  it('shows 20 years or more as lifetime, 19 years as years', () => {
    expect(surplusTime(addDuration(NOW, 20, DurationUnit.YEAR), NOW)).toEqual({
      surplusTime: 20,
      surplusUnit: 3,
      isLifetime: true,
      state: 'left',
    });
    expect(surplusTime(addDuration(NOW, 20, DurationUnit.YEAR) - DAY_MS, NOW)).toMatchObject({ surplusTime: 19, isLifetime: false });
  });

  it('tells an expired end from no package', () => {
    expect(surplusTime(NOW, NOW)).toEqual({ surplusTime: 0, surplusUnit: 1, isLifetime: false, state: 'expired' });
    expect(surplusTime(null, NOW)).toEqual({ surplusTime: 0, surplusUnit: 1, isLifetime: false, state: 'none' });
  });

  it('isLifetimeDuration applies the same threshold to package durations', () => {
    expect(isLifetimeDuration(20, DurationUnit.YEAR)).toBe(true);
    expect(isLifetimeDuration(19, DurationUnit.YEAR)).toBe(false);
    expect(isLifetimeDuration(240, DurationUnit.MONTH)).toBe(true);
    expect(isLifetimeDuration(239, DurationUnit.MONTH)).toBe(false);
    expect(isLifetimeDuration(7300, DurationUnit.DAY)).toBe(true);
    expect(isLifetimeDuration(365, DurationUnit.DAY)).toBe(false);
  });
});

describe('packages', () => {
  it('activates pending packages at their start and expires them at their end', () => {
    const out = applyLifecycle(
      [pkg({ id: 1, status: 'pending', startsAt: NOW }), pkg({ id: 2, endsAt: NOW }), pkg({ id: 3, status: 'pending', startsAt: NOW + 1 })],
      NOW,
    );
    expect(out.map((p) => p.status)).toEqual(['active', 'expired', 'pending']);
  });

  it('charges the package that ends first, then the next, then a volume package', () => {
    const packages = [
      pkg({ id: 1, flowMb: 100, usedMb: 90, endsAt: NOW + 5 * DAY_MS }),
      pkg({ id: 2, kind: 'addon', flowMb: 50, endsAt: NOW + DAY_MS }),
      pkg({ id: 3, kind: 'volume', flowMb: 0 }),
    ];
    const a = allocateUsage(packages, 55, NOW);
    expect(a.packages.map((p) => p.usedMb)).toEqual([95, 50, 0]);
    const b = allocateUsage(a.packages, 20, NOW);
    expect(b.packages.map((p) => p.usedMb)).toEqual([100, 50, 15]);
    expect(b.uncovered).toBe(0);
    expect(packages[0]!.usedMb).toBe(90);
  });

  it('lets an unlimited package take everything and reports what no package covers', () => {
    const unlimited = allocateUsage([pkg({ id: 1, flowMb: 10 }), pkg({ id: 2, unlimited: true, flowMb: 0 })], 500, NOW);
    expect(unlimited.packages.map((p) => p.usedMb)).toEqual([0, 500]);
    expect(allocateUsage([pkg({ id: 1, flowMb: 10 })], 25, NOW)).toMatchObject({ uncovered: 15 });
  });

  it('summarises the packages in effect; queued packages extend the end', () => {
    const s = summarise(
      [
        pkg({ id: 1, flowMb: 1000, usedMb: 400 }),
        pkg({ id: 2, kind: 'addon', flowMb: 500, usedMb: 100 }),
        pkg({ id: 3, status: 'pending', startsAt: NOW + 10 * DAY_MS, endsAt: NOW + 40 * DAY_MS }),
        pkg({ id: 4, status: 'expired', endsAt: NOW - DAY_MS }),
      ],
      NOW,
    );
    expect(s).toEqual({
      totalFlow: 1500,
      useFlow: 500,
      surplusFlow: 1000,
      isInfiniteFlow: false,
      endAt: NOW + 40 * DAY_MS,
      volumePackageId: null,
      hasAllowance: true,
    });
    expect(summarise([pkg({ id: 1, unlimited: true, usedMb: 70 })], NOW)).toMatchObject({
      isInfiniteFlow: true,
      totalFlow: 0,
      useFlow: 70,
      surplusFlow: 0,
    });
    expect(summarise([pkg({ id: 1, flowMb: 10, usedMb: 10 })], NOW).hasAllowance).toBe(false);
    expect(summarise([], NOW)).toMatchObject({ endAt: null, hasAllowance: false });
  });

  it('charges volume use by the GB, rounded up to the fen', () => {
    expect(volumeMoney(1024, 500)).toBe(500);
    expect(volumeMoney(1, 500)).toBe(1);
    expect(volumeMoney(0, 500)).toBe(0);
  });
});

describe('internetAllowed', () => {
  it('needs an active normal card, no break, no arrears and allowance', () => {
    const yes = { hasAllowance: true };
    expect(internetAllowed(card, yes)).toBe(true);
    expect(internetAllowed(card, { hasAllowance: false })).toBe(false);
    expect(internetAllowed({ ...card, simStatus: 1 }, yes)).toBe(false);
    expect(internetAllowed({ ...card, inBreak: true }, yes)).toBe(false);
    expect(internetAllowed({ ...card, arrearsBalance: 1 }, yes)).toBe(false);
    expect(internetAllowed({ ...card, status: 2 }, yes)).toBe(false);
    expect(internetAllowed({ ...card, cancelStatus: 1 }, yes)).toBe(false);
  });
});

describe('accrue (fixed clock, 10 MB per hour)', () => {
  const perHour = (a: number, b: number) => Math.floor(b / 3_600_000) * 10 - Math.floor(a / 3_600_000) * 10;
  const from = cst(2026, 3, 1, 22);

  it('cuts the span at China midnight and records each day', async () => {
    const r = await accrue({
      from,
      to: cst(2026, 3, 2, 3),
      packages: [pkg({ id: 1, startsAt: from - DAY_MS, endsAt: from + 30 * DAY_MS })],
      card,
      usedOnFirstDay: 0,
      dayBreakMb: null,
      usage: perHour,
    });
    expect([...r.days]).toEqual([
      ['2026-03-01', 20],
      ['2026-03-02', 30],
    ]);
    expect(r.packages[0]!.usedMb).toBe(50);
    expect(r.internetOn).toBe(true);
    expect(cutPoints(from, cst(2026, 3, 2, 3), [])).toEqual([cst(2026, 3, 2)]);
  });

  it('stops at a package end and starts a queued package at its start', async () => {
    const first = pkg({ id: 1, startsAt: from - DAY_MS, endsAt: cst(2026, 3, 1, 23), flowMb: 1000 });
    const next = pkg({ id: 2, status: 'pending', startsAt: cst(2026, 3, 2, 1), endsAt: cst(2026, 4, 2, 1), flowMb: 1000 });
    const r = await accrue({
      from,
      to: cst(2026, 3, 2, 3),
      packages: [first, next],
      card,
      usedOnFirstDay: 0,
      dayBreakMb: null,
      usage: perHour,
    });
    expect(r.packages.map((p) => [p.status, p.usedMb])).toEqual([
      ['expired', 10],
      ['active', 20],
    ]);
    expect([...r.days]).toEqual([
      ['2026-03-01', 10],
      ['2026-03-02', 20],
    ]);
    expect(r.summary.endAt).toBe(cst(2026, 4, 2, 1));
  });

  it('cuts data when the allowance runs out and keeps it off', async () => {
    const small = pkg({ id: 1, startsAt: from - DAY_MS, flowMb: 15 });
    const r = await accrue({ from, to: cst(2026, 3, 3), packages: [small], card, usedOnFirstDay: 0, dayBreakMb: null, usage: perHour });
    // The first piece (22:00-24:00, 20 MB) is recorded in full, the package is capped, then data is off.
    expect([...r.days]).toEqual([['2026-03-01', 20]]);
    expect(r.packages[0]!.usedMb).toBe(15);
    expect(r.internetOn).toBe(false);
    expect(r.summary.hasAllowance).toBe(false);
  });

  it('uses nothing while the card is in break, pending activation or without a package', async () => {
    const p = [pkg({ id: 1, startsAt: from - DAY_MS })];
    for (const c of [
      { ...card, inBreak: true },
      { ...card, simStatus: 1 },
    ]) {
      const r = await accrue({ from, to: from + 5 * 3_600_000, packages: p, card: c, usedOnFirstDay: 0, dayBreakMb: null, usage: perHour });
      expect(r.days.size).toBe(0);
      expect(r.internetOn).toBe(false);
    }
    const none = await accrue({ from, to: from + 5 * 3_600_000, packages: [], card, usedOnFirstDay: 0, dayBreakMb: null, usage: perHour });
    expect(none.days.size).toBe(0);
  });

  it('breaks the card when a day reaches the day-flow threshold, once per day', async () => {
    const p = [pkg({ id: 1, startsAt: from - DAY_MS, unlimited: true })];
    const r = await accrue({ from, to: cst(2026, 3, 2, 3), packages: p, card, usedOnFirstDay: 85, dayBreakMb: 100, usage: perHour });
    expect(r.breakAt).toBe(cst(2026, 3, 2));
    expect(r.internetOn).toBe(false);
    expect([...r.days]).toEqual([['2026-03-01', 20]]);
    // Already over the threshold at the start (a holder lifted the break today): no new break.
    const lifted = await accrue({ from, to: cst(2026, 3, 1, 23), packages: p, card, usedOnFirstDay: 150, dayBreakMb: 100, usage: perHour });
    expect(lifted.breakAt).toBeNull();
  });
});

describe('display helpers', () => {
  it('tags warranty as none, valid, expiring within 30 days, or expired', () => {
    expect(warrantyTag(null, NOW)).toBe('none');
    expect(warrantyTag(NOW + 31 * DAY_MS, NOW)).toBe('valid');
    expect(warrantyTag(NOW + 30 * DAY_MS, NOW)).toBe('expiring');
    expect(warrantyTag(NOW, NOW)).toBe('expired');
  });
});
