import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { SIGNATURE_HEADER, signNotification } from '../../providers/payment/sandbox.ts';
import { hex32, loginAs, makeBuyer, makeOrder, orderBody, testClock, uniqueMobile } from '../orders/test-kit.ts';

type Payment = {
  paymentNo: string;
  method: string;
  status: string;
  amount: number;
  payUrl: string;
  expiresAt: number;
  paidAt: number | null;
};
type PayResult = { orderNo: string; orderStatus: string; paid: boolean; amount: number; payment: Payment | null };

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

/** A fresh order awaiting payment, its owner's headers and an open sandbox payment. */
async function orderWithPayment(contactMobile = uniqueMobile()) {
  const { order, headers, number } = await makeOrder(t.app, { contactMobile });
  const pay = body<Payment>(
    await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'sandbox' }, headers }),
  );
  expect(pay.code).toBe(0);
  return { order, headers, payment: pay.data, number };
}

const trade = (paymentNo: string) =>
  t.app.db.db.selectFrom('sandbox_trades').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
const orderRow = (orderNo: string) =>
  t.app.db.db.selectFrom('number_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const paymentRow = (paymentNo: string) =>
  t.app.db.db.selectFrom('payments').selectAll().where('payment_no', '=', paymentNo).executeTakeFirstOrThrow();
const numberStatus = async (number: string) =>
  (await t.app.db.db.selectFrom('numbers').select('status').where('number', '=', number).executeTakeFirstOrThrow()).status;

/** A notification as the sandbox would send it, signed with `secret` at the test clock. */
async function notification(paymentNo: string, change: Record<string, unknown> = {}, secret = t.config.paymentSecret) {
  const tr = await trade(paymentNo);
  const raw = JSON.stringify({
    event: 'trade.success',
    tradeNo: tr.trade_no,
    paymentNo,
    amount: tr.amount,
    status: 'SUCCESS',
    paidAt: clock.t,
    ...change,
  });
  return { raw, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(secret, clock.t, raw) } };
}
const deliver = (n: { raw: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: n.raw, headers: n.headers });
const cashier = (paymentNo: string, action: 'pay' | 'cancel') =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${paymentNo}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
const outcomes = async (paymentNo: string) =>
  (await t.app.db.db.selectFrom('payment_notifications').select('outcome').where('payment_no', '=', paymentNo).orderBy('id').execute()).map(
    (r) => r.outcome,
  );

describe('opening a payment', () => {
  it('offers the storefront’s showPaymentType methods that have a provider', async () => {
    const b = body<{ method: string }[]>(await t.app.inject({ url: '/api/shop/payment/methods?promoCode=demo' }));
    expect(b.data.map((m) => m.method)).toEqual(['sandbox']);
  });

  it('opens a sandbox payment for the order amount, reuses it, and replays it for the same idempotency key', async () => {
    const { order, headers, payment } = await orderWithPayment();
    expect(payment).toMatchObject({
      method: 'sandbox',
      status: 'pending',
      amount: order.amount,
      payUrl: `/sandbox/cashier/${payment.paymentNo}`,
    });
    const again = body<Payment>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'sandbox' }, headers }),
    );
    expect(again.data.paymentNo).toBe(payment.paymentNo);
    const key = { ...headers, 'idempotency-key': hex32() };
    const first = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/pay',
        payload: { orderNo: order.orderNo, method: 'sandbox' },
        headers: key,
      }),
    );
    const replay = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/pay',
        payload: { orderNo: order.orderNo, method: 'sandbox' },
        headers: key,
      }),
    );
    expect(replay).toEqual(first);
  });

  it('refuses a method the storefront does not offer, and someone else’s order', async () => {
    const { order, headers } = await orderWithPayment();
    const wechat = body(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'wechat' }, headers }),
    );
    expect(wechat.message).toMatch(/^Payment method: /);
    const stranger = body(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/pay',
        payload: { orderNo: order.orderNo, method: 'sandbox' },
        headers: { 'x-order-session-id': hex32() },
      }),
    );
    expect(stranger.message).toBe('Order number: no such order');
  });
});

