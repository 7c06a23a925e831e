import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeNumber } from '../numbers/test-kit.ts';
import { hex32, loginAs, makeBuyer, orderBody, testClock, uniqueMobile } from './test-kit.ts';

type Detail = {
  orderNo: string;
  status: string;
  number: string;
  amount: number;
  holdUntil: number | null;
  canPay: boolean;
  canCancel: boolean;
  idNumberMasked: string;
  address: { fullText: string };
  logistics: { company: string; trackingNo: string } | null;
};

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const session = () => ({ 'x-order-session-id': hex32() });

async function create(payload: unknown, headers: Record<string, string> = session()) {
  return body<Detail>(await t.app.inject({ method: 'POST', url: '/api/shop/order/create', payload: payload as object, headers }));
}
const numberStatus = async (number: string) =>
  (await t.app.db.db.selectFrom('numbers').select('status').where('number', '=', number).executeTakeFirstOrThrow()).status;
const listedTotal = async (number: string) =>
  body<{ total: number }>(await t.app.inject({ url: `/api/shop/numberList?contains=${number}&pattern=` })).data.total;

describe('placing an order', () => {
  it('refuses a bad ID number with a message naming the field', async () => {
    const n = await makeNumber(t.app);
    const b = await create(orderBody(n.number, n.packageId, { idNumber: '110105199001011234' }));
    expect(b.code).toBe(-1);
    expect(b.message).toMatch(/^ID number: /);
  });

  it.each([
    [{ address: { province: '440000', city: '110100', county: '110101', detail: '科技园南区 1 栋' } }, 'City: '],
    [{ address: { province: '440000', city: '440300', county: '440106', detail: '科技园南区 1 栋' } }, 'District: '],
    [{ contactMobile: '2371234567' }, 'Contact number: '],
    [{ buyerName: '' }, 'Name: '],
    [{ agreed: false }, 'Transaction terms: '],
  ])('refuses %j naming %s', async (override, field) => {
    const n = await makeNumber(t.app);
    const b = await create({ ...orderBody(n.number, n.packageId), ...override });
    expect(b.code).toBe(-1);
    expect(b.message).toContain(field);
  });

  it('refuses a package of another operator or below the number’s minimum', async () => {
    const n = await makeNumber(t.app);
    const detail = await t.app.db.db.selectFrom('numbers').select('operator').where('number', '=', n.number).executeTakeFirstOrThrow();
    const other = await t.app.db.db
      .selectFrom('number_packages')
      .select('id')
      .where('operator', '<>', detail.operator)
      .executeTakeFirstOrThrow();
    expect((await create(orderBody(n.number, other.id))).message).toMatch(/^Package:/);
    // China Mobile's packages cost ¥19 to ¥198 a month: the ¥19 one is below a ¥59 minimum.
    const pricey = await makeNumber(t.app, { minMonthlyFee: 5900 });
    const cheap = await t.app.db.db
      .selectFrom('number_packages')
      .select('id')
      .where('operator', '=', '4')
      .where('monthly_fee', '<', 5900)
      .executeTakeFirstOrThrow();
    expect((await create(orderBody(pricey.number, cheap.id))).message).toMatch(/^Package:.*higher monthly fee/);
  });

  it('needs an order session (or a login)', async () => {
    const n = await makeNumber(t.app);
    const b = await create(orderBody(n.number, n.packageId), {});
    expect(b.message).toMatch(/^Order session: /);
  });

  it('holds the number for the configured minutes and takes it off the list', async () => {
    const n = await makeNumber(t.app);
    expect(await listedTotal(n.number)).toBe(1);
    const b = await create(orderBody(n.number, n.packageId));
    expect(b.code).toBe(0);
    expect(b.data).toMatchObject({
      status: 'awaiting_payment',
      number: n.number,
      amount: n.amount,
      canPay: true,
      canCancel: true,
      logistics: null,
    });
    expect(b.data.holdUntil).toBe(clock.t + t.config.orderHoldMinutes * 60_000);
    expect(b.data.idNumberMasked).toMatch(/^110\*+\d{3}[\dX]$/);
    expect(b.data.address.fullText).toBe('广东省深圳市南山区科技园南区 1 栋 101');
    expect(await numberStatus(n.number)).toBe('held');
    expect(await listedTotal(n.number)).toBe(0);
  });

  it('50 concurrent orders for one number make exactly one order and 49 × 32001', async () => {
    const n = await makeNumber(t.app);
    const replies = await Promise.all(Array.from({ length: 50 }, () => create(orderBody(n.number, n.packageId))));
    const codes = replies.map((r) => r.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === 32001)).toHaveLength(49);
    const orders = await t.app.db.db.selectFrom('number_orders').select('id').where('number', '=', n.number).execute();
    expect(orders).toHaveLength(1);
  });

  it('gives the same owner its own order back instead of 32001', async () => {
    const n = await makeNumber(t.app);
    const headers = session();
    const first = await create(orderBody(n.number, n.packageId), headers);
    const again = await create(orderBody(n.number, n.packageId), headers);
    expect(again.data.orderNo).toBe(first.data.orderNo);
    const someoneElse = await create(orderBody(n.number, n.packageId));
    expect(someoneElse.code).toBe(32001);
  });

  it('replays the first result for the same idempotency key, and refuses the key for another request', async () => {
    const n = await makeNumber(t.app);
    const headers = { ...session(), 'idempotency-key': hex32() };
    const first = await create(orderBody(n.number, n.packageId), headers);
    const replay = await create(orderBody(n.number, n.packageId), headers);
    expect(replay).toEqual(first);
    const other = await create(orderBody(n.number, n.packageId, { buyerName: '李四' }), headers);
    expect(other.code).toBe(-1);
    expect(other.message).toMatch(/^Request key: /);
    // A refusal is replayed too.
    const m = await makeNumber(t.app);
    await create(orderBody(m.number, m.packageId));
    const k = { ...session(), 'idempotency-key': hex32() };
    expect((await create(orderBody(m.number, m.packageId), k)).code).toBe(32001);
    expect((await create(orderBody(m.number, m.packageId), k)).code).toBe(32001);
  });
});

