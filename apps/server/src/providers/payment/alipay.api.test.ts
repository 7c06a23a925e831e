import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAlipay, startFakeAlipay } from '../../../test/fake-alipay.ts';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeOrder, testClock } from '../../modules/orders/test-kit.ts';
import { fenOf } from './alipay.ts';
import { paymentProbes } from './test-kit.ts';

/** Alipay through alipay-sdk against a fake Alipay gateway on a local port, with RSA2 keys made for the test. */
type Payment = { paymentNo: string; method: string; status: string; amount: number; payUrl: string };

const clock = testClock();
let t: TestApp;
let ali: FakeAlipay;

beforeAll(async () => {
  ali = await startFakeAlipay();
  t = await createTestApp({ now: clock.now, paymentProviders: ['sandbox', 'alipay'], alipay: ali.config });
  await t.app.db.db.updateTable('promoters').set({ show_payment_type: '["sandbox","alipay"]' }).execute();
});
afterAll(async () => {
  await t.close();
  await ali.close();
});

const { paymentRow, orderStatus, outcomes } = paymentProbes(() => t.app);
const notify = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', payload: n.body, headers: n.headers });

/** A number order paying with Alipay; the shopper's browser has reached Alipay's wap cashier. */
async function alipayOrder() {
  const { order, headers } = await makeOrder(t.app);
  const pay = body<Payment>(
    await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'alipay' }, headers }),
  );
  expect(pay.code).toBe(0);
  const page = await fetch(pay.data.payUrl);
  expect(page.status).toBe(200);
  return { order, headers, payment: pay.data };
}

describe('Alipay', () => {
  it('amounts in yuan become fen exactly', () => {
    expect([fenOf('0.01'), fenOf('12.3'), fenOf('88.88'), fenOf('100'), fenOf('1.234'), fenOf('-1.00'), fenOf(5)]).toEqual([
      1,
      1230,
      8888,
      10000,
      null,
      null,
      null,
    ]);
  });

  it('wap pay: the pay URL is a signed gateway request that opens the trade for the order amount', async () => {
    const { order, payment } = await alipayOrder();
    expect(payment.payUrl.startsWith(`${ali.config.gateway}?`)).toBe(true);
    const url = new URL(payment.payUrl);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('notify_url')).toMatch(/\/api\/pay\/notify\/alipay$/);
    const opened = ali.accepted.find((r) => r.biz.out_trade_no === payment.paymentNo);
    expect(opened).toMatchObject({
      method: 'alipay.trade.wap.pay',
      biz: { product_code: 'QUICK_WAP_WAY', total_amount: (order.amount / 100).toFixed(2) },
    });
    const refused = ali.refusedSignatures;
    expect((await fetch(payment.payUrl.replace('QUICK_WAP_WAY', 'FAST_INSTANT_TRADE_PAY'))).status).toBe(200);
    expect(ali.refusedSignatures).toBe(refused + 1);
  });

  it('a signed notification pays the order and is answered success; the same again changes nothing; forged ones are refused', async () => {
    const { order, payment } = await alipayOrder();
    const trade = ali.pay(payment.paymentNo, clock.t);
    const fields = ali.paidFields(trade);
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    for (const bad of [
      ali.notification(fields, forger),
      { ...ali.notification(fields), body: ali.notification(fields).body.replace(/total_amount=[\d.]+/, 'total_amount=0.01') },
      ali.notification({ ...fields, app_id: '2021000000000999' }),
    ]) {
      const res = await notify(bad);
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/^fail: /);
    }
    expect(await orderStatus(order.orderNo)).toBe('awaiting_payment');
    const good = ali.notification(fields);
    const res = await notify(good);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await orderStatus(order.orderNo)).toBe('paid');
    expect((await paymentRow(payment.paymentNo)).provider_trade_no).toBe(trade.trade_no);
    expect((await notify(good)).body).toBe('success');
    expect(await outcomes(payment.paymentNo)).toEqual(['rejected', 'rejected', 'rejected', 'applied', 'duplicate']);
  });

  it('an order paid at Alipay whose notification never came is found by the reconcile job; refunds go through at once', async () => {
    const { order, payment } = await alipayOrder();
    ali.pay(payment.paymentNo, clock.t);
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect(await orderStatus(order.orderNo)).toBe('paid');

    const part = await t.app.payments.refundPart({ paymentNo: payment.paymentNo, amount: 100, reason: '差价', key: 'ali-1' });
    expect(part).toMatchObject({ state: 'succeeded', refundedTotal: 100 });
    expect(ali.accepted.find((r) => r.biz.out_request_no === part.refundNo)?.biz).toMatchObject({
      out_trade_no: payment.paymentNo,
      refund_amount: '1.00',
      refund_reason: '差价',
    });
    // Alipay tells of the refund too: acknowledged, nothing applied twice.
    const trade = ali.trades.get(payment.paymentNo);
    if (!trade) throw new Error('no trade');
    const told = await notify(
      ali.notification({ ...ali.paidFields(trade), refund_fee: '1.00', gmt_refund: '2026-11-23 18:40:00.123', out_biz_no: part.refundNo }),
    );
    expect(told.body).toBe('success');
    expect(await paymentRow(payment.paymentNo)).toMatchObject({ status: 'paid', refund_settled: 100 });

    const rest = await t.app.payments.refund(payment.paymentNo, 'cancelled');
    expect(rest).toMatchObject({ state: 'succeeded', amount: order.amount - 100, refundedTotal: order.amount });
    expect(await orderStatus(order.orderNo)).toBe('refunded');
  });

  it('a payment not yet opened at Alipay stays pending until it expires; a cancelled order closes its trade', async () => {
    const { order, headers } = await makeOrder(t.app);
    const pay = body<Payment>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'alipay' }, headers }),
    );
    clock.advance(31_000);
    await t.app.jobs.get('payments.reconcile')?.run(clock.t);
    expect((await paymentRow(pay.data.paymentNo)).status).toBe('pending');

    const opened = await alipayOrder();
    const res = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/cancel',
        payload: { orderNo: opened.order.orderNo },
        headers: opened.headers,
      }),
    );
    expect(res.code).toBe(0);
    expect(ali.trades.get(opened.payment.paymentNo)?.status).toBe('TRADE_CLOSED');
    expect((await paymentRow(opened.payment.paymentNo)).status).toBe('closed');
  });
});
