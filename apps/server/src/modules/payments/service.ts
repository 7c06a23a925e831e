import type { PaymentStatus, PaymentView } from '@simshop/contract/payments';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { termOr } from '../../lib/messages.ts';
import { orderNumber } from '../../lib/order-no.ts';
import type { PaidNotice, PaymentProvider } from '../../providers/payment/provider.ts';
import * as repo from './repository.ts';

export type { PaymentRow } from './repository.ts';

/**
 * Payments for every order type. An order type registers its handlers once; the payments module
 * calls them inside the transaction that records the payment, so an order changes state exactly
 * when its payment does.
 */
export interface OrderTypeHandler {
  /**
   * Applies a successful payment to the order. Answer `{ refund }` when the order cannot take it
   * any more (cancelled and its goods gone, or already paid by another payment): the money is
   * then returned.
   */
  onPaid(trx: Transaction<Database>, payment: repo.PaymentRow, now: number): Promise<'applied' | { refund: string }>;
  /** Applies a completed refund to the order. */
  onRefunded(trx: Transaction<Database>, payment: repo.PaymentRow, now: number): Promise<void>;
}

export interface CreatePayment {
  orderType: string;
  orderId: number;
  orderNo: string;
  amount: number;
  subject: string;
  method: string;
  /** Methods the storefront offers (the promoter's showPaymentType). */
  allowedMethods: string[];
  returnUrl: string;
  expiresAt: number;
}

export type NotifyOutcome = { status: number; body: unknown };

/** Pending payments younger than this are left to their notification before the provider is asked. */
const RECONCILE_AFTER_MS = 30_000;
const PAYMENT_TTL_MS = 15 * 60_000;

export function toView(p: repo.PaymentRow): PaymentView {
  return {
    paymentNo: p.payment_no,
    method: p.method,
    status: p.status as PaymentStatus,
    amount: p.amount,
    payUrl: p.pay_url,
    expiresAt: p.expires_at,
    paidAt: p.paid_at,
  };
}

export class Payments {
  private readonly handlers = new Map<string, OrderTypeHandler>();
  private readonly providers = new Map<string, PaymentProvider>();

  constructor(
    private readonly deps: Deps,
    providers: PaymentProvider[],
    /** Base URL of this server as providers reach it, for notify URLs. */
    private readonly baseUrl: () => string,
  ) {
    for (const p of providers) this.providers.set(p.method, p);
  }

  registerOrderType(orderType: string, handler: OrderTypeHandler): void {
    if (this.handlers.has(orderType)) throw new Error(`payment order type ${orderType} registered twice`);
    this.handlers.set(orderType, handler);
  }

  /** The cashier's choices: the storefront's methods that have a provider, in its order. */
  methodsFor(showPaymentType: string[]): { method: string; name: string }[] {
    return showPaymentType.flatMap((m) => {
      const p = this.providers.get(m);
      return p ? [{ method: p.method, name: p.name }] : [];
    });
  }

  private provider(method: string): PaymentProvider {
    const p = this.providers.get(method);
    if (!p) throw new Error(`no payment provider ${method}`);
    return p;
  }

  private handler(orderType: string): OrderTypeHandler {
    const h = this.handlers.get(orderType);
    if (!h) throw new Error(`no payment handler for order type ${orderType}`);
    return h;
  }

