import type { AdminAgreement, AdminFrontReply, AdminNameTexts, AdminSinglePage } from '@simshop/contract/admin-content';
import type { SinglePageInfo } from '@simshop/contract/single-page';
import type { BaseConfig } from '@simshop/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeGoods } from '../goods/test-kit.ts';
import { addPackage, makeCard, simLogin } from '../iot-money/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

/** The app's clock runs `shift` ms ahead of the real one (the shop's caches expire on it). */
let shift = 0;
let pair: TestAppPair;
beforeAll(async () => {
  pair = await createTestAppPair({ now: () => Date.now() + shift }, { SEED_NUMBERS: '50' });
});
afterAll(async () => pair.close());

const app = () => pair.apps[0];
const get = (url: string, headers: Record<string, string> = {}, on = app()) => on.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app().inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const lang = (l: string) => ({ 'accept-language': l });
const tri3 = (zh: string, en: string, hant: string) => ({ 'zh-Hans': zh, en, 'zh-Hant': hant });
type Protocol = { type: string; language: string; title: string; content: string; version: number };

describe('agreements in the console', () => {
  it("an agent writes its downstream's user agreement in three languages, sanitised; the shop shows it; the version goes up; audited", async () => {
    const mid = await makeAgent(app(), null);
    const low = await makeAgent(app(), mid.id);
    const agent = await makeOperator(app(), 'agent', mid.id);
    const h = await signIn(app(), agent);

    const start = body<{ list: AdminAgreement[] }>(await get(`/api/admin/agreements?promoterId=${low.id}`, h));
    expect(start.code).toBe(0);
    expect(start.data.list.map((a) => [a.type, a.source])).toEqual([
      ['login', 'inherited'],
      ['service', 'inherited'],
      ['privacy', 'inherited'],
      ['taskRule', 'inherited'],
      ['shopLogin', 'inherited'],
    ]);
    expect(start.data.list[4]!.title).toEqual(tri3('用户协议', 'User agreement', '用戶協議'));

    const preview = body<{ content: Record<string, string> }>(
      await post(
        '/api/admin/agreements/preview',
        { content: tri3('<p>条款<script>alert(1)</script></p>', '<p onclick="x()">Terms</p>', '') },
        h,
      ),
    );
    expect(preview.data.content).toEqual(tri3('<p>条款</p>', '<p>Terms</p>', '<p>條款</p>'));

    const agreement = {
      promoterId: low.id,
      type: 'shopLogin',
      title: tri3('晨星用户协议', 'Morning Star terms', ''),
      content: tri3(
        '<h3>一、账户</h3><p>请保管好账户。</p><script>steal()</script>',
        '<h3>1. Account</h3><p>Keep your account safe.<img src=x onerror="steal()"></p>',
        '<h3>一、帳戶</h3><p>請保管好帳戶。</p>',
      ),
    };
    const saved = body<AdminAgreement>(await post('/api/admin/agreements/save', agreement, h));
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({
      type: 'shopLogin',
      source: 'own',
      version: 1,
      title: tri3('晨星用户协议', 'Morning Star terms', '晨星用戶協議'),
      content: tri3(
        '<h3>一、账户</h3><p>请保管好账户。</p>',
        '<h3>1. Account</h3><p>Keep your account safe.</p>',
        '<h3>一、帳戶</h3><p>請保管好帳戶。</p>',
      ),
    });
    for (const [language, title, content] of [
      ['en', 'Morning Star terms', '<h3>1. Account</h3><p>Keep your account safe.</p>'],
      ['zh-Hans', '晨星用户协议', '<h3>一、账户</h3><p>请保管好账户。</p>'],
      ['zh-Hant', '晨星用戶協議', '<h3>一、帳戶</h3><p>請保管好帳戶。</p>'],
    ] as const) {
      const shown = body<Protocol>(await get(`/api/site/loginProtocol?promoCode=${low.promoCode}&language=${language}`));
      expect(shown.data, language).toMatchObject({ type: 'shopLogin', language, title, content, version: 1 });
    }
    // The upstream still has the default storefront's agreement.
    expect(body<Protocol>(await get(`/api/site/loginProtocol?promoCode=${mid.promoCode}&language=en`)).data.title).toBe('User agreement');

    const again = body<AdminAgreement>(
      await post(
        '/api/admin/agreements/save',
        { ...agreement, title: tri3('晨星用户协议（修订）', 'Morning Star terms (revised)', '') },
        h,
      ),
    );
    expect(again.data).toMatchObject({
      version: 2,
      title: tri3('晨星用户协议（修订）', 'Morning Star terms (revised)', '晨星用戶協議（修訂）'),
    });

    const missingEn = await post('/api/admin/agreements/save', { ...agreement, title: tri3('协议', '', '') }, h);
    expect(body(missingEn).code).toBe(-1);
    expect(missingEn.headers['x-error-field']).toBe('title.en');
    expect(body(await post('/api/admin/agreements/save', { ...agreement, type: 'realname' }, h)).code).toBe(-1);

    const owner = await signIn(app(), await makeOperator(app(), 'owner'));
    const log = body<{ list: { action: string; operatorMobile: string; before: AdminAgreement; after: AdminAgreement }[] }>(
      await get(`/api/admin/audit?objectType=agreement&objectId=${low.id}:shopLogin`, owner),
    );
    expect(
      log.data.list.map((r) => [r.action, r.operatorMobile, r.before.source, r.before.title.en, r.after.title.en, r.after.version]),
    ).toEqual([
      ['agreement.save', agent.mobile, 'own', 'Morning Star terms', 'Morning Star terms (revised)', 2],
      ['agreement.save', agent.mobile, 'inherited', 'User agreement', 'Morning Star terms', 1],
    ]);
  });
});

