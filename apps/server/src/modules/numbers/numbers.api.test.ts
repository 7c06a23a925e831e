import { type NumberItem, PATTERN_TAGS, type PatternTag } from '@simshop/contract/numbers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { FEATURED_BIT, patternTags } from './patterns.ts';

type Row = { id: number; number: string; operator: string; province: string; city: string; price: number; rank: number; tags: number };
type Reply = { list: NumberItem[]; total: number; totalCapped: boolean; hasMore: boolean; page: number; pageSize: number };

let t: TestApp;
/** Every number on sale, read straight from the table: expectations are computed from it, not from the API. */
let onSale: Row[];

beforeAll(async () => {
  t = await createTestApp();
  onSale = await t.app.db.db
    .selectFrom('numbers')
    .select(['id', 'number', 'operator', 'province', 'city', 'price', 'rank', 'tags'])
    .where('status', '=', 'on_sale')
    .execute();
});
afterAll(async () => t.close());

async function list(query: Record<string, string | number>): Promise<Reply> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const b = body<Reply>(await t.app.inject({ url: `/api/shop/numberList?${qs}` }));
  expect(b.message).toBe('ok');
  return b.data;
}

const byRank = (a: Row, b: Row) => a.rank - b.rank || a.id - b.id;
const has = (tag: PatternTag) => (r: Row) => patternTags(r.number).includes(tag);

/** Checks the first page and the total against an independent filter of the table. */
async function expectMatches(query: Record<string, string | number>, keep: (r: Row) => boolean, order = byRank) {
  const expected = onSale.filter(keep).sort(order);
  const pageSize = 20;
  const got = await list({ ...query, pageSize });
  expect(got.list.map((n) => n.number)).toEqual(expected.slice(0, pageSize).map((r) => r.number));
  expect(got.total).toBe(Math.min(expected.length, 1000));
  expect(got.totalCapped).toBe(expected.length > 1000);
  expect(got.hasMore).toBe(expected.length > pageSize);
  return expected.length;
}

