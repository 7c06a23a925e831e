import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { depsOf } from '../../lib/deps.ts';
import { SIGNATURE_HEADER, signNotification } from '../../providers/payment/sandbox.ts';
import { shipOrder } from '../orders/service.ts';
import { hex32, loginAs, testClock, uniqueMobile } from '../orders/test-kit.ts';
import { goodsOrderBody, makeGoods, stockOf } from './test-kit.ts';

type Item = { id: number; name: string; price: number; originalPrice: number; stock: number; soldOut: boolean; kind: string };
type List = { categories: { id: number; name: string }[]; list: Item[]; total: number; page: number; pageSize: number };
type Detail = Item & {
  skus: { id: number; name: string; price: number; stock: number }[];
  popup: { title: string } | null;
  images: string[];
};
type Order = {
  orderNo: string;
  kind: string;
  status: string;
  amount: number;
  canPay: boolean;
  goods: { name: string; specName: string; quantity: number; unitPrice: number } | null;
  address: { fullText: string };
};

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const session = () => ({ 'x-order-session-id': hex32() });
const get = async <T>(url: string, language = 'en') => body<T>(await t.app.inject({ url, headers: { 'accept-language': language } }));
async function order(payload: object, headers: Record<string, string> = session()) {
  return body<Order>(await t.app.inject({ method: 'POST', url: '/api/shop/goodsOrder/create', payload, headers }));
}

/** Pays an order at the sandbox cashier and delivers the provider's signed notification. */
async function payAtSandbox(orderNo: string, headers: Record<string, string>) {
  const pay = body<{ paymentNo: string }>(
    await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo, method: 'sandbox' }, headers }),
  );
  expect(pay.code).toBe(0);
  return async () => {
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/cashier/${pay.data.paymentNo}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const tr = await t.app.db.db
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('payment_no', '=', pay.data.paymentNo)
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify({
      event: 'trade.success',
      tradeNo: tr.trade_no,
      paymentNo: pay.data.paymentNo,
      amount: tr.amount,
      status: 'SUCCESS',
      paidAt: clock.t,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pay/notify/sandbox',
      payload: raw,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(t.config.paymentSecret, clock.t, raw) },
    });
    expect(res.statusCode).toBe(200);
  };
}

describe('goodsList and goodsDetail', () => {
  it("a downstream agent without goods of its own sells its upstream's, in the reader's language, paged", async () => {
    const all = await get<List>('/api/shop/goodsList?promoCode=agent02');
    expect(all.code).toBe(0);
    expect(all.data.categories.map((c) => c.name)).toEqual(['SIM plans', 'Portable Wi-Fi', 'Accessories']);
    // At agent01's prices plus the demo custom price agent01 set for agent02 (goods +10 %).
    expect(all.data.list.map((g) => [g.name, g.kind, g.price, g.originalPrice])).toEqual([
      ['5G big-data SIM', 'sim_bundle', 2189, 4290],
      ['4G portable Wi-Fi', 'device', 15290, 21890],
      ['SIM pin and adapter set', 'accessory', 1089, 0],
    ]);
    expect(all.data.total).toBe(3);
    const second = await get<List>('/api/shop/goodsList?promoCode=agent02&pageSize=2&page=2');
    expect(second.data.list.map((g) => g.name)).toEqual(['SIM pin and adapter set']);
    const hant = await get<List>('/api/shop/goodsList?promoCode=agent03', 'zh-Hant');
    expect(hant.data.list.map((g) => g.name)).toEqual(['5G 大流量卡', '4G 隨身 WiFi 便攜款', '取卡針與卡套三件套']);
    expect(hant.data.categories.map((c) => c.name)).toEqual(['號卡套餐', '隨身WiFi', '配件']);
  });

  it('filters by category and shows a sold-out good as sold out', async () => {
    const mine = await makeGoods(t.app, { stock: 0 });
    const list = await get<List>(`/api/shop/goodsList?categoryId=${mine.categoryId}`);
    expect(list.data.list.map((g) => [g.id, g.stock, g.soldOut])).toEqual([[mine.goodsId, 0, true]]);
    expect(list.data.total).toBe(1);
    const seeded = await get<List>('/api/shop/goodsList?pageSize=50');
    const charger = seeded.data.list.find((g) => g.name === '20 W fast charger');
    expect(charger).toMatchObject({ soldOut: true, stock: 0, price: 3900 });
  });

  it('gives a good with its specs, images and once-a-session popup', async () => {
    const seeded = await get<List>('/api/shop/goodsList?pageSize=50');
    const sim = seeded.data.list.find((g) => g.name === '5G big-data SIM');
    const d = await get<Detail>(`/api/shop/goodsDetail?id=${sim?.id}`);
    expect(d.data.skus.map((s) => [s.name, s.price, s.stock])).toEqual([
      ['135 GB data', 1990, 200],
      ['235 GB data', 2990, 120],
    ]);
    expect(d.data.popup?.title).toBe('Before you order');
    expect(d.data.images).toEqual(['/shop/static/goods/sim-5g.svg']);
  });

  it("refuses a good that is off sale or another storefront's, naming the field", async () => {
    const off = await makeGoods(t.app, { status: 'off_sale' });
    expect(await get(`/api/shop/goodsDetail?id=${off.goodsId}`)).toMatchObject({
      code: -1,
      message: 'Item: this item is no longer on sale',
    });
    const demo = await makeGoods(t.app);
    expect(await get(`/api/shop/goodsDetail?id=${demo.goodsId}&promoCode=agent01`)).toMatchObject({
      code: -1,
      message: 'Item: no such goods in this shop',
    });
    expect((await get('/api/shop/goodsDetail?id=abc')).code).toBe(-1);
  });
});

