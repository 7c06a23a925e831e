import type {
  AdminAcceleratePlan,
  AdminEngageOrder,
  AdminEngageSettings,
  AdminExchangeItem,
  AdminMallCategoryList,
  AdminMallGoods,
  AdminVipPlan,
  RefundEngageOrderReply,
} from '@simshop/contract/admin-engage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { card, client, deliver, expectLedgersExact, key, makeCardClient, payAtCashier, simLogin } from '../iot-money/test-kit.ts';
import { goodsRow } from '../mall/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type H = Record<string, string>;
const get = (url: string, headers: H) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: H) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const owner = async () => signIn(t.app, await makeOperator(t.app, 'owner'));

const vipBody = (promoterId: number) => ({
  promoterId,
  name: { 'zh-Hans': '黄金会员', en: 'Gold member', 'zh-Hant': '黃金會員' },
  price: 1_500,
  originalPrice: 2_000,
  durationDays: 30,
  pointsMultiplier: 3,
  packageDiscount: 90,
  onSale: true,
  sort: 1,
});
const speedBody = (promoterId: number) => ({
  promoterId,
  name: { 'zh-Hans': '极速两小时', en: 'Turbo 2 hours', 'zh-Hant': '' },
  speedCode: '5G_300M',
  speedMbps: 300,
  durationHours: 2,
  price: 300,
  onSale: true,
});
const itemBody = (promoterId: number) => ({
  promoterId,
  kind: 'balance',
  coinCost: 10,
  value: 100,
  stock: 10,
  perCardLimit: 0,
  onSale: true,
});

async function auditOf(objectType: string, objectId: number, h: H) {
  return body<{ list: { action: string; before: unknown; after: unknown }[] }>(
    await get(`/api/admin/audit?objectType=${objectType}&objectId=${objectId}`, h),
  ).data.list;
}

/** A card of the storefront, logged in, reading in a language. */
async function holder(promoCode: string, language: string, spec: Parameters<typeof makeCardClient>[1] = {}) {
  const made = await makeCardClient(t.app, { promoCode, ...spec });
  return { ...made, c: client(t.app, { ...(await simLogin(t.app, made.simNo)), 'accept-language': language }) };
}

