import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type CardSpec, card, client, deliver, expectLedgersExact, key, makeCard, payAtCashier, simLogin } from '../iot-money/test-kit.ts';
import { expireUnpaid } from './orders.ts';
import { completePickup, shipShopOrder } from './service.ts';
import { addGoods, FUTIAN, goodsRow } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A card of the test's own, logged in: a client in Simplified Chinese (c) and one in English (e). */
async function buyer(spec: CardSpec = {}) {
  const made = await makeCard(t.app, spec);
  const headers = await simLogin(t.app, made.simNo);
  return {
    ...made,
    c: client(t.app, { ...headers, 'accept-language': 'zh-CN' }),
    e: client(t.app, { ...headers, 'accept-language': 'en' }),
  };
}

async function withAddress(c: ReturnType<typeof client>) {
  const r = await c.post('/api/iot/setSimAddress', FUTIAN);
  expect(r.code).toBe(0);
  return r.data.id as number;
}

function pointEntries(simId: number) {
  return t.app.db.db
    .selectFrom('iot_ledger_entries')
    .select(['delta', 'balance_after', 'reason', 'order_no'])
    .where('sim_id', '=', simId)
    .where('account', '=', 'integral')
    .orderBy('id')
    .execute();
}

describe('shop window', () => {
  it('the index shows the card points, the banners, categories and goods in the reader language', async () => {
    const { c, e } = await buyer({ integral: 1280 });
    const zh = await c.get('/api/iot/integralShopIndex');
    expect(zh.code).toBe(0);
    expect(zh.data.integral).toBe(1280);
    expect(zh.data.categories.map((x: { name: string }) => x.name)).toEqual(['数码配件', '生活好物', '品牌周边']);
    expect(zh.data.banners).toHaveLength(2);
    const stand = zh.data.goods.find((g: { name: string }) => g.name === '桌面手机支架');
    expect(stand).toMatchObject({ points: 500, price: 0, deliveries: ['express'], image: '/shop/static/mall/stand.svg' });

    const english = await e.get('/api/iot/integralShopIndex');
    expect(english.data.categories.map((x: { name: string }) => x.name)).toEqual([
      'Digital accessories',
      'Home & living',
      'Brand merchandise',
    ]);
    expect(english.data.goods.find((g: { id: number }) => g.id === stand.id).name).toBe('Desktop phone stand');
    expect(english.data.banners[0].title).toBe('Spend points like cash, new gifts every day');
  });

  it('details of a good carry its description, limit and what the card bought; an unknown good is refused by field', async () => {
    const { c, e } = await buyer({ integral: 100 });
    const id = await addGoods(t.app, { points: 10, stock: 5, per_card_limit: 2, details: JSON.stringify(['第一段', '第二段']) });
    const r = await c.get(`/api/iot/integralShopGoodsDetails?goodsId=${id}`);
    expect(r.code).toBe(0);
    expect(r.data.goods).toMatchObject({ id, points: 10, stock: 5, perCardLimit: 2, bought: 0, details: ['第一段', '第二段'] });
    expect(r.data.integral).toBe(100);
    expect(r.data.payMethods.map((m: { method: string }) => m.method)).toEqual(['sandbox']);
    const missing = await e.get('/api/iot/integralShopGoodsDetails?goodsId=999999');
    expect(missing).toMatchObject({ code: -1, message: 'Product: no such good' });
  });

  it('the pick-up points name their address in the reader language', async () => {
    const { c, e } = await buyer();
    const zh = await c.get('/api/iot/goodsShopStore');
    expect(zh.data[0]).toMatchObject({ name: '深圳福田旗舰店', address: '广东省深圳市福田区深南大道 6008 号特区报业大厦 1 楼' });
    const english = await e.get('/api/iot/goodsShopStore');
    expect(english.data[0].name).toBe('Shenzhen Futian flagship store');
    expect(english.data[0].address.startsWith('1F Special Zone Press Tower, 6008 Shennan Avenue, ')).toBe(true);
  });
});

