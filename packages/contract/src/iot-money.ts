/**
 * IoT money (spec §7): the package catalogue and purchases, auto-renewal, top-ups with offers, the
 * pay password, ledgers and order logs. Money is integer fen, flow MB, times epoch ms UTC.
 */
import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { msg } from './messages.ts';
import { fen as moneyFen } from './money.ts';
import { paymentView } from './payments.ts';

const fen = (what: string) => z.number().int().describe(`${what}, in integer fen`);

export const PACKAGE_KINDS = ['base', 'addon', 'volume'] as const;
export const packageKind = z.enum(PACKAGE_KINDS);
/** How a purchase takes effect: now, or when the packages in effect end (EffectModal). */
export const EFFECTS = ['now', 'next'] as const;
export const effect = z.enum(EFFECTS);
export type Effect = z.infer<typeof effect>;

export const IOT_ORDER_KINDS = ['package', 'balance', 'coupon'] as const;
/**
 * pending: waiting for an online payment; paid: money taken, not yet in effect; effective: done
 * (package provisioned / top-up credited); refunded: the money went back where it came from;
 * failed: could not be done and nothing was taken; closed: never paid.
 */
export const IOT_ORDER_STATUSES = ['pending', 'paid', 'effective', 'refunded', 'failed', 'closed'] as const;
export const iotOrderStatus = z.enum(IOT_ORDER_STATUSES);
export type IotOrderStatus = z.infer<typeof iotOrderStatus>;

export const LEDGER_ACCOUNTS = ['balance', 'integral', 'coupon_coin', 'arrears'] as const;
export const ledgerAccount = z.enum(LEDGER_ACCOUNTS);
export type LedgerAccount = z.infer<typeof ledgerAccount>;

export const seckillInfo = z.object({
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  stock: z.number().int(),
  sold: z.number().int(),
  left: z.number().int(),
  state: z.enum(['upcoming', 'ongoing', 'sold_out', 'ended']),
});

/** A package of the catalogue as the card holder sees it. */
export const catalogPackage = z.object({
  id: z.number().int(),
  kind: packageKind.describe('base package, add-on (extra allowance) or pay-per-use volume package'),
  name: z.string(),
  description: z.string(),
  tag: z.string().describe('short label such as "hot"; empty when none'),
  flowMb: z.number().int().describe('allowance in MB (0 when unlimited or volume)'),
  unlimited: z.boolean(),
  gPrice: fen('volume packages: price per GB used'),
  price: fen('price'),
  originalPrice: fen('crossed-out price; equals price without a discount'),
  duration: z.number().int(),
  durationUnit: z.number().int().describe('1 days, 2 months, 3 years (spec §4)'),
  isLifetime: z.boolean().describe('20 years or more: show "lifetime"'),
  effects: z.array(effect).describe('effect choices offered in EffectModal'),
  defaultEffect: effect,
  renewable: z.boolean().describe('can be chosen for auto-renewal'),
  couponDeductMax: fen('most coupon coins (1 coin = 1 fen) usable on it'),
  seckill: seckillInfo.nullable().describe('flash sale window and stock; null for a regular package'),
});
export type CatalogPackage = z.infer<typeof catalogPackage>;

/** GET /api/iot/packageChoose */
export const packageChooseReply = z.object({
  base: z.array(catalogPackage),
  addon: z.array(catalogPackage),
  volume: z.array(catalogPackage),
  seckill: z.array(catalogPackage).describe('flash-sale packages (SeckillSection), ongoing and upcoming'),
  balance: fen('card balance'),
  couponCoin: z.number().int(),
  endAt: z.number().int().nullable().describe('end of the packages in effect or queued'),
  needBuyPackage: z.boolean(),
  realnameRequired: z.boolean().describe('the promoter demands real-name authentication before buying (else 41002)'),
});
export type PackageChooseReply = z.infer<typeof packageChooseReply>;

export const packageIdQuery = z.object({ packageId: z.coerce.number().int().positive() });

export const payMethod = z.object({ method: z.string().describe('"balance" or a payment method such as "sandbox"'), name: z.string() });