describe('VIP and speed-up plans in the console', () => {
  it('an owner adds a VIP plan with three names; the storefront’s cards see it in their language; edited and taken off sale, they follow', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const made = body<AdminVipPlan>(await post('/api/admin/engage/vip/save', vipBody(shop.id), h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      promoterId: shop.id,
      promoCode: shop.promoCode,
      name: { 'zh-Hans': '黄金会员', en: 'Gold member', 'zh-Hant': '黃金會員' },
      price: 1_500,
      durationDays: 30,
      pointsMultiplier: 3,
      packageDiscount: 90,
      onSale: true,
    });
    const en = await holder(shop.promoCode, 'en', { balance: 5_000 });
    const hant = await holder(shop.promoCode, 'zh-Hant');
    const plansOf = async (c: typeof en.c) =>
      (await c.get<{ plans: { id: number; name: string; price: number }[] }>('/api/iot/vipList')).data.plans.map((p) => [
        p.id,
        p.name,
        p.price,
      ]);
    expect(await plansOf(en.c)).toEqual([[made.data.id, 'Gold member', 1_500]]);
    expect(await plansOf(hant.c)).toEqual([[made.data.id, '黃金會員', 1_500]]);

    const edited = body<AdminVipPlan>(
      await post(
        '/api/admin/engage/vip/save',
        { ...vipBody(shop.id), id: made.data.id, price: 1_200, name: { 'zh-Hans': '黄金会员', en: 'Gold', 'zh-Hant': '' } },
        h,
      ),
    );
    expect(edited.data.name).toEqual({ 'zh-Hans': '黄金会员', en: 'Gold', 'zh-Hant': '黃金會員' });
    expect(await plansOf(en.c)).toEqual([[made.data.id, 'Gold', 1_200]]);
    const bought = await en.c.post('/api/iot/createVipOrder', { vipId: made.data.id }, { 'idempotency-key': key() });
    expect(bought.code).toBe(0);
    expect(bought.data.balance).toBe(3_800);

    const off = body<AdminVipPlan>(await post('/api/admin/engage/vip/onSale', { id: made.data.id, onSale: false }, h));
    expect(off.data.onSale).toBe(false);
    expect(await plansOf(en.c)).toEqual([]);
    // The VIP bought keeps running.
    expect((await en.c.get('/api/iot/vipList')).data.current).toMatchObject({ vipId: made.data.id, validTag: 1 });

    const list = body<{ list: AdminVipPlan[]; total: number }>(await get(`/api/admin/engage/vip?promoterId=${shop.id}`, h));
    expect(list.data.list.map((p) => [p.id, p.price, p.onSale])).toEqual([[made.data.id, 1_200, false]]);
    expect((await auditOf('vipPlan', made.data.id, h)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['vipPlan.onSale', { onSale: true }, { onSale: false }],
      ['vipPlan.edit', expect.objectContaining({ price: 1_500 }), expect.objectContaining({ price: 1_200 })],
      ['vipPlan.create', null, expect.objectContaining({ price: 1_500, name: made.data.name })],
    ]);
    // Bad input names its field.
    const bad = await post('/api/admin/engage/vip/save', { ...vipBody(shop.id), packageDiscount: 0 }, h);
    expect(body(bad).code).toBe(-1);
    expect(bad.headers['x-error-field']).toBe('packageDiscount');
  });

  it('an owner adds a speed-up plan, the card buys it, and it leaves the shelf when taken off sale', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const made = body<AdminAcceleratePlan>(await post('/api/admin/engage/accelerate/save', speedBody(shop.id), h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      name: { 'zh-Hans': '极速两小时', en: 'Turbo 2 hours', 'zh-Hant': '極速兩小時' },
      speedCode: '5G_300M',
      durationHours: 2,
      price: 300,
    });
    const en = await holder(shop.promoCode, 'en', { balance: 1_000, packages: [{}] });
    expect((await en.c.get('/api/iot/accelerateList')).data.plans.map((p: { name: string }) => p.name)).toEqual(['Turbo 2 hours']);
    expect(body(await post('/api/admin/engage/accelerate/onSale', { id: made.data.id, onSale: false }, h)).code).toBe(0);
    expect((await en.c.get('/api/iot/accelerateList')).data.plans).toEqual([]);
    expect((await auditOf('acceleratePlan', made.data.id, h)).map((a) => a.action)).toEqual([
      'acceleratePlan.onSale',
      'acceleratePlan.create',
    ]);
  });
});

