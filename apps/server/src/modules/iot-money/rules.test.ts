import { DurationUnit } from '@simshop/contract/iot';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/flow-math.ts';
import { couponCoinsUsable, packageWindow, purchasePoints, seckillState, topupCredit, volumeClose, weakPayPassword } from './rules.ts';

const NOW = Date.UTC(2025, 0, 31, 4); // 2025-01-31 12:00 UTC+8

describe('packageWindow', () => {
  it('"now" starts at once; "next" starts when the service in effect ends, or at once without one', () => {
    expect(packageWindow('now', 1, DurationUnit.MONTH, NOW + 5 * DAY_MS, NOW)).toEqual({
      startsAt: NOW,
      endsAt: Date.UTC(2025, 1, 28, 4), // one calendar month on, clamped to the end of February
    });
    const end = NOW + 5 * DAY_MS;
    expect(packageWindow('next', 7, DurationUnit.DAY, end, NOW)).toEqual({ startsAt: end, endsAt: end + 7 * DAY_MS });
    expect(packageWindow('next', 7, DurationUnit.DAY, null, NOW).startsAt).toBe(NOW);
    expect(packageWindow('next', 7, DurationUnit.DAY, NOW - 1, NOW).startsAt).toBe(NOW);
  });
});

describe('seckillState', () => {
  const p = { seckill_starts_at: NOW - 10, seckill_ends_at: NOW + 10, stock: 5, sold: 0 };
  it('is upcoming, ongoing, sold out or ended', () => {
    expect(seckillState(p, NOW)).toBe('ongoing');
    expect(seckillState({ ...p, seckill_starts_at: NOW + 1 }, NOW)).toBe('upcoming');
    expect(seckillState({ ...p, sold: 5 }, NOW)).toBe('sold_out');
    expect(seckillState(p, NOW + 10)).toBe('ended');
  });
});

describe('topupCredit', () => {
  it('settles arrears from the money paid first; the bonus is credited whole', () => {
    expect(topupCredit(5000, 500, 0, 0)).toEqual({ arrearsSettled: 0, principal: 5000, bonusBalance: 500, bonusCoin: 0 });
    expect(topupCredit(1000, 0, 100, 800)).toEqual({ arrearsSettled: 800, principal: 200, bonusBalance: 0, bonusCoin: 100 });
    expect(topupCredit(1000, 200, 0, 5000)).toEqual({ arrearsSettled: 1000, principal: 0, bonusBalance: 200, bonusCoin: 0 });
  });
});

describe('small rules', () => {
  it('points are whole yuan; coins used are bounded by holding, limit and price', () => {
    expect(purchasePoints(1990)).toBe(19);
    expect(purchasePoints(99)).toBe(0);
    expect(couponCoinsUsable(500, 300, 1000)).toBe(300);
    expect(couponCoinsUsable(100, 300, 1000)).toBe(100);
    expect(couponCoinsUsable(500, 3000, 200)).toBe(200);
  });

  it('weak pay passwords are one repeated digit or a run', () => {
    for (const pw of ['000000', '777777', '123456', '654321', '456789']) expect(weakPayPassword(pw)).toBe(true);
    expect(weakPayPassword('135790')).toBe(false);
    expect(weakPayPassword('112233')).toBe(false);
  });
});

describe('volumeClose', () => {
  const start = NOW - 10 * DAY_MS - 3_600_000;
  const p = { usedMb: 2048, gPrice: 500, charged: 0, price: 3000, startsAt: start, endsAt: start + 30 * DAY_MS };
  it('charges used volume rounded up to the fen, less what was charged, and refunds unused whole days', () => {
    // 19 whole days of 30 are left: 3000 × 19 / 30.
    expect(volumeClose(p, NOW)).toEqual({ usageCharge: 1000, refund: 1900 });
    expect(volumeClose({ ...p, usedMb: 1, charged: 0 }, NOW).usageCharge).toBe(1);
    expect(volumeClose({ ...p, charged: 400 }, NOW).usageCharge).toBe(600);
    expect(volumeClose({ ...p, price: 0 }, NOW).refund).toBe(0);
    expect(volumeClose(p, p.endsAt + DAY_MS).refund).toBe(0);
    expect(volumeClose(p, start).refund).toBe(3000);
  });
});
