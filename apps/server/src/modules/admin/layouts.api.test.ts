import type { AdminLayout, LayoutTexts } from '@simshop/contract/admin-layouts';
import type { SimLayout, SimLayoutReply } from '@simshop/contract/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeCard, simLogin } from '../iot-money/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

/** The app's clock runs `shift` ms ahead of the real one (preview tokens expire). */
let shift = 0;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => Date.now() + shift }, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const lang = (l: string) => ({ 'accept-language': l });

type Draft = { draftId: number; preview: { token: string; expiresAt: number; url: string } };
type Preview = { layout: SimLayoutReply; simInfo: { simNo: string; rechargeNo: string; balance: number; promoCode: string } };

/** The layout with its first menu renamed in three languages, and a popup. */
function edited(start: AdminLayout, label: string): { layout: SimLayout; texts: LayoutTexts } {
  const layout: SimLayout = structuredClone(start.layout);
  layout.menus[0] = { ...layout.menus[0]!, title: `${label}中文` };
  layout.popup = { switch: true, title: '欢迎', content: '新功能上线' };
  return {
    layout,
    texts: {
      ...start.texts,
      'layout.menus.0.title': { en: `${label} EN`, 'zh-Hant': `${label}繁體` },
      'layout.popup.title': { en: 'Welcome', 'zh-Hant': '歡迎' },
      'layout.popup.content': { en: 'New features are live', 'zh-Hant': '新功能上線' },
    },
  };
}