describe('single pages in the console', () => {
  it('an owner adds, changes and removes a page in three languages; the shop shows it at its route; codes are unique per storefront', async () => {
    const shop = await makeAgent(app(), null);
    const owner = await makeOperator(app(), 'owner');
    const h = await signIn(app(), owner);
    const code = `spring${Date.now() % 100_000}`;
    const page = {
      promoterId: shop.id,
      pageCode: code,
      title: tri3('春季活动', 'Spring sale', ''),
      blocks: [
        {
          type: 'text',
          title: tri3('活动说明', 'About the sale', '活動說明'),
          content: tri3('<p>全场八折<script>x()</script></p>', '<p>20% off</p>', ''),
        },
        { type: 'numbers', title: tri3('尾号 8', 'Ending in 8', ''), pattern: 'TAIL8', operator: '', limit: 4 },
        { type: 'button', key: 'shop', text: tri3('去逛逛', 'Shop now', ''), link: '/pages/index/default' },
      ],
      popup: { switch: false, title: tri3('', '', ''), content: tri3('', '', ''), buttonText: tri3('', '', ''), link: '' },
      enabled: true,
    };
    const made = body<AdminSinglePage>(await post('/api/admin/singlePages/save', page, h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ pageCode: code, title: tri3('春季活动', 'Spring sale', '春季活動'), enabled: true });
    expect(made.data.blocks[0]).toEqual({
      type: 'text',
      title: tri3('活动说明', 'About the sale', '活動說明'),
      content: tri3('<p>全场八折</p>', '<p>20% off</p>', '<p>全場八折</p>'),
    });

    const shown = (language: string) => get(`/api/shop/singlePageInfo?pageCode=${code}&promoCode=${shop.promoCode}`, lang(language));
    const en = body<SinglePageInfo>(await shown('en'));
    expect(en.data).toMatchObject({ pageCode: code, promoCode: shop.promoCode, title: 'Spring sale' });
    expect(en.data.blocks).toEqual([
      { type: 'text', title: 'About the sale', content: '<p>20% off</p>' },
      { type: 'numbers', title: 'Ending in 8', pattern: 'TAIL8', operator: '', limit: 4 },
      { type: 'button', key: 'shop', text: 'Shop now', link: '/pages/index/default' },
    ]);
    expect(body<SinglePageInfo>(await shown('zh-Hant')).data.title).toBe('春季活動');
    expect(body<SinglePageInfo>(await shown('zh-CN')).data.blocks[2]).toMatchObject({ text: '去逛逛' });

    // A change shows at once on this instance.
    const changed = body<AdminSinglePage>(
      await post('/api/admin/singlePages/save', { ...page, id: made.data.id, title: tri3('春季大促', 'Big spring sale', '') }, h),
    );
    expect(changed.data.title).toEqual(tri3('春季大促', 'Big spring sale', '春季大促'));
    expect(body<SinglePageInfo>(await shown('en')).data.title).toBe('Big spring sale');

    const taken = await post('/api/admin/singlePages/save', { ...page, title: tri3('重复', 'Duplicate', '') }, h);
    expect(body(taken)).toEqual({ code: -1, message: 'Page code: this storefront already has a page with this code', data: null });
    const badLink = await post(
      '/api/admin/singlePages/save',
      { ...page, pageCode: `${code}b`, popup: { ...page.popup, link: 'javascript:alert(1)' } },
      h,
    );
    expect(body(badLink).code).toBe(-1);
    expect(badLink.headers['x-error-field']).toBe('popup.link');

    // Two pages of one new code at once: one is made, the other refused naming the code.
    const race = await Promise.all(
      [1, 2].map(async (i) =>
        body(await post('/api/admin/singlePages/save', { ...page, pageCode: `${code}r`, title: tri3(`并发${i}`, `Race ${i}`, '') }, h)),
      ),
    );
    expect(race.map((r) => r.code).sort()).toEqual([-1, 0]);
    expect(race.find((r) => r.code === -1)?.message).toBe('Page code: this storefront already has a page with this code');
    const raced = race.find((r) => r.code === 0)!.data as AdminSinglePage;
    await post('/api/admin/singlePages/delete', { promoterId: shop.id, id: raced.id }, h);

    const listed = body<{ list: AdminSinglePage[] }>(await get(`/api/admin/singlePages?promoterId=${shop.id}`, h));
    expect(listed.data.list.map((p) => [p.id, p.pageCode, p.title.en])).toEqual([[made.data.id, code, 'Big spring sale']]);

    const removed = body<AdminSinglePage>(await post('/api/admin/singlePages/delete', { promoterId: shop.id, id: made.data.id }, h));
    expect(removed.data.title.en).toBe('Big spring sale');
    expect(body(await shown('en'))).toEqual({ code: -1, message: 'Page code: no such page', data: null });
    expect(body(await post('/api/admin/singlePages/delete', { promoterId: shop.id, id: made.data.id }, h)).code).toBe(-1);

    const log = body<{ list: { action: string; before: AdminSinglePage | null; after: AdminSinglePage | null }[] }>(
      await get(`/api/admin/audit?objectType=singlePage&objectId=${made.data.id}`, h),
    );
    expect(log.data.list.map((r) => [r.action, r.before?.title.en ?? null, r.after?.title.en ?? null])).toEqual([
      ['singlePage.delete', 'Big spring sale', null],
      ['singlePage.save', 'Spring sale', 'Big spring sale'],
      ['singlePage.save', null, 'Spring sale'],
    ]);
  });
});

