import { z } from 'zod';
import { payMethod } from './iot-money.ts';
import { fen } from './money.ts';

/**
 * Standing rules of a SIM card. Auto top-up: when the balance falls below an amount, the card asks
 * its holder for a top-up of another amount (an order waiting at the cashier, told in the app and by
 * SMS), at most a number of times a month; nothing is charged without the holder paying. Slow-down:
 * past an amount of data in a month, the card drops to a slow speed profile at the carrier until the
 * month ends instead of being cut off.
 */

/** Most requests a month the auto top-up rule may make. */
export const TOPUP_CAP_MAX = 10;
/** Slow speed profiles offered (carrier profile codes). */
export const SLOW_SPEEDS = ['SLOW_128K', 'SLOW_512K', 'SLOW_1M'] as const;
export type SlowSpeed = (typeof SLOW_SPEEDS)[number];

export const saveTopupRuleBody = z.object({
  /** Fen: the rule asks when the balance falls below this. */
  below: z.number().int().min(100).max(10_000_00),
  /** Fen: the top-up asked for. */
  amount: fen(1, 10_000_00),
  monthlyCap: z.number().int().min(1).max(TOPUP_CAP_MAX),
  /** Online method of the top-up (one the card's storefront offers). */
  method: z.string().min(1).max(32),
  payPassword: z.string().max(32).optional(),
});
export type SaveTopupRuleBody = z.infer<typeof saveTopupRuleBody>;

export const pauseRuleBody = z.object({ paused: z.boolean() });
export type PauseRuleBody = z.infer<typeof pauseRuleBody>;

export const saveSlowdownRuleBody = z.object({
  /** Whole GB of data in a China month after which the card slows down. */
  limitGb: z.number().int().min(1).max(1000),
  speed: z.enum(SLOW_SPEEDS),
});
export type SaveSlowdownRuleBody = z.infer<typeof saveSlowdownRuleBody>;

export const topupRequest = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** The balance when the rule asked. */
  balance: z.number().int(),
  /** open: waiting at the cashier (payUrl); paid; unpaid: the order ended unpaid; failed: no order could be placed (message). */
  state: z.enum(['open', 'paid', 'unpaid', 'failed']),
  orderNo: z.string(),
  payUrl: z.string(),
  message: z.string(),
  texted: z.boolean(),
  createdAt: z.number().int(),
});
export type TopupRequest = z.infer<typeof topupRequest>;

export const topupRule = z.object({
  below: z.number().int(),
  amount: z.number().int(),
  monthlyCap: z.number().int(),
  method: z.string(),
  paused: z.boolean(),
  /** Requests made this month (China time). */
  usedThisMonth: z.number().int(),
  /** The month's cap is reached: no more requests until the next month. */
  capped: z.boolean(),
  /** The request waiting for its payment, if any. */
  open: topupRequest.nullable(),
});
export type TopupRule = z.infer<typeof topupRule>;

export const slowdownRule = z.object({
  limitGb: z.number().int(),
  speed: z.enum(SLOW_SPEEDS),
  paused: z.boolean(),
  /**
   * watching: under the limit; slowing: the slow profile is being set at the carrier; slowed: the
   * card runs slow until `slowedUntil`; restoring: its own speed is being set back; refused: the
   * carrier refused the profile this month (message).
   */
  state: z.enum(['watching', 'slowing', 'slowed', 'restoring', 'refused']),
  slowedUntil: z.number().int().nullable(),
  /** While slowing or slowed: a speed-up the holder bought outranks the rule until then; the card runs slow after it. */
  speedUpUntil: z.number().int().nullable(),
  message: z.string(),
});
export type SlowdownRule = z.infer<typeof slowdownRule>;

/** GET /api/iot/autoRules and every change of a rule. */
export const autoRulesReply = z.object({
  topup: topupRule.nullable(),
  slowdown: slowdownRule.nullable(),
  /** The last 10 top-up requests, newest first. */
  requests: z.array(topupRequest),
  balance: z.number().int(),
  /** MB used this month (China time). */
  monthUseMb: z.number().int(),
  existPayPassword: z.boolean(),
  hasBoundPhone: z.boolean(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  payMethods: z.array(payMethod),
});
export type AutoRulesReply = z.infer<typeof autoRulesReply>;
