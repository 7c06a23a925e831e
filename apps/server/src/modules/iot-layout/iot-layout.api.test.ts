import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

async function session(sn: string, password?: string) {
  const b = body<{ token: string; simNo: string }>(
    await t.app.inject({ method: 'POST', url: '/api/simLogin', payload: { sn, agreeProtocol: true, cardPassword: password } }),
  );
  return { 'x-sim-token': b.data.token, 'x-sim-no': b.data.simNo };
}

/** The texts as stored (Simplified Chinese), which a layout editor reads and writes back. */
const ZH = { 'accept-language': 'zh-Hans' };

describe('GET /api/iot/simLayout', () => {
  it("gives the layout of the card's promoter with the notices in force", async () => {
    const b = body<any>(await t.app.inject({ url: '/api/iot/simLayout', headers: { ...(await session('1440000000001')), ...ZH } }));
    expect(b.code).toBe(0);
    expect(b.data.promoCode).toBe('demo');
    const layout = b.data.layout;
    expect(layout).toMatchObject({
      maxMenuTimes: 10,
      refreshSwitch: true,
      popup: { switch: true, title: '温馨提示' },
      tabBar: { switch: false },
    });
    expect(layout.index.header.key).toBe('gradual');
    expect(layout.index.elements.map((e: { key: string }) => e.key)).toEqual(
      expect.arrayContaining(['header', 'simStatusTips', 'notice', 'flowCard', 'itemCard', 'menus', 'swiper', 'warranty']),
    );
    const types = layout.menus.map((m: { type: string }) => m.type);
    expect(types).toEqual(expect.arrayContaining(['page', 'url']));
    expect(layout.menus.find((m: { type: string }) => m.type === 'url').path).toContain('[promoCode]');
    expect(layout.menus.find((m: { type: string }) => m.type === 'url').path).toContain('[sn]');
    expect(layout.menus.map((m: { path: string }) => m.path)).toEqual(
      expect.arrayContaining(['/pages-sub/iot/index/historyLine/index', '/pages-sub/iot/index/packageInfo/index']),
    );
    expect(b.data.notices.map((n: { title: string }) => n.title)).toEqual(['系统升级通知']);
    expect(layout.user.service.kefuMobile).toBe('400-800-1234');
  });

  it("another promoter's card gets that promoter's layout", async () => {
    const b = body<any>(
      await t.app.inject({ url: '/api/iot/simLayout', headers: { ...(await session('1440000000006', '246810')), ...ZH } }),
    );
    expect(b.data.promoCode).toBe('agent01');
    expect(b.data.layout.name).toBe('星河物联');
    expect(b.data.layout.index.header.key).toBe('simple');
  });

  it('validates a stored layout, naming the wrong field, and serves a new version', async () => {
    await expect(t.app.iotLayouts.saveLayout('agent01', { name: 'x' })).rejects.toMatchObject({
      field: 'layout.logo',
      message: 'This entry: is required',
    });
    const good = body<any>(
      await t.app.inject({ url: '/api/iot/simLayout', headers: { ...(await session('1440000000006', '246810')), ...ZH } }),
    ).data.layout;
    clock += 10_000;
    await t.app.iotLayouts.saveLayout('agent01', { ...good, name: '星河物联 2', maxMenuTimes: 8 });
    t.app.iotLayouts.forgetLayouts();
    try {
      const b = body<any>(
        await t.app.inject({ url: '/api/iot/simLayout', headers: { ...(await session('1440000000006', '246810')), ...ZH } }),
      );
      expect(b.data).toMatchObject({ version: clock, layout: { name: '星河物联 2', maxMenuTimes: 8 } });
    } finally {
      // The demo layout of agent01 is back for the other tests.
      clock += 10_000;
      await t.app.iotLayouts.saveLayout('agent01', good);
      t.app.iotLayouts.forgetLayouts();
    }
  });
});

describe('GET /api/iot/protocol', () => {
  it('gives each agreement of the promoter in the request language', async () => {
    const h = await session('1440000000001');
    const privacy = body<any>(await t.app.inject({ url: '/api/iot/protocol?type=privacy', headers: { ...h, 'accept-language': 'zh-HK' } }));
    expect(privacy.data).toMatchObject({ type: 'privacy', language: 'zh-Hant', title: '隱私政策' });
    const service = body<any>(await t.app.inject({ url: '/api/iot/protocol', headers: h }));
    expect(service.data).toMatchObject({ type: 'service', language: 'en', title: 'Service agreement' });
    const bad = body(await t.app.inject({ url: '/api/iot/protocol?type=nothing', headers: h }));
    expect(bad.code).toBe(-1);
    expect(bad.message).toMatch(/^Agreement type: /);
  });
});
