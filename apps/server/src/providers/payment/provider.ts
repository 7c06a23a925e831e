/**
 * A payment provider (the sandbox, WeChat Pay API v3, Alipay). Amounts are fen.
 * The payments module talks to providers only through this interface.
 */
import type { Shopper } from '../../lib/context.ts';

export interface CreateTrade {
  paymentNo: string;
  amount: number;
  subject: string;
  /** Absolute URL the provider posts its asynchronous notifications to. */
  notifyUrl: string;
  /** Where the cashier sends the shopper back, e.g. /shop/#/pages/order/pay/index?orderNo=... */
  returnUrl: string;
  expiresAt: number;
  /** Who opens it (WeChat Pay: the H5 payer's address, the JSAPI payer). */
  shopper: Shopper;
}

/** An opened trade: where the shopper pays, or the parameters their client pays with. */
export interface TradeOpened {
  tradeNo: string;
  payUrl: string;
  payParams?: string;
}

export type TradeState = 'pending' | 'paid' | 'closed' | 'refunded';

export interface TradeQuery {
  state: TradeState;
  tradeNo: string;
  amount: number;
  paidAt: number | null;
}

/** A verified notification that a trade was paid. */
export interface PaidNotice {
  paymentNo: string;
  tradeNo: string;
  amount: number;
  paidAt: number;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

/** A refund asked of the provider: `refundNo` is ours and makes the request idempotent there. */
export interface RefundRequest {
  paymentNo: string;
  refundNo: string;
  /** This refund's amount (part or all of the payment). */
  amount: number;
  /** The payment's whole amount (WeChat Pay and Alipay want both). */
  total: number;
  reason: string;
  /** Absolute URL the provider posts the refund's outcome to (providers that refund asynchronously). */
  notifyUrl: string;
}

/** Where a refund stands at the provider: pending ones end by a notification or a later query. */
export interface RefundResult {
  state: RefundState;
  providerRefundNo: string;
  detail: string;
}

/** A verified notification about a refund. */
export interface RefundNotice extends RefundResult {
  paymentNo: string;
  refundNo: string;
  amount: number;
}

export type VerifyResult =
  | { ok: true; notice: PaidNotice }
  | { ok: true; refund: RefundNotice }
  | { ok: false; reason: string; paymentNo: string };

export interface PaymentProvider {
  /** The method name used in showPaymentType, e.g. `sandbox`. */
  readonly method: string;
  /** Name shown by the cashier. */
  readonly name: string;
  /**
   * Opens a trade; payUrl is where the shopper pays (a cashier page, or a provider's H5 URL), or,
   * with payParams (WeChat Pay JSAPI's signed parameters, JSON), the page to come back to.
   */
  create(trade: CreateTrade, now: number): Promise<TradeOpened>;
  /**
   * Whether an open trade (its payParams, '' for one opened by URL) still suits `shopper`; a
   * provider without the method reuses every open trade.
   */
  suits?(payParams: string, shopper: Shopper): Promise<boolean>;
  /** Checks a notification's signature and shape; never changes anything. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: number): VerifyResult;
  /** The provider's reply to a notification: how it wants success or failure acknowledged. */
  reply(ok: boolean, message: string): { status: number; body: unknown };
  query(paymentNo: string, now: number): Promise<TradeQuery | null>;
  /** Closes an unpaid trade; false when it was already paid (the caller then applies it). */
  close(paymentNo: string, now: number): Promise<boolean>;
  /**
   * Asks for a refund. Resolves with the provider's answer (a refusal is `failed`); throws when the
   * outcome is unknown (no answer), so the refund stays pending and is asked again by its number.
   */
  refund(r: RefundRequest, now: number): Promise<RefundResult>;
  /** The refund as the provider has it; null when the provider never received it. */
  queryRefund(r: { paymentNo: string; refundNo: string }, now: number): Promise<RefundResult | null>;
}