describe('buying a good', () => {
  it('takes the units from stock in the order, lists it under Orders, and gives them back on cancel', async () => {
    const g = await makeGoods(t.app, { stock: 10, price: 12_900 });
    const headers = session();
    const placed = await order(goodsOrderBody(g.skuId, { quantity: 3 }), headers);
    expect(placed.code).toBe(0);
    expect(placed.data).toMatchObject({
      kind: 'goods',
      status: 'awaiting_payment',
      amount: 38_700,
      canPay: true,
      goods: { name: '测试商品', specName: '标准版', quantity: 3, unitPrice: 12_900 },
    });
    expect(placed.data.orderNo).toMatch(/^G\d{20}$/);
    expect(placed.data.address.fullText).toBe('广东省深圳市南山区科技园南区 1 栋 101');
    expect(await stockOf(t.app, g.skuId)).toBe(7);
    const list = body<{ list: { orderNo: string; kind: string }[] }>(await t.app.inject({ url: '/api/shop/order/list', headers }));
    expect(list.data.list).toEqual([expect.objectContaining({ orderNo: placed.data.orderNo, kind: 'goods' })]);
    const cancelled = body<Order>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: placed.data.orderNo }, headers }),
    );
    expect(cancelled.data.status).toBe('cancelled');
    expect(await stockOf(t.app, g.skuId)).toBe(10);
  });

  it('answers 30001 when fewer units are left than ordered, and takes nothing', async () => {
    const g = await makeGoods(t.app, { stock: 2 });
    const reply = await order(goodsOrderBody(g.skuId, { quantity: 3 }));
    expect(reply).toMatchObject({ code: 30001, message: 'sold out: not enough left of this item' });
    expect(await stockOf(t.app, g.skuId)).toBe(2);
    expect((await order(goodsOrderBody(g.skuId, { quantity: 2 }))).code).toBe(0);
    expect((await order(goodsOrderBody(g.skuId))).code).toBe(30001);
  });

  it('30 concurrent orders for 5 units make exactly 5 orders and 25 × 30001, never overselling', async () => {
    const g = await makeGoods(t.app, { stock: 5 });
    const replies = await Promise.all(Array.from({ length: 30 }, () => order(goodsOrderBody(g.skuId))));
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(5);
    expect(codes.filter((c) => c === 30001)).toHaveLength(25);
    expect(await stockOf(t.app, g.skuId)).toBe(0);
    const rows = await t.app.db.db.selectFrom('goods_orders').select('id').where('sku_id', '=', g.skuId).execute();
    expect(rows).toHaveLength(5);
  });

  it.each([
    [{ quantity: 0 }, 'Quantity'],
    [{ quantity: 6 }, 'Quantity'],
    [{ contactMobile: '2371234567' }, 'Contact number'],
    [{ address: { province: '440000', city: '110100', county: '110101', detail: '科技园南区 1 栋' } }, 'City'],
    [{ agreed: false }, 'Transaction terms'],
  ])('refuses %j naming %s', async (override, field) => {
    const g = await makeGoods(t.app);
    const reply = await order({ ...goodsOrderBody(g.skuId), ...override });
    expect(reply.code).toBe(-1);
    expect(reply.message.startsWith(`${field}:`)).toBe(true);
    expect(await stockOf(t.app, g.skuId)).toBe(10);
  });

  it('an expired hold gives the units back', async () => {
    const g = await makeGoods(t.app, { stock: 1 });
    const placed = await order(goodsOrderBody(g.skuId));
    expect(await stockOf(t.app, g.skuId)).toBe(0);
    clock.advance(t.config.orderHoldMinutes * 60_000);
    await t.app.jobs.get('orders.expireHolds')?.run(clock.t);
    const row = await t.app.db.db
      .selectFrom('goods_orders')
      .select('status')
      .where('order_no', '=', placed.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(await stockOf(t.app, g.skuId)).toBe(1);
  });

  it('pays at the sandbox cashier, ships with tracking and shows under the buyer’s mobile', async () => {
    const g = await makeGoods(t.app, { stock: 4, price: 990 });
    const mobile = uniqueMobile();
    const headers = session();
    const placed = await order(goodsOrderBody(g.skuId, { quantity: 2, contactMobile: mobile }), headers);
    await (await payAtSandbox(placed.data.orderNo, headers))();
    const result = body<{ paid: boolean; orderStatus: string; amount: number }>(
      await t.app.inject({ url: `/api/shop/order/payResult?orderNo=${placed.data.orderNo}`, headers }),
    );
    expect(result.data).toMatchObject({ paid: true, orderStatus: 'paid', amount: 1980 });
    expect(await stockOf(t.app, g.skuId)).toBe(2);
    const deps = { ...depsOf(t.app), numbers: t.app.numbers, goods: t.app.goods, payments: t.app.payments, logistics: t.app.logistics };
    await shipOrder(deps, placed.data.orderNo);
    const byMobile = await loginAs(t.app, mobile);
    const track = body<{ status: string; trackingNo: string }>(
      await t.app.inject({ url: `/api/shop/order/logistics?orderNo=${placed.data.orderNo}`, headers: byMobile }),
    );
    expect(track.data.status).toBe('in_transit');
    const detail = body<Order>(await t.app.inject({ url: `/api/shop/order/detail?orderNo=${placed.data.orderNo}`, headers: byMobile }));
    expect(detail.data.status).toBe('shipped');
  });

  it('a payment that arrives once the order was cancelled and its last unit sold is returned, and the order answers 30003', async () => {
    const g = await makeGoods(t.app, { stock: 1 });
    const headers = session();
    const placed = await order(goodsOrderBody(g.skuId), headers);
    const pay = await payAtSandbox(placed.data.orderNo, headers);
    // The race: the buyer's cancel commits (the unit goes back) while the payment is on its way,
    // and another buyer takes the unit before the notification arrives.
    await t.app.db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('goods_orders')
        .set({ status: 'cancelled', cancelled_at: clock.t, hold_until: null })
        .where('order_no', '=', placed.data.orderNo)
        .execute();
      await t.app.goods.releaseStock(trx, g.skuId, 1);
    });
    expect((await order(goodsOrderBody(g.skuId))).code).toBe(0);
    await pay();
    const result = body(await t.app.inject({ url: `/api/shop/order/payResult?orderNo=${placed.data.orderNo}`, headers }));
    expect(result).toMatchObject({ code: 30003, message: 'the order could not be fulfilled; the payment is being returned' });
    expect(await stockOf(t.app, g.skuId)).toBe(0);
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select('status')
      .where('order_no', '=', placed.data.orderNo)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
  });
});
