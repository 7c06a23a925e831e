import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWechatPay, startFakeWechatPay } from '../../../test/fake-wechatpay.ts';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NO_SHOPPER } from '../../lib/context.ts';
import { key, makeCard, simLogin } from '../../modules/iot-money/test-kit.ts';
import { makeOrder, testClock } from '../../modules/orders/test-kit.ts';
import { paymentProbes } from './test-kit.ts';
import { createWechatPayProvider } from './wechatpay.ts';

/**
 * WeChat Pay API v3 against a fake WeChat Pay server on a local port: real RSA signatures both ways
 * (keys made for the test), real AES-256-GCM notification resources, delivered to the running app.
 */
type Payment = { paymentNo: string; method: string; status: string; amount: number; payUrl: string };

const clock = testClock();
let t: TestApp;
let wx: FakeWechatPay;

beforeAll(async () => {
  wx = await startFakeWechatPay();
  t = await createTestApp({ now: clock.now, paymentProviders: ['sandbox', 'wechat'], wechatPay: wx.config });
  await t.app.db.db.updateTable('promoters').set({ show_payment_type: '["sandbox","wechat"]' }).execute();
});
afterAll(async () => {
  await t.close();
  await wx.close();
});

const { paymentRow, orderStatus, outcomes } = paymentProbes(() => t.app);
const notify = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', payload: n.body, headers: n.headers });
const nowSeconds = () => Math.floor(clock.t / 1000);

/** A number order paid with WeChat Pay: opened through the shop's API from the shopper's address. */
async function wechatOrder() {
  const { order, headers } = await makeOrder(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/order/pay',
    payload: { orderNo: order.orderNo, method: 'wechat' },
    headers,
    remoteAddress: '203.0.113.7',
  });
  const pay = body<Payment>(res);
  expect(pay.code).toBe(0);
  return { order, headers, payment: pay.data };
}

describe('WeChat Pay orders', () => {
  it('opens an H5 order with a signed request; the shopper goes to WeChat’s page, which returns to the shop', async () => {
    const { order, payment } = await wechatOrder();
    expect(payment).toMatchObject({ method: 'wechat', status: 'pending', amount: order.amount });
    expect(payment.payUrl).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx[0-9a-f]{28}&package=2150917749&redirect_url=http/,
    );
    const sent = wx.accepted.find((r) => r.body?.out_trade_no === payment.paymentNo);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v3/pay/transactions/h5',
      body: {
        appid: 'wxd678efh567hg6787',
        mchid: '1900000109',
        amount: { total: order.amount, currency: 'CNY' },
        scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
      },
    });
    expect(sent?.body.notify_url).toMatch(/\/api\/pay\/notify\/wechat$/);
    expect(sent?.body.time_expire).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/);
    const methods = body<{ method: string; name: string }[]>(await t.app.inject({ url: '/api/shop/payment/methods?promoCode=demo' }));
    expect(methods.data).toEqual([
      { method: 'sandbox', name: '沙箱支付' },
      { method: 'wechat', name: '微信支付' },
    ]);
  });

  it('a request signed with another merchant key is refused by WeChat Pay: the payment is not opened', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const wrong = createWechatPayProvider({ ...wx.config, privateKey: other });
    const refused = wx.refusedSignatures;
    await expect(
      wrong.create(
        {
          paymentNo: 'P2026112300000000001',
          amount: 100,
          subject: 'x',
          notifyUrl: 'http://127.0.0.1/n',
          returnUrl: '/',
          expiresAt: Date.now() + 60_000,
          shopper: NO_SHOPPER,
        },
        Date.now(),
      ),
    ).rejects.toThrow('401 SIGN_ERROR');
    expect(wx.refusedSignatures).toBe(refused + 1);
  });

  it('an IoT top-up opened from the card holder’s phone carries their address to WeChat Pay, as a storefront order does', async () => {
    const card = await makeCard(t.app, { now: clock.t });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/iot/createBalanceOrder',
      payload: { amount: 1000, method: 'wechat' },
      headers: { ...(await simLogin(t.app, card.simNo)), 'idempotency-key': key() },
      remoteAddress: '198.51.100.9',
    });
    const top = body<{ order: { orderNo: string }; payment: Payment }>(res);
    expect(top.code).toBe(0);
    expect(top.data.payment).toMatchObject({ method: 'wechat', status: 'pending', amount: 1000 });
    const sent = wx.accepted.find((r) => r.body?.out_trade_no === top.data.payment.paymentNo);
    expect(sent).toMatchObject({
      path: '/v3/pay/transactions/h5',
      body: { amount: { total: 1000, currency: 'CNY' }, scene_info: { payer_client_ip: '198.51.100.9', h5_info: { type: 'Wap' } } },
    });
  });
});