describe('stock of exchange items and mall goods', () => {
  it('an exchange item’s units left change against what the form showed; an exchange meanwhile refuses a stale edit', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const made = body<AdminExchangeItem>(await post('/api/admin/engage/exchange/save', itemBody(shop.id), h)).data;
    expect(made).toMatchObject({ stock: 10, sold: 0, kind: 'balance', coinCost: 10 });
    const holderCard = await holder(shop.promoCode, 'en', { couponCoin: 100 });
    expect((await holderCard.c.post('/api/iot/exchangeCoupon', { itemId: made.id }, { 'idempotency-key': key() })).code).toBe(0);

    const stale = await post('/api/admin/engage/exchange/save', { ...itemBody(shop.id), id: made.id, stock: 30, expectedStock: 10 }, h);
    expect(body(stale).code).toBe(-1);
    expect(stale.headers['x-error-field']).toBe('stock');
    const saved = body<AdminExchangeItem>(
      await post('/api/admin/engage/exchange/save', { ...itemBody(shop.id), id: made.id, stock: 30, expectedStock: 9, coinCost: 20 }, h),
    );
    expect(saved.data).toMatchObject({ stock: 30, sold: 1, coinCost: 20 });
    const shelf = (await holderCard.c.get('/api/iot/couponExchangeList')).data.items;
    expect(shelf.map((i: { id: number; left: number; coinCost: number }) => [i.id, i.left, i.coinCost])).toEqual([[made.id, 30, 20]]);
    expect(body(await post('/api/admin/engage/exchange/onSale', { id: made.id, onSale: false }, h)).code).toBe(0);
    expect((await holderCard.c.get('/api/iot/couponExchangeList')).data.items).toEqual([]);
    const log = await auditOf('exchangeItem', made.id, h);
    expect(log.map((a) => a.action)).toEqual(['exchangeItem.onSale', 'exchangeItem.edit', 'exchangeItem.create']);
    expect(log[1]).toMatchObject({ before: { stock: 9, sold: 1 }, after: { stock: 30, sold: 1 } });
  });

  it('an owner adds and edits mall goods; a stale stock is refused; agents and staff may not', async () => {
    const h = await owner();
    const categories = body<{ list: { id: number }[] }>(await get('/api/admin/mall/categories', h)).data.list;
    const goods = {
      categoryId: categories[0]!.id,
      name: { 'zh-Hans': '测试保温杯', en: 'Test flask', 'zh-Hant': '' },
      image: '/shop/static/mall/stand.svg',
      points: 500,
      stock: 5,
      deliveries: ['express'],
      onSale: true,
    };
    const made = body<AdminMallGoods>(await post('/api/admin/mall/goods/save', goods, h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ name: { en: 'Test flask', 'zh-Hant': '測試保溫杯' }, stock: 5, sold: 0, points: 500 });
    // An order took 2 pieces meanwhile.
    await t.app.db.db.updateTable('mall_goods').set({ sold: 2 }).where('id', '=', made.data.id).execute();
    const stale = await post('/api/admin/mall/goods/save', { ...goods, id: made.data.id, stock: 50, expectedStock: 5 }, h);
    expect(stale.headers['x-error-field']).toBe('stock');
    const saved = body<AdminMallGoods>(
      await post('/api/admin/mall/goods/save', { ...goods, id: made.data.id, stock: 50, expectedStock: 3 }, h),
    );
    expect(saved.data).toMatchObject({ stock: 50, sold: 2 });
    expect(await goodsRow(t.app, made.data.id)).toEqual({ stock: 52, sold: 2 });
    const off = body<AdminMallGoods>(await post('/api/admin/mall/goods/onSale', { id: made.data.id, onSale: false }, h));
    expect(off.data.onSale).toBe(false);
    expect((await auditOf('mallGoods', made.data.id, h)).map((a) => a.action)).toEqual([
      'mallGoods.onSale',
      'mallGoods.edit',
      'mallGoods.create',
    ]);

    const shop = await makeAgent(t.app, null);
    for (const role of ['agent', 'staff'] as const) {
      const other = await signIn(t.app, await makeOperator(t.app, role, shop.id));
      expect(body(await get('/api/admin/mall/goods', other)).code).toBe(-1);
      expect(body(await post('/api/admin/mall/goods/onSale', { id: made.data.id, onSale: true }, other)).code).toBe(-1);
    }
    expect(body(await get('/api/admin/mall/goods', {})).code).toBe(61);
  });
});

