import type { AdminPackage } from '@simshop/contract/admin-catalogue';
import type { AdminCouponPage, AdminTopupOffer, CouponGrantPreview, CouponGrantResult } from '@simshop/contract/admin-iot-money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { addPackage, key, makeCard, makeCardClient, simLogin } from '../iot-money/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '50' });
});
afterAll(async () => t.close());

type H = Record<string, string>;
const get = (url: string, headers: H, language = 'zh-Hans') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': language, ...headers } });
const post = (url: string, payload: unknown, headers: H, language = 'zh-Hans') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-forwarded-for': randomIp(), 'accept-language': language, ...headers },
  });
const HOUR = 3_600_000;

async function auditOf(objectType: string, objectId: number | string) {
  const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
  return body<{ list: { action: string; before: unknown; after: unknown }[] }>(
    await get(`/api/admin/audit?objectType=${objectType}&objectId=${objectId}`, owner),
  ).data.list;
}

const flashSale = (promoterId: number, now: number) => ({
  promoterId,
  kind: 'base',
  operatorType: 0,
  names: { 'zh-Hans': '限时秒杀月包', en: 'Flash monthly', 'zh-Hant': '' },
  description: '每卡限购一次',
  flowMb: 30_720,
  unlimited: false,
  price: 990,
  originalPrice: 2_900,
  duration: 1,
  durationUnit: 2,
  renewable: true,
  couponDeductMax: 300,
  sort: 1,
  perCardLimit: 1,
  stock: 2,
  isSeckill: true,
  seckillStartsAt: now - HOUR,
  seckillEndsAt: now + 24 * HOUR,
  onSale: true,
});