describe('WeChat Pay notifications', () => {
  it('a valid notification pays the order and is answered 204; the same one again changes nothing', async () => {
    const { order, payment } = await wechatOrder();
    const trade = wx.pay(payment.paymentNo, clock.t);
    const n = wx.notification('TRANSACTION.SUCCESS', wx.transactionResource(trade), { timestamp: nowSeconds() });
    const first = await notify(n);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(await orderStatus(order.orderNo)).toBe('paid');
    expect(await paymentRow(payment.paymentNo)).toMatchObject({ status: 'paid', provider_trade_no: trade.transaction_id });
    // WeChat Pay retries over 24 h: a replay (even re-signed later) is acknowledged and applied once.
    expect((await notify(n)).statusCode).toBe(204);
    clock.advance(60_000);
    expect(
      (await notify(wx.notification('TRANSACTION.SUCCESS', wx.transactionResource(trade), { timestamp: nowSeconds() }))).statusCode,
    ).toBe(204);
    expect(await outcomes(payment.paymentNo)).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('refuses forged, tampered, skewed, foreign-key and undecryptable notifications with 400 FAIL', async () => {
    const { order, payment } = await wechatOrder();
    const trade = wx.pay(payment.paymentNo, clock.t);
    const resource = wx.transactionResource(trade);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds(), signWith: forger });
    const good = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds() });
    const tampered = { headers: good.headers, body: good.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') };
    const skewed = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds() - 301 });
    const ahead = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds() + 301 });
    const otherSerial = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds(), serial: 'PUB_KEY_ID_0000' });
    const otherKey = wx.notification('TRANSACTION.SUCCESS', resource, { timestamp: nowSeconds(), encryptWith: 'k'.repeat(32) });
    const probe = { headers: { ...good.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' }, body: good.body };
    const replies = [];
    for (const n of [forged, tampered, skewed, ahead, otherSerial, otherKey, probe]) {
      const res = await notify(n);
      replies.push([res.statusCode, res.json().code]);
    }
    expect(replies).toEqual(Array.from({ length: 7 }, () => [400, 'FAIL']));
    const reasons = (
      await t.app.db.db
        .selectFrom('payment_notifications')
        .select('detail')
        .where('method', '=', 'wechat')
        .orderBy('id', 'desc')
        .limit(7)
        .execute()
    ).map((r) => r.detail);
    expect(reasons.reverse()).toEqual([
      'bad signature',
      'bad signature',
      'signature outside the time window',
      'signature outside the time window',
      'unknown WeChat Pay key PUB_KEY_ID_0000',
      'unreadable notification: Unsupported state or unable to authenticate data',
      'signature probe',
    ]);
    expect(await orderStatus(order.orderNo)).toBe('awaiting_payment');
    expect((await notify(good)).statusCode).toBe(204);
    expect(await orderStatus(order.orderNo)).toBe('paid');
  });

  it('a notification with another amount than the payment is refused', async () => {
    const { payment } = await wechatOrder();
    const trade = wx.pay(payment.paymentNo, clock.t);
    const res = await notify(
      wx.notification(
        'TRANSACTION.SUCCESS',
        { ...wx.transactionResource(trade), amount: { total: 1, payer_total: 1 } },
        { timestamp: nowSeconds() },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect((await paymentRow(payment.paymentNo)).status).toBe('pending');
  });
});