describe('points-mall categories in the console', () => {
  it('an owner adds a category in three languages, the mall shows it in the reader’s language, and hidden it leaves the tabs', async () => {
    const h = await owner();
    const names = { 'zh-Hans': '测试数码', en: 'Test gadgets', 'zh-Hant': '' };
    const made = body<AdminMallCategoryList>(await post('/api/admin/mall/categories/save', { names, sort: 5 }, h));
    expect(made.code).toBe(0);
    const mine = made.data.list.find((c) => c.names['zh-Hans'] === '测试数码')!;
    expect(mine).toEqual({
      id: expect.any(Number),
      // The reader's language: English, as no other is asked for.
      name: 'Test gadgets',
      names: { 'zh-Hans': '测试数码', en: 'Test gadgets', 'zh-Hant': '測試數碼' },
      sort: 5,
      enabled: true,
      goods: 0,
    });
    const reader = await holder('demo', 'en');
    expect((await reader.c.get('/api/iot/integralShopIndex')).data.categories).toContainEqual({
      id: mine.id,
      name: 'Test gadgets',
      icon: '',
    });

    const hidden = body<AdminMallCategoryList>(
      await post('/api/admin/mall/categories/save', { id: mine.id, names: { ...names, en: 'Test devices' }, sort: 5, enabled: false }, h),
    );
    expect(hidden.data.list.find((c) => c.id === mine.id)).toMatchObject({ names: { en: 'Test devices' }, enabled: false });
    const tabs = (await reader.c.get('/api/iot/integralShopIndex')).data.categories.map((c: { id: number }) => c.id);
    expect(tabs).not.toContain(mine.id);
    expect((await auditOf('mallCategory', mine.id, h)).map((a) => [a.action, a.after])).toEqual([
      ['mallCategory.edit', { names: { 'zh-Hans': '测试数码', en: 'Test devices', 'zh-Hant': '測試數碼' }, sort: 5, enabled: false }],
      ['mallCategory.create', { names: { 'zh-Hans': '测试数码', en: 'Test gadgets', 'zh-Hant': '測試數碼' }, sort: 5, enabled: true }],
    ]);
  });

  it('refuses a category without its Chinese name or with an unknown id, and agents and staff', async () => {
    const h = await owner();
    const names = { 'zh-Hans': '测试好物', en: 'Test finds', 'zh-Hant': '' };
    const blank = await post('/api/admin/mall/categories/save', { names: { ...names, 'zh-Hans': ' ' } }, h);
    expect(body(blank).code).toBe(-1);
    expect(blank.headers['x-error-field']).toBe('names.zh-Hans');
    const unknown = await post('/api/admin/mall/categories/save', { id: 999_999, names }, h);
    expect(body(unknown).code).toBe(-1);
    expect(unknown.headers['x-error-field']).toBe('id');
    const shop = await makeAgent(t.app, null);
    for (const role of ['agent', 'staff'] as const) {
      const other = await signIn(t.app, await makeOperator(t.app, role, shop.id));
      expect(body(await post('/api/admin/mall/categories/save', { names }, other)).code).toBe(-1);
    }
    const list = body<AdminMallCategoryList>(await get('/api/admin/mall/categories', h)).data.list;
    expect(list.map((c) => c.names['zh-Hans'])).not.toContain('测试好物');
  });
});

describe('sign-in and task rewards per storefront', () => {
  it('are the built-in values until an operator sets them; then sign-ins and tasks pay the storefront’s points', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const defaults = body<AdminEngageSettings>(await get(`/api/admin/engage/settings?promoterId=${shop.id}`, h)).data;
    expect(defaults).toEqual({
      promoterId: shop.id,
      signInRewards: [5, 10, 15, 20, 25, 30, 50],
      tasks: [
        { key: 'bindPhone', points: 20, enabled: true },
        { key: 'realname', points: 50, enabled: true },
        { key: 'payPassword', points: 20, enabled: true },
        { key: 'firstTopup', points: 30, enabled: true },
        { key: 'buyPackage', points: 50, enabled: true },
      ],
      custom: false,
    });
    const before = await holder(shop.promoCode, 'en', { realname: true });
    const center = (await before.c.get('/api/iot/taskCenter')).data;
    expect(center.cycle.map((d: { points: number }) => d.points)).toEqual([5, 10, 15, 20, 25, 30, 50]);
    expect(center.tasks.map((x: { key: string; points: number }) => [x.key, x.points])).toEqual([
      ['bindPhone', 20],
      ['realname', 50],
      ['payPassword', 20],
      ['firstTopup', 30],
      ['buyPackage', 50],
    ]);

    const saved = body<AdminEngageSettings>(
      await post(
        '/api/admin/engage/settings/save',
        {
          promoterId: shop.id,
          signInRewards: [2, 4, 6, 8, 10, 12, 100],
          tasks: [
            { key: 'realname', points: 80, enabled: true },
            { key: 'bindPhone', points: 20, enabled: false },
          ],
        },
        h,
      ),
    );
    expect(saved.data.custom).toBe(true);
    expect(saved.data.tasks.map((x) => [x.key, x.points, x.enabled])).toEqual([
      ['realname', 80, true],
      ['bindPhone', 20, false],
      ['payPassword', 20, true],
      ['firstTopup', 30, true],
      ['buyPackage', 50, true],
    ]);
    const after = (await before.c.get('/api/iot/taskCenter')).data;
    expect(after.nextPoints).toBe(2);
    expect(after.tasks.map((x: { key: string; points: number; state: string }) => [x.key, x.points, x.state])).toEqual([
      ['realname', 80, 'claimable'],
      ['payPassword', 20, 'todo'],
      ['firstTopup', 30, 'todo'],
      ['buyPackage', 50, 'todo'],
    ]);
    expect((await before.c.post('/api/iot/generalSignIn')).data).toMatchObject({ points: 2, streak: 1 });
    expect((await before.c.post('/api/iot/generalSignIn', { task: 'realname' })).data).toMatchObject({ points: 80 });
    const refused = await before.c.post('/api/iot/generalSignIn', { task: 'bindPhone' });
    expect(refused).toMatchObject({ code: -1, message: 'Task: this task is not offered' });
    expect((await card(t.app, before.simNo)).integral).toBe(82);
    // Another storefront keeps the built-in values.
    const other = await holder('demo', 'en');
    expect((await other.c.get('/api/iot/taskCenter')).data.nextPoints).toBe(5);
    expect((await auditOf('engageSettings', shop.id, h)).map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'engageSettings.save',
        { signInRewards: defaults.signInRewards, tasks: defaults.tasks },
        { signInRewards: saved.data.signInRewards, tasks: saved.data.tasks },
      ],
    ]);
  });
});

