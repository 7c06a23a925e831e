import type { Dashboard } from '@simshop/contract/admin-reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { goodsOrderBody, makeGoods, stockOf } from '../goods/test-kit.ts';
import { makeCard } from '../iot-money/test-kit.ts';
import { hex32, makeOrder, testClock } from '../orders/test-kit.ts';
import { csvCell } from './routes-reports.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

type Refund = { refundNo: string; amount: number; state: string };
type Cancelled = { orderNo: string; status: string; refund: Refund | null };

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now }, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

/** 10:00 China time of a day (UTC+8). */
const chinaTen = (day: string) => Date.parse(`${day}T10:00:00+08:00`);

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

/** Pays a payment at the sandbox cashier. */
async function payAtCashier(orderNo: string, headers: Record<string, string>) {
  const pay = body<{ paymentNo: string }>(await post('/api/shop/order/pay', { orderNo, method: 'sandbox' }, headers));
  expect(pay.code).toBe(0);
  await t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${pay.data.paymentNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return pay.data.paymentNo;
}

/** A number order of the storefront, paid at the sandbox cashier. */
async function paidOrder(promoCode: string, detail?: string) {
  const { order, headers, number } = await makeOrder(t.app, {
    promoCode,
    ...(detail ? { address: { province: '440000', city: '440300', county: '440305', detail } } : {}),
  });
  const paymentNo = await payAtCashier(order.orderNo, headers);
  const result = body<{ orderStatus: string }>(await get(`/api/shop/order/payResult?orderNo=${order.orderNo}`, headers));
  expect(result.data.orderStatus).toBe('paid');
  return { orderNo: order.orderNo, amount: order.amount, headers, number, paymentNo };
}

/** A goods order of the storefront awaiting payment. */
async function goodsOrder(promoCode: string, skuId: number, quantity = 1) {
  const headers = { 'x-order-session-id': hex32() };
  const res = body<{ orderNo: string; amount: number }>(
    await post('/api/shop/goodsOrder/create', { ...goodsOrderBody(skuId, { quantity }), promoCode }, headers),
  );
  expect(res.code).toBe(0);
  return { orderNo: res.data.orderNo, amount: res.data.amount, headers };
}

async function numberStatus(number: string) {
  return (await t.app.db.db.selectFrom('numbers').select('status').where('number', '=', number).executeTakeFirstOrThrow()).status;
}

async function auditOf(orderNo: string) {
  const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
  return body<{ list: { action: string; operatorMobile: string; before: unknown; after: unknown }[] }>(
    await get(`/api/admin/audit?objectType=order&objectId=${orderNo}`, owner),
  ).data.list;
}

describe('cancelling orders in the console', () => {
  it('an owner cancels an order awaiting payment: its number goes back on sale, the audit log has it', async () => {
    clock.t = Date.now();
    const shop = await makeAgent(t.app, null);
    const owner = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, owner);
    const { order, headers, number } = await makeOrder(t.app, { promoCode: shop.promoCode });
    expect(await numberStatus(number)).toBe('held');

    const res = body<Cancelled>(await post('/api/admin/orders/cancel', { orderNo: order.orderNo, reason: '客户要求取消' }, h));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ orderNo: order.orderNo, status: 'cancelled', refund: null });
    expect(await numberStatus(number)).toBe('on_sale');
    const detail = body<{ status: string; cancelReason: string }>(await get(`/api/shop/order/detail?orderNo=${order.orderNo}`, headers));
    expect(detail.data).toMatchObject({ status: 'cancelled', cancelReason: '客户要求取消' });

    expect(await auditOf(order.orderNo)).toEqual([
      expect.objectContaining({
        action: 'order.cancel',
        operatorMobile: owner.mobile,
        before: { status: 'awaiting_payment' },
        after: { status: 'cancelled', reason: '客户要求取消', refund: null },
      }),
    ]);
    const again = await post('/api/admin/orders/cancel', { orderNo: order.orderNo, reason: '再次' }, h);
    expect(body(again).code).toBe(-1);
    expect(again.headers['x-error-field']).toBe('orderNo');
  });

  it('staff cancel a paid order of their storefront: the payment is refunded once, the buyer sees it refunded, the number is free', async () => {
    clock.t = Date.now();
    const shop = await makeAgent(t.app, null);
    const staff = await makeOperator(t.app, 'staff', shop.id);
    const h = await signIn(t.app, staff);
    const o = await paidOrder(shop.promoCode);
    expect(await numberStatus(o.number)).toBe('sold');

    const res = body<Cancelled>(await post('/api/admin/orders/cancel', { orderNo: o.orderNo, reason: 'out of stock' }, h));
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('refunded');
    expect(res.data.refund).toMatchObject({ amount: o.amount, state: 'succeeded' });
    expect(await numberStatus(o.number)).toBe('on_sale');
    const detail = body<{ status: string; refundedAt: number | null }>(await get(`/api/shop/order/detail?orderNo=${o.orderNo}`, o.headers));
    expect(detail.data.status).toBe('refunded');
    expect(detail.data.refundedAt).toBe(clock.t);

    // Asked again (a double click, a retry): the same refund, nothing more goes back.
    const again = body<Cancelled>(await post('/api/admin/orders/cancel', { orderNo: o.orderNo, reason: 'out of stock' }, h));
    expect(again.data.refund).toEqual(res.data.refund);
    const refunds = await t.app.db.db
      .selectFrom('payment_refunds')
      .select(['amount', 'state'])
      .where('payment_no', '=', o.paymentNo)
      .execute();
    expect(refunds).toEqual([{ amount: o.amount, state: 'succeeded' }]);

    expect((await auditOf(o.orderNo)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['order.cancel', { status: 'refunded' }, { status: 'refunded', reason: 'out of stock', refund: res.data.refund }],
      ['order.cancel', { status: 'paid' }, { status: 'refunded', reason: 'out of stock', refund: res.data.refund }],
    ]);
  });

  it('a paid goods order cancelled gives its stock back; a shipped order and a blank reason are refused', async () => {
    clock.t = Date.now();
    const shop = await makeAgent(t.app, null);
    const { skuId } = await makeGoods(t.app, { promoCode: shop.promoCode, price: 4_500, stock: 5 });
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const g = await goodsOrder(shop.promoCode, skuId, 2);
    expect(await stockOf(t.app, skuId)).toBe(3);
    await payAtCashier(g.orderNo, g.headers);
    const res = body<Cancelled>(await post('/api/admin/orders/cancel', { orderNo: g.orderNo, reason: '缺货' }, h));
    expect(res.data).toMatchObject({ status: 'refunded', refund: { amount: 9_000, state: 'succeeded' } });
    expect(await stockOf(t.app, skuId)).toBe(5);

    const shipped = await paidOrder(shop.promoCode);
    expect(body(await post('/api/admin/orders/ship', { orderNo: shipped.orderNo, trackingNo: 'SF1234567890' }, h)).code).toBe(0);
    const refused = await post('/api/admin/orders/cancel', { orderNo: shipped.orderNo, reason: '缺货' }, h);
    expect(body(refused).code).toBe(-1);
    expect(refused.headers['x-error-field']).toBe('orderNo');
    const blank = await post('/api/admin/orders/cancel', { orderNo: shipped.orderNo, reason: '  ' }, h);
    expect(body(blank).code).toBe(-1);
    expect(blank.headers['x-error-field']).toBe('reason');
  });
});

