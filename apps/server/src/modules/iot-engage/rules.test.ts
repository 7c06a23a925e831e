import { describe, expect, it } from 'vitest';
import { cycleOf, dayBefore, rewardOf, vipRefund, vipWindow } from './rules.ts';

describe('sign-in rules', () => {
  it('rewards rise through a 7-day cycle and start over', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 14, 15].map((d) => rewardOf(d))).toEqual([5, 10, 15, 20, 25, 30, 50, 5, 50, 5]);
    // A storefront's own cycle.
    expect([1, 7, 8].map((d) => rewardOf(d, [1, 2, 3, 4, 5, 6, 100]))).toEqual([1, 100, 1]);
  });

  it('the day before crosses months and years', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
    expect(dayBefore('2026-11-23')).toBe('2026-11-22');
  });

  it('the cycle marks days signed, today and upcoming', () => {
    expect(cycleOf(3, false).map((d) => d.state)).toEqual(['signed', 'signed', 'today', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    expect(cycleOf(3, true).map((d) => d.state)).toEqual(['signed', 'signed', 'signed', 'upcoming', 'upcoming', 'upcoming', 'upcoming']);
    const second = cycleOf(9, false);
    expect(second.map((d) => d.streakDay)).toEqual([8, 9, 10, 11, 12, 13, 14]);
    expect(second[1]).toEqual({ streakDay: 9, points: 10, state: 'today' });
    expect(cycleOf(7, true).every((d) => d.state === 'signed')).toBe(true);
  });
});

describe('VIP windows', () => {
  const DAY = 86_400_000;
  const now = Date.parse('2026-06-01T04:00:00Z');
  it('starts now, or where the running VIP ends', () => {
    expect(vipWindow(null, now, 30)).toEqual({ startAt: now, endAt: now + 30 * DAY });
    expect(vipWindow(now - DAY, now, 7)).toEqual({ startAt: now, endAt: now + 7 * DAY });
    expect(vipWindow(now + 5 * DAY, now, 7)).toEqual({ startAt: now + 5 * DAY, endAt: now + 12 * DAY });
  });
  it('refunds all before the start, nothing after the end, else the unused whole days', () => {
    expect(vipRefund(3000, now + DAY, now + 31 * DAY, now)).toBe(3000);
    expect(vipRefund(3000, now - 30 * DAY, now, now)).toBe(0);
    expect(vipRefund(3000, now - 10 * DAY - 1, now + 20 * DAY - 1, now)).toBe(1900);
    expect(vipRefund(1000, now - DAY, now + 2 * DAY, now)).toBe(666);
  });
});
