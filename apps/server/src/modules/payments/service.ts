import type { PaymentStatus, PaymentView, WechatJsapi } from '@simshop/contract/payments';
import type { Kysely, Transaction } from 'kysely';
import { insertNumbered, isUniqueViolation } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Shopper } from '../../lib/context.ts';
import type { Deps } from '../../lib/deps.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { termOr } from '../../lib/messages.ts';
import { metrics } from '../../lib/metrics.ts';
import { orderNumber } from '../../lib/order-no.ts';
import type { PaidNotice, PaymentProvider, RefundNotice, RefundResult } from '../../providers/payment/provider.ts';
import * as repo from './repository.ts';

export type { PaymentRow, RefundRow } from './repository.ts';

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
  /**
   * The payment's money has all gone back (one full refund, or the part refunds that complete it):
   * applies it to the order. `refund` is the refund that completed it.
   */
  onRefunded(trx: Transaction<Database>, payment: repo.PaymentRow, now: number, refund: RefundInfo): Promise<void>;
  /** A part of the payment went back (the payment stays paid); order types that keep a refunded sum record it. */
  onPartRefunded?(trx: Transaction<Database>, payment: repo.PaymentRow, refund: RefundInfo, now: number): Promise<void>;
}

/** A refund done at the provider, as order types are told about it. */
export interface RefundInfo {
  refundNo: string;
  amount: number;
  reason: string;
  /** The payment's refunded sum including this refund. */
  refundedTotal: number;
}

export type RefundState = 'pending' | 'succeeded' | 'failed';

/** A refund request and where it stands. */
export interface RefundView {
  refundNo: string;
  paymentNo: string;
  amount: number;
  reason: string;
  /** pending: asked (or to be asked) of the provider, its amount reserved; succeeded; failed: refused, reservation released. */
  state: RefundState;
  /** The provider's refusal or the last problem asking it. */
  detail: string;
  createdAt: number;
  settledAt: number | null;
  /** The payment's amount, the sum its provider has refunded, and what can still be refunded. */
  paymentAmount: number;
  refundedTotal: number;
  refundable: number;
}

export interface RefundPart {
  paymentNo: string;
  /** Fen, at most what is left of the payment after its other refunds (pending or done). */
  amount: number;
  reason: string;
  /** The caller's idempotency key, unique per payment: the same key answers the same refund. */
  key: string;
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
  /** Who pays: the route's `shopperOf(req)`, or `NO_SHOPPER` for work no request started. */
  shopper: Shopper;
}

export type NotifyOutcome = { status: number; body: unknown };

/** Pending payments younger than this are left to their notification before the provider is asked. */
const RECONCILE_AFTER_MS = 30_000;
/** Pending refunds untouched this long are asked about (or asked again) by the reconcile job. */
const REFUND_RETRY_AFTER_MS = 30_000;
const PAYMENT_TTL_MS = 15 * 60_000;

function refundViewOf(r: repo.RefundRow, p: repo.PaymentRow): RefundView {
  return {
    refundNo: r.refund_no,
    paymentNo: r.payment_no,
    amount: r.amount,
    reason: r.reason,
    state: r.state as RefundState,
    detail: r.detail,
    createdAt: r.created_at,
    settledAt: r.settled_at,
    paymentAmount: p.amount,
    refundedTotal: p.refund_settled,
    refundable: p.status === 'paid' ? p.amount - p.refund_reserved : 0,
  };
}

