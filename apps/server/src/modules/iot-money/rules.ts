/**
 * Pure money rules of the IoT module (no I/O, no clock): package windows, flash-sale state, top-up
 * credits with arrears settled first, purchase rewards and the pro-rata close of a volume package.
 * The rules are written down in docs/decisions/0006-iot-money.md.
 */

import { type DurationUnitValue, isLifetimeDuration } from '@simshop/contract/iot';
import type { Effect } from '@simshop/contract/iot-money';
import { addDuration, DAY_MS, volumeMoney } from '../../lib/flow-math.ts';

export { isLifetimeDuration };

/** Start and end of a package bought at `now`: at once, or when the service in effect ends (`currentEnd`). */
export function packageWindow(
  effect: Effect,
  duration: number,
  unit: DurationUnitValue,
  currentEnd: number | null,
  now: number,
): { startsAt: number; endsAt: number } {
  const startsAt = effect === 'next' && currentEnd !== null && currentEnd > now ? currentEnd : now;
  return { startsAt, endsAt: addDuration(startsAt, duration, unit) };
}

export type SeckillState = 'upcoming' | 'ongoing' | 'sold_out' | 'ended';

export function seckillState(
  p: { seckill_starts_at: number | null; seckill_ends_at: number | null; stock: number | null; sold: number },
  now: number,
): SeckillState {
  if (p.seckill_ends_at !== null && p.seckill_ends_at <= now) return 'ended';
  if (p.stock !== null && p.sold >= p.stock) return 'sold_out';
  if (p.seckill_starts_at !== null && p.seckill_starts_at > now) return 'upcoming';
  return 'ongoing';
}

export interface TopupCredit {
  /** Arrears paid off from the money paid. */
  arrearsSettled: number;
  /** Money paid that goes to the account after the arrears (balance fen or coupon coins). */
  principal: number;
  bonusBalance: number;
  bonusCoin: number;
}

/**
 * What a paid top-up credits: the money paid settles arrears first; the rest, and the whole bonus,
 * go to the account topped up (balance, or coupon coins at 1 coin per fen).
 */
export function topupCredit(payAmount: number, bonusBalance: number, bonusCoin: number, arrears: number): TopupCredit {
  const arrearsSettled = Math.max(0, Math.min(arrears, payAmount));
  return { arrearsSettled, principal: payAmount - arrearsSettled, bonusBalance, bonusCoin };
}

/** Points awarded for money paid for a package: one point per whole yuan. */
export function purchasePoints(payAmount: number): number {
  return Math.max(0, Math.floor(payAmount / 100));
}

/** Coupon coins used on a package: what the card holds, at most the package's limit and its price. */
export function couponCoinsUsable(held: number, deductMax: number, price: number): number {
  return Math.max(0, Math.min(held, deductMax, price));
}

export interface VolumeClose {
  /** Used volume not yet charged, at gPrice per GB rounded up to the fen. */
  usageCharge: number;
  /** Unused share of the package price: whole days left over whole days bought, rounded down. */
  refund: number;
}

/** Closing a pay-per-use volume package at `now` (see the decision record). */
export function volumeClose(
  p: { usedMb: number; gPrice: number; charged: number; price: number; startsAt: number; endsAt: number },
  now: number,
): VolumeClose {
  const usageCharge = Math.max(0, volumeMoney(p.usedMb, p.gPrice) - p.charged);
  const totalDays = Math.max(1, Math.ceil((p.endsAt - p.startsAt) / DAY_MS));
  const daysLeft = Math.max(0, Math.min(totalDays, Math.floor((p.endsAt - Math.max(now, p.startsAt)) / DAY_MS)));
  const refund = p.price > 0 ? Math.floor((p.price * daysLeft) / totalDays) : 0;
  return { usageCharge, refund };
}

/** Pay passwords that are too easy to guess: one repeated digit, or a run up or down. */
export function weakPayPassword(pw: string): boolean {
  if (/^(\d)\1{5}$/.test(pw)) return true;
  const digits = [...pw].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** A package's price for a card paying `discount` percent of it (a VIP privilege): rounded down to the fen. */
export function discountedPrice(price: number, discount: number): number {
  const d = Math.min(100, Math.max(0, Math.trunc(discount)));
  return Math.floor((price * d) / 100);
}