/** A package coupon of the card: money off a package paid from the balance, from a minimum price, until it expires. */
export const simCoupon = z.object({
  id: z.number().int(),
  amount: z.number().int().describe('money off, in integer fen'),
  minSpend: z.number().int().describe('smallest package price it applies to, in integer fen (0: any)'),
  expiresAt: z.number().int(),
  state: z.enum(['unused', 'used', 'expired']),
  orderNo: z.string().describe('the purchase that used it; empty while unused'),
  createdAt: z.number().int(),
});
export type SimCoupon = z.infer<typeof simCoupon>;

/** GET /api/iot/packageDetails?packageId= */
export const packageDetailsReply = z.object({
  package: catalogPackage,
  vip: z
    .object({
      discount: z.number().int().describe('percent of the price paid (95: 5% off)'),
      price: fen('the price this card pays, before coupons and coins'),
    })
    .nullable()
    .describe('the package discount of the card’s VIP in effect; null without one'),
  rules: z.array(z.string()).describe('rules of the package, one per line'),
  effectOptions: z
    .array(z.object({ effect, startsAt: z.number().int(), endsAt: z.number().int() }))
    .describe('what each EffectModal choice would give if bought now'),
  coupon: z
    .object({
      available: z.number().int().describe('coupon coins on the card'),
      maxDeduct: fen('most coins this package accepts'),
      usable: fen('coins that would be used (min of both)'),
    })
    .describe('SelectCoupon: coupon coins that apply'),
  coupons: z
    .array(simCoupon)
    .describe('SelectCoupon: package coupons of the card that apply to this package when paid from the balance, largest first'),
  balance: fen('card balance'),
  existPayPassword: z.boolean(),
  payMethods: z.array(payMethod),
});
export type PackageDetailsReply = z.infer<typeof packageDetailsReply>;

/**
 * POST /api/iot/buyPackage (header idempotency-key recommended). payMethod "balance" needs the pay
 * password when the card has one (41001 when missing); other methods open a payment.
 */
export const buyPackageBody = z.object({
  packageId: z.number().int().positive(),
  effect: effect.default('now'),
  payMethod: z.string().min(1).max(32).default('balance'),
  payPassword: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional(),
  useCouponCoin: z.boolean().default(false),
  couponId: z.number().int().positive().optional().describe('a package coupon of the card (purchases paid from the balance)'),
});
export type BuyPackageBody = z.infer<typeof buyPackageBody>;