describe('front settings in the console', () => {
  it('an agent changes its storefront’s service phone, title and banners; this instance shows them at once, another within its 5-second cache', async () => {
    const shop = await makeAgent(app(), null);
    const agent = await makeOperator(app(), 'agent', shop.id);
    const h = await signIn(app(), agent);
    const [first, second] = pair.apps;
    const config = async (on: typeof first, language = 'en') =>
      body<BaseConfig>(await get(`/api/hk/baseConfig?promoCode=${shop.promoCode}`, lang(language), on)).data;
    const before = await config(second);
    await config(first);

    const start = body<AdminFrontReply>(await get(`/api/admin/front?promoterId=${shop.id}`, h));
    expect(start.code).toBe(0);
    expect(start.data.front.kefuMobile).toBe(before.front.kefuMobile);
    expect(start.data.front.title.en).toBe(before.front.title);

    const front = {
      ...start.data.front,
      title: tri3('晨星号卡', 'Morning Star SIMs', ''),
      kefuMobile: '400-100-2000',
      kefuUrl: 'https://help.example.com/chat',
      indexCarousel: [
        { image: 'https://cdn.example.com/b1.png', title: tri3('新春特惠', 'New year offers', ''), link: '/pages/number/index' },
      ],
    };
    const saved = body<AdminFrontReply>(await post('/api/admin/front/save', { promoterId: shop.id, front }, h));
    expect(saved.code).toBe(0);
    expect(saved.data.front).toMatchObject({ title: tri3('晨星号卡', 'Morning Star SIMs', '晨星號卡'), kefuMobile: '400-100-2000' });

    const now = await config(first);
    expect(now.front).toMatchObject({
      title: 'Morning Star SIMs',
      kefuMobile: '400-100-2000',
      kefuUrl: 'https://help.example.com/chat',
      indexCarousel: [{ image: 'https://cdn.example.com/b1.png', title: 'New year offers', link: '/pages/number/index' }],
    });
    // The fast navigation and the rest of the front are kept.
    expect(now.front.fastNav).toEqual(before.front.fastNav);
    expect((await config(first, 'zh-Hant')).front.indexCarousel[0]!.title).toBe('新春特惠');
    // Another instance answers from its cache until it expires, then the change.
    expect((await config(second)).front.kefuMobile).toBe(before.front.kefuMobile);
    shift += 5_001;
    expect((await config(second)).front).toMatchObject({ title: 'Morning Star SIMs', kefuMobile: '400-100-2000' });

    for (const [field, value] of [
      ['kefuMobile', 'call us'],
      ['kefuUrl', 'javascript:alert(1)'],
    ] as const) {
      const res = await post('/api/admin/front/save', { promoterId: shop.id, front: { ...front, [field]: value } }, h);
      expect(body(res).code, field).toBe(-1);
      expect(res.headers['x-error-field'], field).toBe(`front.${field}`);
    }
    const log = body<{ list: { action: string; before: { kefuMobile: string }; after: { kefuMobile: string } }[] }>(
      await get(`/api/admin/audit?objectType=front&objectId=${shop.id}`, await signIn(app(), await makeOperator(app(), 'owner'))),
    );
    expect(log.data.list.map((r) => [r.action, r.before.kefuMobile, r.after.kefuMobile])).toEqual([
      ['front.save', before.front.kefuMobile, '400-100-2000'],
    ]);
  });
});