describe('IoT packages in the console', () => {
  it('an owner creates a flash sale; the card sees it with its stock and name in its language, buys within the limit', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const now = Date.now();
    const made = body<AdminPackage>(await post('/api/admin/packages/save', flashSale(shop.id, now), h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      promoterId: shop.id,
      promoCode: shop.promoCode,
      name: '限时秒杀月包',
      names: { 'zh-Hans': '限时秒杀月包', en: 'Flash monthly', 'zh-Hant': '限時秒殺月包' },
      stock: 2,
      sold: 0,
      left: 2,
      isSeckill: true,
      perCardLimit: 1,
      // a flash sale is never chosen for renewal
      renewable: false,
      couponDeductMax: 300,
    });

    const card = await makeCardClient(t.app, { promoCode: shop.promoCode, balance: 10_000 });
    const choice = body<{ seckill: { id: number; name: string; price: number; seckill: { stock: number; left: number } }[] }>(
      await t.app.inject({ url: '/api/iot/packageChoose', headers: { ...(await simLogin(t.app, card.simNo)), 'accept-language': 'en' } }),
    );
    expect(choice.data.seckill.map((p) => [p.id, p.name, p.price, p.seckill.stock, p.seckill.left])).toEqual([
      [made.data.id, 'Flash monthly', 990, 2, 2],
    ]);

    const bought = await card.c.post('/api/iot/buyPackage', { packageId: made.data.id, payMethod: 'balance', effect: 'now' });
    expect(bought.code).toBe(0);
    const again = await card.c.post('/api/iot/buyPackage', { packageId: made.data.id, payMethod: 'balance', effect: 'now' });
    expect(again.code).toBe(-1);

    expect((await auditOf('iotPackage', made.data.id)).map((a) => [a.action, a.before])).toEqual([['package.create', null]]);
  });

  it('a stock edit against the units the form showed is refused once a sale moved them; other fields and names are edited', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const now = Date.now();
    const made = body<AdminPackage>(await post('/api/admin/packages/save', flashSale(shop.id, now), h)).data;
    const card = await makeCardClient(t.app, { promoCode: shop.promoCode, balance: 10_000 });
    expect((await card.c.post('/api/iot/buyPackage', { packageId: made.id, payMethod: 'balance', effect: 'now' })).code).toBe(0);

    const edit = (stock: number, expectedStock: number) => ({
      ...flashSale(shop.id, now),
      id: made.id,
      names: { 'zh-Hans': '秒杀月包', en: 'Flash deal', 'zh-Hant': '閃購月包' },
      price: 1_290,
      stock,
      expectedStock,
    });
    const stale = await post('/api/admin/packages/save', edit(10, 2), h);
    expect(body(stale)).toMatchObject({ code: -1 });
    expect(stale.headers['x-error-field']).toBe('stock');

    const saved = body<AdminPackage>(await post('/api/admin/packages/save', edit(10, 1), h, 'zh-Hant'));
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ price: 1_290, stock: 11, sold: 1, left: 10, label: '閃購月包', name: '秒杀月包' });

    const log = await auditOf('iotPackage', made.id);
    expect(log.map((a) => a.action)).toEqual(['package.edit', 'package.create']);
    expect(log[0]!.before).toMatchObject({ price: 990, stock: 2, names: { en: 'Flash monthly' } });
    expect(log[0]!.after).toMatchObject({ price: 1_290, stock: 11, names: { en: 'Flash deal', 'zh-Hant': '閃購月包' } });
  });

  it('an edit of the stock racing purchases either applies before them all or is refused; no unit is resold', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const now = Date.now();
    const made = body<AdminPackage>(
      await post('/api/admin/packages/save', { ...flashSale(shop.id, now), stock: 5, perCardLimit: 0 }, h),
    ).data;
    const cards = await Promise.all([1, 2, 3].map(() => makeCardClient(t.app, { promoCode: shop.promoCode, balance: 10_000 })));
    const [edit, ...buys] = await Promise.all([
      post('/api/admin/packages/save', { ...flashSale(shop.id, now), id: made.id, stock: 10, expectedStock: 5, perCardLimit: 0 }, h),
      ...cards.map((c) => c.c.post('/api/iot/buyPackage', { packageId: made.id, payMethod: 'balance', effect: 'now' })),
    ]);
    expect(buys.map((b) => b.code)).toEqual([0, 0, 0]);
    const after = body<{ list: AdminPackage[] }>(await get(`/api/admin/packages?promoterId=${shop.id}`, h)).data.list[0]!;
    expect(after.sold).toBe(3);
    if (body(edit!).code === 0) expect([after.stock, after.left]).toEqual([10, 7]);
    else expect([body(edit!).code, after.stock, after.left]).toEqual([-1, 5, 2]);
  });

  it('refuses a flash sale without its window or stock, naming the field', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const now = Date.now();
    const noEnd = await post('/api/admin/packages/save', { ...flashSale(shop.id, now), seckillEndsAt: now - 2 * HOUR }, h, 'en');
    expect(body(noEnd)).toEqual({ code: -1, message: 'Flash sale end: must be after the start', data: null });
    const noStock = await post('/api/admin/packages/save', { ...flashSale(shop.id, now), stock: null }, h);
    expect(noStock.headers['x-error-field']).toBe('stock');
  });

  it('authorisation: owner all; agent own storefront and downstream; staff refused; no session 61', async () => {
    const top = await makeAgent(t.app, null);
    const low = await makeAgent(t.app, top.id);
    const other = await makeAgent(t.app, null);
    const now = Date.now();
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', top.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', top.id));
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const foreign = await addPackage(t.app, { promo_code: other.promoCode, name: '他店月包', price: 2_900 });

    expect(body(await post('/api/admin/packages/save', flashSale(top.id, now), agent)).code).toBe(0);
    expect(body(await post('/api/admin/packages/save', flashSale(low.id, now), agent)).code).toBe(0);
    expect(body(await post('/api/admin/packages/save', flashSale(other.id, now), agent)).code).toBe(-1);
    expect(body(await post('/api/admin/packages/save', { ...flashSale(top.id, now), id: foreign }, agent)).code).toBe(-1);
    expect(body(await post('/api/admin/packages/save', flashSale(top.id, now), staff)).code).toBe(-1);
    expect(body(await post('/api/admin/packages/save', flashSale(top.id, now), {})).code).toBe(61);
    // Moving a package to another storefront is refused even for an owner.
    expect(body(await post('/api/admin/packages/save', { ...flashSale(top.id, now), id: foreign }, owner)).code).toBe(-1);
    expect(body(await post('/api/admin/packages/save', { ...flashSale(other.id, now), id: foreign }, owner)).code).toBe(0);
  });
});