describe('holds, cancelling and visibility', () => {
  it('an expired hold cancels the order and frees the number for the next buyer', async () => {
    const n = await makeNumber(t.app);
    const headers = session();
    const placed = await create(orderBody(n.number, n.packageId), headers);
    const expire = t.app.jobs.get('orders.expireHolds');
    clock.advance(t.config.orderHoldMinutes * 60_000 - 1);
    await expire?.run(clock.t);
    expect(await numberStatus(n.number)).toBe('held');
    clock.advance(1);
    expect(await expire?.run(clock.t)).toBeGreaterThanOrEqual(1);
    const after = body<Detail>(await t.app.inject({ url: `/api/shop/order/detail?orderNo=${placed.data.orderNo}`, headers }));
    expect(after.data).toMatchObject({ status: 'cancelled', canPay: false, holdUntil: null });
    expect(await numberStatus(n.number)).toBe('on_sale');
    expect(await listedTotal(n.number)).toBe(1);
    expect((await create(orderBody(n.number, n.packageId))).code).toBe(0);
  });

  it('the owner cancels an order awaiting payment; nobody else can', async () => {
    const n = await makeNumber(t.app);
    const headers = session();
    const placed = await create(orderBody(n.number, n.packageId), headers);
    const stranger = body(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: placed.data.orderNo }, headers: session() }),
    );
    expect(stranger).toMatchObject({ code: -1, message: 'Order number: no such order' });
    const own = body<Detail>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: placed.data.orderNo }, headers }),
    );
    expect(own.data.status).toBe('cancelled');
    expect(await numberStatus(n.number)).toBe('on_sale');
    const twice = body(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/cancel', payload: { orderNo: placed.data.orderNo }, headers }),
    );
    expect(twice.message).toMatch(/only an order awaiting payment/);
  });

  it('lists the order session’s orders before login and the mobile’s after login, in any browser', async () => {
    const n = await makeNumber(t.app);
    const mobile = uniqueMobile();
    const headers = session();
    const placed = await create(orderBody(n.number, n.packageId, { contactMobile: mobile }), headers);
    const mine = body<{ list: { orderNo: string }[]; total: number }>(await t.app.inject({ url: '/api/shop/order/list', headers }));
    expect(mine.data.list.map((o) => o.orderNo)).toEqual([placed.data.orderNo]);
    const other = body<{ total: number }>(await t.app.inject({ url: '/api/shop/order/list', headers: session() }));
    expect(other.data.total).toBe(0);
    const nobody = body<{ total: number }>(await t.app.inject({ url: '/api/shop/order/list' }));
    expect(nobody.data.total).toBe(0);

    const freshBrowser = await loginAs(t.app, mobile);
    const after = body<{ list: { orderNo: string; status: string }[] }>(
      await t.app.inject({ url: '/api/shop/order/list', headers: freshBrowser }),
    );
    expect(after.data.list.map((o) => o.orderNo)).toContain(placed.data.orderNo);
    const detail = body<Detail>(
      await t.app.inject({ url: `/api/shop/order/detail?orderNo=${placed.data.orderNo}`, headers: freshBrowser }),
    );
    expect(detail.data.number).toBe(n.number);

    clock.advance(61_000);
    const { headers: otherMobile } = await makeBuyer(t.app);
    const hidden = body(await t.app.inject({ url: `/api/shop/order/detail?orderNo=${placed.data.orderNo}`, headers: otherMobile }));
    expect(hidden).toMatchObject({ code: -1, message: 'Order number: no such order' });
    const filtered = body<{ total: number }>(await t.app.inject({ url: '/api/shop/order/list?status=paid', headers: freshBrowser }));
    expect(filtered.data.total).toBe(0);
  });

  it('shows the seeded shipped order of 13800138000 with its logistics timeline, to that mobile only', async () => {
    const headers = await loginAs(t.app, '13800138000');
    const orders = body<{ list: { orderNo: string; status: string }[] }>(await t.app.inject({ url: '/api/shop/order/list', headers }));
    const shipped = orders.data.list.find((o) => o.status === 'shipped');
    expect(shipped).toBeDefined();
    // The package it was bought with, named in the reader's language.
    const packageName = async (lang: string) =>
      body<{ list: { orderNo: string; packageName: string }[] }>(
        await t.app.inject({ url: '/api/shop/order/list', headers: { ...headers, 'accept-language': lang } }),
      ).data.list.find((o) => o.orderNo === shipped?.orderNo)?.packageName;
    expect(await packageName('en')).toBe('M-Zone Mango card');
    expect(await packageName('zh-Hans')).toBe('动感地带芒果卡');
    expect(await packageName('zh-Hant')).toBe('動感地帶芒果卡');
    type Logistics = { company: string; trackingNo: string; status: string; events: { at: number; status: string }[] };
    const track = async (h: Record<string, string>) =>
      body<Logistics>(await t.app.inject({ url: `/api/shop/order/logistics?orderNo=${shipped?.orderNo}`, headers: h }));
    const seen = await track(headers);
    expect(seen.data.status).toBe('in_transit');
    expect(seen.data.events.length).toBeGreaterThanOrEqual(3);
    const times = seen.data.events.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen.data.events.at(-1)?.status).toBe('collected');
    expect((await track(session())).message).toBe('Order number: no such order');

    // The simulator delivers within a day of shipping; the delivery completes the order.
    clock.advance(24 * 3_600_000);
    await t.app.jobs.get('logistics.advance')?.run(clock.t);
    const later = await track(headers);
    expect(later.data.status).toBe('delivered');
    expect(later.data.events[0]?.status).toBe('delivered');
    const detail = body<Detail>(await t.app.inject({ url: `/api/shop/order/detail?orderNo=${shipped?.orderNo}`, headers }));
    expect(detail.data.status).toBe('completed');
    expect(detail.data.logistics?.trackingNo).toBe(later.data.trackingNo);
  });
});
