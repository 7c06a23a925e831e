import { generateKeyPairSync, type KeyObject, randomBytes, sign, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlipayConfig } from '../src/config.ts';

/**
 * A stand-in for Alipay's open platform gateway on an ephemeral local port, for the test suite: it
 * checks every request's RSA2 signature with the app's public key, opens a trade when the shopper's
 * browser reaches the wap pay URL, keeps trades and refunds, signs its replies, and makes signed
 * async notifications. Keys are made at start.
 */

const pemOf = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const yuan = (fen: number) => (fen / 100).toFixed(2);
const chinaTime = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Alipay's content to sign: keys sorted, empty values left out, `k=v` joined with `&`. */
export function signContent(params: Record<string, string>, leaveOut: string[]): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

interface Trade {
  out_trade_no: string;
  trade_no: string;
  total: number;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  paid_at: number;
  notify_url: string;
  biz: Record<string, any>;
}

export interface FakeAlipay {
  config: AlipayConfig;
  accepted: { method: string; biz: Record<string, any> }[];
  refusedSignatures: number;
  trades: Map<string, Trade>;
  refunds: Map<string, { out_trade_no: string; amount: number }>;
  pay(outTradeNo: string, at: number): Trade;
  /** An async notification as Alipay posts it (form-encoded). */
  notification(fields: Record<string, string>, signWith?: KeyObject): { headers: Record<string, string>; body: string };
  paidFields(t: Trade): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeAlipay(): Promise<FakeAlipay> {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const appId = '2021000000000001';
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, { out_trade_no: string; amount: number }>();
  const state = { accepted: [] as FakeAlipay['accepted'], refusedSignatures: 0 };

  function reply(res: ServerResponse, method: string, data: Record<string, unknown>) {
    const inner = JSON.stringify(data);
    const s = sign('sha256', Buffer.from(inner), alipay.privateKey).toString('base64');
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    res.end(`{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${s}"}`);
  }
  const fail = (sub_code: string, sub_msg: string) => ({ code: '40004', msg: 'Business Failed', sub_code, sub_msg });

  function handle(req: IncomingMessage, raw: string, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(raw)) };
    const method = params.method ?? '';
    const good =
      params.app_id === appId &&
      params.sign_type === 'RSA2' &&
      verify('sha256', Buffer.from(signContent(params, ['sign'])), app.publicKey, Buffer.from(params.sign ?? '', 'base64'));
    if (!good) {
      state.refusedSignatures++;
      return reply(res, method || 'error', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    const biz = JSON.parse(params.biz_content ?? '{}');
    state.accepted.push({ method, biz });
    if (method === 'alipay.trade.wap.pay') {
      // The shopper's browser reached the cashier: Alipay opens the trade.
      if (!trades.has(biz.out_trade_no))
        trades.set(biz.out_trade_no, {
          out_trade_no: biz.out_trade_no,
          trade_no: `2026${randomBytes(12).toString('hex')}`.slice(0, 28),
          total: Math.round(Number(biz.total_amount) * 100),
          status: 'WAIT_BUYER_PAY',
          paid_at: 0,
          notify_url: params.notify_url ?? '',
          biz,
        });
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      return res.end('<!doctype html><title>支付宝</title>');
    }
    const t = trades.get(biz.out_trade_no);
    if (method === 'alipay.trade.query') {
      if (!t) return reply(res, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      return reply(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: t.out_trade_no,
        trade_no: t.trade_no,
        trade_status: t.status,
        total_amount: yuan(t.total),
        ...(t.paid_at ? { send_pay_date: chinaTime(t.paid_at) } : {}),
      });
    }
    if (method === 'alipay.trade.close') {
      if (!t) return reply(res, method, fail('ACQ.TRADE_NOT_EXIST', '交易不存在'));
      if (t.status !== 'WAIT_BUYER_PAY') return reply(res, method, fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      t.status = 'TRADE_CLOSED';
      return reply(res, method, { code: '10000', msg: 'Success', out_trade_no: t.out_trade_no, trade_no: t.trade_no });
    }
    if (method === 'alipay.trade.refund') {
      if (t?.status !== 'TRADE_SUCCESS') return reply(res, method, fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
      const amount = Math.round(Number(biz.refund_amount) * 100);
      const known = refunds.get(biz.out_request_no);
      if (!known) {
        const sum = [...refunds.values()].filter((r) => r.out_trade_no === t.out_trade_no).reduce((s, r) => s + r.amount, 0);
        if (sum + amount > t.total) return reply(res, method, fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
        refunds.set(biz.out_request_no, { out_trade_no: t.out_trade_no, amount });
      }
      return reply(res, method, {
        code: '10000',
        msg: 'Success',
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        fund_change: known ? 'N' : 'Y',
        refund_fee: yuan(amount),
      });
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const r = refunds.get(biz.out_request_no);
      if (!r) return reply(res, method, { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no });
      return reply(res, method, {
        code: '10000',
        msg: 'Success',
        out_trade_no: r.out_trade_no,
        out_request_no: biz.out_request_no,
        refund_amount: yuan(r.amount),
        refund_status: 'REFUND_SUCCESS',
      });
    }
    return reply(res, method || 'error', {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'isv.invalid-method',
      sub_msg: '不存在的方法名',
    });
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    config: {
      appId,
      privateKey: pemOf(app.privateKey, 'pkcs8'),
      alipayPublicKey: pemOf(alipay.publicKey, 'spki'),
      gateway: `http://127.0.0.1:${port}/gateway.do`,
    },
    get accepted() {
      return state.accepted;
    },
    get refusedSignatures() {
      return state.refusedSignatures;
    },
    trades,
    refunds,
    pay(outTradeNo, at) {
      const t = trades.get(outTradeNo);
      if (t?.status !== 'WAIT_BUYER_PAY') throw new Error(`fake Alipay: ${outTradeNo} is not payable`);
      t.status = 'TRADE_SUCCESS';
      t.paid_at = at;
      return t;
    },
    paidFields(t) {
      return {
        notify_time: chinaTime(Date.now()),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(16).toString('hex'),
        app_id: appId,
        charset: 'utf-8',
        version: '1.0',
        trade_no: t.trade_no,
        out_trade_no: t.out_trade_no,
        trade_status: 'TRADE_SUCCESS',
        total_amount: yuan(t.total),
        receipt_amount: yuan(t.total),
        subject: String(t.biz.subject ?? ''),
        gmt_create: chinaTime(t.paid_at - 5000),
        gmt_payment: chinaTime(t.paid_at),
      };
    },
    notification(fields, signWith = alipay.privateKey) {
      const s = sign('sha256', Buffer.from(signContent(fields, ['sign', 'sign_type'])), signWith).toString('base64');
      return {
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: s }).toString(),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