describe('addresses', () => {
  it('keep their Chinese place names for an English reader, as on a Chinese postal address', async () => {
    const { e } = await buyer();
    const saved = await e.post('/api/iot/setSimAddress', FUTIAN);
    expect(saved.data).toMatchObject({ regionText: '广东省深圳市福田区', fullText: '广东省深圳市福田区深南大道 1 号' });
  });

  it('the first address is the default; another becomes it only when asked; deleting the default passes it on', async () => {
    const { c } = await buyer();
    const first = await c.post('/api/iot/setSimAddress', FUTIAN);
    expect(first.data).toMatchObject({ isDefault: true, fullText: '广东省深圳市福田区深南大道 1 号' });
    const second = await c.post('/api/iot/setSimAddress', { ...FUTIAN, name: '李四' });
    expect(second.data.isDefault).toBe(false);
    const third = await c.post('/api/iot/setSimAddress', { ...FUTIAN, name: '王五', isDefault: true });
    expect(third.data.isDefault).toBe(true);
    let list = (await c.get('/api/iot/simAddressList')).data as { id: number; name: string; isDefault: boolean }[];
    expect(list.map((a) => [a.name, a.isDefault])).toEqual([
      ['王五', true],
      ['李四', false],
      ['张三', false],
    ]);
    list = (await c.post('/api/iot/setDefaultSimAddress', { id: first.data.id })).data;
    expect(list.filter((a) => a.isDefault).map((a) => a.name)).toEqual(['张三']);
    list = (await c.post('/api/iot/delSimAddress', { id: first.data.id })).data;
    expect(list.map((a) => [a.name, a.isDefault])).toEqual([
      ['王五', true],
      ['李四', false],
    ]);
    const changed = await c.post('/api/iot/setSimAddress', { ...FUTIAN, id: second.data.id, name: '李四', detail: '福华路 88 号' });
    expect(changed.data).toMatchObject({ id: second.data.id, detail: '福华路 88 号', isDefault: false });
  });

  it('a municipality address reads without the city level; a county outside its city and a bad mobile are refused by field', async () => {
    const { c, e } = await buyer();
    const sh = await c.post('/api/iot/setSimAddress', {
      ...FUTIAN,
      province: '310000',
      city: '310100',
      county: '310115',
      detail: '世纪大道 1 号',
    });
    expect(sh.data.fullText).toBe('上海市浦东新区世纪大道 1 号');
    expect(await e.post('/api/iot/setSimAddress', { ...FUTIAN, county: '310115' })).toMatchObject({
      code: -1,
      message: 'District: is not a county of the city',
    });
    const badMobile = await e.post('/api/iot/setSimAddress', { ...FUTIAN, mobile: '2380013800' });
    expect(badMobile.code).toBe(-1);
    expect(badMobile.message.startsWith('Mobile number: ')).toBe(true);
  });

  it('a card keeps at most 20 addresses, and never sees or changes another card address', async () => {
    const { c, e } = await buyer();
    const other = await buyer();
    const theirs = await withAddress(other.c);
    for (let i = 0; i < 20; i++) expect((await c.post('/api/iot/setSimAddress', FUTIAN)).code).toBe(0);
    expect(await e.post('/api/iot/setSimAddress', FUTIAN)).toMatchObject({
      code: -1,
      message: 'Item: a card keeps at most 20 addresses; delete one first',
    });
    expect(await e.post('/api/iot/delSimAddress', { id: theirs })).toMatchObject({ code: -1, message: 'Item: no such address' });
    expect(await e.post('/api/iot/setSimAddress', { ...FUTIAN, id: theirs })).toMatchObject({ code: -1, message: 'Item: no such address' });
    expect((await other.c.get('/api/iot/simAddressList')).data).toHaveLength(1);
  });

  it('20 concurrent first addresses leave exactly one default', async () => {
    const { c } = await buyer();
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/iot/setSimAddress', FUTIAN)));
    expect(replies.every((r) => r.code === 0)).toBe(true);
    const list = (await c.get('/api/iot/simAddressList')).data as { isDefault: boolean }[];
    expect(list).toHaveLength(20);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe('buying with points', () => {
  it('takes the points through the ledger and one piece of stock; the order is paid and awaits shipping', async () => {
    const made = await buyer({ integral: 1280 });
    const id = await addGoods(t.app, { points: 500, stock: 10 });
    const addressId = await withAddress(made.c);
    const r = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId }, { 'idempotency-key': key() });
    expect(r.code).toBe(0);
    expect(r.data.payment).toBeNull();
    expect(r.data.order).toMatchObject({
      status: 'paid',
      points: 500,
      amount: 0,
      quantity: 1,
      delivery: 'express',
      canCancel: true,
      canPay: false,
      address: { name: '张三', mobile: '13800138000', fullText: '广东省深圳市福田区深南大道 1 号' },
    });
    expect((await card(t.app, made.simNo)).integral).toBe(780);
    expect(await goodsRow(t.app, id)).toEqual({ stock: 10, sold: 1 });
    const entries = await pointEntries(made.id);
    expect(entries.at(-1)).toEqual({ delta: -500, balance_after: 780, reason: 'mall_purchase', order_no: r.data.order.orderNo });
    const list = await made.c.get('/api/iot/shopOrderList');
    expect(list.data.list.map((o: { orderNo: string }) => o.orderNo)).toEqual([r.data.order.orderNo]);
    await expectLedgersExact(t.app, [made.simNo]);
  });

  it('a retry with the same idempotency key answers the first order and takes nothing more', async () => {
    const made = await buyer({ integral: 1000 });
    const id = await addGoods(t.app, { points: 300, stock: 10 });
    const addressId = await withAddress(made.c);
    const k = key();
    const a = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId }, { 'idempotency-key': k });
    const b = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId }, { 'idempotency-key': k });
    expect(b.data.order.orderNo).toBe(a.data.order.orderNo);
    expect((await card(t.app, made.simNo)).integral).toBe(700);
    expect(await goodsRow(t.app, id)).toEqual({ stock: 10, sold: 1 });
  });

  it('too few points, a per-card limit, a missing address or pick-up point and a delivery not offered are refused; nothing is taken', async () => {
    const made = await buyer({ integral: 250 });
    const c = made.e;
    const addressId = await withAddress(c);
    const dear = await addGoods(t.app, { points: 300, stock: 10 });
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: dear, addressId })).toMatchObject({
      code: -1,
      message: 'Points: not enough points',
    });
    expect(await goodsRow(t.app, dear)).toEqual({ stock: 10, sold: 0 });
    const limited = await addGoods(t.app, { points: 10, stock: 10, per_card_limit: 2 });
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: limited, addressId, quantity: 3 })).toMatchObject({
      code: -1,
      message: 'Quantity: each card may redeem at most 2 of this good',
    });
    expect((await c.post('/api/iot/buyShopGoods', { goodsId: limited, addressId, quantity: 2 })).code).toBe(0);
    expect((await c.post('/api/iot/buyShopGoods', { goodsId: limited, addressId })).message).toBe(
      'Quantity: each card may redeem at most 2 of this good',
    );
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: limited })).toMatchObject({
      code: -1,
      message: 'Delivery address: choose a delivery address',
    });
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: limited, delivery: 'pickup' })).toMatchObject({
      code: -1,
      message: 'Delivery method: this good cannot be delivered that way',
    });
    const both = await addGoods(t.app, { points: 10, stock: 10, deliveries: 'express,pickup' });
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: both, delivery: 'pickup' })).toMatchObject({
      code: -1,
      message: 'Pickup point: choose a pick-up point',
    });
    expect((await card(t.app, made.simNo)).integral).toBe(230);
    await expectLedgersExact(t.app, [made.simNo]);
  });

  it('200 concurrent buys of 50 in stock sell exactly 50; the rest are told it is sold out', async () => {
    const id = await addGoods(t.app, { points: 10, stock: 50 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const made = await buyer({ integral: 100 });
        return { ...made, addressId: await withAddress(made.c) };
      }),
    );
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const b = buyers[i % 20]!;
        return b.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId: b.addressId }, { 'idempotency-key': key() });
      }),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(50);
    expect(replies.filter((r) => r.code === 30001)).toHaveLength(150);
    expect(await goodsRow(t.app, id)).toEqual({ stock: 50, sold: 50 });
    const orders = await t.app.db.db.selectFrom('mall_orders').select('sim_id').where('goods_id', '=', id).execute();
    expect(orders).toHaveLength(50);
    const spent = (await Promise.all(buyers.map((b) => card(t.app, b.simNo)))).reduce((sum, x) => sum + (100 - x.integral), 0);
    expect(spent).toBe(500);
    await expectLedgersExact(
      t.app,
      buyers.map((b) => b.simNo),
    );
  });

  it('200 concurrent buys on one card with points for 7 take exactly 7; the points never go below zero', async () => {
    const made = await buyer({ integral: 7 * 30 + 20 });
    const addressId = await withAddress(made.c);
    const id = await addGoods(t.app, { points: 30, stock: 1000 });
    const replies = await Promise.all(
      Array.from({ length: 200 }, () => made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId }, { 'idempotency-key': key() })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(7);
    expect(replies.filter((r) => r.code === -1)).toHaveLength(193);
    expect((await card(t.app, made.simNo)).integral).toBe(20);
    expect(await goodsRow(t.app, id)).toEqual({ stock: 1000, sold: 7 });
    const entries = await pointEntries(made.id);
    expect(entries.every((e) => e.balance_after >= 0)).toBe(true);
    expect(entries.filter((e) => e.reason === 'mall_purchase')).toHaveLength(7);
    await expectLedgersExact(t.app, [made.simNo]);
  });
});