export function toView(p: repo.PaymentRow): PaymentView {
  return {
    paymentNo: p.payment_no,
    method: p.method,
    status: p.status as PaymentStatus,
    amount: p.amount,
    payUrl: p.pay_url,
    ...(p.pay_params ? { wechatJsapi: JSON.parse(p.pay_params) as WechatJsapi } : {}),
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

  #wechatPayer: ((sessionId: string) => Promise<string | null>) | null = null;

  /**
   * Sets how a login session's WeChat open id is found (the oauth module knows the WeChat accounts
   * of logins): WeChat Pay then opens JSAPI trades for such shoppers inside WeChat.
   */
  useWechatPayer(find: (sessionId: string) => Promise<string | null>): void {
    this.#wechatPayer = find;
  }

  /** The WeChat open id of the login session, when one is known and the oauth module said how to find it. */
  async wechatPayerOf(sessionId: string): Promise<string | null> {
    return sessionId && this.#wechatPayer ? this.#wechatPayer(sessionId) : null;
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
    const provider = this.provider(input.method);
    const open = (await repo.pendingForOrder(db, input.orderType, input.orderId)).find(
      (p) => p.method === input.method && p.amount === input.amount && p.expires_at > now + 60_000 && p.pay_url,
    );
    if (open && (provider.suits ? await provider.suits(open.pay_params, input.shopper) : true)) return toView(open);
    const expiresAt = Math.min(input.expiresAt, now + PAYMENT_TTL_MS);
    if (expiresAt <= now) throw fail('orders.cannotPay');
    const row = await insertNumbered(
      this.deps.dialect,
      db,
      'payment_no',
      () => orderNumber('P', now),
      (paymentNo) =>
        repo.insert(db, {
          payment_no: paymentNo,
          order_type: input.orderType,
          order_id: input.orderId,
          order_no: input.orderNo,
          amount: input.amount,
          method: input.method,
          status: 'pending',
          subject: input.subject,
          return_url: input.returnUrl,
          pay_url: '',
          pay_params: '',
          provider_trade_no: '',
          expires_at: expiresAt,
          paid_at: null,
          closed_at: null,
          refunded_at: null,
          refund_reason: '',
          created_at: now,
          updated_at: now,
        }),
    );
    try {
      const trade = await provider.create(
        {
          paymentNo: row.payment_no,
          amount: row.amount,
          subject: row.subject,
          notifyUrl: `${this.baseUrl()}/api/pay/notify/${input.method}`,
          returnUrl: row.return_url,
          expiresAt,
          shopper: input.shopper,
        },
        now,
      );
      const payParams = trade.payParams ?? '';
      await repo.setTrade(db, row.id, trade.tradeNo, trade.payUrl, payParams, now);
      metrics.payment('created', input.method);
      return toView({ ...row, provider_trade_no: trade.tradeNo, pay_url: trade.payUrl, pay_params: payParams });
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
    const paymentNoValue = 'refund' in verified ? verified.refund.paymentNo : verified.notice.paymentNo;
    const result =
      'refund' in verified ? await this.applyRefundNotice(method, verified.refund) : await this.applyPaid(method, verified.notice);
    await log(paymentNoValue, result.outcome, result.detail);
    if (result.outcome === 'rejected') {
      this.deps.log.warn({ method, paymentNo: paymentNoValue, reason: result.detail, ip }, 'payment notification rejected');
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
      // Providers that number a trade only once it is paid (WeChat Pay, Alipay) leave it empty until then.
      if (p.provider_trade_no !== '' && p.provider_trade_no !== notice.tradeNo)
        return { outcome: 'rejected' as const, detail: 'trade number does not match the payment' };
      if (p.amount !== notice.amount) return { outcome: 'rejected' as const, detail: `amount ${notice.amount} does not match ${p.amount}` };
      if (!(await repo.markPaid(trx, p.id, now, notice.paidAt, notice.tradeNo)))
        return { outcome: 'duplicate' as const, detail: `already ${p.status}` };
      const applied = await this.handler(p.order_type).onPaid(
        trx,
        { ...p, status: 'paid', paid_at: notice.paidAt, provider_trade_no: notice.tradeNo },
        now,
      );
      if (applied !== 'applied') await this.owesRefund(trx, p.payment_no, applied.refund, now);
      return {
        outcome: 'applied' as const,
        detail: applied === 'applied' ? 'paid' : `paid, refund owed: ${applied.refund}`,
        refund: applied !== 'applied',
      };
    });
    if (result.outcome === 'applied') metrics.payment('paid', method);
    if ('refund' in result && result.refund)
      await this.settleRefund(notice.paymentNo).catch((err) => this.deps.log.error({ err }, 'refund failed'));
    return { outcome: result.outcome, detail: result.detail };
  }

  /**
   * Refunds what is left of a paid payment (all of it when nothing was refunded) and applies it when
   * the provider confirms. With a key, asking again answers the refund made under it.
   */
  async refund(paymentNoValue: string, reason: string, key?: string): Promise<RefundView> {
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    const known = p && key ? await repo.refundByKey(this.deps.db, p.id, key) : undefined;
    if (known) return this.refundView(known.refund_no);
    if (p?.status !== 'paid' || p.refund_reserved >= p.amount) throw invalid('payment', 'payments.refundOnlyPaid');
    return this.refundPart({
      paymentNo: paymentNoValue,
      amount: p.amount - p.refund_reserved,
      reason,
      key: key ?? `full-${orderNumber('', this.deps.now())}`,
    });
  }

  /**
   * The reconciliation report's side of the payments: payments of these order types paid in
   * [from, to), and the refunds asked for in it.
   */
  async paidBetween(orderTypes: string[], from: number, to: number) {
    const [payments, refunds] = await Promise.all([
      repo.paidBetween(this.deps.db, orderTypes, from, to),
      repo.refundsBetween(this.deps.db, orderTypes, from, to),
    ]);
    return { payments, refunds };
  }

  /** Payments by their numbers (the reconciliation report's look-up of the payments orders name). */
  byNos(paymentNos: string[]): Promise<repo.PaymentRow[]> {
    return repo.byNos(this.deps.db, paymentNos);
  }

  /**
   * A refund of part (or all) of a paid payment, idempotent by the caller's key. The amount is
   * reserved in a transaction (the payment's refunds never add up to more than was paid, whatever
   * the concurrency), the provider is asked outside it, and its answer is settled in another: a
   * done refund is applied to the order (onPartRefunded, or onRefunded once the whole payment is
   * back), a refused one releases its reservation, and one the provider is still working on (or
   * that got no answer) stays pending until its notification or the reconcile job settles it.
   */
  async refundPart(input: RefundPart): Promise<RefundView> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw invalid('amount', 'payments.refundAmount');
    if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(input.key)) throw invalid('refundKey', 'payments.refundKey');
    const { db } = this.deps;
    const p = await repo.findByNo(db, input.paymentNo);
    if (!p) throw invalid('payment', 'payments.refundOnlyPaid');
    const known = await repo.refundByKey(db, p.id, input.key);
    if (known) return this.sameRefund(known, input);
    const now = this.deps.now();
    let made: { row: repo.RefundRow; created: boolean };
    try {
      made = await db.transaction().execute(async (trx) => {
        if (!(await repo.reserveRefund(trx, p.id, input.amount, now))) {
          // The same key may have just taken the amount (a concurrent request): that refund is the answer.
          const same = await repo.refundByKey(trx, p.id, input.key);
          if (same) return { row: same, created: false };
          const current = await repo.findByNo(trx, p.payment_no);
          if (current?.status !== 'paid') throw invalid('payment', 'payments.refundOnlyPaid');
          throw invalid('amount', 'payments.refundTooMuch', {
            refundable: `¥${((current.amount - current.refund_reserved) / 100).toFixed(2)}`,
          });
        }
        const row = await insertNumbered(
          this.deps.dialect,
          trx,
          'refund_no',
          () => orderNumber('R', now),
          (refundNo) => repo.insertRefund(trx, { refundNo, payment: p, amount: input.amount, reason: input.reason, key: input.key, now }),
        );
        return { row, created: true };
      });
    } catch (err) {
      // The same key sent twice at once: the other request's refund is the answer.
      if (!isUniqueViolation(err)) throw err;
      const other = await repo.refundByKey(db, p.id, input.key);
      if (!other) throw err;
      return this.sameRefund(other, input);
    }
    if (!made.created) return this.sameRefund(made.row, input);
    await this.askRefund(made.row);
    return this.refundView(made.row.refund_no);
  }

  private async sameRefund(r: repo.RefundRow, input: RefundPart): Promise<RefundView> {
    if (r.amount !== input.amount) throw invalid('refundKey', 'payments.refundKeyReused');
    return this.refundView(r.refund_no);
  }

  /** A refund and where it stands; null when there is no such refund. */
  async findRefund(refundNo: string): Promise<RefundView | null> {
    const r = await repo.refundByNo(this.deps.db, refundNo);
    return r ? this.refundView(r.refund_no) : null;
  }

  /** The refund a caller's key made on a payment (a repeated request); null when there is none. */
  async refundByKey(paymentNoValue: string, key: string): Promise<RefundView | null> {
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    const r = p ? await repo.refundByKey(this.deps.db, p.id, key) : undefined;
    return p && r ? refundViewOf(r, p) : null;
  }

  /** The refunds of a payment, oldest first. */
  async refundsOf(paymentNoValue: string): Promise<RefundView[]> {
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    if (!p) return [];
    return (await repo.refundsOf(this.deps.db, p.id)).map((r) => refundViewOf(r, p));
  }

  private async refundView(refundNo: string): Promise<RefundView> {
    const r = await repo.refundByNo(this.deps.db, refundNo);
    const p = r && (await repo.findByNo(this.deps.db, r.payment_no));
    if (!r || !p) throw new Error(`refund ${refundNo} vanished`);
    return refundViewOf(r, p);
  }

  /**
   * Records in the caller's transaction that a paid payment is to be refunded in full (its order
   * could not be done): what is not refunded yet is reserved as a pending refund. `settleRefund`
   * after the commit asks the provider, and the reconcile job retries it.
   */
  async owesRefund(trx: Kysely<Database>, paymentNoValue: string, reason: string, now: number): Promise<void> {
    const p = await repo.findByNo(trx, paymentNoValue);
    if (p?.status !== 'paid') throw new Error(`payment ${paymentNoValue} is not paid`);
    if (await repo.refundByKey(trx, p.id, 'owed')) return;
    const amount = await repo.reserveRest(trx, p.id, now);
    if (amount === 0) return;
    await insertNumbered(
      this.deps.dialect,
      trx,
      'refund_no',
      () => orderNumber('R', now),
      (refundNo) => repo.insertRefund(trx, { refundNo, payment: p, amount, reason, key: 'owed', now }),
    );
  }

  /** Asks the provider for the pending refunds of a payment and applies their outcome. */
  async settleRefund(paymentNoValue: string): Promise<void> {
    const p = await repo.findByNo(this.deps.db, paymentNoValue);
    if (!p) return;
    for (const r of await repo.pendingRefundsOf(this.deps.db, p.id)) await this.askRefund(r);
  }

  /** Asks the provider for one refund (outside any transaction) and settles its answer. */
  private async askRefund(r: repo.RefundRow): Promise<void> {
    const p = await repo.findByNo(this.deps.db, r.payment_no);
    if (!p) return;
    const now = this.deps.now();
    let result: RefundResult;
    try {
      result = await this.provider(p.method).refund(
        {
          paymentNo: p.payment_no,
          refundNo: r.refund_no,
          amount: r.amount,
          total: p.amount,
          reason: r.reason,
          notifyUrl: `${this.baseUrl()}/api/pay/notify/${p.method}`,
        },
        now,
      );
    } catch (err) {
      this.deps.log.error({ err, refundNo: r.refund_no }, 'payment provider did not answer a refund; it stays pending');
      await repo.noteRefundAttempt(this.deps.db, r.id, r.provider_refund_no, String((err as Error).message ?? err), now);
      return;
    }
    await this.applyRefundResult(r, result);
  }

  /**
   * Settles a refund by the provider's word (its answer, a query, or a notification) in one
   * transaction, once: a done refund adds to the payment's refunded sum and is applied to the
   * order; a refused one releases its reservation; a pending one is only noted.
   */
  private async applyRefundResult(r: repo.RefundRow, result: RefundResult): Promise<'applied' | 'duplicate' | 'pending'> {
    const now = this.deps.now();
    if (result.state === 'pending') {
      await repo.noteRefundAttempt(this.deps.db, r.id, result.providerRefundNo, result.detail, now);
      return 'pending';
    }
    let refundedBy = '';
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await repo.settleRefundRow(trx, r.id, result.state as 'succeeded' | 'failed', result.providerRefundNo, result.detail, now)))
        return 'duplicate' as const;
      if (result.state === 'failed') {
        this.deps.log.warn({ refundNo: r.refund_no, detail: result.detail }, 'payment provider refused a refund');
        await repo.releaseReserved(trx, r.payment_id, r.amount, now);
        return 'applied' as const;
      }
      const refundedTotal = await repo.addSettled(trx, r.payment_id, r.amount, now);
      const p = await repo.findByNo(trx, r.payment_no);
      if (!p) throw new Error(`payment ${r.payment_no} vanished`);
      refundedBy = p.method;
      const info: RefundInfo = { refundNo: r.refund_no, amount: r.amount, reason: r.reason, refundedTotal };
      const handler = this.handler(p.order_type);
      if (refundedTotal >= p.amount) {
        if (await repo.markRefunded(trx, p.id, now, r.reason))
          await handler.onRefunded(trx, { ...p, status: 'refunded', refunded_at: now, refund_reason: r.reason }, now, info);
      } else {
        await handler.onPartRefunded?.(trx, p, info, now);
      }
      return 'applied' as const;
    });
    // Each refund settled (a part refund too), counted once it is committed.
    if (refundedBy) metrics.payment('refunded', refundedBy);
    return outcome;
  }

  /** Settles a refund the provider asked about earlier or never got: asks again by its number. */
  private async recheckRefund(r: repo.RefundRow): Promise<void> {
    const p = await repo.findByNo(this.deps.db, r.payment_no);
    if (!p) return;
    const q = await this.provider(p.method).queryRefund({ paymentNo: r.payment_no, refundNo: r.refund_no }, this.deps.now());
    if (q === null) await this.askRefund(r);
    else await this.applyRefundResult(r, q);
  }

  /** Applies a verified refund notification at most once. */
  private async applyRefundNotice(
    method: string,
    n: RefundNotice,
  ): Promise<{ outcome: 'applied' | 'duplicate' | 'rejected'; detail: string }> {
    const r = await repo.refundByNo(this.deps.db, n.refundNo);
    const p = r && (await repo.findByNo(this.deps.db, r.payment_no));
    if (!r || !p || p.method !== method || r.payment_no !== n.paymentNo) return { outcome: 'rejected', detail: 'unknown refund' };
    if (r.amount !== n.amount) return { outcome: 'rejected', detail: `refund amount ${n.amount} does not match ${r.amount}` };
    const outcome = await this.applyRefundResult(r, n);
    if (outcome === 'duplicate')
      return { outcome: 'duplicate', detail: `refund already ${(await repo.refundByNo(this.deps.db, n.refundNo))?.state}` };
    return { outcome: 'applied', detail: `refund ${n.state}` };
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
    // Not paid yet, or not opened at the provider yet (Alipay opens a trade when the shopper reaches its page).
    if ((q === null || q.state === 'pending') && p.expires_at > now) return;
    // Expired or closed: close the trade too (false when it was paid in between: then apply it).
    if (q && !(await this.provider(p.method).close(p.payment_no, now))) {
      await this.reconcileOne(p);
      return;
    }
    await repo.markClosed(this.deps.db, p.id, now);
  }

  /** Pending payments are settled by asking their provider; pending refunds are asked about (or asked again). */
  async reconcile(now: number): Promise<number> {
    const rows = await repo.needingReconcile(this.deps.db, now - RECONCILE_AFTER_MS, 50);
    for (const p of rows) {
      try {
        await this.reconcileOne(p);
      } catch (err) {
        this.deps.log.error({ err, paymentNo: p.payment_no }, 'payment reconciliation failed');
      }
    }
    const refunds = await repo.pendingRefunds(this.deps.db, now - REFUND_RETRY_AFTER_MS, 50);
    for (const r of refunds) {
      try {
        await this.recheckRefund(r);
      } catch (err) {
        this.deps.log.error({ err, refundNo: r.refund_no }, 'refund reconciliation failed');
      }
    }
    return rows.length + refunds.length;
  }

  jobs(): Job[] {
    return [{ name: 'payments.reconcile', everyMs: 30_000, run: (now) => this.reconcile(now) }];
  }
}
