import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../lib/i18n.ts';
import { allowanceText, countdownParts, durationText, moneyText, parseYuan, topupOutcome, weakPassword } from './money-format.ts';

/** Echoes the key and the count, so the tests see which text and plural were asked for. */
const t = ((key: string, opts?: { count?: number; price?: string }) =>
  opts?.count !== undefined ? `${key}#${opts.count}` : opts?.price ? `${key}@${opts.price}` : key) as unknown as TFunction;

describe('package figures', () => {
  it('shows the §4 duration units, and 20 years or more as lifetime', () => {
    expect(durationText(t, { duration: 7, durationUnit: 1, isLifetime: false })).toBe('iot.money.duration.1#7');
    expect(durationText(t, { duration: 3, durationUnit: 2, isLifetime: false })).toBe('iot.money.duration.2#3');
    expect(durationText(t, { duration: 1, durationUnit: 3, isLifetime: false })).toBe('iot.money.duration.3#1');
    expect(durationText(t, { duration: 20, durationUnit: 3, isLifetime: true })).toBe('iot.flow.lifetime');
    expect(durationText(t, { duration: 5, durationUnit: 9, isLifetime: false })).toBe('iot.money.duration.1#5');
  });

  it('gives the allowance in MB or GB, unlimited, or the price per GB of a volume package', () => {
    expect(allowanceText(t, { kind: 'base', unlimited: false, flowMb: 30 * 1024, gPrice: 0 })).toBe('30 GB');
    expect(allowanceText(t, { kind: 'addon', unlimited: false, flowMb: 500, gPrice: 0 })).toBe('500 MB');
    expect(allowanceText(t, { kind: 'base', unlimited: true, flowMb: 0, gPrice: 0 })).toBe('iot.flow.unlimited');
    expect(allowanceText(t, { kind: 'volume', unlimited: false, flowMb: 0, gPrice: 500 })).toBe('iot.package.perGb@5.00');
  });
});

describe('money', () => {
  it('formats fen as yuan, signed on request', () => {
    expect(moneyText(3650)).toBe('¥36.50');
    expect(moneyText(500, true)).toBe('+¥5.00');
    expect(moneyText(-1490, true)).toBe('-¥14.90');
    expect(moneyText(0, true)).toBe('¥0.00');
  });

  it('reads a typed yuan amount as fen, refusing anything else', () => {
    expect(parseYuan('50')).toBe(5000);
    expect(parseYuan('12.5')).toBe(1250);
    expect(parseYuan(' 0.01 ')).toBe(1);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('-5')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
    expect(parseYuan('')).toBeNull();
  });

  it('settles arrears first from a top-up, then credits the account and the whole bonus', () => {
    expect(topupOutcome({ kind: 'balance', arrearsBalance: 0 }, 5000, 500, 0)).toEqual({ settled: 0, balance: 5500, coins: 0 });
    expect(topupOutcome({ kind: 'balance', arrearsBalance: 800 }, 5000, 500, 100)).toEqual({ settled: 800, balance: 4700, coins: 100 });
    expect(topupOutcome({ kind: 'balance', arrearsBalance: 9000 }, 5000, 500, 0)).toEqual({ settled: 5000, balance: 500, coins: 0 });
    expect(topupOutcome({ kind: 'coupon', arrearsBalance: 0 }, 1000, 0, 100)).toEqual({ settled: 0, balance: 0, coins: 1100 });
  });
});

describe('flash-sale countdown', () => {
  it('splits milliseconds into days and padded hours, minutes, seconds', () => {
    expect(countdownParts(((2 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000)).toEqual({ days: 2, hh: '04', mm: '05', ss: '06' });
    expect(countdownParts(-1000)).toEqual({ days: 0, hh: '00', mm: '00', ss: '00' });
  });
});

describe('pay passwords', () => {
  it('refuses one repeated digit and runs, like the server', () => {
    for (const weak of ['111111', '123456', '654321', '000000']) expect(weakPassword(weak)).toBe(true);
    for (const ok of ['258036', '914703', '112233', '135790']) expect(weakPassword(ok)).toBe(false);
  });
});
