import type { AdminGoods } from '@simshop/contract/admin-catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { goodsOrderBody, makeGoods, stockOf } from '../goods/test-kit.ts';
import { addPackage, makeCardClient } from '../iot-money/test-kit.ts';
import { hex32 } from '../orders/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '50' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

async function category(promoterId: number, h: Record<string, string>, name = '随身WiFi') {
  const res = body<{ list: { id: number; name: string }[] }>(await post('/api/admin/goods/categories/save', { promoterId, name }, h));
  expect(res.code).toBe(0);
  return res.data.list.find((c) => c.name === name)!.id;
}

const newGoods = (promoterId: number, categoryId: number) => ({
  promoterId,
  categoryId,
  kind: 'device',
  name: '5G 随身WiFi',
  summary: '插电即用',
  description: '全网通 5G 随身WiFi',
  images: ['/shop/static/goods/mifi.svg'],
  status: 'off_sale',
  skus: [
    { name: '标准版', price: 19_900, originalPrice: 25_900, stock: 10 },
    { name: '高配版', price: 29_900, stock: 5 },
  ],
});

async function auditOf(objectId: number) {
  const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
  return body<{ list: { action: string; before: unknown; after: unknown }[] }>(
    await get(`/api/admin/audit?objectType=goods&objectId=${objectId}`, owner),
  ).data.list;
}

describe('goods in the console', () => {
  it('an owner adds goods with two specs off sale, puts them on sale, and the shop sells them at the price set', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const categoryId = await category(shop.id, h);
    const made = body<AdminGoods>(await post('/api/admin/goods/save', newGoods(shop.id, categoryId), h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ promoCode: shop.promoCode, name: '5G 随身WiFi', status: 'off_sale', categoryName: '随身WiFi' });
    expect(made.data.skus.map((s) => [s.name, s.price, s.originalPrice, s.stock, s.sold])).toEqual([
      ['标准版', 19_900, 25_900, 10, 0],
      ['高配版', 29_900, 0, 5, 0],
    ]);
    const shopList = async () =>
      body<{ list: { id: number; price: number; stock: number }[] }>(await get(`/api/shop/goodsList?promoCode=${shop.promoCode}`, {})).data
        .list;
    expect(await shopList()).toEqual([]);

    const on = body<AdminGoods>(await post('/api/admin/goods/status', { id: made.data.id, status: 'on_sale' }, h));
    expect(on.data.status).toBe('on_sale');
    expect(await shopList()).toEqual([expect.objectContaining({ id: made.data.id, price: 19_900, stock: 15 })]);

    const list = body<{ list: AdminGoods[]; total: number }>(await get(`/api/admin/goods?promoterId=${shop.id}`, h));
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]?.id).toBe(made.data.id);
    const byName = body<{ total: number }>(await get(`/api/admin/goods?promoterId=${shop.id}&keyword=5g`, h));
    expect(byName.data.total).toBe(1);

    expect((await auditOf(made.data.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['goods.status', { status: 'off_sale' }, { status: 'on_sale' }],
      ['goods.create', null, expect.objectContaining({ name: '5G 随身WiFi', status: 'off_sale' })],
    ]);
  });

  it('an edit changes the price and adds stock against what the form showed; units an order took meanwhile refuse it', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const categoryId = await category(shop.id, h);
    const made = body<AdminGoods>(await post('/api/admin/goods/save', { ...newGoods(shop.id, categoryId), status: 'on_sale' }, h)).data;
    const [std, high] = made.skus as [AdminGoods['skus'][0], AdminGoods['skus'][0]];

    // A shopper takes 2 units of the standard spec while the form still shows 10.
    const order = body(
      await post(
        '/api/shop/goodsOrder/create',
        { ...goodsOrderBody(std.id, { quantity: 2 }), promoCode: shop.promoCode },
        {
          'x-order-session-id': hex32(),
        },
      ),
    );
    expect(order.code).toBe(0);
    expect(await stockOf(t.app, std.id)).toBe(8);

    const edit = (stock: number, expectedStock: number) => ({
      ...newGoods(shop.id, categoryId),
      id: made.id,
      status: 'on_sale',
      skus: [
        { id: std.id, name: '标准版', price: 18_800, originalPrice: 25_900, stock, expectedStock },
        { id: high.id, name: '高配版', price: 29_900, stock: 5, expectedStock: 5 },
        { name: '旗舰版', price: 39_900, stock: 3 },
      ],
    });
    const stale = await post('/api/admin/goods/save', edit(30, 10), h);
    expect(body(stale).code).toBe(-1);
    expect(stale.headers['x-error-field']).toBe('skus');
    expect(await stockOf(t.app, std.id)).toBe(8);

    const saved = body<AdminGoods>(await post('/api/admin/goods/save', edit(28, 8), h));
    expect(saved.code).toBe(0);
    expect(saved.data.skus.map((s) => [s.name, s.price, s.stock])).toEqual([
      ['标准版', 18_800, 28],
      ['高配版', 29_900, 5],
      ['旗舰版', 39_900, 3],
    ]);
    const detail = body<{ price: number }>(await get(`/api/shop/goodsDetail?promoCode=${shop.promoCode}&id=${made.id}`, {}));
    expect(detail.data.price).toBe(18_800);
    const last = (await auditOf(made.id))[0] as {
      action: string;
      before: { skus: { stock: number }[] };
      after: { skus: { stock: number }[] };
    };
    expect(last.action).toBe('goods.edit');
    expect(last.before.skus.map((s) => s.stock)).toEqual([8, 5]);
    expect(last.after.skus.map((s) => s.stock)).toEqual([28, 5, 3]);

    // A category of another storefront, a spec of other goods: refused, naming the field.
    const other = await makeAgent(t.app, null);
    const foreign = await category(other.id, h);
    const wrongCategory = await post('/api/admin/goods/save', { ...edit(28, 28), categoryId: foreign }, h);
    expect(wrongCategory.headers['x-error-field']).toBe('categoryId');
    const alien = await makeGoods(t.app, { promoCode: other.promoCode });
    const wrongSku = await post(
      '/api/admin/goods/save',
      { ...edit(28, 28), skus: [{ id: alien.skuId, name: 'x', price: 100, stock: 1, expectedStock: 10 }] },
      h,
    );
    expect(wrongSku.headers['x-error-field']).toBe('skus');
  });
});