  /**
   * A payment for an order: the open one when it has the same method and amount, otherwise a
   * new one opened with the provider. The caller checks that the order is its user's and payable.
   */
  async create(input: CreatePayment): Promise<PaymentView> {
    if (!input.allowedMethods.includes(input.method) || !this.providers.has(input.method)) {
      throw invalid('method', 'payments.methodNotOffered', { method: termOr('term.payMethod', input.method) });
    }
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('amount', 'payments.nothingToPay');
    const { db } = this.deps;
    const now = this.deps.now();
    const open = (await repo.pendingForOrder(db, input.orderType, input.orderId)).find(
      (p) => p.method === input.method && p.amount === input.amount && p.expires_at > now + 60_000 && p.pay_url,
    );
    if (open) return toView(open);
    const expiresAt = Math.min(input.expiresAt, now + PAYMENT_TTL_MS);
    if (expiresAt <= now) throw fail('orders.cannotPay');
    const row = await repo.insert(db, {
      payment_no: orderNumber('P', now),
      order_type: input.orderType,
      order_id: input.orderId,
      order_no: input.orderNo,
      amount: input.amount,
      method: input.method,
      status: 'pending',
      subject: input.subject,
      return_url: input.returnUrl,
      pay_url: '',
      provider_trade_no: '',
      expires_at: expiresAt,
      paid_at: null,
      closed_at: null,
      refunded_at: null,
      refund_reason: '',
      created_at: now,
      updated_at: now,
    });
    try {
      const trade = await this.provider(input.method).create(
        {
          paymentNo: row.payment_no,
          amount: row.amount,
          subject: row.subject,
          notifyUrl: `${this.baseUrl()}/api/pay/notify/${input.method}`,
          returnUrl: row.return_url,
          expiresAt,
        },
        now,
      );
      await repo.setTrade(db, row.id, trade.tradeNo, trade.payUrl, now);
      return toView({ ...row, provider_trade_no: trade.tradeNo, pay_url: trade.payUrl });
    } catch (err) {
      this.deps.log.error({ err, paymentNo: row.payment_no }, 'payment provider refused to open a trade');
      await repo.markClosed(db, row.id, now);
      throw fail('payments.unavailable');
    }
  }

  async latestFor(orderType: string, orderId: number): Promise<PaymentView | null> {
    const row = await repo.latestForOrder(this.deps.db, orderType, orderId);
    return row ? toView(row) : null;
  }

  /** Open payments of an order (for reconciling before the order changes state). */
  pendingOf(orderType: string, orderId: number): Promise<repo.PaymentRow[]> {
    return repo.pendingForOrder(this.deps.db, orderType, orderId);
  }

  async findByNo(paymentNo: string): Promise<PaymentView | null> {
    const row = await repo.findByNo(this.deps.db, paymentNo);
    return row ? toView(row) : null;
  }

  /** Verifies a provider's notification and applies it at most once; every one is logged. */
  async notify(
    method: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    ip: string,
  ): Promise<NotifyOutcome> {
    const provider = this.providers.get(method);
    if (!provider) return { status: 404, body: { code: 'FAIL', message: 'unknown payment method' } };
    const now = this.deps.now();
    const log = (paymentNo: string, outcome: string, detail: string) =>
      repo.logNotification(this.deps.db, {
        method,
        payment_no: paymentNo,
        outcome,
        detail,
        body: rawBody.slice(0, 4000),
        ip,
        created_at: now,
      });
    const verified = provider.verify(headers, rawBody, now);
    if (!verified.ok) {
      this.deps.log.warn({ method, paymentNo: verified.paymentNo, reason: verified.reason, ip }, 'payment notification rejected');
      await log(verified.paymentNo, 'rejected', verified.reason);
      return provider.reply(false, verified.reason);
    }
    const result = await this.applyPaid(method, verified.notice);
    await log(verified.notice.paymentNo, result.outcome, result.detail);
    if (result.outcome === 'rejected') {
      this.deps.log.warn({ method, paymentNo: verified.notice.paymentNo, reason: result.detail, ip }, 'payment notification rejected');
    }
    return provider.reply(result.outcome !== 'rejected', result.detail);
  }

