/**
 * A payment provider (sandbox now; WeChat Pay v3 and Alipay adapters later). Amounts are fen.
 * The payments module talks to providers only through this interface.
 */

export interface CreateTrade {
  paymentNo: string;
  amount: number;
  subject: string;
  /** Absolute URL the provider posts its asynchronous notifications to. */
  notifyUrl: string;
  /** Where the cashier sends the shopper back, e.g. /shop/#/pages/order/pay/index?orderNo=... */
  returnUrl: string;
  expiresAt: number;
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

export type VerifyResult = { ok: true; notice: PaidNotice } | { ok: false; reason: string; paymentNo: string };

export interface PaymentProvider {
  /** The method name used in showPaymentType, e.g. `sandbox`. */
  readonly method: string;
  /** Name shown by the cashier. */
  readonly name: string;
  /** Opens a trade; payUrl is where the shopper pays (a cashier page, or a provider's H5 URL). */
  create(trade: CreateTrade, now: number): Promise<{ tradeNo: string; payUrl: string }>;
  /** Checks a notification's signature and shape; never changes anything. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: number): VerifyResult;
  /** The provider's reply to a notification: how it wants success or failure acknowledged. */
  reply(ok: boolean, message: string): { status: number; body: unknown };
  query(paymentNo: string, now: number): Promise<TradeQuery | null>;
  /** Closes an unpaid trade; false when it was already paid (the caller then applies it). */
  close(paymentNo: string, now: number): Promise<boolean>;
  refund(paymentNo: string, amount: number, reason: string, now: number): Promise<void>;
}