describe('authorisation matrix of the goods routes', () => {
  it('refuses staff, an agent outside its reach, and calls without a session', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const headers = {
      agent: await signIn(t.app, await makeOperator(t.app, 'agent', mid.id)),
      staff: await signIn(t.app, await makeOperator(t.app, 'staff', mid.id)),
    };
    const topCategory = await category(top.id, owner);
    const topGoods = body<AdminGoods>(await post('/api/admin/goods/save', newGoods(top.id, topCategory), owner)).data;
    const lowCategory = await category(low.id, owner);
    const lowGoods = body<AdminGoods>(await post('/api/admin/goods/save', newGoods(low.id, lowCategory), owner)).data;

    const code = async (p: Promise<{ json(): unknown }>) => body(await p).code;
    const calls: Record<string, (h: Record<string, string>) => Promise<number>> = {
      'list the upstream’s goods': (h) => code(get(`/api/admin/goods?promoterId=${top.id}`, h)),
      'read the upstream’s categories': (h) => code(get(`/api/admin/goods/categories?promoterId=${top.id}`, h)),
      'add a category upstream': (h) => code(post('/api/admin/goods/categories/save', { promoterId: top.id, name: '配件' }, h)),
      'add goods upstream': (h) => code(post('/api/admin/goods/save', newGoods(top.id, topCategory), h)),
      'edit the upstream’s goods': (h) =>
        code(
          post(
            '/api/admin/goods/save',
            { ...newGoods(top.id, topCategory), id: topGoods.id, skus: [{ id: topGoods.skus[0]!.id, name: 'x', price: 1, stock: 10 }] },
            h,
          ),
        ),
      'take the upstream’s goods off sale': (h) => code(post('/api/admin/goods/status', { id: topGoods.id, status: 'off_sale' }, h)),
    };
    for (const role of ['agent', 'staff'] as const) {
      const outcomes: Record<string, number> = {};
      for (const [name, run] of Object.entries(calls)) outcomes[name] = await run(headers[role]);
      expect(outcomes, role).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, -1])));
    }
    for (const [name, run] of Object.entries(calls)) expect(await run({}), `${name} without a session`).toBe(61);
    // Within reach: the agent manages its downstream's goods; staff, whose work is orders, do not.
    expect(await code(post('/api/admin/goods/status', { id: lowGoods.id, status: 'on_sale' }, headers.agent))).toBe(0);
    expect(await code(post('/api/admin/goods/status', { id: lowGoods.id, status: 'off_sale' }, headers.staff))).toBe(-1);
    const agentList = body<{ list: AdminGoods[] }>(await get('/api/admin/goods?pageSize=100', headers.agent));
    expect(new Set(agentList.data.list.map((g) => g.promoCode))).toEqual(new Set([low.promoCode]));
    // The owner reaches everything.
    for (const [name, run] of Object.entries(calls)) expect(await run(owner), `${name} as owner`).toBe(0);
  });
});