describe('layouts in the console', () => {
  it('an owner saves a draft the shop does not see, previews it, publishes it, and the audit log has before → after', async () => {
    const shop = await makeAgent(t.app, null);
    const owner = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, owner);
    const simHeaders = await simLogin(t.app, (await makeCard(t.app, { promoCode: shop.promoCode })).simNo);

    const start = body<AdminLayout>(await get(`/api/admin/layouts?promoterId=${shop.id}`, h));
    expect(start.code).toBe(0);
    expect(start.data).toMatchObject({ promoter: { promoCode: shop.promoCode }, source: 'inherited', version: 0, draft: null });
    const firstTitle = start.data.layout.menus[0]!.title;
    expect(start.data.texts['layout.menus.0.title']).toEqual({ en: 'Package details', 'zh-Hant': '套餐詳情' });

    const change = edited(start.data, '流量套餐');
    const draft = body<Draft>(await post('/api/admin/layouts/draft', { promoterId: shop.id, ...change }, h));
    expect(draft.code).toBe(0);
    expect(draft.data.preview.url).toBe(
      `/shop/#/pages/iot/index/index?iotPreview=IotLayout:1449999999999&previewToken=${encodeURIComponent(draft.data.preview.token)}`,
    );

    // The shop still shows the published layout.
    const live = body<SimLayoutReply>(await get('/api/iot/simLayout', { ...simHeaders, ...lang('zh-Hans') }));
    expect(live.data.layout.menus[0]!.title).toBe(firstTitle);

    // The preview shows the draft in each language, with demo card facts.
    const token = encodeURIComponent(draft.data.preview.token);
    const zh = body<Preview>(await get(`/api/layoutPreview?token=${token}`, lang('zh-Hans')));
    expect(zh.data.layout.layout.menus[0]!.title).toBe('流量套餐中文');
    expect(zh.data.simInfo).toMatchObject({ simNo: '1449999999999', balance: 3650, promoCode: shop.promoCode });
    const en = body<Preview>(await get(`/api/layoutPreview?token=${token}`, lang('en')));
    expect(en.data.layout.layout.menus[0]!.title).toBe('流量套餐 EN');
    expect(en.data.layout.layout.menus[1]!.title).toBe('Usage history');
    expect(en.data.layout.layout.popup).toEqual({ switch: true, title: 'Welcome', content: 'New features are live' });
    const hant = body<Preview>(await get(`/api/layoutPreview?token=${token}`, lang('zh-Hant')));
    expect(hant.data.layout.layout.menus[0]!.title).toBe('流量套餐繁體');

    // The newest draft comes back with the layout.
    const withDraft = body<AdminLayout>(await get(`/api/admin/layouts?promoterId=${shop.id}`, h));
    expect(withDraft.data.draft).toMatchObject({ id: draft.data.draftId, publishedAt: null });
    expect(withDraft.data.draft?.layout.menus[0]?.title).toBe('流量套餐中文');

    const published = body<{ version: number }>(
      await post('/api/admin/layouts/publish', { promoterId: shop.id, draftId: draft.data.draftId }, h),
    );
    expect(published.code).toBe(0);
    for (const [language, title] of [
      ['zh-Hans', '流量套餐中文'],
      ['en', '流量套餐 EN'],
      ['zh-Hant', '流量套餐繁體'],
    ] as const) {
      const reply = body<SimLayoutReply>(await t.app.inject({ url: '/api/iot/simLayout', headers: { ...simHeaders, ...lang(language) } }));
      expect(reply.data.layout.menus[0]!.title, language).toBe(title);
      expect(reply.data.version).toBe(published.data.version);
    }
    const after = body<AdminLayout>(await get(`/api/admin/layouts?promoterId=${shop.id}`, h));
    expect(after.data).toMatchObject({ source: 'own', version: published.data.version, draft: null });
    expect(after.data.texts['layout.menus.0.title']).toEqual({ en: '流量套餐 EN', 'zh-Hant': '流量套餐繁體' });
    expect(after.data.texts['layout.menus.1.title']).toEqual({ en: 'Usage history', 'zh-Hant': '用量記錄' });

    const log = body<{ list: { action: string; operatorMobile: string; before: any; after: any }[] }>(
      await get(`/api/admin/audit?objectType=layout&objectId=${shop.id}`, h),
    );
    expect(log.data.list.map((r) => r.action)).toEqual(['layout.publish', 'layout.draft']);
    const [pub, saved] = log.data.list;
    expect(pub!.operatorMobile).toBe(owner.mobile);
    expect(pub!.before.source).toBe('inherited');
    expect(pub!.before.layout.menus[0].title).toBe(firstTitle);
    expect(pub!.after.draftId).toBe(draft.data.draftId);
    expect(pub!.after.layout.menus[0].title).toBe('流量套餐中文');
    expect(pub!.after.texts['layout.menus.0.title']).toEqual({ en: '流量套餐 EN', 'zh-Hant': '流量套餐繁體' });
    expect(saved).toMatchObject({ before: null, after: { draftId: draft.data.draftId } });
  });

  it('refuses a layout that breaks the contract, naming the field, and a draft of another storefront', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const start = body<AdminLayout>(await get(`/api/admin/layouts?promoterId=${shop.id}`, h)).data;
    const bad = body(
      await post('/api/admin/layouts/draft', { promoterId: shop.id, layout: { ...start.layout, maxMenuTimes: 0 }, texts: {} }, h),
    );
    expect(bad.code).toBe(-1);
    expect(bad.message).toMatch(/^This entry: /);
    const badPath = body(
      await post(
        '/api/admin/layouts/draft',
        { promoterId: shop.id, layout: start.layout, texts: { 'menus.0': { en: 'x', 'zh-Hant': 'x' } } },
        h,
      ),
    );
    expect(badPath.code).toBe(-1);
    const draft = body<Draft>(await post('/api/admin/layouts/draft', { promoterId: shop.id, layout: start.layout, texts: start.texts }, h));
    const cross = body(await post('/api/admin/layouts/publish', { promoterId: other.id, draftId: draft.data.draftId }, h));
    expect(cross).toEqual({ code: -1, message: "Draft: no such draft of this storefront's layout", data: null });
    const crossPreview = body(await post('/api/admin/layouts/preview', { promoterId: other.id, draftId: draft.data.draftId }, h));
    expect(crossPreview.code).toBe(-1);
  });
});