export const iotOrderView = z.object({
  orderNo: z.string(),
  kind: z.enum(IOT_ORDER_KINDS),
  status: iotOrderStatus,
  title: z.string(),
  amount: fen('price of the order'),
  payAmount: fen('money paid (balance or online)'),
  coinAmount: z.number().int().describe('coupon coins used'),
  creditBalance: fen('top-ups: balance credited'),
  creditCoin: z.number().int().describe('top-ups: coupon coins credited'),
  arrearsSettled: fen('top-ups: arrears settled first'),
  payMethod: z.string(),
  effect: effect.nullable(),
  packageStartsAt: z.number().int().nullable(),
  packageEndsAt: z.number().int().nullable(),
  failReason: z.string(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  effectiveAt: z.number().int().nullable(),
  refundedAt: z.number().int().nullable(),
});
export type IotOrderView = z.infer<typeof iotOrderView>;

/** buyPackage / createBalanceOrder / createCouponOrder reply: the order; payment when paying online (open payUrl). */
export const iotOrderReply = z.object({ order: iotOrderView, payment: paymentView.nullable() });
export type IotOrderReply = z.infer<typeof iotOrderReply>;

/** POST /api/iot/closeVolumePackage */
export const closeVolumeBody = z.object({ simPackageId: z.number().int().positive().optional() });
export const closeVolumeReply = z.object({
  simPackageId: z.number().int(),
  usedMb: z.number().int(),
  usageCharge: fen('charged for the volume used and not yet charged'),
  refund: fen('unused share of the package price returned to the balance'),
  arrears: fen('part of the charge the balance could not cover'),
  balance: fen('balance after'),
});
export type CloseVolumeReply = z.infer<typeof closeVolumeReply>;

export const topupOffer = z.object({
  id: z.number().int(),
  payAmount: fen('pay'),
  bonusBalance: fen('extra balance'),
  bonusCoin: z.number().int().describe('extra coupon coins'),
  credit: z.number().int().describe('what the account receives without arrears: balance (fen) or coupon coins'),
  title: z.string(),
  tag: z.string(),
  recommended: z.boolean().describe('chosen in advance: the promoter tagged the offer as recommended'),
});

/** GET /api/iot/balanceChoose and GET /api/iot/couponChoose */
export const topupChooseReply = z.object({
  kind: z.enum(['balance', 'coupon']),
  offers: z.array(topupOffer),
  allowCustom: z.boolean().describe('any amount in [minAmount, maxAmount] without offer'),
  minAmount: fen('smallest custom amount'),
  maxAmount: fen('largest custom amount'),
  balance: fen('card balance'),
  couponCoin: z.number().int(),
  arrearsBalance: fen('settled first from a top-up'),
  payMethods: z.array(payMethod).describe('online methods only'),
});
export type TopupChooseReply = z.infer<typeof topupChooseReply>;

/** POST /api/iot/createBalanceOrder and /api/iot/createCouponOrder (header idempotency-key recommended). */
export const createTopupBody = z
  .object({
    offerId: z.number().int().positive().optional(),
    amount: moneyFen(1).optional().describe('custom amount in fen, when no offer'),
    method: z.string().min(1).max(32),
  })
  .refine((b) => (b.offerId === undefined) !== (b.amount === undefined), { message: msg('validation.offerOrAmount'), path: ['offerId'] });
export type CreateTopupBody = z.infer<typeof createTopupBody>;

export const orderNoQuery = z.object({ orderNo: z.string().regex(/^I\d{26}$/, msg('validation.iotOrderNo')) });

/** POST /api/iot/simUpdatePayPass: set (first time), or change with the old one or an SMS code. */
export const updatePayPassBody = z.object({
  payPassword: z.string().regex(/^\d{6}$/, msg('validation.sixDigits')),
  oldPayPassword: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional(),
  code: z
    .string()
    .regex(/^\d{6}$/, msg('validation.sixDigits'))
    .optional()
    .describe('SMS code from POST /api/iot/payPassCode'),
});
export const payPassStatus = z.object({
  existPayPassword: z.boolean(),
  locked: z.boolean(),
  lockedUntil: z.number().int().nullable().describe('epoch ms when paying by password unlocks'),
  attemptsLeft: z.number().int(),
});
export type PayPassStatus = z.infer<typeof payPassStatus>;
export const checkPayPassBody = z.object({ payPassword: z.string().regex(/^\d{6}$/, msg('validation.sixDigits')) });
export const payPassCodeReply = z.object({
  mobile: z.string().describe('masked bound phone'),
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
  devCode: z.string().optional().describe('console SMS provider in development only'),
});

/** GET /api/iot/renewPackageOption; POST /api/iot/simUpdateRenewPackage {enabled, packageId}. */
export const renewAttempt = z.object({
  dueAt: z.number().int().describe('end of service being renewed'),
  outcome: z.enum(['renewed', 'skipped']),
  reason: z.string().describe('skip reason: balance_short, package_off_sale, card_inactive, sold_out, provision_failed, ...'),
  message: z.string(),
  orderNo: z.string(),
  at: z.number().int(),
});
export const renewOptionReply = z.object({
  enabled: z.boolean(),
  packageId: z.number().int().nullable(),
  options: z.array(catalogPackage).describe('renewable base packages'),
  endAt: z.number().int().nullable(),
  renewAheadHours: z.number().int().describe('renewal runs this long before the end of service'),
  balance: fen('card balance'),
  lastAttempt: renewAttempt.nullable(),
});
export type RenewOptionReply = z.infer<typeof renewOptionReply>;
export const updateRenewBody = z.object({ enabled: z.boolean(), packageId: z.number().int().positive().optional() });

/** Lists of orderLogs (paged, newest first). */
export const simPackageListQuery = pageQuery;
export const simBalanceListQuery = pageQuery.extend({ kind: z.enum(['balance', 'coupon']).optional() });
export const simBalanceLogListQuery = pageQuery.extend({ account: ledgerAccount.default('balance') });
export const iotOrderPage = page(iotOrderView);
export const ledgerEntry = z.object({
  id: z.number().int(),
  account: ledgerAccount,
  delta: z.number().int().describe('change: positive in, negative out (fen, points or coins)'),
  balanceAfter: z.number().int(),
  reason: z
    .string()
    .describe('opening, topup, topup_bonus, arrears_settlement, package_purchase, refund, purchase_reward, volume_charge, adjustment, ...'),
  orderNo: z.string(),
  remark: z.string(),
  createdAt: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
export const ledgerPage = page(ledgerEntry);
