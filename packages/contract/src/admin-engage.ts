import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { SIGN_IN_REWARDS, taskKey } from './iot-engage.ts';
import { delivery } from './mall.ts';
import { fen } from './money.ts';

/**
 * The IoT engagement catalogue in the operator console: VIP and speed-up plans, coupon exchange
 * items, sign-in and task rewards (per storefront: owners all, agents their reach, staff none),
 * points-mall goods (every storefront's: owners), and VIP and speed-up orders with their refunds.
 * Money in fen(), times epoch ms. Stock is changed against the stock the form was loaded with, so
 * units taken meanwhile are never overwritten.
 */

/** A data text in the three languages (stored in Simplified Chinese; the others are its translations). */
export const engageTri = (max: number) =>
  z.object({ 'zh-Hans': z.string().trim().min(1).max(max), en: z.string().max(max), 'zh-Hant': z.string().max(max) });
export type EngageTri = { 'zh-Hans': string; en: string; 'zh-Hant': string };

/** Lists of one storefront's (or, without promoterId, every storefront's within reach) rows. */
export const adminEngageQuery = pageQuery.extend({ promoterId: z.coerce.number().int().min(1).optional() });
export type AdminEngageQuery = z.infer<typeof adminEngageQuery>;

/** Puts a row on or off sale. */
export const engageOnSaleBody = z.object({ id: z.number().int().min(1), onSale: z.boolean() });

const storefront = { id: z.number().int(), promoterId: z.number().int(), promoCode: z.string() };
const listing = { onSale: z.boolean(), sort: z.number().int(), updatedAt: z.number().int() };
const newListing = {
  id: z.number().int().min(1).optional(),
  promoterId: z.number().int().min(1),
  onSale: z.boolean(),
  sort: z.number().int().min(0).max(9999).default(0),
};

// ── VIP plans ─────────────────────────────────────────────────────────────────────────────

export const adminVipPlan = z.object({
  ...storefront,
  name: engageTri(40),
  /** The name in the reader's language. */
  label: z.string(),
  logo: z.string(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  durationDays: z.number().int(),
  pointsMultiplier: z.number().int(),
  /** Percent of a package's price paid while the VIP runs (100: no discount). */
  packageDiscount: z.number().int(),
  ...listing,
});
export type AdminVipPlan = z.infer<typeof adminVipPlan>;
export const adminVipPlanPage = page(adminVipPlan);
export type AdminVipPlanPage = z.infer<typeof adminVipPlanPage>;

export const saveVipPlanBody = z.object({
  ...newListing,
  name: engageTri(40),
  logo: z.string().max(500).default(''),
  price: fen(1),
  originalPrice: fen().default(0),
  durationDays: z.number().int().min(1).max(3660),
  pointsMultiplier: z.number().int().min(1).max(10),
  packageDiscount: z.number().int().min(1).max(100),
});
export type SaveVipPlanBody = z.infer<typeof saveVipPlanBody>;

// ── Speed-up plans ────────────────────────────────────────────────────────────────────────

export const adminAcceleratePlan = z.object({
  ...storefront,
  name: engageTri(40),
  label: z.string(),
  logo: z.string(),
  /** The carrier's speed profile. */
  speedCode: z.string(),
  speedMbps: z.number().int(),
  durationHours: z.number().int(),
  price: z.number().int(),
  originalPrice: z.number().int(),
  ...listing,
});
export type AdminAcceleratePlan = z.infer<typeof adminAcceleratePlan>;
export const adminAcceleratePlanPage = page(adminAcceleratePlan);
export type AdminAcceleratePlanPage = z.infer<typeof adminAcceleratePlanPage>;

export const saveAcceleratePlanBody = z.object({
  ...newListing,
  name: engageTri(40),
  logo: z.string().max(500).default(''),
  speedCode: z.string().trim().min(1).max(40),
  speedMbps: z.number().int().min(1).max(10_000),
  durationHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 31),
  price: fen(1),
  originalPrice: fen().default(0),
});
export type SaveAcceleratePlanBody = z.infer<typeof saveAcceleratePlanBody>;

