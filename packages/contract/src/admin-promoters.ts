import { z } from 'zod';
import { adminOperator, adminPromoterRef, operatorRole } from './admin.ts';
import { customPrice } from './agents.ts';
import { mobile } from './auth.ts';
import { msg } from './messages.ts';
import { patternTag } from './numbers.ts';

/**
 * The operator console's storefronts, operator accounts and bulk number prices
 * (`/api/admin/storefronts/*`, `/api/admin/operators/*`, `/api/admin/numbers/priceRule/*`).
 */

// ── Storefronts ───────────────────────────────────────────────────────────────────────────

/** The settings of a storefront an operator edits; the shop reads them through its base config. */
export const storefrontSettings = z.object({
  name: z.string().trim().min(1).max(40),
  isAgent: z.boolean(),
  /** The upstream agent storefront; null for a storefront at the top of a chain. */
  parentId: z.number().int().min(1).nullable(),
  /** The shop's title (front.title). */
  title: z.string().trim().max(60),
  /** The service phone shoppers call (front.kefuMobile): digits, spaces, + and -. */
  kefuMobile: z.union([z.literal(''), z.string().regex(/^[0-9+\- ]{3,20}$/, msg('validation.format'))]),
  /** The online service link (front.kefuUrl): an http(s) link, a shop page (/pages/…) or empty. */
  kefuUrl: z.union([
    z.literal(''),
    z
      .string()
      .max(300)
      .regex(/^(https?:\/\/|\/pages\/)/, msg('validation.format')),
  ]),
  /** The line at the foot of the home page (front.bottomTips). */
  bottomTips: z.string().trim().max(200),
  /** The Featured operator filter (front.suggest). */
  suggest: z.boolean(),
  /** The search box on the home page (front.indexSearch). */
  indexSearch: z.boolean(),
});
export type StorefrontSettings = z.infer<typeof storefrontSettings>;

/** POST /api/admin/storefronts/create: owners any storefront; an agent a direct downstream agent of its own. */
export const createStorefrontBody = storefrontSettings.extend({
  promoCode: z.string().regex(/^[A-Za-z0-9_-]{2,32}$/, msg('validation.lettersDigits')),
});
export type CreateStorefrontBody = z.infer<typeof createStorefrontBody>;

/** POST /api/admin/storefronts/update (owners): the promo code stays (links and QR codes carry it). */
export const updateStorefrontBody = storefrontSettings.extend({ id: z.number().int().min(1) });
export type UpdateStorefrontBody = z.infer<typeof updateStorefrontBody>;

export const storefrontQuery = z.object({ id: z.coerce.number().int().min(1) });

/** A direct downstream storefront with, for an agent storefront, what the agents module computes of it. */
export const storefrontDownstream = adminPromoterRef.extend({
  isAgent: z.boolean(),
  /** Paid orders of the downstream, all time and in the last 30 days (fen); null for a shop that is not an agent. */
  sales: z
    .object({ orders: z.number().int(), amount: z.number().int(), monthOrders: z.number().int(), monthAmount: z.number().int() })
    .nullable(),
  /** The markups its upstream agent set for it; null for a shop that is not an agent. */
  customPrice: customPrice.nullable(),
});
export type StorefrontDownstream = z.infer<typeof storefrontDownstream>;

/** GET /api/admin/storefronts/detail: settings and the chain (within the operator's reach). */
export const storefrontDetail = storefrontSettings.extend({
  /** As stored (the default storefront's values were not entered through the console). */
  kefuMobile: z.string(),
  kefuUrl: z.string(),
  title: z.string(),
  bottomTips: z.string(),
  name: z.string(),
  id: z.number().int(),
  promoCode: z.string(),
  isDefault: z.boolean(),
  /** Upstream agents, nearest first. */
  upstream: z.array(adminPromoterRef),
  downstream: z.array(storefrontDownstream),
});
export type StorefrontDetail = z.infer<typeof storefrontDetail>;

// ── Operators ─────────────────────────────────────────────────────────────────────────────