describe('top-up offers in the console', () => {
  it('an agent adds, edits and disables an offer of its storefront; the card sees it while enabled', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const offer = {
      promoterId: shop.id,
      kind: 'balance',
      payAmount: 10_000,
      bonusBalance: 1_000,
      bonusCoin: 0,
      title: { 'zh-Hans': '充100送10', en: 'Top up 100, get 10', 'zh-Hant': '' },
      tag: { 'zh-Hans': '推荐', en: 'Best', 'zh-Hant': '' },
      sort: 1,
      enabled: true,
    };
    const made = body<AdminTopupOffer>(await post('/api/admin/topupOffers/save', offer, h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      promoterId: shop.id,
      payAmount: 10_000,
      title: { 'zh-Hans': '充100送10', en: 'Top up 100, get 10', 'zh-Hant': '充100送10' },
      enabled: true,
    });
    const card = await makeCardClient(t.app, { promoCode: shop.promoCode });
    const headers = { ...(await simLogin(t.app, card.simNo)), 'accept-language': 'en' };
    const offers = async () =>
      body<{ offers: { id: number; credit: number; title: string; recommended: boolean }[] }>(
        await t.app.inject({ url: '/api/iot/balanceChoose', headers }),
      ).data.offers.map((o) => [o.id, o.credit, o.title, o.recommended]);
    expect(await offers()).toEqual([[made.data.id, 11_000, 'Top up 100, get 10', true]]);

    const edited = body<AdminTopupOffer>(
      await post(
        '/api/admin/topupOffers/save',
        { ...offer, id: made.data.id, bonusBalance: 2_000, title: { ...offer.title, en: 'Top up 100, get 20' } },
        h,
      ),
    );
    expect(edited.data.bonusBalance).toBe(2_000);
    expect(await offers()).toEqual([[made.data.id, 12_000, 'Top up 100, get 20', true]]);

    const off = body<AdminTopupOffer>(await post('/api/admin/topupOffers/enable', { id: made.data.id, enabled: false }, h));
    expect(off.data.enabled).toBe(false);
    expect(await offers()).toEqual([]);
    const list = body<{ list: AdminTopupOffer[] }>(await get(`/api/admin/topupOffers?promoterId=${shop.id}`, h));
    expect(list.data.list.map((o) => [o.id, o.enabled])).toEqual([[made.data.id, false]]);

    expect((await auditOf('topupOffer', made.data.id)).map((a) => a.action)).toEqual([
      'topupOffer.enable',
      'topupOffer.edit',
      'topupOffer.create',
    ]);
  });

  it('authorisation: another storefront refused to an agent, every offer route refused to staff, 61 without a session', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const offer = (promoterId: number) => ({
      promoterId,
      kind: 'coupon',
      payAmount: 5_000,
      bonusCoin: 500,
      title: { 'zh-Hans': '券币', en: '', 'zh-Hant': '' },
    });
    const foreign = body<AdminTopupOffer>(await post('/api/admin/topupOffers/save', offer(other.id), owner)).data;
    expect(foreign.promoterId).toBe(other.id);
    expect(body(await post('/api/admin/topupOffers/save', offer(other.id), agent)).code).toBe(-1);
    expect(body(await post('/api/admin/topupOffers/save', { ...offer(shop.id), id: foreign.id }, agent)).code).toBe(-1);
    expect(body(await post('/api/admin/topupOffers/enable', { id: foreign.id, enabled: false }, agent)).code).toBe(-1);
    expect(body(await get(`/api/admin/topupOffers?promoterId=${other.id}`, agent)).code).toBe(-1);
    expect(body(await get(`/api/admin/topupOffers?promoterId=${shop.id}`, staff)).code).toBe(-1);
    expect(body(await post('/api/admin/topupOffers/save', offer(shop.id), staff)).code).toBe(-1);
    expect(body(await post('/api/admin/topupOffers/enable', { id: foreign.id, enabled: false }, staff)).code).toBe(-1);
    expect(body(await get(`/api/admin/topupOffers?promoterId=${shop.id}`, {})).code).toBe(61);
    expect(body(await post('/api/admin/topupOffers/enable', { id: foreign.id, enabled: false }, owner)).code).toBe(0);
  });
});

