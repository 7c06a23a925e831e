import { createCipheriv, generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WechatPayConfig } from '../src/providers/payment/wechatpay.ts';

/**
 * A stand-in for WeChat Pay's API v3 on an ephemeral local port, for the test suite: it checks
 * every request's merchant signature, keeps trades and refunds like WeChat Pay does, signs its
 * replies with its own key, and makes signed, encrypted notifications. Keys are made at start.
 */

const pemOf = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();

interface Trade {
  out_trade_no: string;
  total: number;
  kind: string;
  trade_state: string;
  transaction_id: string;
  success_time: string;
  notify_url: string;
  body: Record<string, any>;
}
interface Refund {
  out_refund_no: string;
  out_trade_no: string;
  refund_id: string;
  refund: number;
  total: number;
  status: string;
  notify_url: string;
}

export interface FakeWechatPay {
  config: WechatPayConfig;
  /** The merchant's public key (PEM): checks what the merchant signs, a JSAPI paySign too. */
  merchantPublicKey: string;
  /** Requests whose merchant signature checked out, and those refused for it. */
  accepted: { method: string; path: string; body: any }[];
  refusedSignatures: number;
  trades: Map<string, Trade>;
  refunds: Map<string, Refund>;
  /** How the next refunds answer: at once (SUCCESS) or later (PROCESSING). */
  refundMode: 'SUCCESS' | 'PROCESSING';
  /** The shopper pays at WeChat: the trade succeeds (no notification is sent by itself). */
  pay(outTradeNo: string, at: number): Trade;
  finishRefund(outRefundNo: string, status: 'SUCCESS' | 'CLOSED' | 'ABNORMAL'): Refund;
  /** A notification as WeChat Pay posts it: headers and the exact body. */
  notification(
    event: 'TRANSACTION.SUCCESS' | 'REFUND.SUCCESS' | 'REFUND.CLOSED' | 'REFUND.ABNORMAL',
    resource: Record<string, unknown>,
    opts?: { timestamp?: number; signWith?: KeyObject; encryptWith?: string; serial?: string },
  ): { headers: Record<string, string>; body: string };
  transactionResource(t: Trade): Record<string, unknown>;
  refundResource(r: Refund): Record<string, unknown>;
  close(): Promise<void>;
}

function encrypt(key: string, plain: string, aad: string): { ciphertext: string; nonce: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: ct.toString('base64'), nonce };
}

