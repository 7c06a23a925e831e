/**
 * IoT engagement (spec §7): daily sign-in with a streak, one-off tasks rewarding points, and the
 * points and coupon-coin logs. Points and coins are whole numbers, times epoch ms UTC, days China time.
 */
import { z } from 'zod';
import { page } from './envelope.ts';
import { accelerateOrder, vipOrder } from './iot.ts';
import { payMethod, simCoupon } from './iot-money.ts';
import { msg } from './messages.ts';
import { paymentView } from './payments.ts';

/** Points of the n-th day of a streak: the 7-day cycle rises, then starts over. */
export const SIGN_IN_REWARDS = [5, 10, 15, 20, 25, 30, 50] as const;

/** One-off tasks, each rewarding points once per card when done. */
export const TASK_KEYS = ['bindPhone', 'realname', 'payPassword', 'firstTopup', 'buyPackage'] as const;
export const taskKey = z.enum(TASK_KEYS);
export type TaskKey = z.infer<typeof taskKey>;

export const signInDay = z.object({
  streakDay: z.number().int().describe('the day of the streak this entry stands for (1, 2, ...)'),
  points: z.number().int(),
  state: z.enum(['signed', 'today', 'upcoming']).describe('today: the day to sign in on now'),
});
export type SignInDay = z.infer<typeof signInDay>;

export const taskView = z.object({
  key: taskKey,
  points: z.number().int(),
  state: z.enum(['todo', 'claimable', 'done']).describe('todo: not done yet; claimable: done, reward waiting; done: rewarded'),
  path: z.string().describe('page where the task is done'),
});
export type TaskView = z.infer<typeof taskView>;

/** GET /api/iot/taskCenter */
export const taskCenterReply = z.object({
  integral: z.number().int().describe('points on the card'),
  today: z.string().describe('China date yyyy-MM-dd'),
  signedToday: z.boolean(),
  streak: z.number().int().describe('days signed in a row up to today (or yesterday when not yet signed today)'),
  nextPoints: z.number().int().describe('points the next sign-in gives'),
  cycle: z.array(signInDay).describe('the 7 days of the current streak cycle (points before the VIP multiplier)'),
  multiplier: z.number().int().describe('points of sign-in and tasks are multiplied by this (a VIP in effect; 1 without)'),
  monthDays: z.array(z.string()).describe('China dates of this month signed in'),
  tasks: z.array(taskView),
});
export type TaskCenterReply = z.infer<typeof taskCenterReply>;

/** POST /api/iot/generalSignIn: the daily sign-in, or (with `task`) the reward of a one-off task done. */
export const generalSignInBody = z.object({ task: taskKey.optional() }).default({});
export const generalSignInReply = z.object({
  points: z.number().int().describe('points credited'),
  integral: z.number().int().describe('points on the card after'),
  streak: z.number().int(),
  task: taskKey.nullable(),
});
export type GeneralSignInReply = z.infer<typeof generalSignInReply>;

// ── Coupon exchange: coupon coins for a package coupon or balance ────────────────────────────

export const EXCHANGE_KINDS = ['coupon', 'balance'] as const;
export const exchangeKind = z.enum(EXCHANGE_KINDS);

/** What coupon coins can be exchanged for. */
export const exchangeItem = z.object({
  id: z.number().int(),
  kind: exchangeKind.describe('coupon: a package coupon; balance: money added to the balance'),
  coinCost: z.number().int().describe('coupon coins it takes'),
  value: z.number().int().describe('the coupon’s money off, or the balance credited, in integer fen'),
  minSpend: z.number().int().describe('coupons: smallest package price it applies to, in integer fen'),
  validDays: z.number().int().describe('coupons: days it stays valid'),
  left: z.number().int().nullable().describe('units left; null when unlimited'),
  perCardLimit: z.number().int().describe('exchanges per card (0: no limit)'),
  exchanged: z.number().int().describe('times this card has exchanged it'),
});
export type ExchangeItem = z.infer<typeof exchangeItem>;

/** GET /api/iot/couponExchangeList */
export const couponExchangeListReply = z.object({
  couponCoin: z.number().int().describe('coupon coins on the card'),
  items: z.array(exchangeItem),
});
export type CouponExchangeListReply = z.infer<typeof couponExchangeListReply>;

/** POST /api/iot/exchangeCoupon (header idempotency-key recommended) */
export const exchangeCouponBody = z.object({ itemId: z.number().int().positive() });

export const exchangeView = z.object({
  orderNo: z.string(),
  kind: exchangeKind,
  coinCost: z.number().int(),
  value: z.number().int(),
  coupon: simCoupon.nullable().describe('the coupon received (kind coupon)'),
  createdAt: z.number().int(),
});
export type ExchangeView = z.infer<typeof exchangeView>;

