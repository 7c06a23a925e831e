import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { simLogin } from '../iot-money/test-kit.ts';
import { putTexts } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HAN = /\p{Script=Han}/u;
const lang = (language: string) => ({ 'accept-language': language });
const get = async (url: string, headers: Record<string, string>) => body<any>(await t.app.inject({ url, headers }));

describe('storefront texts in the language of the caller', () => {
  it('the store name, home texts and menu of baseConfig', async () => {
    const en = await get('/api/hk/baseConfig?promoCode=demo', lang('en-US'));
    expect(en.data.promoName).toBe('Number Select official store');
    expect(en.data.front.title).toBe('Number Select');
    expect(en.data.front.fastNav.map((n: { title: string }) => n.title)).toEqual(['Numbers', 'Orders', 'IoT SIM', 'Support']);
    expect(en.data.front.indexCarousel[0].title).toBe('Lucky numbers, limited-time offer');
    expect(en.data.front.bottomTips).toBe('All numbers are genuine carrier numbers, activated after real-name registration');
    expect(en.data.shopMenu.map((m: { title: string }) => m.title)).toEqual(['Numbers', 'Orders']);
    expect(JSON.stringify(en.data)).not.toMatch(HAN);

    const hant = await get('/api/hk/baseConfig?promoCode=demo', lang('zh-TW'));
    expect(hant.data.promoName).toBe('號碼優選官方店');
    expect(hant.data.front.fastNav[0].title).toBe('選靚號');
    expect(hant.data.shopMenu[1].title).toBe('訂單');
    const hans = await get('/api/hk/baseConfig?promoCode=demo', lang('zh-CN'));
    expect(hans.data.promoName).toBe('号码优选官方店');
    // The reply cached for one language is not served to another.
    expect((await get('/api/hk/baseConfig?promoCode=demo', lang('en'))).data.promoName).toBe('Number Select official store');
  });

  it("an agent's store name", async () => {
    expect((await get('/api/hk/baseConfig?promoCode=agent02', lang('en'))).data.promoName).toBe('Tier-2 agent · Yunfan Digital');
    expect((await get('/api/hk/baseConfig?promoCode=agent02', lang('zh-Hant'))).data.promoName).toBe('二級代理·雲帆數碼');
  });

  it('operator names of the dictionary', async () => {
    const ask = (language: string) =>
      t.app.inject({ method: 'POST', url: '/api/dictData/options', payload: ['operator_type'], headers: lang(language) });
    expect(body<any>(await ask('en')).data.operator_type.map((o: { label: string }) => o.label)).toEqual([
      'China Mobile',
      'China Unicom',
      'China Telecom',
      'China Broadnet',
    ]);
    expect(body<any>(await ask('zh-Hant')).data.operator_type[0].label).toBe('中國移動');
  });

  it('package names and descriptions of a number, and its operator', async () => {
    const list = await get('/api/shop/numberList?promoCode=demo&operator=4&pageSize=1', lang('en'));
    const number = list.data.list[0].number as string;
    expect(list.data.list[0].operatorName).toBe('China Mobile');
    const en = await get(`/api/shop/numberPackages?number=${number}`, lang('en'));
    const mango = en.data.find((p: { name: string }) => p.name === 'M-Zone Mango card');
    expect(mango.description).toBe('30 GB data + 100 domestic minutes, Mango TV membership');
    expect(JSON.stringify(en.data)).not.toMatch(HAN);
    const hant = await get(`/api/shop/numberPackages?number=${number}`, lang('zh-Hant'));
    expect(hant.data.find((p: { id: number }) => p.id === mango.id).name).toBe('動感地帶芒果卡');
  });

  it('hot searches and provinces of the filter options', async () => {
    const en = await get('/api/shop/numberFilters?promoCode=demo', lang('en'));
    expect(en.data.hotSearches.map((h: { label: string }) => h.label)).toContain('Ends in 8888');
    expect(en.data.provinces.find((p: { code: string }) => p.code === '440000').name).toBe('Guangdong');
    const hant = await get('/api/shop/numberFilters?promoCode=demo', lang('zh-Hant'));
    expect(hant.data.provinces.find((p: { code: string }) => p.code === '440000').name).toBe('廣東省');
    expect(hant.data.hotSearches.map((h: { label: string }) => h.label)).toContain('尾號 8888');
  });
});