// ── Coupon exchange items ─────────────────────────────────────────────────────────────────

export const adminExchangeItem = z.object({
  ...storefront,
  kind: z.enum(['coupon', 'balance']),
  coinCost: z.number().int(),
  /** A coupon's amount or the balance given, fen. */
  value: z.number().int(),
  minSpend: z.number().int(),
  validDays: z.number().int(),
  /** Units left to exchange; null: no limit. */
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  perCardLimit: z.number().int(),
  ...listing,
});
export type AdminExchangeItem = z.infer<typeof adminExchangeItem>;
export const adminExchangeItemPage = page(adminExchangeItem);
export type AdminExchangeItemPage = z.infer<typeof adminExchangeItemPage>;

export const saveExchangeItemBody = z.object({
  ...newListing,
  kind: z.enum(['coupon', 'balance']),
  coinCost: z.number().int().min(1).max(10_000_000),
  value: fen(1),
  minSpend: fen().default(0),
  validDays: z.number().int().min(1).max(3660).default(30),
  /** Units left to exchange from now on; null: no limit. */
  stock: z.number().int().min(0).max(10_000_000).nullable(),
  /** An edit: the units left the form was loaded with (the edit is refused when exchanges moved it). */
  expectedStock: z.number().int().min(0).nullable().optional(),
  perCardLimit: z.number().int().min(0).max(10_000).default(0),
});
export type SaveExchangeItemBody = z.infer<typeof saveExchangeItemBody>;

// ── Sign-in and task rewards ──────────────────────────────────────────────────────────────

export const engageTaskSetting = z.object({ key: taskKey, points: z.number().int().min(0).max(100_000), enabled: z.boolean() });
export type EngageTaskSetting = z.infer<typeof engageTaskSetting>;

/** GET /api/admin/engage/settings?promoterId */
export const adminEngageSettingsQuery = z.object({ promoterId: z.coerce.number().int().min(1) });
export const adminEngageSettings = z.object({
  promoterId: z.number().int(),
  /** Points of streak days 1–7 of the sign-in cycle. */
  signInRewards: z.array(z.number().int()).length(SIGN_IN_REWARDS.length),
  tasks: z.array(engageTaskSetting),
  /** false: the storefront has the built-in values (never edited). */
  custom: z.boolean(),
});
export type AdminEngageSettings = z.infer<typeof adminEngageSettings>;
export const saveEngageSettingsBody = z.object({
  promoterId: z.number().int().min(1),
  signInRewards: z.array(z.number().int().min(0).max(100_000)).length(SIGN_IN_REWARDS.length),
  tasks: z.array(engageTaskSetting).min(1).max(20),
});
export type SaveEngageSettingsBody = z.infer<typeof saveEngageSettingsBody>;

// ── Points-mall goods ─────────────────────────────────────────────────────────────────────

export const adminMallGoods = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  name: engageTri(60),
  label: z.string(),
  subtitle: z.string(),
  image: z.string(),
  points: z.number().int(),
  /** Money paid besides the points, fen. */
  price: z.number().int(),
  marketPrice: z.number().int(),
  /** Units left. */
  stock: z.number().int(),
  sold: z.number().int(),
  perCardLimit: z.number().int(),
  deliveries: z.array(delivery),
  onSale: z.boolean(),
  sort: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminMallGoods = z.infer<typeof adminMallGoods>;
export const adminMallGoodsPage = page(adminMallGoods);
export type AdminMallGoodsPage = z.infer<typeof adminMallGoodsPage>;
/** A points-mall category: its name in the reader's language and in all three, its place, shown or not, and its goods. */
export const adminMallCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  names: z.object({ 'zh-Hans': z.string(), en: z.string(), 'zh-Hant': z.string() }),
  sort: z.number().int(),
  /** Shown as a tab of the mall (hidden, its goods are still under "All"). */
  enabled: z.boolean(),
  /** Goods in it, on sale or not. */
  goods: z.number().int(),
});
export type AdminMallCategory = z.infer<typeof adminMallCategory>;
export const adminMallCategoryList = z.object({ list: z.array(adminMallCategory) });
export type AdminMallCategoryList = z.infer<typeof adminMallCategoryList>;