export const exchangeCouponReply = z.object({ exchange: exchangeView, couponCoin: z.number().int(), balance: z.number().int() });
export type ExchangeCouponReply = z.infer<typeof exchangeCouponReply>;

/** GET /api/iot/couponExchangeOrderList: the card's exchanges, newest first. */
export const exchangePage = page(exchangeView);

/** GET /api/iot/simCouponList: the card's package coupons, newest first (unused, used and expired). */
export const simCouponListReply = z.object({ list: z.array(simCoupon), unused: z.number().int().describe('coupons usable now') });
export type SimCouponListReply = z.infer<typeof simCouponListReply>;

// ── VIP: plans sold from the balance, a window per order, privileges while it runs ─────────────

export const vipPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  price: z.number().int().describe('in integer fen'),
  originalPrice: z.number().int().describe('crossed-out price, in integer fen; equals price without a discount'),
  durationDays: z.number().int(),
  packageDiscount: z.number().int().describe('percent of a package price paid while the VIP runs (100: no discount)'),
  privileges: vipOrder.shape.privileges,
});
export type VipPlan = z.infer<typeof vipPlan>;

/** GET /api/iot/vipList */
export const vipListReply = z.object({
  plans: z.array(vipPlan),
  current: vipOrder.nullable().describe('the VIP in effect now, if any'),
  endAt: z.number().int().nullable().describe('end of the VIP windows bought (a new one starts there)'),
  balance: z.number().int().describe('card balance, in integer fen'),
  existPayPassword: z.boolean(),
  payMethods: z.array(payMethod).describe('online methods (the balance is always offered)'),
  orders: z.array(vipOrder).describe('the card’s VIP orders, newest first (at most 20)'),
});
export type VipListReply = z.infer<typeof vipListReply>;

/** POST /api/iot/createVipOrder (header idempotency-key recommended): paid from the balance, with the pay password when set (41001 without it). */
export const createVipOrderBody = z.object({
  vipId: z.number().int().positive(),
  payMethod: z.string().min(1).max(32).default('balance').describe('"balance" or an online method (cashier)'),
  payPassword: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional(),
});
export const createVipOrderReply = z.object({
  order: vipOrder,
  balance: z.number().int(),
  payment: paymentView.nullable().describe('the cashier payment of an order paid online; null from the balance'),
});
export type CreateVipOrderReply = z.infer<typeof createVipOrderReply>;

/** GET /api/iot/vipOrderDetails?orderSn= : one VIP order of the card (the cashier's return page polls it). */
export const vipOrderQuery = z.object({ orderSn: z.string().min(1).max(40) });
export const vipOrderDetailsReply = z.object({ order: vipOrder, payment: paymentView.nullable() });
export type VipOrderDetailsReply = z.infer<typeof vipOrderDetailsReply>;

// ── Speed-up: a carrier speed profile for a window, paid from the balance or at the cashier ──

export const acceleratePlan = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  speedCode: z.string(),
  speedMbps: z.number().int(),
  durationHours: z.number().int(),
  price: z.number().int().describe('in integer fen'),
  originalPrice: z.number().int().describe('crossed-out price, in integer fen; equals price without a discount'),
});
export type AcceleratePlan = z.infer<typeof acceleratePlan>;

/** GET /api/iot/accelerateList */
export const accelerateListReply = z.object({
  plans: z.array(acceleratePlan),
  current: accelerateOrder.nullable().describe('the speed-up running now, if any'),
  packageEndAt: z.number().int().nullable().describe('end of the packages in effect; null: none (a speed-up needs one)'),
  balance: z.number().int(),
  existPayPassword: z.boolean(),
  payMethods: z.array(payMethod).describe('online methods (the balance is always offered)'),
});
export type AccelerateListReply = z.infer<typeof accelerateListReply>;

/** POST /api/iot/createAccelerateOrder (header idempotency-key recommended). */
export const createAccelerateOrderBody = z.object({
  accelerateId: z.number().int().positive(),
  payMethod: z.string().min(1).max(32).default('balance').describe('"balance" or an online method (cashier)'),
  payPassword: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional(),
});
export type CreateAccelerateOrderBody = z.input<typeof createAccelerateOrderBody>;
export const createAccelerateOrderReply = z.object({
  order: accelerateOrder,
  balance: z.number().int(),
  payment: paymentView.nullable().describe('the cashier payment of an order paid online; null from the balance'),
});
export type CreateAccelerateOrderReply = z.infer<typeof createAccelerateOrderReply>;

/** GET /api/iot/accelerateOrderList: the card's speed-up orders, newest first. */
export const accelerateOrderPage = page(accelerateOrder);
export type AccelerateOrderPage = z.infer<typeof accelerateOrderPage>;
