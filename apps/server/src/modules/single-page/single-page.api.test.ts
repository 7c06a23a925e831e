import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Page = {
  pageCode: string;
  promoCode: string;
  title: string;
  blocks: { type: string; title?: string; text?: string; link?: string; pattern?: string }[];
  popup: { switch: boolean; title: string; buttonText: string; link: string };
};

const get = async (url: string, language = 'en') => t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

describe('GET /api/shop/singlePageInfo', () => {
  it('answers the featured page of a code with its blocks in order, in the language', async () => {
    const en = body<Page>(await get('/api/shop/singlePageInfo?pageCode=lucky'));
    expect(en.code).toBe(0);
    expect(en.data).toMatchObject({ pageCode: 'lucky', promoCode: 'demo', title: 'Lucky Number Festival' });
    expect(en.data.blocks.map((b) => b.type)).toEqual(['banner', 'text', 'numbers', 'numbers', 'goods', 'button', 'button']);
    expect(en.data.blocks[2]).toMatchObject({ type: 'numbers', title: 'Picks ending in 8', pattern: 'TAIL8' });
    expect(en.data.blocks[4]).toEqual({ type: 'goods', title: 'Featured goods', categoryId: 0, limit: 4 });
    expect(en.data.blocks[6]).toEqual({ type: 'button', key: 'shop', text: 'Go to the shop', link: '/pages/index/default' });
    expect(en.data.popup).toMatchObject({ switch: true, title: 'For new customers', buttonText: 'Pick a number' });

    const hans = body<Page>(await get('/api/shop/singlePageInfo?pageCode=lucky', 'zh-CN'));
    expect(hans.data.title).toBe('吉祥靓号节');
    const hant = body<Page>(await get('/api/shop/singlePageInfo?pageCode=lucky', 'zh-TW'));
    expect(hant.data.title).toBe('吉祥靚號節');
    expect(hant.data.blocks[4]).toMatchObject({ type: 'goods', title: '精選好物' });
    expect(hant.data.blocks[5]).toMatchObject({ text: '查看全部靚號' });
  });

  it("gives an agent's visitors the default storefront's page when the agent has none of that code", async () => {
    const b = body<Page>(await get('/api/shop/singlePageInfo?pageCode=iot&promoCode=agent02'));
    expect(b.code).toBe(0);
    expect(b.data).toMatchObject({ pageCode: 'iot', promoCode: 'agent02', title: 'IoT SIM self-service' });
  });

  it('prefers the promoter’s own page of a code', async () => {
    const agent = await t.app.db.db.selectFrom('promoters').select('id').where('promo_code', '=', 'agent03').executeTakeFirstOrThrow();
    await t.app.db.db
      .insertInto('single_pages')
      .values({
        promoter_id: agent.id,
        page_code: 'lucky',
        title: '晨光靓号专场',
        blocks: JSON.stringify([{ type: 'text', title: '', content: '<b>到店自提</b>' }]),
        popup: JSON.stringify({ switch: false, title: '', content: '', buttonText: '', link: '' }),
        enabled: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    const b = body<Page>(await get('/api/shop/singlePageInfo?pageCode=lucky&promoCode=agent03', 'zh-CN'));
    expect(b.data).toMatchObject({ title: '晨光靓号专场', promoCode: 'agent03', blocks: [{ type: 'text', content: '<b>到店自提</b>' }] });
  });

  it('refuses an unknown, missing or malformed page code naming the field', async () => {
    for (const query of ['pageCode=nosuchpage', '', 'pageCode=', `pageCode=${'x'.repeat(65)}`, 'pageCode=a%20b']) {
      const res = await get(`/api/shop/singlePageInfo?${query}`);
      expect(res.statusCode).toBe(200);
      expect(body(res).code).toBe(-1);
      expect(res.headers['x-error-field']).toBe('pageCode');
    }
  });
});

describe('GET /api/site/loginProtocol', () => {
  it('answers the storefront user agreement in the language asked', async () => {
    const en = body<{ type: string; language: string; title: string; content: string }>(await get('/api/site/loginProtocol'));
    expect(en.data).toMatchObject({ type: 'shopLogin', language: 'en', title: 'User agreement' });
    expect(en.data.content).toContain('<h3>1. Your account</h3>');
    const hant = body<{ title: string }>(await get('/api/site/loginProtocol?promoCode=agent01&language=zh-Hant'));
    expect(hant.data.title).toBe('用戶協議');
    const hans = body<{ title: string }>(await get('/api/site/loginProtocol', 'zh-CN'));
    expect(hans.data.title).toBe('用户协议');
  });
});
