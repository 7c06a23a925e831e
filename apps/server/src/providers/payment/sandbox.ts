import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { paymentStatusQuery } from '@simshop/contract/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { httpExchange } from '../../lib/http-client.ts';
import type { CreateTrade, PaymentProvider, TradeQuery, VerifyResult } from './provider.ts';

/**
 * The built-in sandbox payment provider. It stands in for WeChat Pay or Alipay and behaves like
 * them: it keeps its own books (sandbox_trades), shows its own cashier page, and tells the shop
 * about a payment by a signed HTTP notification, repeated with back-off until the shop answers
 * SUCCESS (sandbox_outbox).
 */

export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification older or newer than this is refused (replay window). */
const SIGNATURE_WINDOW_MS = 5 * 60_000;
/** Retry schedule after a failed delivery, as WeChat Pay documents it (15 s ... 6 h). */
export const NOTIFY_BACKOFF_MS = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600].map(
  (s) => s * 1000,
);
/** A delivery being sent keeps other runners off its row this long (three times its timeout; an instance that died mid-send frees it as soon). */
const DELIVERY_LEASE_MS = 15_000;
const DELIVERY_TIMEOUT_MS = 5_000;

export interface SandboxOptions {
  db: Kysely<Database>;
  secret: string;
  log: FastifyBaseLogger;
}

export function signNotification(secret: string, timestamp: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

function parseSignature(header: string | string[] | undefined): { t: number; v1: string } | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(value ?? '');
  return m ? { t: Number(m[1]), v1: m[2] as string } : undefined;
}

