import type { AlipaySdk } from 'alipay-sdk';
import { lazyRequire } from '../../lib/lazy-require.ts';

/** The Alipay SDK, loaded when this provider is made (Alipay configured). */
const alipaySdk = lazyRequire<{ AlipaySdk: typeof AlipaySdk }>('alipay-sdk');

import type { AlipayConfig } from '../../config.ts';
import type { CreateTrade, PaymentProvider, RefundResult, TradeQuery, TradeState, VerifyResult } from './provider.ts';

/**
 * Alipay (open platform gateway, RSA2) through `alipay-sdk`: wap pay (the shopper's browser goes to
 * Alipay's page), async notifications verified with Alipay's public key and answered `success`,
 * query, close and refunds by our refund number. Every gateway reply is verified (`validateSign`).
 * Alipay counts yuan with two decimals; we count fen.
 */

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** "12.34" → 1234; null for anything else. */
export function fenOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Alipay writes China time as `yyyy-MM-dd HH:mm:ss`. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}
function parseChinaTime(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value)) return null;
  return Date.parse(`${value.replace(' ', 'T')}+08:00`);
}

const TRADE_STATE: Record<string, TradeState> = {
  WAIT_BUYER_PAY: 'pending',
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
};

type Reply = { code?: string; msg?: string; sub_code?: string; sub_msg?: string; [k: string]: any };

export function createAlipayProvider(c: AlipayConfig): PaymentProvider {
  const sdk = new (alipaySdk().AlipaySdk)({
    appId: c.appId,
    privateKey: c.privateKey,
    alipayPublicKey: c.alipayPublicKey,
    gateway: c.gateway,
    keyType: c.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    camelcase: false,
    timeout: 10_000,
  });

  /** A gateway call; a network problem or a reply that fails its signature throws (outcome unknown). */
  const call = (method: string, bizContent: Record<string, unknown>) =>
    sdk.exec(method, { bizContent }, { validateSign: true }) as Promise<Reply>;
  const refusal = (r: Reply) => `${r.code ?? ''} ${r.sub_code ?? ''} ${r.sub_msg ?? r.msg ?? ''}`.trim().slice(0, 200);

  async function queryTrade(paymentNo: string): Promise<TradeQuery | null> {
    const r = await call('alipay.trade.query', { out_trade_no: paymentNo });
    if (r.sub_code === 'ACQ.TRADE_NOT_EXIST') return null;
    if (r.code !== '10000') throw new Error(`Alipay query: ${refusal(r)}`);
    return {
      state: TRADE_STATE[String(r.trade_status)] ?? 'pending',
      tradeNo: String(r.trade_no ?? ''),
      amount: fenOf(r.total_amount) ?? 0,
      paidAt: parseChinaTime(r.send_pay_date),
    };
  }

  return {
    method: 'alipay',
    name: '支付宝',

    async create(t: CreateTrade) {
      const origin = new URL(t.notifyUrl).origin;
      const back = /^https?:\/\//.test(t.returnUrl) ? t.returnUrl : `${origin}${t.returnUrl}`;
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: t.paymentNo,
          total_amount: yuan(t.amount),
          subject: t.subject.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
          time_expire: chinaTime(t.expiresAt),
          quit_url: back,
        },
        notify_url: t.notifyUrl,
        return_url: back,
      });
      // Alipay opens the trade when the shopper reaches its page: there is no trade number before.
      return { tradeNo: '', payUrl };
    },

    verify(_headers, rawBody): VerifyResult {
      const form = Object.fromEntries(new URLSearchParams(rawBody));
      const paymentNo = typeof form.out_trade_no === 'string' ? form.out_trade_no.slice(0, 64) : '';
      if (!form.sign) return { ok: false, reason: 'missing signature', paymentNo };
      if (form.sign_type && form.sign_type !== 'RSA2') return { ok: false, reason: 'not an RSA2 signature', paymentNo };
      let good = false;
      try {
        good = sdk.checkNotifySignV2(form);
      } catch {
        good = false;
      }
      if (!good) return { ok: false, reason: 'bad signature', paymentNo };
      if (form.app_id !== c.appId) return { ok: false, reason: 'notification for another app', paymentNo };
      const amount = fenOf(form.total_amount);
      const paidAt = parseChinaTime(form.gmt_payment);
      // A paid trade (also when a later refund of it is what is being told: the payment module knows it paid).
      const paid =
        form.trade_status === 'TRADE_SUCCESS' ||
        form.trade_status === 'TRADE_FINISHED' ||
        (form.trade_status === 'TRADE_CLOSED' && !!form.gmt_refund);
      if (!paid || !paymentNo || !form.trade_no || amount === null || paidAt === null)
        return { ok: false, reason: `not a payment (${String(form.trade_status ?? '').slice(0, 20)})`, paymentNo };
      return { ok: true, notice: { paymentNo, tradeNo: form.trade_no, amount, paidAt } };
    },

    // Alipay wants the bare word `success`; anything else is retried (8 times over about 25 hours).
    reply(ok, message) {
      return ok ? { status: 200, body: 'success' } : { status: 400, body: `fail: ${message.slice(0, 100)}` };
    },

    query: (paymentNo) => queryTrade(paymentNo),

    async close(paymentNo) {
      const r = await call('alipay.trade.close', { out_trade_no: paymentNo });
      if (r.code === '10000' || r.sub_code === 'ACQ.TRADE_NOT_EXIST') return true;
      const q = await queryTrade(paymentNo);
      if (q && q.state === 'paid') return false;
      if (q?.state === 'closed') return true;
      throw new Error(`Alipay close: ${refusal(r)}`);
    },

    async refund(q): Promise<RefundResult> {
      const r = await call('alipay.trade.refund', {
        out_trade_no: q.paymentNo,
        refund_amount: yuan(q.amount),
        out_request_no: q.refundNo,
        refund_reason: q.reason.slice(0, 256),
      });
      // Alipay refunds at once; asking again by the same out_request_no answers the same refund.
      if (r.code === '10000') return { state: 'succeeded', providerRefundNo: String(r.trade_no ?? ''), detail: '' };
      if (r.code === '20000') throw new Error(`Alipay refund: ${refusal(r)}`);
      return { state: 'failed', providerRefundNo: '', detail: refusal(r) };
    },

    async queryRefund(q) {
      const r = await call('alipay.trade.fastpay.refund.query', { out_trade_no: q.paymentNo, out_request_no: q.refundNo });
      if (r.code !== '10000') throw new Error(`Alipay refund query: ${refusal(r)}`);
      // Alipay answers an unknown refund with success and no refund in it.
      if (r.refund_status === 'REFUND_SUCCESS') return { state: 'succeeded', providerRefundNo: String(r.trade_no ?? ''), detail: '' };
      return null;
    },
  };
}