describe('CSV export of the order list', () => {
  it('answers every order of the filter as UTF-8 CSV with a BOM, headers in the operator’s language, cells quoted where needed', async () => {
    clock.t = chinaTen('2026-05-10');
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const paid = await paidOrder(shop.promoCode, '科技园, "南区" 1 栋');
    clock.advance(60_000);
    const { skuId } = await makeGoods(t.app, { promoCode: shop.promoCode, price: 2_550 });
    const g = await goodsOrder(shop.promoCode, skuId, 2);

    const en = await get(`/api/admin/orders/export?promoterId=${shop.id}`, { ...h, 'accept-language': 'en' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(en.headers['content-disposition']).toBe('attachment; filename="orders-202605101001.csv"');
    expect(en.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(en.body.split('\r\n')).toEqual([
      '\uFEFFOrder no.,Kind,Storefront,Item,Amount (yuan),Status,Buyer,Mobile,Address,Created,Paid,Shipped',
      `${g.orderNo},Goods,${shop.promoCode},测试商品 · 标准版 ×2,51.00,Awaiting payment,张三,13712345678,广东省深圳市南山区科技园南区 1 栋 101,2026-05-10 10:01:00,,`,
      `${paid.orderNo},Number,${shop.promoCode},${paid.number},138.00,Paid,张三,13712345678,"广东省深圳市南山区科技园, ""南区"" 1 栋",2026-05-10 10:00:00,2026-05-10 10:00:00,`,
      '',
    ]);
    const zh = await get(`/api/admin/orders/export?promoterId=${shop.id}&status=paid`, { ...h, 'accept-language': 'zh-Hans' });
    expect(zh.body.split('\r\n')).toEqual([
      '\uFEFF订单号,类型,店铺,商品,金额（元）,状态,收货人,手机号,地址,下单时间,支付时间,发货时间',
      `${paid.orderNo},靓号,${shop.promoCode},${paid.number},138.00,已支付,张三,13712345678,"广东省深圳市南山区科技园, ""南区"" 1 栋",2026-05-10 10:00:00,2026-05-10 10:00:00,`,
      '',
    ]);
  });

  it('holds all the rows of the filter, not one page, and defuses cells a spreadsheet would run', async () => {
    clock.t = chinaTen('2026-05-11');
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const { skuId } = await makeGoods(t.app, { promoCode: shop.promoCode, price: 100, stock: 200 });
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await goodsOrder(shop.promoCode, skuId)).orderNo);
    const res = await get(`/api/admin/orders/export?promoterId=${shop.id}&sort=createdAt&order=asc`, h);
    const lines = res.body.split('\r\n').slice(1, -1);
    expect(lines.map((l) => l.split(',')[0])).toEqual(made);
    expect(body(await get(`/api/admin/orders?promoterId=${shop.id}`, h)).data).toMatchObject({ total: 23 });
    expect(['=SUM(A1:A9)', '+86 137', '-1', '@cmd', 'a,b', 'plain', 12].map(csvCell)).toEqual([
      "'=SUM(A1:A9)",
      "'+86 137",
      "'-1",
      "'@cmd",
      '"a,b"',
      'plain',
      '12',
    ]);
  });
});

describe('reconciliation of payments against orders', () => {
  it('finds a payment whose order was not paid, an order paid without a payment and an amount mismatch, with refunds and totals', async () => {
    clock.t = chinaTen('2026-06-15');
    const shop = await makeAgent(t.app, null);
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const db = t.app.db.db;
    // In line: paid and kept (13800), paid and refunded through the console (13800).
    const good = await paidOrder(shop.promoCode);
    const refunded = await paidOrder(shop.promoCode);
    expect(body(await post('/api/admin/orders/cancel', { orderNo: refunded.orderNo, reason: '缺货' }, owner)).code).toBe(0);
    // The order's amount was changed after it was paid.
    const changed = await paidOrder(shop.promoCode);
    await db.updateTable('number_orders').set({ amount: 14_000 }).where('order_no', '=', changed.orderNo).execute();
    // A payment the provider reports paid whose notice never reached the order.
    const lost = await makeOrder(t.app, { promoCode: shop.promoCode });
    const lostPay = body<{ paymentNo: string }>(
      await post('/api/shop/order/pay', { orderNo: lost.order.orderNo, method: 'sandbox' }, lost.headers),
    );
    await db.updateTable('payments').set({ status: 'paid', paid_at: clock.t }).where('payment_no', '=', lostPay.data.paymentNo).execute();
    // An order marked paid with no payment behind it.
    const bare = await makeOrder(t.app, { promoCode: shop.promoCode });
    await db
      .updateTable('number_orders')
      .set({ status: 'paid', paid_at: clock.t, paid_payment_no: 'P00000000000000000000' })
      .where('order_no', '=', bare.order.orderNo)
      .execute();
    // The next day is not in the report.
    clock.advance(86_400_000);
    await paidOrder(shop.promoCode);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));

    const report = body<{
      totals: Record<string, number>;
      issues: { issue: string; orderNo: string; paymentNo: string; orderAmount: number | null; paymentAmount: number | null }[];
      refunds: { orderNo: string; amount: number; state: string }[];
    }>(await get('/api/admin/reports/reconciliation?from=2026-06-15&to=2026-06-15', h));
    expect(report.code).toBe(0);
    expect(report.data.totals).toEqual({
      payments: 4,
      paymentAmount: 55_200,
      orders: 4,
      orderAmount: 55_400,
      refunded: 13_800,
      refundPending: 0,
      net: 41_400,
      issues: 3,
    });
    const issues = report.data.issues.map((i) => [i.issue, i.orderNo, i.paymentNo, i.orderAmount, i.paymentAmount]);
    expect(issues).toHaveLength(3);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['amountMismatch', changed.orderNo, changed.paymentNo, 14_000, 13_800],
        ['paidNoOrder', lost.order.orderNo, lostPay.data.paymentNo, 13_800, 13_800],
        ['orderNoPayment', bare.order.orderNo, 'P00000000000000000000', 13_800, null],
      ]),
    );
    expect(report.data.refunds.map((r) => [r.orderNo, r.amount, r.state])).toEqual([[refunded.orderNo, 13_800, 'succeeded']]);
    expect(good.orderNo).not.toBe('');

    const empty = body<{ totals: { payments: number } }>(await get('/api/admin/reports/reconciliation?from=2026-06-10&to=2026-06-14', h));
    expect(empty.data.totals.payments).toBe(0);
    const reversed = await get('/api/admin/reports/reconciliation?from=2026-06-15&to=2026-06-14', h);
    expect(body(reversed).code).toBe(-1);
    expect(reversed.headers['x-error-field']).toBe('to');
    const tooLong = await get('/api/admin/reports/reconciliation?from=2026-01-01&to=2026-06-14', h);
    expect(body(tooLong).code).toBe(-1);
    expect(body(await get('/api/admin/reports/reconciliation?from=2026-02-30&to=2026-03-01', h)).code).toBe(-1);
  });
});

