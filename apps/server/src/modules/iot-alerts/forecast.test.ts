import { describe, expect, it } from 'vitest';
import { forecastUsage } from './forecast.ts';

// 2026-11-23 12:00 in China (UTC+8): half of today has passed.
const NOON = Date.parse('2026-11-23T04:00:00.000Z');
const DAY = 86_400_000;

describe('the run-out forecast', () => {
  it('runs out before the package ends at this week’s pace', () => {
    // 6.5 days of use: 6 whole days and half of today, 1,300 MB in all = 200 MB a day; 1,000 MB left = 5 days.
    const f = forecastUsage(
      { unlimited: false, totalMb: 10_240, leftMb: 1000, endAt: NOON + 20 * DAY, lastSevenDays: [200, 200, 200, 200, 200, 200, 100] },
      NOON,
    );
    expect(f).toEqual({ state: 'runsOut', paceMbPerDay: 200, runOutAt: NOON + 5 * DAY, leftMb: 1000, endAt: NOON + 20 * DAY });
  });

  it('lasts when the data left outlives the package', () => {
    const f = forecastUsage(
      { unlimited: false, totalMb: 10_240, leftMb: 5000, endAt: NOON + 3 * DAY, lastSevenDays: [200, 200, 200, 200, 200, 200, 100] },
      NOON,
    );
    expect(f).toEqual({ state: 'lasts', paceMbPerDay: 200, runOutAt: null, leftMb: 5000, endAt: NOON + 3 * DAY });
  });

  it('says so when the card was not used, has no package or has unlimited data', () => {
    const idle = { unlimited: false, totalMb: 1024, leftMb: 1024, endAt: NOON + DAY, lastSevenDays: [0, 0, 0, 0, 0, 0, 0] };
    expect(forecastUsage(idle, NOON).state).toBe('idle');
    expect(forecastUsage({ ...idle, endAt: null }, NOON).state).toBe('noPackage');
    expect(forecastUsage({ ...idle, endAt: NOON - 1 }, NOON).state).toBe('noPackage');
    expect(forecastUsage({ ...idle, unlimited: true }, NOON).state).toBe('unlimited');
  });

  it('counts at least an hour of today just after midnight', () => {
    const halfPastMidnight = Date.parse('2026-11-22T16:30:00.000Z'); // 00:30 on the 23rd in China
    // 60 MB over 6 days and an hour (not half an hour): 9.93 MB a day.
    const f = forecastUsage(
      { unlimited: false, totalMb: 10_240, leftMb: 10_000, endAt: halfPastMidnight + 30 * DAY, lastSevenDays: [0, 0, 0, 0, 0, 0, 60] },
      halfPastMidnight,
    );
    expect(f.paceMbPerDay).toBe(9.9);
    expect(f.state).toBe('lasts');
  });
});