export async function startFakeWechatPay(opts: { tradeType?: 'h5' | 'native' } = {}): Promise<FakeWechatPay> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const mchId = '1900000109';
  const serialNo = randomBytes(20).toString('hex').toUpperCase();
  const publicKeyId = `PUB_KEY_ID_0119${randomBytes(12).toString('hex')}`;
  const apiV3Key = randomBytes(16).toString('hex');
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, Refund>();
  const fake = {
    accepted: [] as FakeWechatPay['accepted'],
    refusedSignatures: 0,
    refundMode: 'SUCCESS' as 'SUCCESS' | 'PROCESSING',
  };

  function signedHeaders(
    body: string,
    timestamp = Math.floor(Date.now() / 1000),
    key: KeyObject = platform.privateKey,
    serial = publicKeyId,
  ) {
    const nonce = randomBytes(16).toString('hex');
    const signature = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`), key).toString('base64');
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  function send(res: ServerResponse, status: number, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    res.writeHead(status, { ...(body ? { 'content-type': 'application/json' } : {}), ...signedHeaders(body) });
    res.end(body);
  }

  /** The merchant's Authorization header, checked as WeChat Pay checks it. */
  function authorized(req: IncomingMessage, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const fields = Object.fromEntries([...(m[1] as string).matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== mchId || fields.serial_no !== serialNo) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > 300) return false;
    const message = `${req.method}\n${req.url}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
  }

  function refundView(r: Refund) {
    return {
      refund_id: r.refund_id,
      out_refund_no: r.out_refund_no,
      out_trade_no: r.out_trade_no,
      status: r.status,
      amount: { refund: r.refund, total: r.total, payer_refund: r.refund, payer_total: r.total, currency: 'CNY' },
    };
  }

  function handle(req: IncomingMessage, body: string, res: ServerResponse) {
    if (!authorized(req, body)) {
      fake.refusedSignatures++;
      return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const json = body ? JSON.parse(body) : null;
    fake.accepted.push({ method: req.method ?? '', path: url.pathname, body: json });
    const path = url.pathname;
    const create = /^\/v3\/pay\/transactions\/(h5|native|jsapi)$/.exec(path);
    const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    const close = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
    const refund = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    let m: RegExpExecArray | null = create;
    if (req.method === 'POST' && m) {
      if (json.mchid !== mchId || !Number.isSafeInteger(json.amount?.total))
        return send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      // JSAPI pays as the WeChat user of the app's open id; the other kinds name no payer.
      if ((m[1] === 'jsapi') !== (typeof json.payer?.openid === 'string' && json.payer.openid !== ''))
        return send(res, 400, { code: 'PARAM_ERROR', message: 'JSAPI支付必须传openid' });
      const existing = trades.get(json.out_trade_no);
      if (existing && existing.trade_state !== 'NOTPAY') return send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      trades.set(json.out_trade_no, {
        out_trade_no: json.out_trade_no,
        total: json.amount.total,
        kind: m[1] as string,
        trade_state: 'NOTPAY',
        transaction_id: '',
        success_time: '',
        notify_url: json.notify_url,
        body: json,
      });
      const prepay = `wx${randomBytes(14).toString('hex')}`;
      if (m[1] === 'h5')
        return send(res, 200, { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=2150917749` });
      if (m[1] === 'native') return send(res, 200, { code_url: `weixin://wxpay/bizpayurl?pr=${prepay.slice(2, 11)}` });
      return send(res, 200, { prepay_id: prepay });
    }
    m = trade;
    if (m && req.method === 'GET') {
      const t = trades.get(decodeURIComponent(m[1] as string));
      if (!t || url.searchParams.get('mchid') !== mchId) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(res, 200, api.transactionResource(t));
    }
    m = close;
    if (m && req.method === 'POST') {
      const t = trades.get(decodeURIComponent(m[1] as string));
      if (!t) return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return send(res, 400, { code: 'ORDERPAID', message: '订单已支付' });
      t.trade_state = 'CLOSED';
      return send(res, 204);
    }
    if (url.pathname === '/v3/refund/domestic/refunds' && req.method === 'POST') {
      const known = refunds.get(json.out_refund_no);
      if (known) return send(res, 200, refundView(known));
      const t = trades.get(json.out_trade_no);
      if (!t || (t.trade_state !== 'SUCCESS' && t.trade_state !== 'REFUND'))
        return send(res, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
      const done = [...refunds.values()].filter((r) => r.out_trade_no === t.out_trade_no && r.status !== 'CLOSED');
      if (json.amount?.total !== t.total || done.reduce((s, r) => s + r.refund, 0) + json.amount?.refund > t.total)
        return send(res, 400, { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' });
      const r: Refund = {
        out_refund_no: json.out_refund_no,
        out_trade_no: t.out_trade_no,
        refund_id: `5030${randomBytes(12).toString('hex')}`,
        refund: json.amount.refund,
        total: t.total,
        status: fake.refundMode,
        notify_url: json.notify_url,
      };
      refunds.set(r.out_refund_no, r);
      if (r.status === 'SUCCESS') settle(r);
      return send(res, 200, refundView(r));
    }
    m = refund;
    if (m && req.method === 'GET') {
      const r = refunds.get(decodeURIComponent(m[1] as string));
      if (!r) return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return send(res, 200, refundView(r));
    }
    return send(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }

  function settle(r: Refund) {
    const t = trades.get(r.out_trade_no);
    const sum = [...refunds.values()]
      .filter((x) => x.out_trade_no === r.out_trade_no && x.status === 'SUCCESS')
      .reduce((s, x) => s + x.refund, 0);
    if (t && sum === t.total) t.trade_state = 'REFUND';
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const api: FakeWechatPay = {
    config: {
      mchId,
      appId: 'wxd678efh567hg6787',
      serialNo,
      privateKey: pemOf(merchant.privateKey, 'pkcs8'),
      publicKey: pemOf(platform.publicKey, 'spki'),
      publicKeyId,
      apiV3Key,
      tradeType: opts.tradeType ?? 'h5',
      baseUrl: `http://127.0.0.1:${port}`,
    },
    merchantPublicKey: pemOf(merchant.publicKey, 'spki'),
    get accepted() {
      return fake.accepted;
    },
    get refusedSignatures() {
      return fake.refusedSignatures;
    },
    trades,
    refunds,
    get refundMode() {
      return fake.refundMode;
    },
    set refundMode(v) {
      fake.refundMode = v;
    },
    pay(outTradeNo, at) {
      const t = trades.get(outTradeNo);
      if (t?.trade_state !== 'NOTPAY') throw new Error(`fake WeChat Pay: ${outTradeNo} is not payable`);
      t.trade_state = 'SUCCESS';
      t.transaction_id = `4200${randomBytes(12).toString('hex')}`.slice(0, 28);
      t.success_time = `${new Date(at + 8 * 3_600_000).toISOString().slice(0, 19)}+08:00`;
      return t;
    },
    finishRefund(outRefundNo, status) {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake WeChat Pay: no refund ${outRefundNo}`);
      r.status = status;
      if (status === 'SUCCESS') settle(r);
      return r;
    },
    transactionResource(t) {
      return {
        mchid: mchId,
        appid: 'wxd678efh567hg6787',
        out_trade_no: t.out_trade_no,
        transaction_id: t.transaction_id,
        trade_type: t.kind === 'h5' ? 'MWEB' : t.kind.toUpperCase(),
        trade_state: t.trade_state,
        trade_state_desc: t.trade_state,
        success_time: t.success_time || undefined,
        amount: { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' },
      };
    },
    refundResource(r) {
      const t = trades.get(r.out_trade_no);
      return {
        mchid: mchId,
        out_trade_no: r.out_trade_no,
        transaction_id: t?.transaction_id ?? '',
        out_refund_no: r.out_refund_no,
        refund_id: r.refund_id,
        refund_status: r.status,
        success_time: '2026-11-23T18:30:00+08:00',
        amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
      };
    },
    notification(event, resource, o = {}) {
      const aad = event.startsWith('REFUND') ? 'refund' : 'transaction';
      const enc = encrypt(o.encryptWith ?? apiV3Key, JSON.stringify(resource), aad);
      const body = JSON.stringify({
        id: randomBytes(16).toString('hex'),
        create_time: '2026-11-23T18:30:00+08:00',
        resource_type: 'encrypt-resource',
        event_type: event,
        summary: event === 'TRANSACTION.SUCCESS' ? '支付成功' : '退款状态改变',
        resource: {
          original_type: aad,
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: enc.ciphertext,
          associated_data: aad,
          nonce: enc.nonce,
        },
      });
      return {
        headers: { 'content-type': 'application/json', ...signedHeaders(body, o.timestamp, o.signWith, o.serial) },
        body,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}