describe('GET /api/shop/numberList', () => {
  it('lists every number on sale in the default order with a capped total', async () => {
    expect(onSale.length).toBeGreaterThan(19_000);
    await expectMatches({}, () => true);
  });

  it.each(['4', '2', '1', '3'])('filters by operator %s', async (operator) => {
    expect(await expectMatches({ operator }, (r) => r.operator === operator)).toBeGreaterThan(0);
  });

  it('Featured (-99) lists the featured numbers when the storefront suggests them, and is refused otherwise', async () => {
    expect(await expectMatches({ operator: '-99', promoCode: 'demo' }, (r) => (r.tags & FEATURED_BIT) !== 0)).toBeGreaterThan(0);
    const refused = body(await t.app.inject({ url: '/api/shop/numberList?operator=-99&promoCode=agent02' }));
    expect(refused.code).toBe(-1);
    expect(refused.message).toMatch(/^Carrier:/);
  });

  it('filters by province and by city', async () => {
    expect(await expectMatches({ province: '440000' }, (r) => r.province === '440000')).toBeGreaterThan(0);
    expect(await expectMatches({ province: '440000', city: '440300' }, (r) => r.city === '440300')).toBeGreaterThan(0);
    expect(await expectMatches({ city: '110100' }, (r) => r.city === '110100')).toBeGreaterThan(0);
    const wrong = body(await t.app.inject({ url: '/api/shop/numberList?province=440000&city=110100' }));
    expect(wrong.code).toBe(-1);
    expect(wrong.message).toMatch(/^City:/);
  });

  it('filters by segment', async () => {
    expect(await expectMatches({ segment: '138' }, (r) => r.number.startsWith('138'))).toBeGreaterThan(0);
  });

  it.each(PATTERN_TAGS.map((p) => [p]))('filters by pattern %s', async (pattern) => {
    expect(await expectMatches({ pattern }, has(pattern))).toBeGreaterThan(0);
  });

  it('filters by "contains", "ends with" and "exclude 4"', async () => {
    expect(await expectMatches({ contains: '666' }, (r) => r.number.includes('666'))).toBeGreaterThan(0);
    expect(await expectMatches({ endsWith: '8' }, (r) => r.number.endsWith('8'))).toBeGreaterThan(0);
    expect(await expectMatches({ endsWith: '520' }, (r) => r.number.endsWith('520'))).toBeGreaterThan(0);
    expect(await expectMatches({ exclude4: '1' }, (r) => !r.number.includes('4'))).toBeGreaterThan(0);
  });

  it('filters by price range and sorts by price both ways', async () => {
    const inRange = (r: Row) => r.price >= 10_000 && r.price <= 100_000;
    expect(await expectMatches({ minPrice: 10_000, maxPrice: 100_000 }, inRange)).toBeGreaterThan(0);
    await expectMatches(
      { sort: 'price_asc' },
      () => true,
      (a, b) => a.price - b.price || a.id - b.id,
    );
    await expectMatches(
      { sort: 'price_desc', province: '310000' },
      (r) => r.province === '310000',
      (a, b) => b.price - a.price || b.id - a.id,
    );
    const bad = body(await t.app.inject({ url: '/api/shop/numberList?minPrice=500&maxPrice=100' }));
    expect(bad.message).toMatch(/^Lowest price:/);
  });

  it('combines filters: pattern + province, pattern + operator + city + exclude 4 sorted by price, ends with + featured', async () => {
    expect(await expectMatches({ pattern: 'AABB', province: '440000' }, (r) => has('AABB')(r) && r.province === '440000')).toBeGreaterThan(
      0,
    );
    const combo = (r: Row) => has('TAIL8')(r) && r.operator === '4' && r.city === '440300' && !r.number.includes('4');
    await expectMatches(
      { pattern: 'TAIL8', operator: '4', province: '440000', city: '440300', exclude4: 'true', sort: 'price_asc' },
      combo,
      (a, b) => a.price - b.price || a.id - b.id,
    );
    await expectMatches({ endsWith: '88', operator: '-99' }, (r) => r.number.endsWith('88') && (r.tags & FEATURED_BIT) !== 0);
    await expectMatches(
      { pattern: 'MMDD', segment: '139', maxPrice: 50_000 },
      (r) => has('MMDD')(r) && r.number.startsWith('139') && r.price <= 50_000,
    );
  });

  it('pages on: page 2 follows page 1 without overlap', async () => {
    const expected = onSale.filter((r) => r.province === '330000').sort(byRank);
    const p1 = await list({ province: '330000', page: 1, pageSize: 10 });
    const p2 = await list({ province: '330000', page: 2, pageSize: 10 });
    expect([...p1.list, ...p2.list].map((n) => n.number)).toEqual(expected.slice(0, 20).map((r) => r.number));
    expect(p2.page).toBe(2);
  });

  it('answers an empty page, not an error, when nothing matches', async () => {
    const got = await list({ contains: '12345678901' });
    expect(got).toMatchObject({ list: [], total: 0, hasMore: false });
  });

  it('describes each number with names, prices and tags', async () => {
    const [first] = (await list({ pattern: 'AAAA', pageSize: 1 })).list;
    const row = onSale.find((r) => r.number === first?.number);
    expect(first).toMatchObject({
      segment: first?.number.slice(0, 3),
      price: row?.price,
      featured: ((row?.tags ?? 0) & FEATURED_BIT) !== 0,
    });
    // Tags checked against the digits themselves, not against the classifier that produced them.
    const digits = first?.number ?? '';
    expect(first?.tags).toContain('AAAA');
    expect(first?.tags.includes('NO4')).toBe(!digits.includes('4'));
    expect(first?.tags.includes('TAIL8')).toBe(digits.endsWith('88'));
    expect(PATTERN_TAGS.filter((tag) => first?.tags.includes(tag))).toEqual(first?.tags);
    expect(first?.operatorName).toMatch(/^China /);
    expect(first?.provinceName).not.toBe('');
  });

  it("names a number's region in the reader's language: English names in English", async () => {
    const region = async (lang: string) => {
      const b = body<Reply>(
        await t.app.inject({ url: '/api/shop/numberList?city=440300&pageSize=1', headers: { 'accept-language': lang } }),
      );
      const first = b.data.list[0];
      return { provinceName: first?.provinceName, cityName: first?.cityName };
    };
    expect(await region('en')).toEqual({ provinceName: 'Guangdong', cityName: 'Shenzhen' });
    expect(await region('zh-Hans')).toEqual({ provinceName: '广东省', cityName: '深圳市' });
    expect(await region('zh-Hant')).toEqual({ provinceName: '廣東省', cityName: '深圳市' });
  });

  it('refuses malformed filters naming the field', async () => {
    for (const [q, field] of [
      ['operator=9', 'operator'],
      ['pattern=ABCDE', 'pattern'],
      ['endsWith=12a', 'endsWith'],
      ['province=44', 'province'],
      ['page=51', 'page'],
    ]) {
      const res = await t.app.inject({ url: `/api/shop/numberList?${q}` });
      expect(body(res).code).toBe(-1);
      expect(res.headers['x-error-field']).toBe(field);
    }
  });
});

