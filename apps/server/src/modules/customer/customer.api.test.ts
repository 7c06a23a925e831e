import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { putTexts } from '../i18n-texts/service.ts';

let t: TestApp;
let clock = Date.UTC(2026, 2, 15, 2);
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

type Summary = { id: number; title: string; category: string; categoryName: string };
type Page = { list: Summary[]; total: number; page: number; pageSize: number };
type Detail = Summary & { content: string; updatedAt: number };

const get = async <T>(url: string, language = 'en') =>
  body<T>(await t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } }));

/** Questions of a category of this test's own (a value no other test uses), in order. */
async function makeQuestions(rows: { title: string; content?: string; hot?: number; enabled?: number }[]) {
  const category = `c${randomBytes(4).toString('hex')}`;
  const ids: number[] = [];
  for (const [sort, r] of rows.entries()) {
    const row = await t.app.db.db
      .insertInto('sys_questions')
      .values({
        category,
        title: r.title,
        content: r.content ?? '<p>答案</p>',
        hot: r.hot ?? 0,
        sort,
        enabled: r.enabled ?? 1,
        created_at: clock,
        updated_at: clock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { category, ids };
}

describe('GET /api/shop/customer/hotQuestionList', () => {
  it('lists the hot questions in their order with their category, in the language', async () => {
    const en = await get<Summary[]>('/api/shop/customer/hotQuestionList');
    expect(en.code).toBe(0);
    expect(en.data.slice(0, 3).map((q) => [q.title, q.category, q.categoryName])).toEqual([
      ['How soon is my number shipped?', 'order', 'Orders & delivery'],
      ['How do I activate the card I received?', 'activate', 'Activation & real name'],
      ['Can I cancel an order or get a refund?', 'after', 'After-sales'],
    ]);
    const hans = await get<Summary[]>('/api/shop/customer/hotQuestionList', 'zh-CN');
    expect(hans.data[0]).toMatchObject({ title: '靓号下单后多久发货？', categoryName: '订单物流' });
    const hant = await get<Summary[]>('/api/shop/customer/hotQuestionList', 'zh-TW');
    expect(hant.data[0]).toMatchObject({ title: '靚號下單後多久發貨？', categoryName: '訂單物流' });
  });

  it('is read from the database at most once a second', async () => {
    const before = await get<Summary[]>('/api/shop/customer/hotQuestionList', 'zh-CN');
    await makeQuestions([{ title: '新的热门问题', hot: 50 }]);
    const cached = await get<Summary[]>('/api/shop/customer/hotQuestionList', 'zh-CN');
    expect(cached.data).toEqual(before.data);
    clock += 1000;
    const fresh = await get<Summary[]>('/api/shop/customer/hotQuestionList', 'zh-CN');
    expect(fresh.data.map((q) => q.title)).toContain('新的热门问题');
    expect(fresh.data.length).toBeLessThanOrEqual(10);
  });
});

describe('GET /api/shop/sysQuestion/list', () => {
  it('pages the questions of a category in their order and leaves out disabled ones', async () => {
    const { category, ids } = await makeQuestions([
      { title: '问题一' },
      { title: '问题二' },
      { title: '停用的问题', enabled: 0 },
      { title: '问题三' },
    ]);
    const first = await get<Page>(`/api/shop/sysQuestion/list?category=${category}&pageSize=2`, 'zh-CN');
    expect(first.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.data.list.map((q) => q.title)).toEqual(['问题一', '问题二']);
    const second = await get<Page>(`/api/shop/sysQuestion/list?category=${category}&pageSize=2&page=2`, 'zh-CN');
    expect(second.data.list.map((q) => [q.id, q.title])).toEqual([[ids[3], '问题三']]);
    const beyond = await get<Page>(`/api/shop/sysQuestion/list?category=${category}&pageSize=2&page=3`, 'zh-CN');
    expect(beyond.data).toMatchObject({ list: [], total: 3 });
  });

  it('lists every category when none is given', async () => {
    const all = await get<Page>('/api/shop/sysQuestion/list?pageSize=50');
    expect(all.data.list.map((q) => q.category)).toEqual(expect.arrayContaining(['buy', 'order', 'activate', 'iot', 'after']));
    expect(all.data.total).toBeGreaterThanOrEqual(12);
  });

  it('finds questions by words of the title or the answer, in each language', async () => {
    const { category, ids } = await makeQuestions([
      { title: '如何办理携号转网？', content: '<p>请携带身份证到营业厅。</p>' },
      { title: '套餐说明', content: '<p>携号转网后套餐不变。</p>' },
      { title: '其他问题' },
    ]);
    const [a, b] = ids as [number, number];
    await putTexts(t.app.db.db, [
      { entity: 'sys_question', id: a, field: 'title', language: 'en', text: 'How do I port my number to 50%_OFF?' },
      { entity: 'sys_question', id: b, field: 'title', language: 'en', text: 'About packages' },
    ]);
    const list = async (keyword: string, language: string) =>
      (await get<Page>(`/api/shop/sysQuestion/list?category=${category}&keyword=${encodeURIComponent(keyword)}`, language)).data.list.map(
        (q) => q.id,
      );
    expect(await list('携号转网', 'zh-CN')).toEqual([a, b]);
    expect(await list('攜號轉網', 'zh-TW')).toEqual([a, b]);
    expect(await list('PORT my', 'en')).toEqual([a]);
    expect(await list('50%_off', 'en')).toEqual([a]);
    expect(await list('50%', 'zh-CN')).toEqual([]);
    expect(await list('营业厅', 'en')).toEqual([a]);
    expect(await list('nothing like this', 'en')).toEqual([]);
  });

  it('refuses a bad page, page size or keyword naming the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=51', 'pageSize'],
      [`keyword=${'x'.repeat(51)}`, 'keyword'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/shop/sysQuestion/list?${query}` });
      expect(res.statusCode).toBe(200);
      expect(body(res).code).toBe(-1);
      expect(res.headers['x-error-field']).toBe(field);
    }
  });
});

describe('GET /api/shop/sysQuestion/view', () => {
  it('answers a question with its sanitised rich text', async () => {
    const { ids } = await makeQuestions([
      {
        title: '危险的答案',
        content:
          '<p onclick="steal()">第一段<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">坏链接</a>' +
          '<a href="https://example.com/help" style="color:red">好链接</a><iframe src="https://evil.test"></iframe><ol><li><strong>要点</strong></li></ol>',
      },
    ]);
    const b = await get<Detail>(`/api/shop/sysQuestion/view?id=${ids[0]}`, 'zh-CN');
    expect(b.code).toBe(0);
    expect(b.data.title).toBe('危险的答案');
    expect(b.data.content).toBe(
      '<p>第一段</p><a>坏链接</a><a href="https://example.com/help" target="_blank" rel="noopener noreferrer">好链接</a><ol><li><strong>要点</strong></li></ol>',
    );
    expect(b.data.updatedAt).toBe(clock);
  });

  it('answers in the language: English text of its own, Traditional converted', async () => {
    const en = await get<Detail>('/api/shop/sysQuestion/view?id=1');
    expect(en.data).toMatchObject({ id: 1, title: 'How soon is my number shipped?', categoryName: 'Orders & delivery' });
    expect(en.data.content).toContain('<strong>within 48 hours</strong>');
    const hant = await get<Detail>('/api/shop/sysQuestion/view?id=1', 'zh-TW');
    expect(hant.data.content).toBe(
      '<p>付款成功後 <strong>48 小時內</strong>發貨，默認順豐包郵。</p><p>偏遠地區約 3-5 天送達，可在“訂單”中查看物流進度。</p>',
    );
  });

  it('refuses an unknown, disabled or malformed id naming it', async () => {
    const { ids } = await makeQuestions([{ title: '停用', enabled: 0 }]);
    for (const id of [String(ids[0]), '99999999', 'abc', '0']) {
      const res = await t.app.inject({ url: `/api/shop/sysQuestion/view?id=${id}` });
      expect(res.statusCode).toBe(200);
      expect(body(res).code).toBe(-1);
      expect(res.headers['x-error-field']).toBe('id');
    }
  });
});