describe('the sandbox cashier', () => {
  it('shows amount and order with Pay and Cancel as plain forms, without any script', async () => {
    const { payment } = await orderWithPayment();
    const res = await t.app.inject({ url: payment.payUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`¥${(payment.amount / 100).toFixed(2)}`);
    expect(res.body).toContain(payment.paymentNo);
    expect(res.body).toContain(`action="/sandbox/cashier/${payment.paymentNo}/pay"`);
    expect(res.body).toContain(`action="/sandbox/cashier/${payment.paymentNo}/cancel"`);
    expect(res.body).not.toMatch(/<script|https?:\/\//);
  });

  it('Cancel returns to the app unpaid; Pay returns to the pay page and queues a signed notification', async () => {
    const { order, payment } = await orderWithPayment();
    const cancel = await cashier(payment.paymentNo, 'cancel');
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`/shop/#/pages/order/pay/index?orderNo=${order.orderNo}&result=cancel`);
    expect((await trade(payment.paymentNo)).status).toBe('WAIT');
    const pay = await cashier(payment.paymentNo, 'pay');
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/shop/#/pages/order/pay/index?orderNo=${order.orderNo}&result=paid`);
    const tr = await trade(payment.paymentNo);
    expect(tr.status).toBe('SUCCESS');
    const queued = await t.app.db.db.selectFrom('sandbox_outbox').selectAll().where('trade_no', '=', tr.trade_no).execute();
    expect(queued).toHaveLength(1);
    expect(JSON.parse(queued[0]?.body ?? '{}')).toMatchObject({ paymentNo: payment.paymentNo, amount: payment.amount, status: 'SUCCESS' });
    const twice = await cashier(payment.paymentNo, 'pay');
    expect(twice.statusCode).toBe(200);
    expect(twice.body).toContain('已支付');
  });
});

describe('notifications', () => {
  it('one notification delivered 10 times concurrently pays the order once', async () => {
    const { order, payment, number } = await orderWithPayment();
    await cashier(payment.paymentNo, 'pay');
    const n = await notification(payment.paymentNo);
    const replies = await Promise.all(Array.from({ length: 10 }, () => deliver(n)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.map((r) => r.json())).toEqual(Array(10).fill({ code: 'SUCCESS', message: 'OK' }));
    const o = await orderRow(order.orderNo);
    expect(o).toMatchObject({ status: 'paid', paid_payment_no: payment.paymentNo, hold_until: null });
    expect(await numberStatus(number)).toBe('sold');
    expect((await paymentRow(payment.paymentNo)).status).toBe('paid');
    const log = await outcomes(payment.paymentNo);
    expect(log.filter((x) => x === 'applied')).toHaveLength(1);
    expect(log.filter((x) => x === 'duplicate')).toHaveLength(9);
  });

  it.each([
    ['a forged signature', async (paymentNo: string) => notification(paymentNo, {}, 'not-the-secret-at-all-0000')],
    ['a wrong amount', async (paymentNo: string) => notification(paymentNo, { amount: (await trade(paymentNo)).amount - 1 })],
    ['another trade number', async (paymentNo: string) => notification(paymentNo, { tradeNo: 'T0000000000000000000' })],
    [
      'a stale signature',
      async (paymentNo: string) => {
        const n = await notification(paymentNo);
        return {
          ...n,
          headers: { ...n.headers, [SIGNATURE_HEADER]: signNotification(t.config.paymentSecret, clock.t - 10 * 60_000, n.raw) },
        };
      },
    ],
  ])('%s changes nothing and is logged', async (_what, make) => {
    const { order, payment, number } = await orderWithPayment();
    const res = await deliver(await make(payment.paymentNo));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FAIL' });
    expect((await orderRow(order.orderNo)).status).toBe('awaiting_payment');
    expect((await paymentRow(payment.paymentNo)).status).toBe('pending');
    expect(await numberStatus(number)).toBe('held');
    expect(await outcomes(payment.paymentNo)).toEqual(['rejected']);
  });

  it('the sandbox delivers over real HTTP to the notify endpoint, retrying with back-off until answered', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { order, payment, headers } = await orderWithPayment();
    const tr = await trade(payment.paymentNo);
    const port = (t.app.server.address() as AddressInfo).port;
    expect(tr.notify_url).toBe(`http://127.0.0.1:${port}/api/pay/notify/sandbox`);
    await cashier(payment.paymentNo, 'pay');
    // First a refused delivery (the endpoint is not where the trade says), then a real one.
    await t.app.db.db
      .updateTable('sandbox_outbox')
      .set({ url: `http://127.0.0.1:${port}/api/pay/notify/nowhere` })
      .where('trade_no', '=', tr.trade_no)
      .execute();
    const job = t.app.jobs.get('sandbox.deliverNotifications');
    await job?.run(clock.t);
    let row = await t.app.db.db.selectFrom('sandbox_outbox').selectAll().where('trade_no', '=', tr.trade_no).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, next_attempt_at: clock.t + 15_000 });
    await t.app.db.db.updateTable('sandbox_outbox').set({ url: tr.notify_url }).where('id', '=', row.id).execute();
    await job?.run(clock.t + 14_999);
    expect((await orderRow(order.orderNo)).status).toBe('awaiting_payment');
    clock.advance(15_000);
    await job?.run(clock.t);
    row = await t.app.db.db.selectFrom('sandbox_outbox').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, delivered_at: clock.t, next_attempt_at: null });
    const result = body<PayResult>(await t.app.inject({ url: `/api/shop/order/payResult?orderNo=${order.orderNo}`, headers }));
    expect(result.data).toMatchObject({ orderStatus: 'paid', paid: true, payment: { paymentNo: payment.paymentNo, status: 'paid' } });
  });
});