describe('authorisation matrix of order actions and reports', () => {
  it('refuses each route outside the operator’s reach, and every route without a session', async () => {
    clock.t = Date.now();
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const other = await makeAgent(t.app, null);
    const headers = {
      agent: await signIn(t.app, await makeOperator(t.app, 'agent', mid.id)),
      staff: await signIn(t.app, await makeOperator(t.app, 'staff', mid.id)),
      owner: await signIn(t.app, await makeOperator(t.app, 'owner')),
    };
    const otherOrder = await paidOrder(other.promoCode);
    const upOrder = await paidOrder(top.promoCode);
    const lowOrder = await paidOrder(low.promoCode);
    const cancel = (orderNo: string) => async (h: Record<string, string>) =>
      body(await post('/api/admin/orders/cancel', { orderNo, reason: 'test' }, h)).code;
    const exportOf = (promoterId: number) => async (h: Record<string, string>) => {
      const res = await get(`/api/admin/orders/export?promoterId=${promoterId}`, h);
      return res.headers['content-type'] === 'text/csv; charset=utf-8' ? 0 : body(res).code;
    };
    const calls: Record<string, (h: Record<string, string>) => Promise<number>> = {
      'cancel another storefront’s order': cancel(otherOrder.orderNo),
      'cancel the upstream’s order': cancel(upOrder.orderNo),
      'export another storefront’s orders': exportOf(other.id),
      'export the upstream’s orders': exportOf(top.id),
      'read the reconciliation report': async (h) =>
        body(await get('/api/admin/reports/reconciliation?from=2026-06-01&to=2026-06-02', h)).code,
    };
    for (const role of ['agent', 'staff'] as const) {
      const outcomes: Record<string, number> = {};
      for (const [name, run] of Object.entries(calls)) outcomes[name] = await run(headers[role]);
      expect(outcomes, role).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, -1])));
    }
    for (const [name, run] of Object.entries(calls)) expect(await run({}), `${name} without a session`).toBe(61);
    // Within reach: staff export their own storefront; the agent its downstream, and cancels its order; staff may not.
    expect(await exportOf(mid.id)(headers.staff)).toBe(0);
    expect(await exportOf(low.id)(headers.agent)).toBe(0);
    expect(await exportOf(low.id)(headers.staff)).toBe(-1);
    expect(await cancel(lowOrder.orderNo)(headers.staff)).toBe(-1);
    expect(await cancel(lowOrder.orderNo)(headers.agent)).toBe(0);
    // The owner reaches everything.
    for (const [name, run] of Object.entries(calls)) expect(await run(headers.owner), `${name} as owner`).toBe(0);
  });
});