describe('translations of goods and package names', () => {
  it('an agent translates a good, its spec and a package; the shop and the app show them in the reader’s language', async () => {
    const shop = await makeAgent(app(), null);
    const agent = await makeOperator(app(), 'agent', shop.id);
    const h = await signIn(app(), agent);
    const g = await makeGoods(app(), { promoCode: shop.promoCode });
    const packageId = await addPackage(app(), { promo_code: shop.promoCode, name: '月享流量包', price: 1900, operator_type: 4 });

    const list = body<{ list: AdminNameTexts[] }>(await get(`/api/admin/translations?promoterId=${shop.id}`, h));
    expect(list.data.list).toEqual([
      { kind: 'goods', id: g.goodsId, goodsId: 0, name: tri3('测试商品', '测试商品', '測試商品'), own: { en: false, 'zh-Hant': false } },
      { kind: 'sku', id: g.skuId, goodsId: g.goodsId, name: tri3('标准版', '标准版', '標準版'), own: { en: false, 'zh-Hant': false } },
      {
        kind: 'package',
        id: packageId,
        goodsId: 0,
        name: tri3('月享流量包', '月享流量包', '月享流量包'),
        own: { en: false, 'zh-Hant': false },
      },
    ]);

    const save = (payload: object) => post('/api/admin/translations/save', { promoterId: shop.id, ...payload }, h);
    expect(body<AdminNameTexts>(await save({ kind: 'goods', id: g.goodsId, en: 'Test device', 'zh-Hant': '' })).data).toMatchObject({
      name: tri3('测试商品', 'Test device', '測試商品'),
      own: { en: true, 'zh-Hant': false },
    });
    await save({ kind: 'sku', id: g.skuId, goodsId: g.goodsId, en: 'Standard', 'zh-Hant': '標準款' });
    expect(
      body<AdminNameTexts>(await save({ kind: 'package', id: packageId, en: 'Monthly data', 'zh-Hant': '月享流量方案' })).data.own,
    ).toEqual({
      en: true,
      'zh-Hant': true,
    });

    type Detail = { name: string; skus: { id: number; name: string }[] };
    const detail = async (language: string) =>
      body<Detail>(await get(`/api/shop/goodsDetail?id=${g.goodsId}&promoCode=${shop.promoCode}`, lang(language))).data;
    expect(await detail('en')).toMatchObject({ name: 'Test device', skus: [{ id: g.skuId, name: 'Standard' }] });
    expect(await detail('zh-Hant')).toMatchObject({ name: '測試商品', skus: [{ id: g.skuId, name: '標準款' }] });
    expect(await detail('zh-CN')).toMatchObject({ name: '测试商品', skus: [{ id: g.skuId, name: '标准版' }] });

    const sim = await simLogin(app(), (await makeCard(app(), { promoCode: shop.promoCode })).simNo);
    const pkg = async (language: string) =>
      body<{ package: { name: string } }>(await get(`/api/iot/packageDetails?packageId=${packageId}`, { ...sim, ...lang(language) })).data
        .package.name;
    expect(await pkg('en')).toBe('Monthly data');
    expect(await pkg('zh-Hant')).toBe('月享流量方案');

    // Empty drops a translation: the reader gets the stored name again.
    await save({ kind: 'package', id: packageId, en: '', 'zh-Hant': '月享流量方案' });
    expect(await pkg('en')).toBe('月享流量包');

    // Another storefront's good, a spec under the wrong good, a missing one: refused like missing.
    const other = await makeGoods(app());
    for (const payload of [
      { kind: 'goods', id: other.goodsId, en: 'x', 'zh-Hant': '' },
      { kind: 'sku', id: other.skuId, goodsId: g.goodsId, en: 'x', 'zh-Hant': '' },
      { kind: 'package', id: 999_999_999, en: 'x', 'zh-Hant': '' },
    ]) {
      expect(body(await save(payload))).toEqual({ code: -1, message: 'Item: not found or not yours to manage', data: null });
    }

    const owner = await signIn(app(), await makeOperator(app(), 'owner'));
    const log = body<{ list: { action: string; objectType: string; before: { en: string }; after: { en: string } }[] }>(
      await get(`/api/admin/audit?objectType=package&objectId=${packageId}`, owner),
    );
    expect(log.data.list.map((r) => [r.action, r.before.en, r.after.en])).toEqual([
      ['translation.save', 'Monthly data', '月享流量包'],
      ['translation.save', '月享流量包', 'Monthly data'],
    ]);
  });
});