function tradeNo(now: number): string {
  return `T${now}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const paymentNoSchema = paymentStatusQuery.shape.paymentNo;

const STATE: Record<string, TradeQuery['state']> = { WAIT: 'pending', SUCCESS: 'paid', CLOSED: 'closed', REFUND: 'refunded' };

class TooMuch extends Error {}

export type SandboxProvider = PaymentProvider & ReturnType<typeof sandboxExtras>;

function sandboxExtras(o: SandboxOptions) {
  const { db } = o;
  const trade = (paymentNo: string) => db.selectFrom('sandbox_trades').selectAll().where('payment_no', '=', paymentNo).executeTakeFirst();

  /** The shopper pays on the cashier page: the trade succeeds and a notification is queued. */
  async function pay(paymentNo: string, now: number): Promise<'paid' | 'expired' | 'not_payable'> {
    const t = await trade(paymentNo);
    if (t?.status !== 'WAIT') return 'not_payable';
    if (t.expires_at <= now) return 'expired';
    return db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('sandbox_trades')
        .set({ status: 'SUCCESS', paid_at: now, updated_at: now })
        .where('trade_no', '=', t.trade_no)
        .where('status', '=', 'WAIT')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return 'not_payable' as const;
      await trx
        .insertInto('sandbox_outbox')
        .values({
          trade_no: t.trade_no,
          url: t.notify_url,
          body: JSON.stringify({
            event: 'trade.success',
            tradeNo: t.trade_no,
            paymentNo: t.payment_no,
            amount: t.amount,
            status: 'SUCCESS',
            paidAt: now,
          }),
          attempts: 0,
          next_attempt_at: now,
          delivered_at: null,
          last_error: '',
          created_at: now,
        })
        .execute();
      return 'paid' as const;
    });
  }

  async function attempt(row: { id: number; url: string; body: string; attempts: number }, now: number): Promise<void> {
    let error = '';
    try {
      const res = await httpExchange(row.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(o.secret, now, row.body) },
        body: row.body,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      const reply = jsonOrNull(res.text) as { code?: string } | null;
      if (res.status !== 200 || reply?.code !== 'SUCCESS') error = `HTTP ${res.status} ${JSON.stringify(reply)}`.slice(0, 500);
    } catch (err) {
      error = String((err as Error).message ?? err).slice(0, 500);
    }
    if (!error) {
      await db
        .updateTable('sandbox_outbox')
        .set({ delivered_at: now, next_attempt_at: null, attempts: row.attempts + 1, last_error: '' })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    const wait = NOTIFY_BACKOFF_MS[row.attempts];
    o.log.warn({ outbox: row.id, attempt: row.attempts + 1, error }, 'sandbox payment notification not acknowledged');
    await db
      .updateTable('sandbox_outbox')
      .set({ attempts: row.attempts + 1, next_attempt_at: wait === undefined ? null : now + wait, last_error: error })
      .where('id', '=', row.id)
      .execute();
  }

  /**
   * Delivers the notifications that are due. Each row is leased by a conditional update first,
   * so several server instances never send the same attempt twice.
   */
  async function deliverDue(now: number): Promise<number> {
    const due = await db
      .selectFrom('sandbox_outbox')
      .select(['id', 'url', 'body', 'attempts', 'next_attempt_at'])
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(20)
      .execute();
    let sent = 0;
    for (const row of due) {
      const leased = await db
        .updateTable('sandbox_outbox')
        .set({ next_attempt_at: now + DELIVERY_LEASE_MS })
        .where('id', '=', row.id)
        .where('next_attempt_at', '=', row.next_attempt_at)
        .executeTakeFirst();
      if (Number(leased.numUpdatedRows) !== 1) continue;
      await attempt(row, now);
      sent++;
    }
    return sent;
  }

  return { trade, pay, deliverDue };
}

export function createSandboxProvider(o: SandboxOptions): SandboxProvider {
  const { db } = o;
  const extras = sandboxExtras(o);
  const provider: PaymentProvider = {
    method: 'sandbox',
    name: '沙箱支付',

    async create(t: CreateTrade, now) {
      const no = tradeNo(now);
      await db
        .insertInto('sandbox_trades')
        .values({
          trade_no: no,
          payment_no: t.paymentNo,
          amount: t.amount,
          subject: t.subject,
          status: 'WAIT',
          notify_url: t.notifyUrl,
          return_url: t.returnUrl,
          expires_at: t.expiresAt,
          paid_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { tradeNo: no, payUrl: `/sandbox/cashier/${t.paymentNo}` };
    },

    verify(headers, rawBody, now): VerifyResult {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'body is not JSON', paymentNo: '' };
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: false, reason: 'body is not a JSON object', paymentNo: '' };
      const body = parsed as Record<string, unknown>;
      // Only a well-formed payment number is looked up or logged.
      const paymentNo = paymentNoSchema.safeParse(body.paymentNo).success ? (body.paymentNo as string) : '';
      const sig = parseSignature(headers[SIGNATURE_HEADER]);
      if (!sig) return { ok: false, reason: 'missing or malformed signature', paymentNo };
      const expected = Buffer.from(signNotification(o.secret, sig.t, rawBody).slice(-64), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(sig.v1, 'hex'))) return { ok: false, reason: 'bad signature', paymentNo };
      if (Math.abs(now - sig.t) > SIGNATURE_WINDOW_MS) return { ok: false, reason: 'signature outside the time window', paymentNo };
      const { tradeNo: tn, amount, status, paidAt } = body;
      if (status !== 'SUCCESS' || !paymentNo || typeof tn !== 'string' || !Number.isSafeInteger(amount) || !Number.isSafeInteger(paidAt)) {
        return { ok: false, reason: 'not a trade.success notification', paymentNo };
      }
      return { ok: true, notice: { paymentNo, tradeNo: tn, amount: amount as number, paidAt: paidAt as number } };
    },

    reply(ok, message) {
      return ok ? { status: 200, body: { code: 'SUCCESS', message: 'OK' } } : { status: 400, body: { code: 'FAIL', message } };
    },

    async query(paymentNo, now) {
      const t = await extras.trade(paymentNo);
      if (!t) return null;
      const state = t.status === 'WAIT' && t.expires_at <= now ? 'closed' : (STATE[t.status] ?? 'pending');
      return { state, tradeNo: t.trade_no, amount: t.amount, paidAt: t.paid_at };
    },

    async close(paymentNo, now) {
      await db
        .updateTable('sandbox_trades')
        .set({ status: 'CLOSED', updated_at: now })
        .where('payment_no', '=', paymentNo)
        .where('status', '=', 'WAIT')
        .execute();
      const t = await extras.trade(paymentNo);
      return t?.status !== 'SUCCESS';
    },

    /** Refunds part or all of a paid trade, once per refund number, never more than was paid. */
    async refund(r, now) {
      const known = await db.selectFrom('sandbox_refunds').selectAll().where('refund_no', '=', r.refundNo).executeTakeFirst();
      if (known) return { state: 'succeeded', providerRefundNo: `S${known.refund_no}`, detail: '' };
      const refunded = db.transaction().execute(async (trx) => {
        const t = await trx.selectFrom('sandbox_trades').selectAll().where('payment_no', '=', r.paymentNo).executeTakeFirst();
        if (!t || (t.status !== 'SUCCESS' && t.status !== 'REFUND'))
          return { state: 'failed' as const, providerRefundNo: '', detail: 'trade not paid' };
        // The insert first: a concurrent refund of the same trade waits for this transaction's write.
        await trx
          .insertInto('sandbox_refunds')
          .values({ refund_no: r.refundNo, trade_no: t.trade_no, amount: r.amount, created_at: now })
          .execute();
        const { sum } = await trx
          .selectFrom('sandbox_refunds')
          .select((eb) => eb.fn.sum<number>('amount').as('sum'))
          .where('trade_no', '=', t.trade_no)
          .executeTakeFirstOrThrow();
        if (Number(sum) > t.amount) throw new TooMuch();
        if (Number(sum) === t.amount)
          await trx.updateTable('sandbox_trades').set({ status: 'REFUND', updated_at: now }).where('trade_no', '=', t.trade_no).execute();
        return { state: 'succeeded' as const, providerRefundNo: `S${r.refundNo}`, detail: '' };
      });
      return refunded.catch((err) => {
        if (err instanceof TooMuch) return { state: 'failed' as const, providerRefundNo: '', detail: 'more than was paid' };
        throw err;
      });
    },

    async queryRefund(r) {
      const known = await db.selectFrom('sandbox_refunds').selectAll().where('refund_no', '=', r.refundNo).executeTakeFirst();
      return known ? { state: 'succeeded', providerRefundNo: `S${known.refund_no}`, detail: '' } : null;
    },
  };
  return Object.assign(provider, extras);
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