/** POST /api/admin/mall/categories/save: a new category (no id) or an edit of one (owners); audited. */
export const saveMallCategoryBody = z.object({
  id: z.number().int().min(1).optional(),
  names: engageTri(20),
  sort: z.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
});
export type SaveMallCategoryBody = z.input<typeof saveMallCategoryBody>;

export const saveMallGoodsBody = z.object({
  id: z.number().int().min(1).optional(),
  categoryId: z.number().int().min(1),
  name: engageTri(60),
  subtitle: z.string().max(100).default(''),
  image: z.string().trim().min(1).max(500),
  points: z.number().int().min(0).max(100_000_000),
  price: fen().default(0),
  marketPrice: fen().default(0),
  /** Units left to sell from now on. */
  stock: z.number().int().min(0).max(10_000_000),
  /** An edit: the units left the form was loaded with. */
  expectedStock: z.number().int().min(0).optional(),
  perCardLimit: z.number().int().min(0).max(10_000).default(0),
  deliveries: z.array(delivery).min(1).max(2),
  onSale: z.boolean(),
  sort: z.number().int().min(0).max(9999).default(0),
});
export type SaveMallGoodsBody = z.infer<typeof saveMallGoodsBody>;

// ── VIP and speed-up orders ───────────────────────────────────────────────────────────────

export const ENGAGE_ORDER_KINDS = ['vip', 'accelerate'] as const;
export const engageOrderKind = z.enum(ENGAGE_ORDER_KINDS);
export type EngageOrderKind = z.infer<typeof engageOrderKind>;

/** GET /api/admin/engage/orders: a card's (simId) or storefronts' VIP or speed-up orders, newest first. */
export const adminEngageOrderQuery = adminEngageQuery.extend({
  kind: engageOrderKind,
  simId: z.coerce.number().int().min(1).optional(),
});
export type AdminEngageOrderQuery = z.infer<typeof adminEngageOrderQuery>;

export const adminEngageOrder = z.object({
  kind: engageOrderKind,
  id: z.number().int(),
  orderSn: z.string(),
  simId: z.number().int(),
  simNo: z.string(),
  promoCode: z.string(),
  name: z.string(),
  /** "balance" or the online method. */
  payMethod: z.string(),
  amount: z.number().int(),
  /** 0 awaiting payment, 1 paid, 2 refunded, 3 closed. */
  status: z.number().int(),
  startAt: z.number().int(),
  endAt: z.number().int(),
  refundAt: z.number().int().nullable(),
  refundMoney: z.number().int(),
  refundRemark: z.string(),
  /** A refund of it is waiting for the payment provider. */
  refundPending: z.boolean(),
  /** Paid and not refunded: the console offers its refund. */
  refundable: z.boolean(),
  createdAt: z.number().int(),
});
export type AdminEngageOrder = z.infer<typeof adminEngageOrder>;
export const adminEngageOrderPage = page(adminEngageOrder);
export type AdminEngageOrderPage = z.infer<typeof adminEngageOrderPage>;

/** POST /api/admin/engage/orders/refund: the whole order, once (the same refundKey answers the same refund). */
export const refundEngageOrderBody = z.object({
  kind: engageOrderKind,
  orderSn: z.string().min(1).max(40),
  reason: z.string().trim().min(1).max(200),
  refundKey: z.string().min(1).max(64),
});
export type RefundEngageOrderBody = z.infer<typeof refundEngageOrderBody>;
export const refundEngageOrderReply = z.object({
  orderSn: z.string(),
  /** succeeded: done (the balance is credited, or the provider confirmed); pending: the provider has not confirmed yet. */
  state: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number().int(),
  /** The payment's refund number; '' for an order paid from the balance. */
  refundNo: z.string(),
  order: adminEngageOrder,
});
export type RefundEngageOrderReply = z.infer<typeof refundEngageOrderReply>;