describe('coupons in the console', () => {
  it('previews a grant with per-line problems, commits it once per key, the card sees the coupon; an unused one is revoked', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const a = await makeCardClient(t.app, { promoCode: shop.promoCode });
    const b = await makeCard(t.app, { promoCode: shop.promoCode });
    const foreign = await makeCard(t.app, { promoCode: other.promoCode });
    const expiresAt = Date.now() + 30 * 24 * HOUR;
    const grant = {
      cards: [a.iccid, b.simNo, foreign.simNo, '1440000000000', a.simNo].join('\n'),
      amount: 500,
      minSpend: 2_000,
      expiresAt,
    };
    const preview = body<CouponGrantPreview>(await post('/api/admin/coupons/grant/preview', grant, h, 'en'));
    expect(preview.data).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    expect(preview.data.lines.map((l) => [l.line, l.simNo, l.error])).toEqual([
      [1, a.simNo, null],
      [2, b.simNo, null],
      [3, '', 'no card with this ICCID or SIM number within your reach'],
      [4, '', 'no card with this ICCID or SIM number within your reach'],
      [5, a.simNo, 'the same card as line 1'],
    ]);
    expect((await a.c.get<{ list: unknown[] }>('/api/iot/simCouponList')).data.list).toEqual([]);

    const grantKey = key();
    const done = body<CouponGrantResult>(await post('/api/admin/coupons/grant/commit', { ...grant, grantKey }, h));
    expect(done.data).toMatchObject({ sourceNo: `grant:${grantKey}`, granted: 2, skipped: 3 });
    const replay = body<CouponGrantResult>(await post('/api/admin/coupons/grant/commit', { ...grant, grantKey }, h));
    expect(replay.data).toMatchObject({ granted: 2, skipped: 3 });

    const seen = await a.c.get<{ list: { id: number; amount: number; minSpend: number; state: string }[]; unused: number }>(
      '/api/iot/simCouponList',
    );
    expect(seen.data.list.map((c) => [c.amount, c.minSpend, c.state])).toEqual([[500, 2_000, 'unused']]);
    expect(seen.data.unused).toBe(1);

    const byCard = body<AdminCouponPage>(await get(`/api/admin/coupons?card=${a.iccid}`, h));
    expect(byCard.data.list.map((c) => [c.simNo, c.amount, c.state, c.sourceNo])).toEqual([[a.simNo, 500, 'unused', `grant:${grantKey}`]]);
    const byShop = body<AdminCouponPage>(await get(`/api/admin/coupons?promoterId=${shop.id}`, h));
    expect(byShop.data.total).toBe(2);
    expect(new Set(byShop.data.list.map((c) => c.simNo))).toEqual(new Set([a.simNo, b.simNo]));

    const id = seen.data.list[0]!.id;
    expect(body(await post('/api/admin/coupons/revoke', { id }, h)).code).toBe(0);
    expect((await a.c.get<{ list: unknown[] }>('/api/iot/simCouponList')).data.list).toEqual([]);
    expect(body(await post('/api/admin/coupons/revoke', { id }, h)).code).toBe(-1);

    expect((await auditOf('couponGrant', `grant:${grantKey}`)).map((x) => [x.action, x.after])).toEqual([
      ['coupon.grant', { amount: 500, minSpend: 2_000, expiresAt, granted: 2, cards: [a.simNo, b.simNo] }],
    ]);
    expect((await auditOf('coupon', id)).map((x) => x.action)).toEqual(['coupon.revoke']);
  });

  it('a used coupon cannot be revoked', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const packageId = await addPackage(t.app, { promo_code: shop.promoCode, name: '月包', price: 3_000, on_sale: 1 });
    const card = await makeCardClient(t.app, { promoCode: shop.promoCode, balance: 10_000 });
    const grant = { cards: card.simNo, amount: 500, expiresAt: Date.now() + HOUR, grantKey: key() };
    expect(body<CouponGrantResult>(await post('/api/admin/coupons/grant/commit', grant, h)).data.granted).toBe(1);
    const coupon = (await card.c.get<{ list: { id: number }[] }>('/api/iot/simCouponList')).data.list[0]!;
    const bought = await card.c.post('/api/iot/buyPackage', { packageId, payMethod: 'balance', effect: 'now', couponId: coupon.id });
    expect(bought.code).toBe(0);
    const refused = body(await post('/api/admin/coupons/revoke', { id: coupon.id }, h, 'en'));
    expect(refused).toEqual({ code: -1, message: 'this coupon was used: it can no longer be taken back', data: null });
    const listed = body<AdminCouponPage>(await get(`/api/admin/coupons?card=${card.simNo}&state=used`, h));
    expect(listed.data.list.map((c) => [c.id, c.state])).toEqual([[coupon.id, 'used']]);
  });

  it('authorisation: cards outside an agent’s reach are problems, their coupons invisible and not revocable; staff refused; 61', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', shop.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const foreign = await makeCard(t.app, { promoCode: other.promoCode });
    const grant = { cards: foreign.iccid, amount: 100, expiresAt: Date.now() + HOUR };
    expect(body<CouponGrantResult>(await post('/api/admin/coupons/grant/commit', { ...grant, grantKey: key() }, owner)).data.granted).toBe(
      1,
    );
    const agentGrant = body<CouponGrantResult>(await post('/api/admin/coupons/grant/commit', { ...grant, grantKey: key() }, agent));
    expect(agentGrant.data).toMatchObject({ granted: 0, skipped: 1 });
    const id = body<AdminCouponPage>(await get(`/api/admin/coupons?card=${foreign.simNo}`, owner)).data.list[0]!.id;
    expect(body<AdminCouponPage>(await get(`/api/admin/coupons?card=${foreign.simNo}`, agent)).data.total).toBe(0);
    expect(body(await get(`/api/admin/coupons?promoterId=${other.id}`, agent)).code).toBe(-1);
    expect(body(await post('/api/admin/coupons/revoke', { id }, agent)).code).toBe(-1);
    for (const [url, payload] of [
      ['/api/admin/coupons/grant/preview', grant],
      ['/api/admin/coupons/grant/commit', { ...grant, grantKey: key() }],
      ['/api/admin/coupons/revoke', { id }],
    ] as const) {
      expect(body(await post(url, payload, staff)).code).toBe(-1);
      expect(body(await post(url, payload, {})).code).toBe(61);
    }
    expect(body(await get('/api/admin/coupons', staff)).code).toBe(-1);
    expect(body(await get('/api/admin/coupons', {})).code).toBe(61);
    expect(body(await post('/api/admin/coupons/revoke', { id }, owner)).code).toBe(0);
  });
});