describe('authorisation matrix: role × content route × another promoter’s storefront', () => {
  it('lets an agent manage its own and its direct downstream’s content only, refuses staff, and asks for a session', async () => {
    const top = await makeAgent(app(), null);
    const mid = await makeAgent(app(), top.id);
    const low = await makeAgent(app(), mid.id);
    const lower2 = await makeAgent(app(), low.id);
    const other = await makeAgent(app(), null);
    const owner = await signIn(app(), await makeOperator(app(), 'owner'));
    const agent = await signIn(app(), await makeOperator(app(), 'agent', mid.id));
    const staff = await signIn(app(), await makeOperator(app(), 'staff', mid.id));
    const pageOf = new Map<number, number>();
    const goodsOf = new Map<number, number>();
    for (const p of [top, mid, low, lower2, other]) {
      goodsOf.set(p.id, (await makeGoods(app(), { promoCode: p.promoCode })).goodsId);
    }
    let n = 0;
    const routes = (promoterId: number) => ({
      agreements: async (h: Record<string, string>) => body(await get(`/api/admin/agreements?promoterId=${promoterId}`, h)).code,
      agreementSave: async (h: Record<string, string>) =>
        body(
          await post(
            '/api/admin/agreements/save',
            { promoterId, type: 'privacy', title: tri3('隐私', 'Privacy', ''), content: tri3('<p>隐私</p>', '<p>Privacy</p>', '') },
            h,
          ),
        ).code,
      pages: async (h: Record<string, string>) => body(await get(`/api/admin/singlePages?promoterId=${promoterId}`, h)).code,
      pageSave: async (h: Record<string, string>) => {
        const r = body<AdminSinglePage>(
          await post(
            '/api/admin/singlePages/save',
            {
              promoterId,
              pageCode: `m${++n}`,
              title: tri3('页面', 'Page', ''),
              blocks: [],
              popup: { switch: false, title: tri3('', '', ''), content: tri3('', '', ''), buttonText: tri3('', '', ''), link: '' },
              enabled: false,
            },
            h,
          ),
        );
        if (r.code === 0) pageOf.set(promoterId, r.data.id);
        return r.code;
      },
      pageDelete: async (h: Record<string, string>) =>
        body(await post('/api/admin/singlePages/delete', { promoterId, id: pageOf.get(promoterId) ?? 1 }, h)).code,
      front: async (h: Record<string, string>) => body(await get(`/api/admin/front?promoterId=${promoterId}`, h)).code,
      frontSave: async (h: Record<string, string>) => {
        const f = body<AdminFrontReply>(await get(`/api/admin/front?promoterId=${promoterId}`, owner)).data.front;
        return body(await post('/api/admin/front/save', { promoterId, front: f }, h)).code;
      },
      names: async (h: Record<string, string>) => body(await get(`/api/admin/translations?promoterId=${promoterId}`, h)).code,
      nameSave: async (h: Record<string, string>) =>
        body(
          await post(
            '/api/admin/translations/save',
            { promoterId, kind: 'goods', id: goodsOf.get(promoterId), en: 'Test', 'zh-Hant': '' },
            h,
          ),
        ).code,
    });
    const outcomes = async (h: Record<string, string>, promoterId: number) => {
      const out: Record<string, number> = {};
      for (const [name, run] of Object.entries(routes(promoterId))) out[name] = await run(h);
      return out;
    };
    const all = (code: number) => ({
      agreements: code,
      agreementSave: code,
      pages: code,
      pageSave: code,
      pageDelete: code,
      front: code,
      frontSave: code,
      names: code,
      nameSave: code,
    });

    expect(await outcomes(agent, mid.id), 'agent · own').toEqual(all(0));
    expect(await outcomes(agent, low.id), 'agent · direct downstream').toEqual(all(0));
    expect(await outcomes(agent, top.id), 'agent · upstream').toEqual(all(-1));
    expect(await outcomes(agent, lower2.id), 'agent · downstream of downstream').toEqual(all(-1));
    expect(await outcomes(agent, other.id), 'agent · another chain').toEqual(all(-1));
    expect(await outcomes(staff, mid.id), 'staff · own').toEqual(all(-1));
    expect(await outcomes(staff, other.id), 'staff · other').toEqual(all(-1));
    expect(await outcomes({}, mid.id), 'no session').toEqual(all(61));
    expect(await outcomes(owner, other.id), 'owner · any').toEqual(all(0));
    expect(await outcomes(owner, top.id), 'owner · top').toEqual(all(0));
    // The preview stores nothing but still needs the area.
    const previewOf = async (h: Record<string, string>) =>
      body(await post('/api/admin/agreements/preview', { content: tri3('<p>a</p>', '', '') }, h)).code;
    expect([await previewOf(owner), await previewOf(agent), await previewOf(staff), await previewOf({})]).toEqual([0, 0, -1, 61]);
    const converted = await post('/api/admin/traditional', { texts: ['流量套餐', '标准版'] }, agent);
    expect(body(converted)).toEqual({ code: 0, message: 'ok', data: { texts: ['流量套餐', '標準版'] } });
    expect(body(await post('/api/admin/traditional', { texts: ['流量'] }, staff)).code).toBe(-1);
    // A page of another storefront named under the agent's own is refused like a missing one.
    expect(body(await post('/api/admin/singlePages/delete', { promoterId: mid.id, id: pageOf.get(other.id) }, agent))).toEqual({
      code: -1,
      message: 'Item: not found or not yours to manage',
      data: null,
    });
  });
});
