import { z } from 'zod';
import { msg } from './messages.ts';
import { fen } from './money.ts';
import { patternTag } from './numbers.ts';

/**
 * Agents (spec §6, /pages/index/agent/index): an agent storefront (`isAgent`) managed by logged-in
 * mobiles sees its direct downstream agents with their sales and sets a custom price per downstream:
 * a markup on numbers (all, or by number pattern) and a markup in percent on general goods. The
 * prices the downstream's shoppers see follow it. Another agent than a direct downstream answers 33001.
 */

const promoCode = z.string().max(64).optional();
const lowerPromoCode = z.string().min(1).max(64);

/** A markup on numbers: `pattern` '' for every number, else the numbers of that pattern (which take precedence). */
export const numberPriceRule = z.object({
  pattern: z.union([z.literal(''), patternTag]),
  /** Added to the number's price, fen. */
  markup: fen(0, 10_000_000),
});
export type NumberPriceRule = z.infer<typeof numberPriceRule>;

export const customPrice = z.object({
  numberRules: z.array(numberPriceRule).max(20),
  /** Added to every general good's price, percent. */
  goodsMarkupPercent: z.number().int().min(0).max(300),
});
export type CustomPrice = z.infer<typeof customPrice>;

export const lowerAgent = z.object({
  promoCode: z.string(),
  name: z.string(),
  /** Paid orders (numbers and goods) of its storefront, all time and in the last 30 days; amounts in fen. */
  sales: z.object({ orders: z.number().int(), amount: z.number().int(), monthOrders: z.number().int(), monthAmount: z.number().int() }),
  customPrice,
});
export type LowerAgent = z.infer<typeof lowerAgent>;

/** GET /api/agent/lowerList (login; the logged-in mobile manages the agent `promoCode`). */
export const agentQuery = z.object({ promoCode });
export const lowerList = z.object({ agent: z.object({ promoCode: z.string(), name: z.string() }), list: z.array(lowerAgent) });
export type LowerList = z.infer<typeof lowerList>;

/** GET /api/agent/lowerAgentCustomPrice: one direct downstream (33001 otherwise). */
export const lowerQuery = z.object({ promoCode, lowerPromoCode });

/** POST /api/agent/saveLowerAgentCustomPrice: sent unchanged by the app (spec §5); replaces the downstream's custom price. */
export const saveLowerAgentCustomPriceBody = customPrice.extend({
  promoCode,
  lowerPromoCode,
  numberRules: z
    .array(numberPriceRule)
    .max(20)
    .refine((rules) => new Set(rules.map((r) => r.pattern)).size === rules.length, msg('agents.duplicatePattern')),
});
export type SaveLowerAgentCustomPriceBody = z.input<typeof saveLowerAgentCustomPriceBody>;
