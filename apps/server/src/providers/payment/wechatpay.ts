import { createDecipheriv, createPrivateKey, createPublicKey, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import type { Shopper } from '../../lib/context.ts';
import { type HttpAnswer, httpExchange } from '../../lib/http-client.ts';
import type { CreateTrade, PaymentProvider, RefundResult, TradeQuery, TradeState, VerifyResult } from './provider.ts';

/**
 * WeChat Pay API v3 (direct merchant, public-key mode), with Node's crypto and fetch.
 *
 * Requests are signed with the merchant's private key (`Authorization: WECHATPAY2-SHA256-RSA2048`);
 * replies and notifications are verified with the WeChat Pay public key over
 * `timestamp\nnonce\nbody\n`, within five minutes of our clock; a notification's `resource` is
 * AES-256-GCM encrypted with the APIv3 key. Amounts are fen, as WeChat Pay counts them.
 */

export interface WechatPayConfig {
  /** Merchant number (mchid). */
  mchId: string;
  /** The app id (official account, mini program or app) the merchant is bound to. */
  appId: string;
  /** Serial number of the merchant's API certificate (the key that signs requests). */
  serialNo: string;
  /** The merchant's API private key, PEM. */
  privateKey: string;
  /** The WeChat Pay public key, PEM, and its id (`PUB_KEY_ID_…`). */
  publicKey: string;
  publicKeyId: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
  /**
   * `h5`: the shopper's mobile browser goes to WeChat's H5 page; `native`: payUrl is the `weixin://`
   * code URL. Inside WeChat, a shopper whose WeChat account the shop knows pays by JSAPI instead.
   */
  tradeType: 'h5' | 'native';
  baseUrl: string;
}

const SKEW_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

/** Raised when WeChat Pay could not be reached or answered unreadably: the outcome is unknown. */
export class WechatPayUnreachable extends Error {}

/** WeChat Pay's answer with an error code (a definite refusal). */
export class WechatPayRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

export function wechatAuthorization(
  o: { mchId: string; serialNo: string; key: KeyObject },
  method: string,
  pathAndQuery: string,
  body: string,
  timestamp: number,
  nonce: string,
): string {
  const message = `${method}\n${pathAndQuery}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = sign('sha256', Buffer.from(message), o.key).toString('base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${o.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${o.serialNo}"`;
}

/** WeChat Pay JSAPI: the parameters of WeixinJSBridge's getBrandWCPayRequest, signed with the merchant key. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** paySign: SHA256withRSA, by the merchant key, of `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiParams(appId: string, prepayId: string, key: KeyObject, timestamp = Math.floor(Date.now() / 1000)): JsapiParams {
  const timeStamp = String(timestamp);
  const nonceStr = randomBytes(16).toString('hex');
  const pkg = `prepay_id=${prepayId}`;
  const paySign = sign('sha256', Buffer.from(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`), key).toString('base64');
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name] ?? headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/** RFC 3339 in China time, as WeChat Pay writes times (2026-11-23T18:30:00+08:00). */
export function rfc3339China(ms: number): string {
  return `${new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
}

const TRADE_STATE: Record<string, TradeState> = {
  SUCCESS: 'paid',
  REFUND: 'refunded',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'closed',
};

function refundResult(r: { status?: string; refund_status?: string; refund_id?: string }): RefundResult {
  const status = r.status ?? r.refund_status ?? '';
  const providerRefundNo = r.refund_id ?? '';
  if (status === 'SUCCESS') return { state: 'succeeded', providerRefundNo, detail: '' };
  if (status === 'PROCESSING') return { state: 'pending', providerRefundNo, detail: 'processing' };
  return { state: 'failed', providerRefundNo, detail: `refund ${status || 'in an unknown state'}` };
}

export type WechatPayProvider = PaymentProvider & {
  /** Sends one signed request and returns the verified reply (for tests and tools). */
  request(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<{ status: number; body: any }>;
};

/**
 * `payer` gives the WeChat open id (of `c.appId`) of a shopper who pays inside WeChat and whose
 * account the shop knows; null otherwise (H5 or Native).
 */
export function createWechatPayProvider(
  c: WechatPayConfig,
  payer: (shopper: Shopper) => Promise<string | null> = async () => null,
): WechatPayProvider {
  const privateKey = createPrivateKey(c.privateKey);
  const publicKey = createPublicKey(c.publicKey);
  const base = c.baseUrl.replace(/\/$/, '');
  if (Buffer.byteLength(c.apiV3Key) !== 32) throw new Error('the WeChat Pay APIv3 key must be 32 bytes');

  /** Checks WeChat Pay's signature over a reply or notification; null when good, else why not. */
  function signatureProblem(headers: Record<string, string | string[] | undefined>, body: string, now: number): string | null {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return 'missing signature headers';
    // WeChat Pay's probes carry a signature that is meant to fail.
    if (signature.startsWith('WECHATPAY/SIGNTEST/')) return 'signature probe';
    if (serial !== c.publicKeyId) return `unknown WeChat Pay key ${serial.slice(0, 64)}`;
    const good = verify('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), publicKey, Buffer.from(signature, 'base64'));
    if (!good) return 'bad signature';
    if (Math.abs(now - Number(timestamp) * 1000) > SKEW_MS) return 'signature outside the time window';
    return null;
  }

  async function request(method: 'GET' | 'POST', pathAndQuery: string, payload?: unknown): Promise<{ status: number; body: any }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const nonce = randomBytes(16).toString('hex');
    let res: HttpAnswer;
    try {
      res = await httpExchange(`${base}${pathAndQuery}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          'user-agent': 'simshop-wechatpay/1',
          'wechatpay-serial': c.publicKeyId,
          authorization: wechatAuthorization(
            { mchId: c.mchId, serialNo: c.serialNo, key: privateKey },
            method,
            pathAndQuery,
            body,
            timestamp,
            nonce,
          ),
        },
        body: payload === undefined ? undefined : body,
        timeoutMs: TIMEOUT_MS,
      });
    } catch (err) {
      throw new WechatPayUnreachable(`WeChat Pay ${method} ${pathAndQuery.split('?')[0]}: ${(err as Error).message}`);
    }
    const text = res.text;
    // Every reply, errors included, is signed; an unsigned or forged one is not WeChat Pay's word.
    const problem = signatureProblem(res.headers, text, Date.now());
    if (problem) throw new WechatPayUnreachable(`WeChat Pay reply to ${method} ${pathAndQuery.split('?')[0]}: ${problem}`);
    let parsed: any = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new WechatPayUnreachable('WeChat Pay reply is not JSON');
      }
    }
    if (res.status >= 500) throw new WechatPayUnreachable(`WeChat Pay answered ${res.status} ${parsed?.code ?? ''}`);
    return { status: res.status, body: parsed };
  }

  const refused = (r: { status: number; body: any }) =>
    new WechatPayRefused(r.status, String(r.body?.code ?? ''), String(r.body?.message ?? '').slice(0, 200));

  async function queryTrade(paymentNo: string): Promise<TradeQuery | null> {
    const r = await request(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${encodeURIComponent(c.mchId)}`,
    );
    if (r.status === 404) return null;
    if (r.status !== 200) throw refused(r);
    const b = r.body as { trade_state: string; transaction_id?: string; amount?: { total?: number }; success_time?: string };
    return {
      state: TRADE_STATE[b.trade_state] ?? 'pending',
      tradeNo: b.transaction_id ?? '',
      amount: b.amount?.total ?? 0,
      paidAt: b.success_time ? Date.parse(b.success_time) : null,
    };
  }

  /** The notification's `resource`, decrypted with the APIv3 key. */
  function decrypt(resource: { ciphertext?: unknown; nonce?: unknown; associated_data?: unknown; algorithm?: unknown }): any {
    if (resource.algorithm !== 'AEAD_AES_256_GCM' || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string')
      throw new Error('resource is not AEAD_AES_256_GCM');
    const data = Buffer.from(resource.ciphertext, 'base64');
    if (data.length < 17) throw new Error('resource too short');
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(c.apiV3Key), Buffer.from(resource.nonce));
    decipher.setAAD(Buffer.from(typeof resource.associated_data === 'string' ? resource.associated_data : ''));
    decipher.setAuthTag(data.subarray(data.length - 16));
    const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
    return JSON.parse(plain);
  }

  const provider: WechatPayProvider = {
    method: 'wechat',
    name: '微信支付',
    request,

    async suits(payParams: string, shopper: Shopper) {
      return (payParams !== '') === ((await payer(shopper)) !== null);
    },

    async create(t: CreateTrade, _now) {
      const openid = await payer(t.shopper);
      const order = {
        appid: c.appId,
        mchid: c.mchId,
        description: t.subject.slice(0, 127),
        out_trade_no: t.paymentNo,
        time_expire: rfc3339China(t.expiresAt),
        notify_url: t.notifyUrl,
        amount: { total: t.amount, currency: 'CNY' },
        ...(openid
          ? { payer: { openid } }
          : c.tradeType === 'h5'
            ? { scene_info: { payer_client_ip: t.shopper.ip, h5_info: { type: 'Wap' } } }
            : {}),
      };
      const r = await request('POST', `/v3/pay/transactions/${openid ? 'jsapi' : c.tradeType}`, order);
      if (r.status !== 200) throw refused(r);
      // Where the shopper comes back to: WeChat's H5 page sends them there, the JSAPI sheet closes onto it.
      const back = /^https?:\/\//.test(t.returnUrl) ? t.returnUrl : `${new URL(t.notifyUrl).origin}${t.returnUrl}`;
      if (openid) {
        const prepayId = String(r.body?.prepay_id ?? '');
        if (!prepayId) throw new Error('WeChat Pay gave no prepay_id');
        return { tradeNo: '', payUrl: back, payParams: JSON.stringify(jsapiParams(c.appId, prepayId, privateKey)) };
      }
      if (c.tradeType === 'h5') {
        const h5 = String(r.body?.h5_url ?? '');
        if (!h5.startsWith('https://') && !h5.startsWith('http://')) throw new Error('WeChat Pay gave no h5_url');
        return { tradeNo: '', payUrl: `${h5}${h5.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(back)}` };
      }
      const code = String(r.body?.code_url ?? '');
      if (!code) throw new Error('WeChat Pay gave no code_url');
      return { tradeNo: '', payUrl: code };
    },

    verify(headers, rawBody, now): VerifyResult {
      const problem = signatureProblem(headers, rawBody, now);
      if (problem) return { ok: false, reason: problem, paymentNo: '' };
      let event: { event_type?: unknown; resource?: Record<string, unknown> };
      let resource: any;
      try {
        event = JSON.parse(rawBody);
        resource = decrypt(event.resource ?? {});
      } catch (err) {
        return { ok: false, reason: `unreadable notification: ${(err as Error).message}`, paymentNo: '' };
      }
      const paymentNo = typeof resource?.out_trade_no === 'string' ? resource.out_trade_no.slice(0, 64) : '';
      if (resource?.mchid !== c.mchId) return { ok: false, reason: 'notification for another merchant', paymentNo };
      if (event.event_type === 'TRANSACTION.SUCCESS') {
        const total = resource.amount?.total;
        if (resource.trade_state !== 'SUCCESS' || !Number.isSafeInteger(total) || typeof resource.transaction_id !== 'string')
          return { ok: false, reason: 'not a successful transaction', paymentNo };
        const paidAt = Date.parse(String(resource.success_time ?? ''));
        return {
          ok: true,
          notice: { paymentNo, tradeNo: resource.transaction_id, amount: total, paidAt: Number.isNaN(paidAt) ? now : paidAt },
        };
      }
      if (typeof event.event_type === 'string' && event.event_type.startsWith('REFUND.')) {
        const refund = resource.amount?.refund;
        if (typeof resource.out_refund_no !== 'string' || !Number.isSafeInteger(refund))
          return { ok: false, reason: 'not a refund notification', paymentNo };
        return { ok: true, refund: { paymentNo, refundNo: resource.out_refund_no, amount: refund, ...refundResult(resource) } };
      }
      return { ok: false, reason: `unhandled event ${String(event.event_type).slice(0, 40)}`, paymentNo };
    },

    // WeChat Pay wants 200/204 without a body for success, 4xx/5xx with {code, message} otherwise.
    reply(ok, message) {
      return ok ? { status: 204, body: null } : { status: 400, body: { code: 'FAIL', message: message.slice(0, 100) } };
    },

    query: (paymentNo) => queryTrade(paymentNo),

    async close(paymentNo) {
      const before = await queryTrade(paymentNo);
      if (before && (before.state === 'paid' || before.state === 'refunded')) return false;
      if (!before || before.state === 'closed') return true;
      const r = await request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}/close`, { mchid: c.mchId });
      if (r.status === 204 || r.status === 200) return true;
      // Paid in between (ORDER_PAID, or any refusal): WeChat Pay's books decide.
      const after = await queryTrade(paymentNo);
      if (after && (after.state === 'paid' || after.state === 'refunded')) return false;
      throw refused(r);
    },

    async refund(q) {
      const r = await request('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: q.paymentNo,
        out_refund_no: q.refundNo,
        reason: q.reason.slice(0, 80),
        notify_url: q.notifyUrl,
        amount: { refund: q.amount, total: q.total, currency: 'CNY' },
      });
      if (r.status === 200) return refundResult(r.body ?? {});
      // 4xx: refused (not enough funds, bad amount, trade not paid...): a definite no.
      return { state: 'failed', providerRefundNo: '', detail: refused(r).message };
    },

    async queryRefund(q) {
      const r = await request('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(q.refundNo)}`);
      if (r.status === 404) return null;
      if (r.status !== 200) throw refused(r);
      return refundResult(r.body ?? {});
    },
  };
  return provider;
}