describe('reconciling with the provider', () => {
  it('payResult asks the provider about a pending payment whose notification has not come', async () => {
    const { order, payment, headers } = await orderWithPayment();
    const before = body<PayResult>(await t.app.inject({ url: `/api/shop/order/payResult?orderNo=${order.orderNo}`, headers }));
    expect(before.data).toMatchObject({ paid: false, orderStatus: 'awaiting_payment', payment: { status: 'pending' } });
    await cashier(payment.paymentNo, 'pay');
    const after = body<PayResult>(await t.app.inject({ url: `/api/shop/order/payResult?orderNo=${order.orderNo}`, headers }));
    expect(after.data).toMatchObject({ paid: true, orderStatus: 'paid' });
  });

  it('the reconcile job settles pending payments older than 30 s: paid ones paid, expired ones closed', async () => {
    const paid = await orderWithPayment();
    const unpaid = await orderWithPayment();
    await cashier(paid.payment.paymentNo, 'pay');
    const job = t.app.jobs.get('payments.reconcile');
    await job?.run(clock.t);
    expect((await paymentRow(paid.payment.paymentNo)).status).toBe('pending');
    clock.advance(31_000);
    await job?.run(clock.t);
    expect((await orderRow(paid.order.orderNo)).status).toBe('paid');
    expect((await paymentRow(unpaid.payment.paymentNo)).status).toBe('pending');
    clock.advance(15 * 60_000);
    await job?.run(clock.t);
    expect((await paymentRow(unpaid.payment.paymentNo)).status).toBe('closed');
    expect((await trade(unpaid.payment.paymentNo)).status).toBe('CLOSED');
  });

  it('a cancelled order closes its payment: the cashier refuses it', async () => {
    const { order, payment, headers } = await orderWithPayment();
    await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: order.orderNo }, headers });
    expect((await paymentRow(payment.paymentNo)).status).toBe('closed');
    const res = await cashier(payment.paymentNo, 'pay');
    expect(res.statusCode).toBe(200);
    expect((await trade(payment.paymentNo)).status).toBe('CLOSED');
  });
});

