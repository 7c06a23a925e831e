import { randomBytes, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from '../../../test/fake-wechatpay.ts';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeBuyer, makeOrder } from '../../modules/orders/test-kit.ts';

/**
 * WeChat Pay JSAPI against the fake WeChat Pay server: inside WeChat, a shopper signed in with
 * WeChat pays with WeixinJSBridge's parameters, signed with the merchant key; anyone else by H5.
 */
type Jsapi = { appId: string; timeStamp: string; nonceStr: string; package: string; signType: string; paySign: string };
type Payment = { paymentNo: string; method: string; status: string; amount: number; payUrl: string; wechatJsapi?: Jsapi };

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003127) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
let wx: FakeWechatPay;

beforeAll(async () => {
  wx = await startFakeWechatPay();
  t = await createTestApp({
    paymentProviders: ['sandbox', 'wechat'],
    wechatPay: wx.config,
    oauth: { provider: 'wechat', wechatAppId: wx.config.appId, wechatAppSecret: 'a-wechat-app-secret-0123456789' },
  });
  await t.app.db.db.updateTable('promoters').set({ show_payment_type: '["sandbox","wechat"]' }).execute();
});
afterAll(async () => {
  await t?.close();
  await wx?.close();
});

/** A shopper logged in whose mobile a WeChat sign-in linked to a WeChat account: its open id. */
async function wechatBuyer() {
  const buyer = await makeBuyer(t.app);
  const openId = `oUpF8u${randomBytes(11).toString('base64url')}`;
  const now = Date.now();
  await t.app.db.db
    .insertInto('mini_users')
    .values({ platform: 'wx', open_id: openId, mobile: buyer.mobile, created_at: now, updated_at: now })
    .execute();
  return { ...buyer, openId };
}

async function pay(orderNo: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo, method: 'wechat' }, headers });
  const reply = body<Payment>(res);
  expect(reply.code).toBe(0);
  return reply.data;
}

const sentFor = (paymentNo: string) => wx.accepted.find((r) => r.body?.out_trade_no === paymentNo);

describe('WeChat Pay JSAPI', () => {
  it('inside WeChat, a shopper signed in with WeChat gets the signed parameters of the pay sheet', async () => {
    const buyer = await wechatBuyer();
    const { order, headers } = await makeOrder(t.app);
    const payment = await pay(order.orderNo, { ...headers, ...buyer.headers, 'user-agent': WECHAT_UA });
    expect(sentFor(payment.paymentNo)).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/jsapi',
      body: { appid: 'wxd678efh567hg6787', mchid: '1900000109', payer: { openid: buyer.openId }, amount: { total: order.amount } },
    });
    expect(sentFor(payment.paymentNo)!.body.scene_info).toBeUndefined();
    const p = payment.wechatJsapi!;
    expect(p).toMatchObject({ appId: 'wxd678efh567hg6787', signType: 'RSA' });
    expect(p.package).toMatch(/^prepay_id=wx[0-9a-f]{28}$/);
    expect(p.timeStamp).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(p.timeStamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(p.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    // WeixinJSBridge hands these to WeChat, which checks paySign with the merchant's public key.
    const message = `${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`;
    expect(verify('sha256', Buffer.from(message), wx.merchantPublicKey, Buffer.from(p.paySign, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from(`${message}x`), wx.merchantPublicKey, Buffer.from(p.paySign, 'base64'))).toBe(false);
    // The sheet closes onto the shop's payment page.
    expect(payment.payUrl).toBe(`http://127.0.0.1:8080/shop/#/pages/order/pay/index?orderNo=${order.orderNo}`);

    // Asked again inside WeChat: the same trade; the payment view keeps its parameters.
    const again = await pay(order.orderNo, { ...headers, ...buyer.headers, 'user-agent': WECHAT_UA });
    expect(again.paymentNo).toBe(payment.paymentNo);
    expect(again.wechatJsapi).toEqual(p);

    // Paid at WeChat: the notification pays the order as for any WeChat Pay trade.
    const trade = wx.pay(payment.paymentNo, Date.now());
    const n = wx.notification('TRANSACTION.SUCCESS', wx.transactionResource(trade));
    const res = await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', payload: n.body, headers: n.headers });
    expect(res.statusCode).toBe(204);
    const row = await t.app.db.db
      .selectFrom('payments')
      .select(['status'])
      .where('payment_no', '=', payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
  });

  it('outside WeChat, or for a shopper the shop knows no WeChat account of, it is H5 as before', async () => {
    const buyer = await wechatBuyer();
    const { order, headers } = await makeOrder(t.app);
    const browser = await pay(order.orderNo, { ...headers, ...buyer.headers, 'user-agent': SAFARI_UA });
    expect(sentFor(browser.paymentNo)!.path).toBe('/v3/pay/transactions/h5');
    expect(browser.wechatJsapi).toBeUndefined();
    expect(browser.payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/);
    // The same order opened inside WeChat next: the H5 trade does not suit it, a JSAPI one is opened.
    const inside = await pay(order.orderNo, { ...headers, ...buyer.headers, 'user-agent': WECHAT_UA });
    expect(inside.paymentNo).not.toBe(browser.paymentNo);
    expect(sentFor(inside.paymentNo)!.path).toBe('/v3/pay/transactions/jsapi');

    const plain = await makeBuyer(t.app);
    const other = await makeOrder(t.app);
    const unknown = await pay(other.order.orderNo, { ...other.headers, ...plain.headers, 'user-agent': WECHAT_UA });
    expect(sentFor(unknown.paymentNo)!.path).toBe('/v3/pay/transactions/h5');
    expect(unknown.wechatJsapi).toBeUndefined();

    const third = await makeOrder(t.app);
    const anonymous = await pay(third.order.orderNo, { ...third.headers, 'user-agent': WECHAT_UA });
    expect(sentFor(anonymous.paymentNo)!.path).toBe('/v3/pay/transactions/h5');
  });
});