describe('IoT texts in the language of the caller', () => {
  it('layout menu titles and notices', async () => {
    const session = await simLogin(t.app, '1440000000001');
    const en = await get('/api/iot/simLayout', { ...session, ...lang('en') });
    expect(en.data.layout.menus.map((m: { title: string }) => m.title)).toContain('Package details');
    const upgrade = en.data.notices.find((n: { title: string }) => n.title === 'System upgrade notice');
    expect(upgrade.content).toBe('System upgrade this Sunday 02:00-04:00; top-ups may arrive late meanwhile.');
    expect(JSON.stringify(en.data)).not.toMatch(HAN);
    const hant = await get('/api/iot/simLayout', { ...session, ...lang('zh-Hant') });
    expect(hant.data.notices.find((n: { id: number }) => n.id === upgrade.id).title).toBe('系統升級通知');
    expect(hant.data.layout.menus.map((m: { title: string }) => m.title)).toContain('套餐詳情');
    const hans = await get('/api/iot/simLayout', { ...session, ...lang('zh-Hans') });
    expect(hans.data.notices.find((n: { id: number }) => n.id === upgrade.id).title).toBe('系统升级通知');
  });

  it('package names, rules and top-up offers', async () => {
    const session = await simLogin(t.app, '1440000000001');
    const en = await get('/api/iot/packageChoose', { ...session, ...lang('en') });
    const names = en.data.base.map((p: { name: string }) => p.name);
    expect(names).toContain('Nationwide data 30 GB monthly');
    expect(JSON.stringify(en.data)).not.toMatch(HAN);
    const monthly = en.data.base.find((p: { name: string }) => p.name === 'Nationwide data 30 GB monthly');
    const details = await get(`/api/iot/packageDetails?packageId=${monthly.id}`, { ...session, ...lang('en') });
    expect(details.data.rules).toContain('Cannot be cancelled once in effect');
    const hant = await get('/api/iot/packageChoose', { ...session, ...lang('zh-Hant') });
    expect(hant.data.base.find((p: { id: number }) => p.id === monthly.id).name).toBe('全國通用流量 30GB 月包');
    const offers = await get('/api/iot/balanceChoose', { ...session, ...lang('en') });
    expect(offers.data.offers.map((o: { title: string }) => o.title)).toContain('Top up ¥50, get ¥5 extra');
  });

  it('the card restriction and the operator name of simInfo', async () => {
    const session = await simLogin(t.app, '1440000000004');
    const en = await get('/api/iot/simInfo', { ...session, ...lang('en') });
    expect(en.data.operatorTypeName).toBe('China Mobile');
    expect(en.data.breakTips).toBe('The card was used in another device or place; data is paused.');
    expect(en.data.breakPopupAttr.confirmText).toBe('Lift restriction');
    const hant = await get('/api/iot/simInfo', { ...session, ...lang('zh-Hant') });
    expect(hant.data.operatorTypeName).toBe('中國移動');
    expect(hant.data.breakPopupAttr.title).toBe('卡片已限制使用');
  });

  it('an agreement stored in Simplified Chinese only is converted for a Traditional reader', async () => {
    const hant = await get('/api/site/iotLoginProtocol?promoCode=agent01&language=zh-Hant', {});
    expect(hant.data).toMatchObject({ language: 'zh-Hant', title: '星河物聯自助服務協議' });
    expect(hant.data.content).toBe('<p>登錄即表示您同意星河物聯為提供自助服務處理您的卡號與用量信息。</p>');
    const en = await get('/api/site/iotLoginProtocol?promoCode=agent01&language=en', {});
    expect(en.data).toMatchObject({ language: 'en', title: 'Xinghe IoT self-service agreement' });
  });

  it("a text's own Traditional Chinese wins over the conversion", async () => {
    const session = await simLogin(t.app, '1440000000001');
    const promoter = await t.app.db.db.selectFrom('promoters').select('id').where('promo_code', '=', 'demo').executeTakeFirstOrThrow();
    const now = t.app.config.now();
    const notice = await t.app.db.db
      .insertInto('iot_notices')
      .values({
        promoter_id: promoter.id,
        title: '系统维护通知',
        content: '维护期间暂停充值。',
        starts_at: now - 60_000,
        ends_at: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await putTexts(t.app.db.db, [
      { entity: 'iot_notice', id: notice.id, field: 'title', language: 'zh-Hant', text: '系統維護公告' },
      { entity: 'iot_notice', id: notice.id, field: 'title', language: 'en', text: 'Maintenance notice' },
      { entity: 'iot_notice', id: notice.id, field: 'content', language: 'en', text: 'Top-ups pause during maintenance.' },
    ]);
    t.app.iotLayouts.forgetLayouts();
    const hant = (await get('/api/iot/simLayout', { ...session, ...lang('zh-Hant') })).data.notices;
    expect(hant.find((n: { id: number }) => n.id === notice.id)).toMatchObject({ title: '系統維護公告', content: '維護期間暫停充值。' });
    const en = (await get('/api/iot/simLayout', { ...session, ...lang('en') })).data.notices;
    expect(en.find((n: { id: number }) => n.id === notice.id)).toMatchObject({ title: 'Maintenance notice' });
  });
});