describe('late, duplicate and refunded payments', () => {
  it('a payment arriving after the hold ended revives the order when the number is still free', async () => {
    const { order, payment, number } = await orderWithPayment();
    await cashier(payment.paymentNo, 'pay');
    // The hold ends and the expiry job runs before the notification arrives; it asks the provider first.
    clock.advance(t.config.orderHoldMinutes * 60_000);
    await t.app.jobs.get('orders.expireHolds')?.run(clock.t);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
    expect(await numberStatus(number)).toBe('sold');
    expect((await deliver(await notification(payment.paymentNo))).statusCode).toBe(200);
    expect(await outcomes(payment.paymentNo)).toEqual(['duplicate']);
  });

  it('a payment whose notification comes after the expiry job cancelled the order revives it', async () => {
    const { order, payment, number } = await orderWithPayment();
    clock.advance(t.config.orderHoldMinutes * 60_000);
    await t.app.jobs.get('orders.expireHolds')?.run(clock.t);
    expect((await orderRow(order.orderNo)).status).toBe('cancelled');
    expect(await numberStatus(number)).toBe('on_sale');
    // The provider took the money just before closing the trade (a race the shop cannot prevent).
    await t.app.db.db
      .updateTable('sandbox_trades')
      .set({ status: 'SUCCESS', paid_at: clock.t })
      .where('payment_no', '=', payment.paymentNo)
      .execute();
    expect((await deliver(await notification(payment.paymentNo))).statusCode).toBe(200);
    expect((await orderRow(order.orderNo)).status).toBe('paid');
    expect(await numberStatus(number)).toBe('sold');
  });

  it('money for an order whose number went to someone else is refunded; the other buyer keeps it', async () => {
    const { order, payment, number, headers } = await orderWithPayment();
    await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: order.orderNo }, headers });
    const n = await t.app.db.db.selectFrom('numbers').select(['operator']).where('number', '=', number).executeTakeFirstOrThrow();
    const pkg = await t.app.db.db.selectFrom('number_packages').select('id').where('operator', '=', n.operator).executeTakeFirstOrThrow();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      payload: orderBody(number, pkg.id),
      headers: { 'x-order-session-id': hex32() },
    });
    expect(body(other).code).toBe(0);
    // The shopper had paid at the provider just before the cancel closed the trade.
    await t.app.db.db
      .updateTable('sandbox_trades')
      .set({ status: 'SUCCESS', paid_at: clock.t })
      .where('payment_no', '=', payment.paymentNo)
      .execute();
    const res = await deliver(await notification(payment.paymentNo));
    expect(res.statusCode).toBe(200);
    expect((await paymentRow(payment.paymentNo)).status).toBe('refunded');
    expect((await trade(payment.paymentNo)).status).toBe('REFUND');
    expect((await orderRow(order.orderNo)).status).toBe('cancelled');
    expect(await numberStatus(number)).toBe('held');
  });

  it('a refund of the paying payment refunds the order and puts an unshipped number back on sale', async () => {
    const { order, payment, number } = await orderWithPayment();
    await cashier(payment.paymentNo, 'pay');
    await deliver(await notification(payment.paymentNo));
    await t.app.payments.refund(payment.paymentNo, 'buyer changed their mind');
    expect((await orderRow(order.orderNo)).status).toBe('refunded');
    expect(await numberStatus(number)).toBe('on_sale');
    await expect(t.app.payments.refund(payment.paymentNo, 'again')).rejects.toThrow(/only a paid payment/);
  });
});

describe('reviews', () => {
  it('only the buyer of a completed order posts a review, once; the storefront lists it masked', async () => {
    const mobile = uniqueMobile();
    const { order, payment } = await orderWithPayment(mobile);
    await cashier(payment.paymentNo, 'pay');
    await deliver(await notification(payment.paymentNo));
    const buyer = await loginAs(t.app, mobile);
    const post = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/review',
        payload: { orderNo: order.orderNo, rating: 5, content: '号码很好，发货很快' },
        headers,
      });
    expect(body(await post(buyer)).message).toMatch(/only a completed order/);
    expect(body(await post({ 'x-session-id': hex32() })).code).toBe(61);

    // Shipping is the operator's step (a later issue): here it is done as orders.shipOrder does it.
    await t.app.db.db.transaction().execute(async (trx) => {
      const o = await trx.selectFrom('number_orders').select('id').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
      await t.app.logistics.ship(
        trx,
        { orderType: 'number', orderId: o.id, reference: order.orderNo, fromCity: '深圳市', toCity: '深圳市' },
        clock.t,
      );
      await trx.updateTable('number_orders').set({ status: 'shipped', shipped_at: clock.t }).where('id', '=', o.id).execute();
    });
    clock.advance(25 * 3_600_000);
    await t.app.jobs.get('logistics.advance')?.run(clock.t);
    expect((await orderRow(order.orderNo)).status).toBe('completed');

    clock.advance(61_000);
    const { headers: stranger } = await makeBuyer(t.app);
    expect(body(await post(stranger)).message).toBe('Order number: no such order');
    const ok = body<{ name: string; rating: number }>(await post(buyer));
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ name: '张*', rating: 5 });
    expect(body(await post(buyer)).message).toMatch(/reviewed already/);
    const listed = body<{ list: { content: string; name: string; number: string }[]; total: number; average: number }>(
      await t.app.inject({ url: '/api/shop/reviews?promoCode=demo' }),
    );
    expect(listed.data.list[0]).toMatchObject({ content: '号码很好，发货很快', name: '张*' });
    expect(listed.data.list[0]?.number).toMatch(/^\d{3}\*{4}\d{4}$/);
    const ratings = await t.app.db.db
      .selectFrom('reviews')
      .select('rating')
      .where('promoter_id', '=', (await orderRow(order.orderNo)).promoter_id)
      .execute();
    expect(listed.data.total).toBe(ratings.length);
    expect(listed.data.average).toBe(Math.round((ratings.reduce((s, r) => s + r.rating, 0) / ratings.length) * 10) / 10);
  });
});