describe('points and money', () => {
  async function pendingOrder(points: number, price: number) {
    const made = await buyer({ integral: 1000 });
    const addressId = await withAddress(made.c);
    const id = await addGoods(t.app, { points, price, stock: 10 });
    const r = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    expect(r.code).toBe(0);
    return { ...made, goodsId: id, order: r.data.order, payment: r.data.payment };
  }

  it('the points are taken at once and the money through the cashier; the paid order awaits shipping', async () => {
    const o = await pendingOrder(100, 2990);
    expect(o.order).toMatchObject({ status: 'pending', points: 100, amount: 2990, canPay: true, canCancel: true });
    expect(o.payment).toMatchObject({ method: 'sandbox', amount: 2990, status: 'pending' });
    expect((await card(t.app, o.simNo)).integral).toBe(900);
    const now = Date.now();
    expect((await deliver(t.app, await payAtCashier(t.app, o.payment.paymentNo, now, t.config.paymentSecret))).status).toBe(200);
    const d = await o.c.get(`/api/iot/shopOrderDetails?orderNo=${o.order.orderNo}`);
    expect(d.data).toMatchObject({ status: 'paid', payMethod: 'sandbox', canPay: false, canCancel: true });
  });

  it('without a method the order waits for the cashier page; a method must be one on offer', async () => {
    const made = await buyer({ integral: 1000 });
    const c = made.e;
    const addressId = await withAddress(c);
    const id = await addGoods(t.app, { points: 100, price: 990, stock: 10 });
    const later = await c.post('/api/iot/buyShopGoods', { goodsId: id, addressId });
    expect(later.data.order).toMatchObject({ status: 'pending', canPay: true, points: 100, amount: 990 });
    expect(later.data.payment).toBeNull();
    const repay = await c.post('/api/iot/repayShopOrder', { orderNo: later.data.order.orderNo, payMethod: 'sandbox' });
    expect(repay.data.payment).toMatchObject({ method: 'sandbox', amount: 990, status: 'pending' });
    expect(await c.post('/api/iot/repayShopOrder', { orderNo: later.data.order.orderNo, payMethod: 'wechat' })).toMatchObject({
      code: -1,
      message: 'Payment method: this payment method is not offered',
    });
    expect(await c.post('/api/iot/buyShopGoods', { goodsId: id, addressId, payMethod: 'wechat' })).toMatchObject({
      code: -1,
      message: 'Payment method: this payment method is not offered',
    });
    expect((await card(t.app, made.simNo)).integral).toBe(900);
  });

  it('cancelling a paid order returns exactly its points through the ledger and its money through the provider', async () => {
    const o = await pendingOrder(120, 1990);
    await deliver(t.app, await payAtCashier(t.app, o.payment.paymentNo, Date.now(), t.config.paymentSecret));
    const r = await o.c.post('/api/iot/cancelShopOrder', { orderNo: o.order.orderNo });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'cancelled', refundedPoints: 120, refundedAmount: 1990, canCancel: false });
    expect(r.data.moneyRefundedAt).toEqual(expect.any(Number));
    expect((await card(t.app, o.simNo)).integral).toBe(1000);
    const entries = await pointEntries(o.id);
    expect(entries.slice(-2).map((e) => [e.delta, e.reason])).toEqual([
      [-120, 'mall_purchase'],
      [120, 'mall_refund'],
    ]);
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select(['status', 'amount'])
      .where('payment_no', '=', o.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ status: 'refunded', amount: 1990 });
    const trade = await t.app.db.db
      .selectFrom('sandbox_trades')
      .select('status')
      .where('payment_no', '=', o.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(trade.status).toBe('REFUND');
    expect(await goodsRow(t.app, o.goodsId)).toEqual({ stock: 10, sold: 0 });
    const again = await o.e.post('/api/iot/cancelShopOrder', { orderNo: o.order.orderNo });
    expect(again).toMatchObject({ code: -1, message: 'Order number: only an order not yet shipped can be cancelled' });
    expect((await card(t.app, o.simNo)).integral).toBe(1000);
    await expectLedgersExact(t.app, [o.simNo]);
  });

  it('cancelling an unpaid order returns its points and closes its payment; a payment arriving later is refunded', async () => {
    const o = await pendingOrder(200, 990);
    const notice = await payAtCashier(t.app, o.payment.paymentNo, Date.now(), t.config.paymentSecret);
    // The holder cancels before the provider's notification gets here; the cancel asks the provider first.
    const r = await o.c.post('/api/iot/cancelShopOrder', { orderNo: o.order.orderNo });
    expect(r.data.status).toBe('cancelled');
    expect(r.data.refundedPoints).toBe(200);
    expect(r.data.refundedAmount).toBe(990);
    expect((await card(t.app, o.simNo)).integral).toBe(1000);
    await deliver(t.app, notice);
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select('status')
      .where('payment_no', '=', o.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    await expectLedgersExact(t.app, [o.simNo]);
  });

  it('an order cancelled before paying gives its points back and closes the payment', async () => {
    const o = await pendingOrder(150, 500);
    const r = await o.c.post('/api/iot/cancelShopOrder', { orderNo: o.order.orderNo });
    expect(r.data).toMatchObject({ status: 'cancelled', refundedPoints: 150, refundedAmount: 0 });
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select('status')
      .where('payment_no', '=', o.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('closed');
    expect((await card(t.app, o.simNo)).integral).toBe(1000);
    expect(await goodsRow(t.app, o.goodsId)).toEqual({ stock: 10, sold: 0 });
  });

  it('repaying opens the payment of a pending order; unpaid in time it closes and its points and stock come back', async () => {
    const o = await pendingOrder(100, 800);
    const repay = await o.c.post('/api/iot/repayShopOrder', { orderNo: o.order.orderNo, payMethod: 'sandbox' });
    expect(repay.code).toBe(0);
    expect(repay.data.payment).toMatchObject({ paymentNo: o.payment.paymentNo, amount: 800 });
    const closed = await expireUnpaid(t.app.mall, Date.now() + 16 * 60_000);
    expect(closed).toBeGreaterThanOrEqual(1);
    const d = await o.c.get(`/api/iot/shopOrderDetails?orderNo=${o.order.orderNo}`);
    expect(d.data).toMatchObject({ status: 'closed', refundedPoints: 100, canPay: false, canCancel: false });
    expect((await card(t.app, o.simNo)).integral).toBe(1000);
    expect(await goodsRow(t.app, o.goodsId)).toEqual({ stock: 10, sold: 0 });
    const late = await o.e.post('/api/iot/repayShopOrder', {
      orderNo: o.order.orderNo,
      payMethod: 'sandbox',
    });
    expect(late).toMatchObject({ code: -1, message: 'Order number: this order cannot be paid any more' });
    await expectLedgersExact(t.app, [o.simNo]);
  });
});