describe('refunds of VIP and speed-up orders', () => {
  it('a VIP paid from the balance: the whole price back through the ledger, the VIP ended, once', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const plan = body<AdminVipPlan>(await post('/api/admin/engage/vip/save', vipBody(shop.id), h)).data;
    const holderCard = await holder(shop.promoCode, 'en', { balance: 5_000 });
    const bought = await holderCard.c.post('/api/iot/createVipOrder', { vipId: plan.id }, { 'idempotency-key': key() });
    const orderSn = bought.data.order.orderSn as string;
    const simId = bought.data.order.simId as number;
    expect((await holderCard.c.get('/api/iot/simInfo')).data.vipOrder).toMatchObject({ orderSn });

    const orders = body<{ list: AdminEngageOrder[]; total: number }>(await get(`/api/admin/engage/orders?kind=vip&simId=${simId}`, h));
    expect(orders.data.list).toEqual([
      expect.objectContaining({
        orderSn,
        simNo: holderCard.simNo,
        promoCode: shop.promoCode,
        name: 'Gold member',
        amount: 1_500,
        status: 1,
        refundable: true,
      }),
    ]);
    const byShop = body<{ total: number }>(await get(`/api/admin/engage/orders?kind=vip&promoterId=${shop.id}`, h));
    expect(byShop.data.total).toBe(1);

    const refund = { kind: 'vip', orderSn, reason: 'customer asked', refundKey: key() };
    // Five at once (two operators' clicks, a retry): the price goes back once.
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/admin/engage/orders/refund', refund, h).then((r) => body<RefundEngageOrderReply>(r))),
    );
    expect(replies.map((r) => [r.code, r.data.amount])).toEqual(Array.from({ length: 5 }, () => [0, 1_500]));
    const done = body<RefundEngageOrderReply>(await post('/api/admin/engage/orders/refund', refund, h));
    expect(done.data).toMatchObject({
      state: 'succeeded',
      amount: 1_500,
      refundNo: '',
      order: { status: 2, refundMoney: 1_500, refundable: false },
    });
    expect(done.data.order.endAt).toBeLessThanOrEqual(Date.now());
    expect((await card(t.app, holderCard.simNo)).balance).toBe(5_000);
    expect((await holderCard.c.get('/api/iot/simInfo')).data.vipOrder).toBeNull();
    // Again (same or another key): the same refund, no second credit, one audit row.
    const again = body<RefundEngageOrderReply>(await post('/api/admin/engage/orders/refund', refund, h));
    expect(again.data).toMatchObject({ state: 'succeeded', amount: 1_500 });
    expect(body(await post('/api/admin/engage/orders/refund', { ...refund, refundKey: key() }, h)).code).toBe(0);
    expect((await card(t.app, holderCard.simNo)).balance).toBe(5_000);
    const log = await auditOf('sim', simId, h);
    expect(log.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'vipOrder.refund',
        { orderSn, status: 1, endAt: bought.data.order.endAt, refundMoney: 0 },
        expect.objectContaining({ orderSn, status: 2, refundMoney: 1_500, amount: 1_500, state: 'succeeded', reason: 'customer asked' }),
      ],
    ]);
    await expectLedgersExact(t.app, [holderCard.simNo]);
  });

  it('a speed-up paid at the cashier is refunded through its payment; the card’s speed is restored', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await owner();
    const plan = body<AdminAcceleratePlan>(await post('/api/admin/engage/accelerate/save', speedBody(shop.id), h)).data;
    const holderCard = await holder(shop.promoCode, 'en', { balance: 0, packages: [{}] });
    const created = await holderCard.c.post(
      '/api/iot/createAccelerateOrder',
      { accelerateId: plan.id, payMethod: 'sandbox' },
      { 'idempotency-key': key() },
    );
    expect(created.code).toBe(0);
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, Date.now(), t.config.paymentSecret);
    expect((await deliver(t.app, n)).status).toBe(200);
    const orderSn = created.data.order.orderSn as string;
    const carrier = t.app.iotCarrier as CarrierSimulator;
    await holderCard.c.get(`/api/iot/accelerateOrderDetails?orderSn=${orderSn}`);
    expect(carrier.speedSetOn(holderCard.iccid)).toBe('5G_300M');

    const refund = { kind: 'accelerate', orderSn, reason: 'slow anyway', refundKey: key() };
    const done = body<RefundEngageOrderReply>(await post('/api/admin/engage/orders/refund', refund, h));
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ state: 'succeeded', amount: 300, order: { status: 2, refundMoney: 300, refundable: false } });
    expect(done.data.refundNo).not.toBe('');
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select(['status'])
      .where('payment_no', '=', created.data.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
    await holderCard.c.get('/api/iot/accelerateOrderList');
    expect(carrier.speedSetOn(holderCard.iccid)).toBeNull();
    expect((await holderCard.c.get('/api/iot/simInfo')).data.hasAccelerate).toBe(false);
    // The same key answers the same refund; the balance was never touched.
    const again = body<RefundEngageOrderReply>(await post('/api/admin/engage/orders/refund', refund, h));
    expect(again.data.refundNo).toBe(done.data.refundNo);
    expect(body(await post('/api/admin/engage/orders/refund', { ...refund, refundKey: key() }, h)).code).toBe(-1);
    expect((await card(t.app, holderCard.simNo)).balance).toBe(0);
    expect((await auditOf('sim', created.data.order.simId, h)).map((a) => a.action)).toEqual(['accelerateOrder.refund']);
    // An order awaiting payment is not refundable.
    const unpaid = await holderCard.c.post(
      '/api/iot/createAccelerateOrder',
      { accelerateId: plan.id, payMethod: 'sandbox' },
      { 'idempotency-key': key() },
    );
    const refused = await post('/api/admin/engage/orders/refund', { ...refund, orderSn: unpaid.data.order.orderSn, refundKey: key() }, h);
    expect(refused.headers['x-error-field']).toBe('orderSn');
  });
});