  /**
   * Records a provider-confirmed payment and applies it to its order in one transaction. The
   * conditional update lets exactly one of any number of concurrent deliveries through.
   */
  async applyPaid(method: string, notice: PaidNotice): Promise<{ outcome: 'applied' | 'duplicate' | 'rejected'; detail: string }> {
    const now = this.deps.now();
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const p = await repo.findByNo(trx, notice.paymentNo);
      if (!p || p.method !== method) return { outcome: 'rejected' as const, detail: 'unknown payment' };
      if (p.provider_trade_no !== notice.tradeNo)
        return { outcome: 'rejected' as const, detail: 'trade number does not match the payment' };
      if (p.amount !== notice.amount) return { outcome: 'rejected' as const, detail: `amount ${notice.amount} does not match ${p.amount}` };
      if (!(await repo.markPaid(trx, p.id, now, notice.paidAt))) return { outcome: 'duplicate' as const, detail: `already ${p.status}` };
      const applied = await this.handler(p.order_type).onPaid(trx, { ...p, status: 'paid', paid_at: notice.paidAt }, now);
      if (applied !== 'applied') await repo.requestRefund(trx, p.id, applied.refund, now);
      return {
        outcome: 'applied' as const,
        detail: applied === 'applied' ? 'paid' : `paid, refund owed: ${applied.refund}`,
        refund: applied !== 'applied',
      };
    });
    if ('refund' in result && result.refund)
      await this.settleRefund(notice.paymentNo).catch((err) => this.deps.log.error({ err }, 'refund failed'));
    return { outcome: result.outcome, detail: result.detail };
  }

  /** Asks for a refund of a paid payment and applies it when the provider confirms. */
  async refund(paymentNoValue: string, reason: string): Promise<void> {
    const now = this.deps.now();
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    if (p?.status !== 'paid') throw invalid('payment', 'payments.refundOnlyPaid');
    await repo.requestRefund(this.deps.db, p.id, reason, now);
    await this.settleRefund(paymentNoValue);
  }

  /**
   * Records in the caller's transaction that a paid payment is to be refunded (its order could not
   * be done); `settleRefund` after the commit asks the provider, and the reconcile job retries it.
   */
  async owesRefund(trx: Kysely<Database>, paymentNoValue: string, reason: string, now: number): Promise<void> {
    const p = await repo.findByNo(trx, paymentNoValue);
    if (p?.status !== 'paid') throw new Error(`payment ${paymentNoValue} is not paid`);
    await repo.requestRefund(trx, p.id, reason, now);
  }

  /** Refunds a payment owed a refund at its provider and applies it to the order. */
  async settleRefund(paymentNoValue: string): Promise<void> {
    const now = this.deps.now();
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    if (p?.status !== 'paid' || !p.refund_reason) return;
    await this.provider(p.method).refund(p.payment_no, p.amount, p.refund_reason, now);
    await this.deps.db.transaction().execute(async (trx) => {
      if (await repo.markRefunded(trx, p.id, now))
        await this.handler(p.order_type).onRefunded(trx, { ...p, status: 'refunded', refunded_at: now }, now);
    });
  }

  /**
   * Closes the open payments of an order (the order was cancelled). A trade the provider reports
   * as paid meanwhile is applied instead; its order type then decides (revive or refund).
   */
  async closeFor(orderType: string, orderId: number): Promise<void> {
    for (const p of await repo.pendingForOrder(this.deps.db, orderType, orderId)) await this.closeOne(p);
  }

  private async closeOne(p: repo.PaymentRow): Promise<void> {
    const now = this.deps.now();
    const provider = this.provider(p.method);
    if (await provider.close(p.payment_no, now)) {
      await repo.markClosed(this.deps.db, p.id, now);
      return;
    }
    await this.reconcileOne(p);
  }

  /** Asks the provider about one payment and brings ours in line. */
  async reconcileOne(p: repo.PaymentRow): Promise<void> {
    const now = this.deps.now();
    const q = await this.provider(p.method).query(p.payment_no, now);
    if (q?.state === 'paid' || q?.state === 'refunded') {
      await this.applyPaid(p.method, { paymentNo: p.payment_no, tradeNo: q.tradeNo, amount: q.amount, paidAt: q.paidAt ?? now });
      return;
    }
    if (q && q.state === 'pending' && p.expires_at > now) return;
    // Expired or closed: close the trade too (false when it was paid in between: then apply it).
    if (q && !(await this.provider(p.method).close(p.payment_no, now))) {
      await this.reconcileOne(p);
      return;
    }
    await repo.markClosed(this.deps.db, p.id, now);
  }

  /** Pending payments are settled by asking their provider; owed refunds are retried. */
  async reconcile(now: number): Promise<number> {
    const rows = await repo.needingReconcile(this.deps.db, now - RECONCILE_AFTER_MS, 50);
    for (const p of rows) {
      try {
        if (p.status === 'pending') await this.reconcileOne(p);
        else await this.settleRefund(p.payment_no);
      } catch (err) {
        this.deps.log.error({ err, paymentNo: p.payment_no }, 'payment reconciliation failed');
      }
    }
    return rows.length;
  }

  jobs(): Job[] {
    return [{ name: 'payments.reconcile', everyMs: 30_000, run: (now) => this.reconcile(now) }];
  }
}