describe('number detail, packages and filter options', () => {
  it('GET /api/shop/numberDetail gives the number with the packages it may be ordered with', async () => {
    const pricey = onSale.filter((r) => has('AAAA')(r)).sort((a, b) => b.price - a.price)[0] as Row;
    const b = body<{ number: string; status: string; minMonthlyFee: number; packages: { operator: string; monthlyFee: number }[] }>(
      await t.app.inject({ url: `/api/shop/numberDetail?number=${pricey.number}` }),
    );
    expect(b.data).toMatchObject({ number: pricey.number, status: 'on_sale' });
    expect(b.data.minMonthlyFee).toBeGreaterThan(0);
    const all = await t.app.db.db.selectFrom('number_packages').selectAll().where('operator', '=', pricey.operator).execute();
    expect(b.data.packages.length).toBe(all.filter((p) => p.monthly_fee >= b.data.minMonthlyFee).length);
    expect(b.data.packages.length).toBeLessThan(all.length);
    const pk = body<unknown[]>(await t.app.inject({ url: `/api/shop/numberPackages?number=${pricey.number}` }));
    expect(pk.data).toEqual(b.data.packages);
  });

  it('answers -1 for a number the shop does not have', async () => {
    const b = body(await t.app.inject({ url: '/api/shop/numberDetail?number=10000000000' }));
    expect(b.code).toBe(-1);
    expect(b.message).toMatch(/^Number:/);
  });

  it('GET /api/shop/numberFilters: All, Featured only when front.suggest, the dictionary; provinces and segments on sale', async () => {
    type Options = {
      operators: { value: string }[];
      provinces: { code: string }[];
      segments: { segment: string }[];
      hotSearches: unknown[];
    };
    const demo = body<Options>(await t.app.inject({ url: '/api/shop/numberFilters?promoCode=demo' })).data;
    const agent02 = body<Options>(await t.app.inject({ url: '/api/shop/numberFilters?promoCode=agent02' })).data;
    expect(demo.operators.map((o) => o.value)).toEqual(['', '-99', '4', '2', '1', '3']);
    expect(agent02.operators.map((o) => o.value)).toEqual(['', '4', '2', '1', '3']);
    expect(demo.provinces.map((p) => p.code)).toEqual([...new Set(onSale.map((r) => r.province))].sort());
    expect(demo.segments.map((s) => s.segment)).toEqual([...new Set(onSale.map((r) => r.number.slice(0, 3)))].sort());
    expect(demo.hotSearches.length).toBeGreaterThan(0);
  });
});

describe('GET /api/shop/base/ipLocation', () => {
  it("falls back to the storefront's default region for an IP the database cannot place", async () => {
    const b = body<{ province: string; city: string; source: string }>(
      await t.app.inject({ url: '/api/shop/base/ipLocation?promoCode=demo' }),
    );
    const promoter = await t.app.db.db.selectFrom('promoters').selectAll().where('promo_code', '=', 'demo').executeTakeFirstOrThrow();
    expect(b.data).toMatchObject({ province: promoter.default_province, city: promoter.default_city, source: 'default' });
  });

  it('places a Chinese IP by the shipped IP database, as six-digit division codes', async () => {
    const ip = '202.96.134.133'; // China Telecom's DNS in Shenzhen, Guangdong
    const b = body<{ province: string; provinceName: string; city: string; source: string }>(
      await t.app.inject({ url: '/api/shop/base/ipLocation', headers: { 'x-forwarded-for': ip } }),
    );
    expect(b.data).toMatchObject({ province: '440000', city: '440300', source: 'ip' });
    expect(b.data.provinceName).not.toBe('');
  });

  it("names the region in the reader's language: English names in English", async () => {
    const at = async (language: string) =>
      body<{ provinceName: string; cityName: string }>(
        await t.app.inject({
          url: '/api/shop/base/ipLocation',
          headers: { 'x-forwarded-for': '202.96.134.133', 'accept-language': language },
        }),
      ).data;
    expect(await at('en')).toMatchObject({ provinceName: 'Guangdong', cityName: 'Shenzhen' });
    expect(await at('zh-Hans')).toMatchObject({ provinceName: '广东省', cityName: '深圳市' });
    expect(await at('zh-Hant')).toMatchObject({ provinceName: '廣東省', cityName: '深圳市' });
  });
});