describe('IoT packages in the console', () => {
  it('an owner changes a package’s price and data and takes it off sale; the card’s package choice follows; agents only their reach', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const packageId = await addPackage(t.app, { promo_code: shop.promoCode, name: '测试月包', price: 3_900, flow_mb: 10_240, on_sale: 1 });
    const foreign = await addPackage(t.app, { promo_code: other.promoCode, name: '他店月包', price: 2_900 });
    const card = await makeCardClient(t.app, { promoCode: shop.promoCode });
    const choice = async () =>
      (await card.c.get<{ base: { id: number; price: number; flowMb?: number }[] }>('/api/iot/packageChoose')).data.base.filter(
        (p) => p.id === packageId,
      );
    expect((await choice()).map((p) => p.price)).toEqual([3_900]);

    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const list = body<{ list: { id: number; price: number; onSale: boolean }[]; total: number }>(
      await get(`/api/admin/packages?promoterId=${shop.id}`, owner),
    );
    expect(list.data.list).toEqual([expect.objectContaining({ id: packageId, price: 3_900, onSale: true })]);

    const edit = {
      id: packageId,
      promoterId: shop.id,
      kind: 'base',
      names: { 'zh-Hans': '测试月包', en: '', 'zh-Hant': '' },
      price: 2_900,
      originalPrice: 3_900,
      flowMb: 20_480,
      duration: 1,
      durationUnit: 2,
      onSale: true,
    };
    const saved = body<{ price: number; flowMb: number }>(await post('/api/admin/packages/save', edit, owner));
    expect(saved.data).toMatchObject({ price: 2_900, flowMb: 20_480 });
    expect((await choice()).map((p) => p.price)).toEqual([2_900]);
    expect(body(await post('/api/admin/packages/save', { ...edit, onSale: false }, owner)).code).toBe(0);
    expect(await choice()).toEqual([]);

    const log = body<{ list: { action: string; before: unknown; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=iotPackage&objectId=${packageId}`, owner),
    ).data.list;
    const terms = (x: unknown) => {
      const { price, originalPrice, flowMb, duration, onSale } = x as Record<string, unknown>;
      return { price, originalPrice, flowMb, duration, onSale };
    };
    expect(log.map((a) => [a.action, terms(a.before), terms(a.after)])).toEqual([
      [
        'package.edit',
        { price: 2_900, originalPrice: 3_900, flowMb: 20_480, duration: 1, onSale: true },
        { price: 2_900, originalPrice: 3_900, flowMb: 20_480, duration: 1, onSale: false },
      ],
      [
        'package.edit',
        { price: 3_900, originalPrice: 0, flowMb: 10_240, duration: 1, onSale: true },
        { price: 2_900, originalPrice: 3_900, flowMb: 20_480, duration: 1, onSale: true },
      ],
    ]);

    // Role × route: an agent of the shop edits its packages, not another storefront's; staff none; no session 61.
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const foreignEdit = { ...edit, id: foreign, promoterId: other.id };
    expect(body(await post('/api/admin/packages/save', edit, agent)).code).toBe(0);
    expect(body(await post('/api/admin/packages/save', foreignEdit, agent)).code).toBe(-1);
    expect(body(await get(`/api/admin/packages?promoterId=${other.id}`, agent)).code).toBe(-1);
    const agentList = body<{ list: { promoCode: string }[] }>(await get('/api/admin/packages?pageSize=100', agent));
    expect(new Set(agentList.data.list.map((p) => p.promoCode))).toEqual(new Set([shop.promoCode]));
    expect(body(await post('/api/admin/packages/save', edit, staff)).code).toBe(-1);
    expect(body(await get('/api/admin/packages', staff)).code).toBe(-1);
    expect(body(await post('/api/admin/packages/save', edit, {})).code).toBe(61);
    expect(body(await get('/api/admin/packages', {})).code).toBe(61);
    expect(body(await post('/api/admin/packages/save', foreignEdit, owner)).code).toBe(0);
  });
});