describe('shipping', () => {
  it('ships with a tracking number; the parcel timeline grows and its delivery completes the order', async () => {
    const made = await buyer({ integral: 1000 });
    const addressId = await withAddress(made.c);
    const id = await addGoods(t.app, { points: 100, stock: 5 });
    const r = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId });
    const orderNo = r.data.order.orderNo as string;
    const shippedAt = Date.now();
    const trackingNo = `SE${String(shippedAt).slice(-12)}`;
    await shipShopOrder(t.app.mall, orderNo, trackingNo, shippedAt);
    const d = await made.c.get(`/api/iot/shopOrderDetails?orderNo=${orderNo}`);
    expect(d.data).toMatchObject({ status: 'shipped', canCancel: false, logistics: { trackingNo, status: 'in_transit' } });
    expect(d.data.logistics.events.map((e: { status: string }) => e.status)).toEqual(['collected']);
    const e = made.e;
    expect(await e.post('/api/iot/cancelShopOrder', { orderNo })).toMatchObject({
      code: -1,
      message: 'Order number: only an order not yet shipped can be cancelled',
    });
    await t.app.logistics.advance(shippedAt + 25 * 3_600_000);
    const done = await made.c.get(`/api/iot/shopOrderDetails?orderNo=${orderNo}`);
    expect(done.data.status).toBe('completed');
    expect(done.data.logistics.events.map((x: { status: string }) => x.status)).toEqual([
      'delivered',
      'out_for_delivery',
      'arrived',
      'in_transit',
      'collected',
    ]);
  });

  it('only a paid express order ships, a tracking number serves one parcel, and a pick-up order is collected instead', async () => {
    const made = await buyer({ integral: 1000 });
    const addressId = await withAddress(made.c);
    const id = await addGoods(t.app, { points: 10, price: 100, stock: 5, deliveries: 'express,pickup' });
    const pending = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId, payMethod: 'sandbox' });
    await expect(shipShopOrder(t.app.mall, pending.data.order.orderNo)).rejects.toThrow('only a paid order can be shipped');
    const free = await addGoods(t.app, { points: 10, stock: 5, deliveries: 'express,pickup' });
    const a = await made.c.post('/api/iot/buyShopGoods', { goodsId: free, addressId });
    const b = await made.c.post('/api/iot/buyShopGoods', { goodsId: free, addressId });
    const trackingNo = `SE9${String(Date.now()).slice(-11)}`;
    await shipShopOrder(t.app.mall, a.data.order.orderNo, trackingNo);
    await expect(shipShopOrder(t.app.mall, b.data.order.orderNo, trackingNo)).rejects.toThrow('this tracking number is already in use');
    expect((await made.c.get(`/api/iot/shopOrderDetails?orderNo=${b.data.order.orderNo}`)).data.status).toBe('paid');
    const store = (await made.c.get('/api/iot/goodsShopStore')).data[1];
    const pickup = await made.c.post('/api/iot/buyShopGoods', { goodsId: free, delivery: 'pickup', storeId: store.id });
    expect(pickup.data.order).toMatchObject({ status: 'paid', delivery: 'pickup', address: null, store: { id: store.id } });
    await expect(shipShopOrder(t.app.mall, pickup.data.order.orderNo)).rejects.toThrow('only an order for delivery can be shipped');
    await completePickup(t.app.mall, pickup.data.order.orderNo);
    expect((await made.c.get(`/api/iot/shopOrderDetails?orderNo=${pickup.data.order.orderNo}`)).data.status).toBe('completed');
  });

  it('another card never sees an order', async () => {
    const made = await buyer({ integral: 1000 });
    const other = await buyer();
    const id = await addGoods(t.app, { points: 10, stock: 5 });
    const r = await made.c.post('/api/iot/buyShopGoods', { goodsId: id, addressId: await withAddress(made.c) });
    const theirs = other.e;
    expect(await theirs.get(`/api/iot/shopOrderDetails?orderNo=${r.data.order.orderNo}`)).toMatchObject({
      code: -1,
      message: 'Order number: no such order',
    });
    expect(await theirs.post('/api/iot/cancelShopOrder', { orderNo: r.data.order.orderNo })).toMatchObject({ code: -1 });
    expect((await theirs.get('/api/iot/shopOrderList')).data.total).toBe(0);
  });
});
