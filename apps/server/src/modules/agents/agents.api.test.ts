import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeGoods } from '../goods/test-kit.ts';
import { makeNumber } from '../numbers/test-kit.ts';
import { hex32, loginAs, orderBody, uniqueMobile } from '../orders/test-kit.ts';
import { addMember, makeAgent } from './test-kit.ts';

type Lower = {
  promoCode: string;
  name: string;
  sales: { orders: number; amount: number; monthOrders: number; monthAmount: number };
  customPrice: { numberRules: { pattern: string; markup: number }[]; goodsMarkupPercent: number };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** A chain top → middle → bottom of its own; the top and the middle each managed by a logged-in mobile. */
async function chain() {
  const top = await makeAgent(t.app, null);
  const middle = await makeAgent(t.app, top.id);
  const bottom = await makeAgent(t.app, middle.id);
  const topMobile = uniqueMobile();
  const middleMobile = uniqueMobile();
  await addMember(t.app, top.id, topMobile);
  await addMember(t.app, middle.id, middleMobile);
  return {
    top,
    middle,
    bottom,
    topHeaders: await loginAs(t.app, topMobile, randomIp()),
    middleHeaders: await loginAs(t.app, middleMobile, randomIp()),
  };
}

const get = async <T>(url: string, headers: Record<string, string> = {}) => body<T>(await t.app.inject({ url, headers }));
const save = async (payload: object, headers: Record<string, string>) =>
  body<Lower>(await t.app.inject({ method: 'POST', url: '/api/agent/saveLowerAgentCustomPrice', payload, headers }));

describe('an agent’s downstream agents', () => {
  it('lists only the direct downstream agents, with their sales and custom price', async () => {
    const c = await chain();
    const list = await get<{ agent: { promoCode: string }; list: Lower[] }>(
      `/api/agent/lowerList?promoCode=${c.top.promoCode}`,
      c.topHeaders,
    );
    expect(list.code).toBe(0);
    expect(list.data.agent.promoCode).toBe(c.top.promoCode);
    expect(list.data.list).toEqual([
      {
        promoCode: c.middle.promoCode,
        name: `代理 ${c.middle.promoCode}`,
        sales: { orders: 0, amount: 0, monthOrders: 0, monthAmount: 0 },
        customPrice: { numberRules: [], goodsMarkupPercent: 0 },
      },
    ]);
  });

  it('needs a login (61) by a mobile that manages the agent', async () => {
    const c = await chain();
    expect((await get(`/api/agent/lowerList?promoCode=${c.top.promoCode}`, { 'x-session-id': hex32() })).code).toBe(61);
    const stranger = await loginAs(t.app, uniqueMobile(), randomIp());
    const refused = await get(`/api/agent/lowerList?promoCode=${c.top.promoCode}`, stranger);
    expect(refused.code).toBe(-1);
    expect(refused.message).toMatch(/^Promo code: /);
    // The middle agent's mobile does not manage the top agent.
    expect((await get(`/api/agent/lowerList?promoCode=${c.top.promoCode}`, c.middleHeaders)).code).toBe(-1);
  });

  it('answers 33001 for an agent that is not a direct downstream, viewing or pricing', async () => {
    const c = await chain();
    const other = await makeAgent(t.app, null);
    for (const lower of [c.bottom.promoCode, other.promoCode, c.top.promoCode, 'nosuchagent']) {
      const view = await get(`/api/agent/lowerAgentCustomPrice?promoCode=${c.top.promoCode}&lowerPromoCode=${lower}`, c.topHeaders);
      expect(view.code).toBe(33001);
      const priced = await save(
        { promoCode: c.top.promoCode, lowerPromoCode: lower, numberRules: [], goodsMarkupPercent: 5 },
        c.topHeaders,
      );
      expect(priced.code).toBe(33001);
    }
    // Nothing was saved for the bottom agent by the top one: its own agent's view is still empty.
    const mine = await get<Lower>(
      `/api/agent/lowerAgentCustomPrice?promoCode=${c.middle.promoCode}&lowerPromoCode=${c.bottom.promoCode}`,
      c.middleHeaders,
    );
    expect(mine.data.customPrice).toEqual({ numberRules: [], goodsMarkupPercent: 0 });
  });

  it('refuses a price with two rules for one pattern or a markup out of range, naming the field by its label and the limit in yuan', async () => {
    const c = await chain();
    const twice = await save(
      {
        promoCode: c.top.promoCode,
        lowerPromoCode: c.middle.promoCode,
        numberRules: [
          { pattern: 'AAAA', markup: 100 },
          { pattern: 'AAAA', markup: 200 },
        ],
        goodsMarkupPercent: 0,
      },
      c.topHeaders,
    );
    expect(twice.code).toBe(-1);
    expect(twice.message).toBe('Number markups: each number pattern may have one rule only');
    const negative = await save(
      { promoCode: c.top.promoCode, lowerPromoCode: c.middle.promoCode, numberRules: [{ pattern: '', markup: -1 }], goodsMarkupPercent: 0 },
      c.topHeaders,
    );
    expect(negative.code).toBe(-1);
    expect(negative.message).toBe('Markup: must not be below ¥0.00');
    const over = {
      promoCode: c.top.promoCode,
      lowerPromoCode: c.middle.promoCode,
      numberRules: [{ pattern: '', markup: 10_000_001 }],
      goodsMarkupPercent: 0,
    };
    expect((await save(over, c.topHeaders)).message).toBe('Markup: must not be above ¥100,000.00');
    expect((await save(over, { ...c.topHeaders, 'accept-language': 'zh-TW' })).message).toBe('加價：不能超過 ¥100,000.00');
    expect((await save(over, { ...c.topHeaders, 'accept-language': 'zh-CN' })).message).toBe('加价：不能超过 ¥100,000.00');
  });
});

describe('prices a downstream’s shoppers see', () => {
  it('follow each agent’s custom price down the chain, for numbers and goods, and are what an order charges', async () => {
    const c = await chain();
    const n = await makeNumber(t.app, { price: 10_000, prestored: 5_000 });
    const g = await makeGoods(t.app, { promoCode: c.top.promoCode, price: 9_900 });
    const base = (await get<{ price: number; tags: string[] }>(`/api/shop/numberDetail?number=${n.number}&promoCode=${c.top.promoCode}`))
      .data;
    expect(base.price).toBe(10_000);
    const middleMarkup = base.tags.includes('AAAA') ? 50_000 : 2_000;

    const saved = await save(
      {
        promoCode: c.top.promoCode,
        lowerPromoCode: c.middle.promoCode,
        numberRules: [
          { pattern: '', markup: 2_000 },
          { pattern: 'AAAA', markup: 50_000 },
        ],
        goodsMarkupPercent: 10,
      },
      c.topHeaders,
    );
    expect(saved.code).toBe(0);
    expect(saved.data.customPrice.goodsMarkupPercent).toBe(10);
    expect(
      (
        await save(
          {
            promoCode: c.middle.promoCode,
            lowerPromoCode: c.bottom.promoCode,
            numberRules: [{ pattern: '', markup: 1_000 }],
            goodsMarkupPercent: 0,
          },
          c.middleHeaders,
        )
      ).code,
    ).toBe(0);

    const priceAt = async (promoCode: string) =>
      (await get<{ price: number }>(`/api/shop/numberDetail?number=${n.number}&promoCode=${promoCode}`)).data.price;
    expect(await priceAt(c.top.promoCode)).toBe(10_000);
    expect(await priceAt(c.middle.promoCode)).toBe(10_000 + middleMarkup);
    expect(await priceAt(c.bottom.promoCode)).toBe(10_000 + middleMarkup + 1_000);

    const goodsAt = async (promoCode: string) => {
      const detail = await get<{ price: number; skus: { price: number }[] }>(
        `/api/shop/goodsDetail?id=${g.goodsId}&promoCode=${promoCode}`,
      );
      expect(detail.code).toBe(0);
      return detail.data.skus[0]!.price;
    };
    expect(await goodsAt(c.top.promoCode)).toBe(9_900);
    expect(await goodsAt(c.middle.promoCode)).toBe(10_890);
    expect(await goodsAt(c.bottom.promoCode)).toBe(10_890);
    const listed = await get<{ list: { id: number; price: number }[] }>(`/api/shop/goodsList?promoCode=${c.middle.promoCode}&pageSize=50`);
    expect(listed.data.list.find((x) => x.id === g.goodsId)?.price).toBe(10_890);

    // An order of the bottom agent's shopper charges what they were shown.
    const order = body<{ price: number; amount: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/create',
        payload: { ...orderBody(n.number, n.packageId), promoCode: c.bottom.promoCode },
        headers: { 'x-order-session-id': hex32() },
      }),
    );
    expect(order.code).toBe(0);
    expect(order.data.price).toBe(10_000 + middleMarkup + 1_000);
    expect(order.data.amount).toBe(10_000 + middleMarkup + 1_000 + 5_000);
    const goodsOrder = body<{ amount: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/goodsOrder/create',
        payload: {
          promoCode: c.middle.promoCode,
          skuId: g.skuId,
          quantity: 2,
          buyerName: '张三',
          contactMobile: uniqueMobile(),
          address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
          agreed: true,
        },
        headers: { 'x-order-session-id': hex32() },
      }),
    );
    expect(goodsOrder.code).toBe(0);
    expect(goodsOrder.data.amount).toBe(21_780);
  });

  it('the price filter and sort of the number list use the prices the storefront shows', async () => {
    const c = await chain();
    const rules = [
      { pattern: '', markup: 2_000 },
      { pattern: 'NO4', markup: 3_000 },
    ];
    await save({ promoCode: c.top.promoCode, lowerPromoCode: c.middle.promoCode, numberRules: rules, goodsMarkupPercent: 0 }, c.topHeaders);
    const own = [611_001, 611_002, 611_003];
    const made = await Promise.all(own.map((price) => makeNumber(t.app, { price })));
    const shown: number[] = [];
    for (const [i, n] of made.entries()) {
      const d = (await get<{ price: number; tags: string[] }>(`/api/shop/numberDetail?number=${n.number}&promoCode=${c.middle.promoCode}`))
        .data;
      expect(d.price).toBe(own[i]! + (d.tags.includes('NO4') ? 3_000 : 2_000));
      shown.push(d.price);
    }
    const ours = (list: { number: string; price: number }[]) => list.filter((x) => made.some((n) => n.number === x.number));
    const listAt = async (promoCode: string, query: string) =>
      (
        await get<{ list: { number: string; price: number }[] }>(
          `/api/shop/numberList?promoCode=${promoCode}&city=440300&pageSize=50&${query}`,
        )
      ).data.list;

    // ¥6,130.01 to ¥6,140.03 finds them where they are shown at those prices, in order, and nothing outside the range.
    const ascending = await listAt(c.middle.promoCode, 'minPrice=613001&maxPrice=614003&sort=price_asc');
    expect(ours(ascending).map((x) => x.price)).toEqual([...shown].sort((a, b) => a - b));
    expect(ascending.every((x) => x.price >= 613_001 && x.price <= 614_003)).toBe(true);
    expect(ascending.map((x) => x.price)).toEqual([...ascending.map((x) => x.price)].sort((a, b) => a - b));
    const descending = await listAt(c.middle.promoCode, 'minPrice=613001&maxPrice=614003&sort=price_desc');
    expect(ours(descending).map((x) => x.price)).toEqual([...shown].sort((a, b) => b - a));
    // Their own prices are outside that range: the top storefront, which sells at them, does not list them there.
    expect(ours(await listAt(c.top.promoCode, 'minPrice=613001&maxPrice=614003'))).toEqual([]);
    expect(
      ours(await listAt(c.top.promoCode, 'minPrice=611001&maxPrice=611003'))
        .map((x) => x.price)
        .sort(),
    ).toEqual(own);
    // Nor does the middle storefront list them at their own prices.
    expect(ours(await listAt(c.middle.promoCode, 'minPrice=611001&maxPrice=611003'))).toEqual([]);
  });

  it('a saved price replaces the previous one', async () => {
    const c = await chain();
    const input = { promoCode: c.top.promoCode, lowerPromoCode: c.middle.promoCode, goodsMarkupPercent: 0 };
    await save({ ...input, numberRules: [{ pattern: 'AAAA', markup: 1 }] }, c.topHeaders);
    await save({ ...input, numberRules: [{ pattern: '', markup: 7 }] }, c.topHeaders);
    const now = await get<Lower>(
      `/api/agent/lowerAgentCustomPrice?promoCode=${c.top.promoCode}&lowerPromoCode=${c.middle.promoCode}`,
      c.topHeaders,
    );
    expect(now.data.customPrice).toEqual({ numberRules: [{ pattern: '', markup: 7 }], goodsMarkupPercent: 0 });
  });
});