describe('WeChat Pay refunds', () => {
  it('a part refund waits while WeChat Pay processes it; its notification completes it once; the rest refunds the order', async () => {
    const { order, payment } = await wechatOrder();
    const trade = wx.pay(payment.paymentNo, clock.t);
    await notify(wx.notification('TRANSACTION.SUCCESS', wx.transactionResource(trade), { timestamp: nowSeconds() }));
    wx.refundMode = 'PROCESSING';
    const part = await t.app.payments.refundPart({ paymentNo: payment.paymentNo, amount: 100, reason: '少发一件', key: 'wx-part-1' });
    expect(part).toMatchObject({ state: 'pending', amount: 100, refundedTotal: 0, refundable: order.amount - 100 });
    expect(wx.accepted.find((r) => r.body?.out_refund_no === part.refundNo)?.body).toMatchObject({
      out_trade_no: payment.paymentNo,
      reason: '少发一件',
      amount: { refund: 100, total: order.amount, currency: 'CNY' },
    });

    const r = wx.finishRefund(part.refundNo, 'SUCCESS');
    const notice = wx.notification('REFUND.SUCCESS', wx.refundResource(r), { timestamp: nowSeconds() });
    expect((await notify(notice)).statusCode).toBe(204);
    expect((await notify(notice)).statusCode).toBe(204);
    expect(await t.app.payments.findRefund(part.refundNo)).toMatchObject({ state: 'succeeded', refundedTotal: 100 });
    expect(await outcomes(payment.paymentNo)).toEqual(['applied', 'applied', 'duplicate']);
    expect(await orderStatus(order.orderNo)).toBe('paid');

    wx.refundMode = 'SUCCESS';
    const rest = await t.app.payments.refundPart({
      paymentNo: payment.paymentNo,
      amount: order.amount - 100,
      reason: 'cancelled',
      key: 'wx-rest',
    });
    expect(rest).toMatchObject({ state: 'succeeded', refundedTotal: order.amount, refundable: 0 });
    expect(await orderStatus(order.orderNo)).toBe('refunded');
    expect(wx.trades.get(payment.paymentNo)?.trade_state).toBe('REFUND');
  });

  it('out of order: a refund notice before its refund is known is refused (WeChat Pay retries); a late pay notice after the refund changes nothing', async () => {
    const { order, payment } = await wechatOrder();
    const trade = wx.pay(payment.paymentNo, clock.t);
    const payNotice = wx.notification('TRANSACTION.SUCCESS', wx.transactionResource(trade), { timestamp: nowSeconds() });
    // The pay notice is late: the shopper's payResult asks WeChat Pay instead.
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await orderStatus(order.orderNo)).toBe('paid');

    const stranger = wx.notification(
      'REFUND.SUCCESS',
      {
        mchid: wx.config.mchId,
        out_trade_no: payment.paymentNo,
        out_refund_no: 'R20261123000000999999',
        refund_id: '50300000000000000000000000',
        refund_status: 'SUCCESS',
        amount: { total: order.amount, refund: order.amount },
      },
      { timestamp: nowSeconds() },
    );
    expect((await notify(stranger)).statusCode).toBe(400);

    const full = await t.app.payments.refund(payment.paymentNo, 'out of stock');
    expect(full.state).toBe('succeeded');
    expect(await orderStatus(order.orderNo)).toBe('refunded');
    const late = await notify(payNotice);
    expect(late.statusCode).toBe(204);
    expect(await orderStatus(order.orderNo)).toBe('refunded');
    expect((await paymentRow(payment.paymentNo)).status).toBe('refunded');
    expect(await outcomes(payment.paymentNo)).toEqual(['rejected', 'duplicate']);
  });

  it('a refund WeChat Pay closes releases its amount for another refund', async () => {
    const { order, payment } = await wechatOrder();
    wx.pay(payment.paymentNo, clock.t);
    await t.app.payments.reconcileOne(await paymentRow(payment.paymentNo));
    wx.refundMode = 'PROCESSING';
    const part = await t.app.payments.refundPart({ paymentNo: payment.paymentNo, amount: order.amount, reason: 'all', key: 'wx-closed' });
    expect(part.refundable).toBe(0);
    const r = wx.finishRefund(part.refundNo, 'CLOSED');
    expect((await notify(wx.notification('REFUND.CLOSED', wx.refundResource(r), { timestamp: nowSeconds() }))).statusCode).toBe(204);
    expect(await t.app.payments.findRefund(part.refundNo)).toMatchObject({
      state: 'failed',
      detail: 'refund CLOSED',
      refundable: order.amount,
    });
    expect((await paymentRow(payment.paymentNo)).status).toBe('paid');
    wx.refundMode = 'SUCCESS';
  });
});

describe('reconciling with WeChat Pay', () => {
  it('an order paid at WeChat Pay whose notification never came is found by the reconcile job and paid; a pending refund is completed by it too', async () => {
    const { order, payment } = await wechatOrder();
    wx.pay(payment.paymentNo, clock.t);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await orderStatus(order.orderNo)).toBe('awaiting_payment');
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await orderStatus(order.orderNo)).toBe('paid');
    expect((await paymentRow(payment.paymentNo)).provider_trade_no).toBe(wx.trades.get(payment.paymentNo)?.transaction_id);

    wx.refundMode = 'PROCESSING';
    const part = await t.app.payments.refundPart({ paymentNo: payment.paymentNo, amount: 50, reason: 'price difference', key: 'wx-job' });
    wx.refundMode = 'SUCCESS';
    expect(part.state).toBe('pending');
    wx.finishRefund(part.refundNo, 'SUCCESS');
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await t.app.payments.findRefund(part.refundNo)).toMatchObject({ state: 'succeeded', refundedTotal: 50 });
  });

  it('a cancelled order closes its WeChat Pay order', async () => {
    const { order, headers, payment } = await wechatOrder();
    const res = body(await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: order.orderNo }, headers }));
    expect(res.code).toBe(0);
    expect(wx.trades.get(payment.paymentNo)?.trade_state).toBe('CLOSED');
    expect((await paymentRow(payment.paymentNo)).status).toBe('closed');
  });
});