describe('authorisation matrix of the engagement routes', () => {
  it('refuses staff, an agent outside its reach, and calls without a session; the owner reaches all', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const h = await owner();
    const headers = {
      agent: await signIn(t.app, await makeOperator(t.app, 'agent', mid.id)),
      staff: await signIn(t.app, await makeOperator(t.app, 'staff', mid.id)),
    };
    const topVip = body<AdminVipPlan>(await post('/api/admin/engage/vip/save', vipBody(top.id), h)).data;
    const topSpeed = body<AdminAcceleratePlan>(await post('/api/admin/engage/accelerate/save', speedBody(top.id), h)).data;
    const topItem = body<AdminExchangeItem>(await post('/api/admin/engage/exchange/save', itemBody(top.id), h)).data;
    const lowVip = body<AdminVipPlan>(await post('/api/admin/engage/vip/save', vipBody(low.id), h)).data;
    const topCard = await holder(top.promoCode, 'en', { balance: 5_000 });
    const topOrder = (await topCard.c.post('/api/iot/createVipOrder', { vipId: topVip.id }, { 'idempotency-key': key() })).data.order;

    const code = async (p: Promise<{ json(): unknown }>) => body(await p).code;
    const calls: Record<string, (h: H) => Promise<number>> = {
      'list the upstream’s VIP plans': (x) => code(get(`/api/admin/engage/vip?promoterId=${top.id}`, x)),
      'add a VIP plan upstream': (x) => code(post('/api/admin/engage/vip/save', vipBody(top.id), x)),
      'edit the upstream’s VIP plan': (x) => code(post('/api/admin/engage/vip/save', { ...vipBody(top.id), id: topVip.id }, x)),
      'take the upstream’s VIP plan off sale': (x) => code(post('/api/admin/engage/vip/onSale', { id: topVip.id, onSale: true }, x)),
      'list the upstream’s speed-ups': (x) => code(get(`/api/admin/engage/accelerate?promoterId=${top.id}`, x)),
      'edit the upstream’s speed-up': (x) => code(post('/api/admin/engage/accelerate/save', { ...speedBody(top.id), id: topSpeed.id }, x)),
      'take the upstream’s speed-up off sale': (x) =>
        code(post('/api/admin/engage/accelerate/onSale', { id: topSpeed.id, onSale: true }, x)),
      'list the upstream’s exchange items': (x) => code(get(`/api/admin/engage/exchange?promoterId=${top.id}`, x)),
      'edit the upstream’s exchange item': (x) =>
        code(post('/api/admin/engage/exchange/save', { ...itemBody(top.id), id: topItem.id, expectedStock: 10 }, x)),
      'take the upstream’s exchange item off sale': (x) =>
        code(post('/api/admin/engage/exchange/onSale', { id: topItem.id, onSale: true }, x)),
      'read the upstream’s rewards': (x) => code(get(`/api/admin/engage/settings?promoterId=${top.id}`, x)),
      'set the upstream’s rewards': (x) =>
        code(
          post(
            '/api/admin/engage/settings/save',
            { promoterId: top.id, signInRewards: [5, 10, 15, 20, 25, 30, 50], tasks: [{ key: 'realname', points: 50, enabled: true }] },
            x,
          ),
        ),
      'list the upstream card’s VIP orders': (x) => code(get(`/api/admin/engage/orders?kind=vip&simId=${topOrder.simId}`, x)),
      'list the upstream’s speed-up orders': (x) => code(get(`/api/admin/engage/orders?kind=accelerate&promoterId=${top.id}`, x)),
      'refund the upstream card’s VIP order': (x) =>
        code(post('/api/admin/engage/orders/refund', { kind: 'vip', orderSn: topOrder.orderSn, reason: 'r', refundKey: key() }, x)),
    };
    for (const role of ['agent', 'staff'] as const) {
      const outcomes: Record<string, number> = {};
      for (const [name, run] of Object.entries(calls)) outcomes[name] = await run(headers[role]);
      expect(outcomes, role).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, -1])));
    }
    for (const [name, run] of Object.entries(calls)) expect(await run({}), `${name} without a session`).toBe(61);
    // The agent manages its downstream; staff do not.
    expect(await code(post('/api/admin/engage/vip/onSale', { id: lowVip.id, onSale: false }, headers.agent))).toBe(0);
    expect(await code(post('/api/admin/engage/vip/onSale', { id: lowVip.id, onSale: true }, headers.staff))).toBe(-1);
    const agentList = body<{ list: AdminVipPlan[] }>(await get('/api/admin/engage/vip?pageSize=100', headers.agent));
    expect(new Set(agentList.data.list.map((p) => p.promoCode))).toEqual(new Set([low.promoCode]));
    // The owner reaches everything (the upstream card's refund last: it is done once).
    for (const [name, run] of Object.entries(calls)) expect(await run(h), `${name} as owner`).toBe(0);
  });
});
