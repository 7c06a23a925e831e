import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';
import { simInfo } from './iot.ts';
import { deviceCommand, deviceStatus } from './iot-device.ts';
import { iotOrderView, ledgerAccount, ledgerEntry } from './iot-money.ts';
import { msg } from './messages.ts';
import { fen } from './money.ts';

/**
 * SIMs and devices in the operator console (`/api/admin/sims*`): owners reach every card, agents
 * the cards of their own storefront and its direct downstream; staff none.
 */

// ── The SIM list ──────────────────────────────────────────────────────────────────────────

/** GET /api/admin/sims */
export const adminSimQuery = pageQuery.extend({
  /** A SIM number, an ICCID or a device number (or a part of one). */
  keyword: z.string().max(40).optional(),
  promoterId: z.coerce.number().int().min(1).optional(),
  /** Carrier state of the card: 1 awaiting activation, 2 active, 3 suspended, 4 cancelled. */
  status: z.coerce.number().int().min(1).max(4).optional(),
  /** Operator type 1–4. */
  operator: z.coerce.number().int().min(1).max(4).optional(),
  /** Real-name: done (carrier and, where required, platform), missing, or a platform submission under review. */
  state: z.enum(['', 'done', 'missing', 'reviewing']).optional(),
  sort: z.enum(['createdAt', 'balance', 'endAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminSimQuery = z.infer<typeof adminSimQuery>;

export const adminSim = z.object({
  id: z.number().int(),
  simNo: z.string(),
  iccid: z.string(),
  operatorType: z.number().int(),
  promoCode: z.string(),
  promoterId: z.number().int().nullable(),
  simStatus: z.number().int(),
  authStatus: z.number().int(),
  authPlatformStatus: z.number().int(),
  platformAuthRequired: z.boolean(),
  balance: z.number().int(),
  arrearsBalance: z.number().int(),
  deviceNo: z.string(),
  endAt: z.number().int().nullable(),
  inBreak: z.boolean(),
  createdAt: z.number().int(),
});
export type AdminSim = z.infer<typeof adminSim>;
export const adminSimPage = page(adminSim);
export type AdminSimPage = z.infer<typeof adminSimPage>;

// ── One card ──────────────────────────────────────────────────────────────────────────────

/** The card, by its id. */
export const adminSimRef = z.object({ id: z.coerce.number().int().min(1) });

/** GET /api/admin/sims/detail: the dashboard's facts of the card (its SIM info) and what only operators see. */
export const adminSimDetail = z.object({
  id: z.number().int(),
  promoterId: z.number().int().nullable(),
  /** The bound phone, in full. */
  boundMobile: z.string(),
  /** The packages in use and waiting, soonest end first (flow in MB). */
  packages: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(['base', 'addon', 'volume']),
      flowMb: z.number().int(),
      usedMb: z.number().int(),
      unlimited: z.boolean(),
      startsAt: z.number().int(),
      endsAt: z.number().int(),
      status: z.string(),
    }),
  ),
  info: simInfo,
});
export type AdminSimDetail = z.infer<typeof adminSimDetail>;

/** GET /api/admin/sims/ledger */
export const adminSimLedgerQuery = adminSimRef.merge(pageQuery).extend({ account: ledgerAccount.default('balance') });
export const adminSimLedgerPage = page(ledgerEntry);
export type AdminSimLedgerPage = z.infer<typeof adminSimLedgerPage>;

/** GET /api/admin/sims/orders: the card's IoT orders (packages and top-ups), with what can still be refunded. */
export const adminSimOrdersQuery = adminSimRef.merge(pageQuery);
export const adminSimOrder = iotOrderView.extend({
  paymentNo: z.string(),
  /** Fen still refundable through the payment provider (0 when none: paid from the balance, or all refunded). */
  refundable: z.number().int(),
  /** Fen refunded so far. */
  refunded: z.number().int(),
});
export type AdminSimOrder = z.infer<typeof adminSimOrder>;
export const adminSimOrderPage = page(adminSimOrder);
export type AdminSimOrderPage = z.infer<typeof adminSimOrderPage>;

// ── Money ─────────────────────────────────────────────────────────────────────────────────

const reason = z.string().trim().min(2, msg('validation.required')).max(200);

/** POST /api/admin/sims/adjust: a manual credit or debit of the card's balance through its ledger; audited. */
export const adminSimAdjustBody = z.object({
  id: z.number().int().min(1),
  kind: z.enum(['credit', 'debit']),
  /** Fen, above zero. */
  amount: fen(1),
  reason,
});
export type AdminSimAdjustBody = z.infer<typeof adminSimAdjustBody>;
export const adminSimAdjustReply = z.object({ balance: z.number().int(), entryId: z.number().int() });
export type AdminSimAdjustReply = z.infer<typeof adminSimAdjustReply>;

/**
 * POST /api/admin/sims/refundTopup: gives back part or all of a top-up paid online through its
 * payment provider; the card's balance is debited by what is refunded. The same key answers the
 * same refund. Audited.
 */
export const adminSimRefundBody = z.object({
  id: z.number().int().min(1),
  orderNo: z.string().min(1).max(40),
  amount: z.number().int().min(1),
  reason,
  /** The caller's idempotency key of this refund. */
  refundKey: z.string().regex(/^[A-Za-z0-9_.:-]{8,64}$/, msg('validation.lettersDigits')),
});
export type AdminSimRefundBody = z.infer<typeof adminSimRefundBody>;
export const adminSimRefundReply = z.object({
  refundNo: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  amount: z.number().int(),
  refundedTotal: z.number().int(),
  refundable: z.number().int(),
  balance: z.number().int(),
});
export type AdminSimRefundReply = z.infer<typeof adminSimRefundReply>;

// ── Real-name review ──────────────────────────────────────────────────────────────────────

/** GET /api/admin/sims/realname: platform real-name submissions waiting for a decision, oldest first. */
export const adminRealnameQuery = pageQuery;
export const adminRealnameRequest = z.object({
  id: z.number().int(),
  simId: z.number().int(),
  simNo: z.string(),
  promoCode: z.string(),
  name: z.string(),
  idNumber: z.string(),
  /** The photos at the uploads module's authorised address (`/api/files/{id}`, with the console's bearer token). */
  facePhoto: z.string(),
  idFrontPhoto: z.string(),
  idBackPhoto: z.string(),
  createdAt: z.number().int(),
});
export type AdminRealnameRequest = z.infer<typeof adminRealnameRequest>;
export const adminRealnamePage = page(adminRealnameRequest);
export type AdminRealnamePage = z.infer<typeof adminRealnamePage>;

/** POST /api/admin/sims/realname/decide: approve, or reject with the reason the holder is shown; audited. */
export const adminRealnameDecideBody = z
  .object({
    id: z.number().int().min(1),
    status: z.enum(['verified', 'rejected']),
    reason: z.string().trim().max(200).default(''),
  })
  .refine((b) => b.status === 'verified' || b.reason.length >= 2, { path: ['reason'], message: msg('validation.required') });
export type AdminRealnameDecideBody = z.infer<typeof adminRealnameDecideBody>;
export const adminRealnameDecideReply = z.object({ id: z.number().int(), status: z.enum(['verified', 'rejected']) });

// ── Devices ───────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/sims/device: the last report of the card's device and its latest commands. */
export const adminDeviceReply = z.object({ status: deviceStatus, commands: z.array(deviceCommand) });
export type AdminDeviceReply = z.infer<typeof adminDeviceReply>;
/** POST /api/admin/sims/device/restart: restarts the card's device (off line a few seconds); audited. */
export const adminDeviceRestartReply = deviceCommand;

// ── SIM import ────────────────────────────────────────────────────────────────────────────

/** Lines in one SIM import at most. */
export const MAX_SIM_IMPORT_ROWS = 20_000;

/**
 * POST /api/admin/sims/import/preview and /commit: a CSV whose first line names the columns
 * `iccid,simNo,operator,promoCode` (or `ICCID,卡号,运营商,店铺`), optionally `deviceNo,slot`
 * (`设备号,卡槽`): a card of a portable Wi-Fi goes in that device's slot (1 by default).
 */
export const simsImportBody = z.object({ csv: z.string().min(1).max(2_000_000) });
export const simImportLine = z.object({
  line: z.number().int(),
  iccid: z.string(),
  simNo: z.string(),
  operator: z.string(),
  promoCode: z.string(),
  deviceNo: z.string(),
  slot: z.string(),
  /** What is wrong with the line, in the operator's language; null when it can be imported. */
  error: z.string().nullable(),
});
export type SimImportLineView = z.infer<typeof simImportLine>;
export const simsImportPreview = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** The first 100 lines. */
  lines: z.array(simImportLine),
  /** The first 500 lines with a problem. */
  errors: z.array(simImportLine),
});
export type SimsImportPreview = z.infer<typeof simsImportPreview>;
export const simsImportResult = z.object({ imported: z.number().int(), skipped: z.number().int(), errors: z.array(simImportLine) });
export type SimsImportResult = z.infer<typeof simsImportResult>;
