import { z } from 'zod';
import { customPrice, lowerAgent, numberPriceRule } from './agents.ts';
import { mobile } from './auth.ts';
import { page, pageQuery } from './envelope.ts';
import { msg } from './messages.ts';
import { orderStatus } from './orders.ts';

/**
 * The operator console (`/admin/`, `/api/admin/*`). Operators sign in with mobile and password,
 * then a TOTP code; the reply's token goes in `Authorization: Bearer <token>` on every other call.
 * Calls without a valid session answer code 61; calls outside the operator's reach answer -1
 * (`admin.forbidden`), or 33001 for an agent's price of a promoter that is not its direct downstream.
 */

export const OPERATOR_ROLES = ['owner', 'agent', 'staff'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

/** POST /api/admin/login: the password step. */
export const adminLoginBody = z.object({ mobile, password: z.string().min(1).max(200) });
/** The password was right: the TOTP step is due within `expiresAt` with this challenge. */
export const adminChallenge = z.object({ challenge: z.string(), expiresAt: z.number().int() });
export type AdminChallenge = z.infer<typeof adminChallenge>;

/** POST /api/admin/login/totp: the second factor. */
export const adminTotpBody = z.object({
  challenge: z.string().min(1).max(100),
  code: z.string().regex(/^\d{6}$/, msg('validation.sixDigits')),
});

export const adminPromoterRef = z.object({ id: z.number().int(), promoCode: z.string(), name: z.string() });
export const adminOperator = z.object({
  id: z.number().int(),
  mobile: z.string(),
  name: z.string(),
  role: operatorRole,
  /** The promoter an agent or staff account works for; null for an owner. */
  promoter: adminPromoterRef.nullable(),
});
export type AdminOperator = z.infer<typeof adminOperator>;

export const adminSession = z.object({ token: z.string(), expiresAt: z.number().int(), operator: adminOperator });
export type AdminSession = z.infer<typeof adminSession>;

/** GET /api/admin/me. */
export const adminMe = z.object({ expiresAt: z.number().int(), operator: adminOperator });
export type AdminMe = z.infer<typeof adminMe>;

/** GET /api/admin/promoters: the storefronts the operator may act for. */
export const adminPromoter = adminPromoterRef.extend({ parentId: z.number().int().nullable(), isAgent: z.boolean() });
export const adminPromoterList = z.object({ list: z.array(adminPromoter) });
export type AdminPromoter = z.infer<typeof adminPromoter>;

/** GET /api/admin/audit (owners): newest first. */
export const auditQuery = pageQuery.extend({
  operatorMobile: z.string().max(20).optional(),
  action: z.string().max(60).optional(),
  objectType: z.string().max(60).optional(),
  objectId: z.string().max(100).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.number().int(),
  operatorId: z.number().int(),
  operatorMobile: z.string(),
  role: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  promoterId: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = page(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** POST /api/admin/operators/revokeSessions (owners): ends every session of an operator. */
export const revokeSessionsBody = z.object({ operatorId: z.number().int().min(1) });
export const revokeSessionsReply = z.object({ revoked: z.number().int() });

// ── Orders ────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/orders: storefront orders (numbers and goods) within the operator's reach. */
export const adminOrderQuery = pageQuery.extend({
  status: z.union([z.literal(''), orderStatus]).optional(),
  promoterId: z.coerce.number().int().min(1).optional(),
  kind: z.enum(['', 'number', 'goods']).optional(),
  /** An order number, a contact mobile or a number. */
  keyword: z.string().max(40).optional(),
  sort: z.enum(['createdAt', 'amount', 'paidAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuery>;

export const adminOrder = z.object({
  kind: z.enum(['number', 'goods']),
  orderNo: z.string(),
  promoterId: z.number().int(),
  promoCode: z.string(),
  status: z.string(),
  item: z.string(),
  amount: z.number().int(),
  buyerName: z.string(),
  contactMobile: z.string(),
  address: z.string(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  shippedAt: z.number().int().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;
export const adminOrderPage = page(adminOrder);
export type AdminOrderPage = z.infer<typeof adminOrderPage>;

/** POST /api/admin/orders/ship: a paid order goes out with the carrier's tracking number; audited. */
export const shipOrderBody = z.object({
  orderNo: z.string().min(1).max(40),
  trackingNo: z.string().regex(/^[A-Za-z0-9]{6,30}$/, msg('validation.lettersDigits')),
});
export const shippedOrder = adminOrder.extend({ trackingNo: z.string().nullable() });
export type ShippedOrder = z.infer<typeof shippedOrder>;

// ── Numbers ───────────────────────────────────────────────────────────────────────────────

/** Most numbers in one import. */
export const MAX_IMPORT_ROWS = 100_000;

/**
 * POST /api/admin/numbers/import/preview and /commit (owners): a CSV whose first line names the
 * columns `number,operator,province,city[,price,prestored]` (or 号码,运营商,省份,城市,售价,预存);
 * operator 1–4, division codes, prices in yuan (empty: the price the number's patterns suggest).
 * The preview stores nothing; the commit adds the lines without a problem, on sale.
 */
export const numbersImportBody = z.object({ csv: z.string().min(1).max(8_000_000) });
export const importLine = z.object({
  line: z.number().int(),
  number: z.string(),
  operator: z.string(),
  province: z.string(),
  city: z.string(),
  price: z.number().int(),
  prestored: z.number().int(),
  tags: z.array(z.string()),
  /** What is wrong with the line, in the reader's language; null when it can be imported. */
  error: z.string().nullable(),
});
export type ImportLineView = z.infer<typeof importLine>;
export const numbersImportPreview = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first 100 lines. */
  lines: z.array(importLine),
  /** The first 500 lines with a problem. */
  errors: z.array(importLine),
});
export type NumbersImportPreview = z.infer<typeof numbersImportPreview>;
export const numbersImportResult = z.object({ imported: z.number().int(), skipped: z.number().int(), errors: z.array(importLine) });
export type NumbersImportResult = z.infer<typeof numbersImportResult>;

/** GET /api/admin/numbers (owners): an 11-digit keyword is the number, fewer digits its ending. */
export const adminNumberQuery = pageQuery.extend({
  keyword: z.union([z.literal(''), z.string().regex(/^\d{1,11}$/, msg('validation.digits'))]).optional(),
  status: z.enum(['', 'on_sale', 'held', 'sold', 'off_sale']).optional(),
  operator: z.enum(['', '1', '2', '3', '4']).optional(),
});
export const adminNumber = z.object({
  number: z.string(),
  operator: z.string(),
  province: z.string(),
  city: z.string(),
  price: z.number().int(),
  prestored: z.number().int(),
  minMonthlyFee: z.number().int(),
  tags: z.array(z.string()),
  status: z.string(),
  updatedAt: z.number().int(),
});
export type AdminNumber = z.infer<typeof adminNumber>;
export const adminNumberPage = page(adminNumber);
export type AdminNumberPage = z.infer<typeof adminNumberPage>;

/** POST /api/admin/numbers/hold and /release (owners): off sale and back; audited. */
export const numberHoldBody = z.object({ number: z.string().regex(/^1\d{10}$/, msg('validation.elevenDigits')) });

// ── Agents ────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/agents/downstream: an agent's direct downstream agents and their prices (owners name the agent). */
export const adminDownstreamQuery = z.object({ agentId: z.coerce.number().int().min(1).optional() });
export const adminDownstream = z.object({
  agent: adminPromoterRef,
  list: z.array(lowerAgent),
});
export type AdminDownstream = z.infer<typeof adminDownstream>;

/** POST /api/admin/agents/price: replaces the custom price of a direct downstream agent (33001 otherwise); audited. */
export const adminLowerPriceBody = customPrice.extend({
  lowerPromoCode: z.string().min(1).max(64),
  numberRules: z
    .array(numberPriceRule)
    .max(20)
    .refine((rules) => new Set(rules.map((r) => r.pattern)).size === rules.length, msg('agents.duplicatePattern')),
});
export type AdminLowerPriceBody = z.infer<typeof adminLowerPriceBody>;