export const operatorRow = adminOperator.extend({ disabled: z.boolean(), createdAt: z.number().int() });
export type OperatorRow = z.infer<typeof operatorRow>;
export const operatorList = z.object({ list: z.array(operatorRow) });

/** POST /api/admin/operators/create (owners): an agent or staff account works for a storefront, an owner for none. */
export const createOperatorBody = z.object({
  mobile,
  name: z.string().trim().min(1).max(40),
  role: operatorRole,
  promoterId: z.number().int().min(1).nullable(),
});
export type CreateOperatorBody = z.infer<typeof createOperatorBody>;

/** Shown once: the initial password and the TOTP secret to add to an authenticator app. */
export const operatorSecrets = z.object({ password: z.string(), totpSecret: z.string(), otpauthUrl: z.string() });
export const createdOperator = operatorSecrets.extend({ operator: operatorRow });
export type CreatedOperator = z.infer<typeof createdOperator>;

/** POST /api/admin/operators/update (owners): name, role and storefront. */
export const updateOperatorBody = createOperatorBody.omit({ mobile: true }).extend({ operatorId: z.number().int().min(1) });
export type UpdateOperatorBody = z.infer<typeof updateOperatorBody>;

/** POST /api/admin/operators/setDisabled (owners): a disabled operator's sessions end. */
export const setOperatorDisabledBody = z.object({ operatorId: z.number().int().min(1), disabled: z.boolean() });
export const operatorIdBody = z.object({ operatorId: z.number().int().min(1) });
/** POST /api/admin/operators/resetPassword: a new password, shown once; sessions end. */
export const resetPasswordReply = z.object({ password: z.string() });
/** POST /api/admin/operators/resetTotp: a new TOTP secret, shown once; sessions end. */
export const resetTotpReply = z.object({ totpSecret: z.string(), otpauthUrl: z.string() });

// ── Bulk number prices ────────────────────────────────────────────────────────────────────

export const PRICE_CHANGE_MODES = ['set', 'add', 'percent'] as const;

/**
 * POST /api/admin/numbers/priceRule/preview and /apply (owners): the numbers on sale matching every
 * filter given get a new price: `set` to value (fen), `add` value (fen, may be negative; never
 * below 0), `percent` (−99 to 1000, rounded to the fen). Held and sold numbers never change.
 */
export const priceRuleBody = z.object({
  tag: z.union([z.literal(''), patternTag]).default(''),
  operator: z.enum(['', '1', '2', '3', '4']).default(''),
  province: z.union([z.literal(''), z.string().regex(/^\d{6}$/, msg('validation.divisionCode'))]).default(''),
  city: z.union([z.literal(''), z.string().regex(/^\d{6}$/, msg('validation.divisionCode'))]).default(''),
  prefix: z.union([z.literal(''), z.string().regex(/^1\d{0,9}$/, msg('validation.digits'))]).default(''),
  suffix: z.union([z.literal(''), z.string().regex(/^\d{1,10}$/, msg('validation.digits'))]).default(''),
  mode: z.enum(PRICE_CHANGE_MODES),
  value: z.number().int().min(-100_000_000).max(100_000_000),
});
export type PriceRuleBody = z.infer<typeof priceRuleBody>;
export type PriceRuleInput = z.input<typeof priceRuleBody>;

export const priceRuleLine = z.object({
  number: z.string(),
  operator: z.string(),
  city: z.string(),
  tags: z.array(z.string()),
  price: z.number().int(),
  newPrice: z.number().int(),
});
export const priceRulePreview = z.object({
  /** Numbers on sale the rule matches. */
  matched: z.number().int(),
  /** Their prices summed, before and after (fen). */
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
  /** The first 20, by number. */
  sample: z.array(priceRuleLine),
});
export type PriceRulePreview = z.infer<typeof priceRulePreview>;
export const priceRuleResult = z.object({ matched: z.number().int(), updated: z.number().int() });
export type PriceRuleResult = z.infer<typeof priceRuleResult>;