describe('dashboard', () => {
  /** An IoT order as the top-up and package flows leave it once paid and in effect. */
  async function iotOrder(simId: number, kind: 'balance' | 'package', amount: number, at: number) {
    await t.app.db.db
      .insertInto('iot_orders')
      .values({
        order_no: `I${at}${Math.floor(Math.random() * 1e9)}`,
        sim_id: simId,
        kind,
        package_id: null,
        offer_id: null,
        title: kind,
        amount,
        pay_amount: amount,
        pay_method: 'sandbox',
        effect: null,
        sim_package_id: null,
        status: 'effective',
        expires_at: null,
        paid_at: at,
        effective_at: at,
        refunded_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  async function signUp(promoCode: string, at: number) {
    await t.app.db.db
      .insertInto('mini_users')
      .values({ platform: 'wechat', open_id: hex32(), promo_code: promoCode, created_at: at, updated_at: at })
      .execute();
  }

  it('shows today’s and 30 days’ figures of the agent’s reach, per day and per storefront; staff and other reaches are refused', async () => {
    const today = chinaTen('2026-07-20');
    const earlier = today - 3 * 86_400_000;
    clock.t = earlier;
    const top = await makeAgent(t.app, null);
    const low = await makeAgent(t.app, top.id);
    const other = await makeAgent(t.app, null);
    await paidOrder(low.promoCode);
    const lowCard = await makeCard(t.app, { promoCode: low.promoCode, now: earlier });
    await iotOrder(lowCard.id, 'package', 2_900, earlier);
    clock.t = today;
    await paidOrder(top.promoCode);
    await paidOrder(other.promoCode);
    const topCard = await makeCard(t.app, { promoCode: top.promoCode, now: today });
    await makeCard(t.app, { promoCode: top.promoCode, status: 'pending', now: today });
    await makeCard(t.app, { promoCode: other.promoCode, now: today });
    await iotOrder(topCard.id, 'balance', 5_000, today);
    await signUp(top.promoCode, today);
    await signUp(other.promoCode, today);

    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', top.id));
    const d = body<Dashboard>(await get('/api/admin/dashboard', agent));
    expect(d.code).toBe(0);
    const midnight = Date.parse('2026-07-20T00:00:00+08:00');
    expect(d.data.today).toBe(midnight);
    expect({
      sales: d.data.sales,
      topUps: d.data.topUps,
      packageSales: d.data.packageSales,
      signUps: d.data.signUps,
      activations: d.data.activations,
      activeSims: d.data.activeSims,
    }).toEqual({
      sales: { today: { count: 1, amount: 13_800 }, days30: { count: 2, amount: 27_600 } },
      topUps: { today: { count: 1, amount: 5_000 }, days30: { count: 1, amount: 5_000 } },
      packageSales: { today: { count: 0, amount: 0 }, days30: { count: 1, amount: 2_900 } },
      signUps: { today: { count: 1, amount: 0 }, days30: { count: 1, amount: 0 } },
      activations: { today: { count: 1, amount: 0 }, days30: { count: 2, amount: 0 } },
      activeSims: 2,
    });
    expect(d.data.days).toHaveLength(30);
    expect(d.data.days[0]?.day).toBe(midnight - 29 * 86_400_000);
    expect(d.data.days[29]).toEqual({
      day: midnight,
      sales: 13_800,
      salesCount: 1,
      topUps: 5_000,
      packageSales: 0,
      signUps: 1,
      activations: 1,
    });
    expect(d.data.days[26]).toEqual({
      day: midnight - 3 * 86_400_000,
      sales: 13_800,
      salesCount: 1,
      topUps: 0,
      packageSales: 2_900,
      signUps: 0,
      activations: 1,
    });
    expect(d.data.promoters.map((p) => [p.promoCode, p.monthOrders, p.monthAmount, p.activeSims])).toEqual([
      [top.promoCode, 1, 13_800, 1],
      [low.promoCode, 1, 13_800, 1],
    ]);

    // One storefront of the reach.
    const one = body<Dashboard>(await get(`/api/admin/dashboard?promoterId=${low.id}`, agent));
    expect(one.data.sales.days30).toEqual({ count: 1, amount: 13_800 });
    expect(one.data.promoters.map((p) => p.promoCode)).toEqual([low.promoCode]);
    // The owner sees any storefront; the agent not another's, staff none; no session: 61.
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const theirs = body<Dashboard>(await get(`/api/admin/dashboard?promoterId=${other.id}`, owner));
    expect(theirs.data.sales.today).toEqual({ count: 1, amount: 13_800 });
    expect(theirs.data.signUps.today.count).toBe(1);
    expect(body(await get('/api/admin/dashboard', owner)).code).toBe(0);
    expect(body(await get(`/api/admin/dashboard?promoterId=${other.id}`, agent)).code).toBe(-1);
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', top.id));
    expect(body(await get('/api/admin/dashboard', staff)).code).toBe(-1);
    expect(body(await get('/api/admin/dashboard', {})).code).toBe(61);
  });
});