describe('layout preview tokens', () => {
  it('show only their layout: not a SIM session, not a console session, not when changed, not after 15 minutes', async () => {
    const shop = await makeAgent(t.app, null);
    const h = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const live = body<{ token: string; url: string }>(await post('/api/admin/layouts/preview', { promoterId: shop.id, draftId: null }, h));
    expect(live.code).toBe(0);
    const token = live.data.token;
    const shown = body<Preview>(await get(`/api/layoutPreview?token=${encodeURIComponent(token)}`, lang('en')));
    expect(shown.data.layout.promoCode).toBe(shop.promoCode);
    expect(shown.data.layout.layout.menus[0]!.title).toBe('Package details');
    // The digits of iotPreview are the preview SIM number the demo card facts carry; nothing else is.
    const numbered = body<Preview>(await get(`/api/layoutPreview?token=${encodeURIComponent(token)}&simNo=1440000000123`, lang('en')));
    expect(numbered.data.simInfo).toMatchObject({ simNo: '1440000000123', rechargeNo: '1440000000123', balance: 3650 });
    for (const simNo of ['14400a', '', '+8613800138000', '1'.repeat(21)]) {
      const refusedNo = body(
        await get(`/api/layoutPreview?token=${encodeURIComponent(token)}&simNo=${encodeURIComponent(simNo)}`, lang('en')),
      );
      expect(refusedNo.code, simNo).toBe(-1);
    }

    // Not a SIM session, nor a console session.
    const asSim = body(await get('/api/iot/simInfo', { 'x-sim-token': token, 'x-sim-no': '1449999999999' }));
    expect(asSim.code).toBe(34061);
    expect(body(await get('/api/admin/me', { authorization: `Bearer ${token}` })).code).toBe(61);
    expect(body(await get(`/api/admin/layouts?promoterId=${shop.id}`, { authorization: `Bearer ${token}` })).code).toBe(61);

    // A token changed by hand (another promoter or draft) fails its signature.
    const [payload, sig] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, p: 1 })).toString('base64url')}.${sig}`;
    const refused = body(await get(`/api/layoutPreview?token=${encodeURIComponent(forged)}`, lang('en')));
    expect(refused).toEqual({ code: -1, message: 'Link: the preview has expired, open it again from the console', data: null });
    expect(body(await get('/api/layoutPreview?token=not-a-token', lang('en'))).code).toBe(-1);

    // 15 minutes later it has expired.
    shift = 15 * 60_000 + 1_000;
    try {
      const late = body(await get(`/api/layoutPreview?token=${encodeURIComponent(token)}`, lang('en')));
      expect(late.message).toBe('Link: the preview has expired, open it again from the console');
    } finally {
      shift = 0;
    }
  });
});

describe('authorisation matrix: role × layout route × another promoter’s layout', () => {
  it('lets an agent edit its own and its direct downstream’s layouts only, refuses staff, and asks for a session', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const lower2 = await makeAgent(t.app, low.id);
    const other = await makeAgent(t.app, null);
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const agent = await signIn(t.app, await makeOperator(t.app, 'agent', mid.id));
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', mid.id));

    const layoutOf = async (promoterId: number) => body<AdminLayout>(await get(`/api/admin/layouts?promoterId=${promoterId}`, owner)).data;
    const drafts = new Map<number, number>();
    for (const p of [top, mid, low, lower2, other]) {
      const l = await layoutOf(p.id);
      const d = body<Draft>(await post('/api/admin/layouts/draft', { promoterId: p.id, layout: l.layout, texts: l.texts }, owner));
      drafts.set(p.id, d.data.draftId);
    }
    const routes = (promoterId: number) => ({
      read: async (h: Record<string, string>) => body(await get(`/api/admin/layouts?promoterId=${promoterId}`, h)).code,
      draft: async (h: Record<string, string>) => {
        const l = await layoutOf(promoterId);
        return body(await post('/api/admin/layouts/draft', { promoterId, layout: l.layout, texts: l.texts }, h)).code;
      },
      preview: async (h: Record<string, string>) =>
        body(await post('/api/admin/layouts/preview', { promoterId, draftId: drafts.get(promoterId) }, h)).code,
      publish: async (h: Record<string, string>) =>
        body(await post('/api/admin/layouts/publish', { promoterId, draftId: drafts.get(promoterId) }, h)).code,
    });
    const outcomes = async (h: Record<string, string>, promoterId: number) => {
      const out: Record<string, number> = {};
      for (const [name, run] of Object.entries(routes(promoterId))) out[name] = await run(h);
      return out;
    };
    const all = (code: number) => ({ read: code, draft: code, preview: code, publish: code });

    // The agent: its own and its direct downstream, not its upstream, the downstream's downstream or another chain.
    expect(await outcomes(agent, mid.id), 'agent · own').toEqual(all(0));
    expect(await outcomes(agent, low.id), 'agent · direct downstream').toEqual(all(0));
    expect(await outcomes(agent, top.id), 'agent · upstream').toEqual(all(-1));
    expect(await outcomes(agent, lower2.id), 'agent · downstream of downstream').toEqual(all(-1));
    expect(await outcomes(agent, other.id), 'agent · another chain').toEqual(all(-1));
    // Staff: nothing, not even its own storefront's layout.
    expect(await outcomes(staff, mid.id), 'staff · own').toEqual(all(-1));
    expect(await outcomes(staff, other.id), 'staff · other').toEqual(all(-1));
    // Without a session.
    expect(await outcomes({}, mid.id), 'no session').toEqual(all(61));
    // The owner: any.
    expect(await outcomes(owner, other.id), 'owner · any').toEqual(all(0));
    expect(await outcomes(owner, top.id), 'owner · top').toEqual(all(0));

    const refused = body(await get(`/api/admin/layouts?promoterId=${top.id}`, agent));
    expect(refused).toEqual({ code: -1, message: 'not found or not yours to manage', data: null });
    const staffRefused = body(await get(`/api/admin/layouts?promoterId=${mid.id}`, staff));
    expect(staffRefused).toEqual({ code: -1, message: 'your account may not do this', data: null });
  });
});

type Notice = { id: number; title: Record<string, string>; content: Record<string, string>; enabled: boolean };
const tri3 = (zh: string, en: string, hant: string) => ({ 'zh-Hans': zh, en, 'zh-Hant': hant });

describe('notices of a storefront’s SIM dashboard in the console', () => {
  it('an agent adds and changes its downstream’s notice in three languages; the card sees it; audited; others refused', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const agent = await makeOperator(t.app, 'agent', mid.id);
    const h = await signIn(t.app, agent);
    const simHeaders = await simLogin(t.app, (await makeCard(t.app, { promoCode: low.promoCode })).simNo);
    const now = t.app.config.now();
    const notice = {
      promoterId: low.id,
      title: tri3('停机维护', 'Maintenance', '停機維護'),
      content: tri3('今晚 22:00 维护。', 'Maintenance tonight at 22:00.', '今晚 22:00 維護。'),
      startAt: now - 60_000,
      endAt: now + 86_400_000,
      enabled: true,
      sort: 0,
    };
    const made = body<Notice>(await post('/api/admin/notices/save', notice, h));
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ title: notice.title, content: notice.content, enabled: true });
    for (const [language, title] of [
      ['zh-Hans', '停机维护'],
      ['en', 'Maintenance'],
      ['zh-Hant', '停機維護'],
    ] as const) {
      const reply = body<SimLayoutReply>(await get('/api/iot/simLayout', { ...simHeaders, ...lang(language) }));
      expect(
        reply.data.notices.map((n) => n.title),
        language,
      ).toEqual([title]);
    }
    const changed = body<Notice>(
      await post('/api/admin/notices/save', { ...notice, id: made.data.id, title: tri3('维护完成', 'Maintenance done', '') }, h),
    );
    expect(changed.data.title).toEqual(tri3('维护完成', 'Maintenance done', '維護完成'));
    const off = body<Notice>(await post('/api/admin/notices/save', { ...notice, id: made.data.id, enabled: false }, h));
    expect(off.data.enabled).toBe(false);
    const hidden = body<SimLayoutReply>(await get('/api/iot/simLayout', { ...simHeaders, ...lang('en') }));
    expect(hidden.data.notices).toEqual([]);
    const listed = body<{ list: Notice[] }>(await get(`/api/admin/notices?promoterId=${low.id}`, h));
    expect(listed.data.list.map((n) => [n.id, n.title.en, n.enabled])).toEqual([[made.data.id, 'Maintenance', false]]);
    const bad = body(await post('/api/admin/notices/save', { ...notice, endAt: notice.startAt - 1 }, h));
    expect(bad).toEqual({ code: -1, message: 'End: must be after the start', data: null });

    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const log = body<{ list: { action: string; operatorMobile: string; before: Notice | null; after: Notice }[] }>(
      await get(`/api/admin/audit?objectType=notice&objectId=${made.data.id}`, owner),
    );
    expect(log.data.list.map((r) => [r.action, r.operatorMobile, r.before?.title.en ?? null, r.after.title.en, r.after.enabled])).toEqual([
      ['notice.save', agent.mobile, 'Maintenance done', 'Maintenance', false],
      ['notice.save', agent.mobile, 'Maintenance', 'Maintenance done', true],
      ['notice.save', agent.mobile, null, 'Maintenance', true],
    ]);

    // Refused: the upstream's notices, another storefront's notice by id, staff, no session.
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', low.id));
    expect(body(await get(`/api/admin/notices?promoterId=${top.id}`, h)).code).toBe(-1);
    expect(body(await post('/api/admin/notices/save', { ...notice, promoterId: top.id }, h)).code).toBe(-1);
    expect(body(await post('/api/admin/notices/save', { ...notice, promoterId: mid.id, id: made.data.id }, h))).toEqual({
      code: -1,
      message: 'Item: not found or not yours to manage',
      data: null,
    });
    expect(body(await get(`/api/admin/notices?promoterId=${low.id}`, staff)).code).toBe(-1);
    expect(body(await post('/api/admin/notices/save', notice, staff)).code).toBe(-1);
    expect(body(await get(`/api/admin/notices?promoterId=${low.id}`)).code).toBe(61);
    expect(body(await post('/api/admin/notices/save', notice)).code).toBe(61);
  });
});

type Question = { id: number; title: Record<string, string>; content: Record<string, string>; hot: number; enabled: boolean };

describe('hot questions / FAQ in the console', () => {
  it('an owner adds a question in three languages, makes it hot, and the help centre shows it; agents and staff refused', async () => {
    const owner = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, owner);
    const word = `Zephyr${Date.now() % 100_000}`;
    const question = {
      category: 'iot',
      title: tri3('如何查看流量', `How do I see my data ${word}`, '如何查看流量'),
      content: tri3('<p>打开首页即可。</p>', '<p>Open the dashboard.</p>', '<p>打開首頁即可。</p>'),
      hot: 0,
      sort: 5,
      enabled: true,
    };
    const made = body<Question>(await post('/api/admin/questions/save', question, h));
    expect(made.code).toBe(0);
    const found = body<{ list: { id: number; title: string }[] }>(await get(`/api/shop/sysQuestion/list?keyword=${word}`, lang('en')));
    expect(found.data.list).toEqual([expect.objectContaining({ id: made.data.id, title: `How do I see my data ${word}` })]);
    const hant = body<{ title: string; content: string }>(await get(`/api/shop/sysQuestion/view?id=${made.data.id}`, lang('zh-Hant')));
    expect(hant.data).toMatchObject({ title: '如何查看流量', content: '<p>打開首頁即可。</p>' });

    const hot = body<Question>(await post('/api/admin/questions/save', { ...question, id: made.data.id, hot: 1 }, h));
    expect(hot.data.hot).toBe(1);
    const hotList = body<{ id: number; title: string }[]>(await get('/api/shop/customer/hotQuestionList', lang('en')));
    expect(hotList.data).toContainEqual(expect.objectContaining({ id: made.data.id, title: `How do I see my data ${word}` }));
    const all = body<{ list: Question[]; categories: { value: string }[] }>(await get('/api/admin/questions', h));
    expect(all.data.list.find((q) => q.id === made.data.id)).toMatchObject({ hot: 1, enabled: true, title: question.title });
    expect(all.data.categories.map((c) => c.value)).toEqual(expect.arrayContaining(['buy', 'order', 'activate', 'iot', 'after']));
    expect(body(await post('/api/admin/questions/save', { ...question, category: 'nope' }, h)).code).toBe(-1);

    const log = body<{ list: { action: string; before: Question | null; after: Question }[] }>(
      await get(`/api/admin/audit?objectType=question&objectId=${made.data.id}`, h),
    );
    expect(log.data.list.map((r) => [r.action, r.before?.hot ?? null, r.after.hot])).toEqual([
      ['question.save', 0, 1],
      ['question.save', null, 0],
    ]);

    const shop = await makeAgent(t.app, null);
    for (const role of ['agent', 'staff'] as const) {
      const other = await signIn(t.app, await makeOperator(t.app, role, shop.id));
      expect(body(await get('/api/admin/questions', other)).code, role).toBe(-1);
      expect(body(await post('/api/admin/questions/save', question, other)).code, role).toBe(-1);
    }
    expect(body(await get('/api/admin/questions')).code).toBe(61);
    expect(body(await post('/api/admin/questions/save', question)).code).toBe(61);
  });
});
