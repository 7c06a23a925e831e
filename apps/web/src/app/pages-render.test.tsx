// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIM_LOGIN } from '../lib/nav.ts';
import { createFakeServer } from '../test-support/fake-server.ts';
import { languageProblems, seenTexts } from '../test-support/page-checks.ts';
import { MOVES_ON, prepareServer, routeOf, SHOWN_WITHOUT_SIM } from '../test-support/page-visits.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';
import { type PageDef, pages } from './pages.ts';
import { iotPages } from './pages-iot.ts';

/**
 * Every page of the page table (app/pages.ts), opened at its address in each language, as the app
 * runs in the browser (React 19, the real router, guards and translator; only the server is a fake):
 * it shows its title, its content without errors, and only words of its language.
 */

const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** The error view of a page whose code or render failed (PageShell's error boundary). */
const failedView = (a: RenderedApp) => a.container.querySelector('main.page-body > button.center-view');

/**
 * Titles written out for a few pages: the navigation bar's, and the document's (the page's title and
 * the storefront's name; pages that draw their own header have only the document's).
 */
const TITLES: Readonly<Record<string, Record<(typeof LANGUAGES)[number], [nav: string, document: string]>>> = {
  '/pages/order/index': {
    en: ['My orders', 'My orders - Number Select'],
    'zh-Hans': ['我的订单', '我的订单 - 号码优选'],
    'zh-Hant': ['我的訂單', '我的訂單 - 號碼優選'],
  },
  '/pages/login/index': {
    en: ['Log in', 'Log in - Number Select'],
    'zh-Hans': ['登录', '登录 - 号码优选'],
    'zh-Hant': ['登入', '登入 - 號碼優選'],
  },
  '/pages/goods/general/index': {
    en: ['Item details', 'Item details - Number Select'],
    'zh-Hans': ['商品详情', '商品详情 - 号码优选'],
    'zh-Hant': ['商品詳情', '商品詳情 - 號碼優選'],
  },
  '/pages/index/VanityNumber/watch': {
    en: ['Number alerts', 'Number alerts - Number Select'],
    'zh-Hans': ['选号提醒', '选号提醒 - 号码优选'],
    'zh-Hant': ['選號提醒', '選號提醒 - 號碼優選'],
  },
  '/pages/iot/index/package/index': {
    en: ['Buy a package', 'Buy a package - Number Select'],
    'zh-Hans': ['套餐订购', '套餐订购 - 号码优选'],
    'zh-Hant': ['套餐訂購', '套餐訂購 - 號碼優選'],
  },
  '/pages-sub/iot/integralShop/index': {
    en: ['Points mall', 'Points mall - Number Select'],
    'zh-Hans': ['积分商城', '积分商城 - 号码优选'],
    'zh-Hant': ['積分商城', '積分商城 - 號碼優選'],
  },
  '/pages-sub/wifi/index': {
    en: ['Wi-Fi', 'Wi-Fi - Number Select'],
    'zh-Hans': ['Wi-Fi', 'Wi-Fi - 号码优选'],
    'zh-Hant': ['Wi-Fi', 'Wi-Fi - 號碼優選'],
  },
  '/pages/index/index': { en: ['', 'Home - Number Select'], 'zh-Hans': ['', '首页 - 号码优选'], 'zh-Hant': ['', '首頁 - 號碼優選'] },
  '/pages-sub/iot/user/index': {
    en: ['', 'My account - Number Select'],
    'zh-Hans': ['', '个人中心 - 号码优选'],
    'zh-Hant': ['', '個人中心 - 號碼優選'],
  },
};

describe.each(LANGUAGES)('every page in %s', (language) => {
  it.each(pages.map((p) => [p.path, p] as const))('%s', async (path, page: PageDef) => {
    const server = createFakeServer();
    prepareServer(path, server);
    const moves = MOVES_ON[path];
    const release = moves ? server.hold(moves.hold) : null;
    app = renderApp(routeOf(page), { language, buyer: true, sim: !SHOWN_WITHOUT_SIM.has(path), server });
    const a = app;

    await waitForPage(a, path);
    // The navigation bar names the page in the language, never by its key; so does the document title.
    const title = page.customNavBar ? '' : a.navTitle();
    expect(Boolean(a.container.querySelector('.nav-bar')), 'a navigation bar unless the page draws its own header').toBe(
      !page.customNavBar,
    );
    if (!page.customNavBar) {
      expect(title, 'navigation-bar title').not.toBe('');
      expect(title).not.toBe(page.titleKey);
    }
    const expected = TITLES[path]?.[language];
    if (expected) {
      expect(title).toBe(expected[0]);
      await waitFor(
        () => document.title === expected[1],
        () => `document title "${document.title}", expected "${expected[1]}"`,
      );
    }

    release?.();
    expect(await settle(a), 'the page settles').toBe('');
    expect(a.location().split('?')[0]).toBe(moves?.to ?? path);
    expect(failedView(a), 'the page failed to render').toBeNull();
    expect(a.container.querySelector('main.page-body')?.textContent?.trim(), 'the page shows something').not.toBe('');
    expect(document.title, 'document title').not.toBe('');
    expect(document.title).not.toContain(page.titleKey);
    expect(languageProblems(language, [{ where: 'document title', text: document.title }, ...seenTexts(document.body)])).toEqual([]);
    expect(a.server.unhandled, 'calls the server does not serve').toEqual([]);
    expect(a.server.invalid, 'fake replies off the contract').toEqual([]);
    expect(a.consoleErrors).toEqual([]);
  });
});

describe('pages needing a login', () => {
  const guarded = pages.filter((p) => p.needLogin);

  it('the page table flags the pages of a logged-in shopper', () => {
    expect(guarded.map((p) => p.path).sort()).toEqual([
      '/pages/index/VanityNumber/watch',
      '/pages/index/agent/index',
      '/pages/resetCert/index',
    ]);
  });

  it.each(guarded.map((p) => [p.path, p] as const))('%s without a login shows the login page, to come back to it', async (_path, page) => {
    const route = routeOf(page);
    app = renderApp(route, { language: 'en' });
    await waitForPage(app, '/pages/login/index');
    expect(app.location()).toBe(`/pages/login/index?redirect=${encodeURIComponent(route)}`);
    expect(app.navTitle()).toBe('Log in');
    expect(await settle(app)).toBe('');
    expect(app.consoleErrors).toEqual([]);
  });

  it('a deep link to the number alerts, with its filters, keeps them in the redirect', async () => {
    app = renderApp('/pages/index/VanityNumber/watch?endsWith=8888&operator=4', { language: 'zh-Hans' });
    await waitForPage(app, '/pages/login/index');
    expect(app.location()).toBe('/pages/login/index?redirect=%2Fpages%2Findex%2FVanityNumber%2Fwatch%3FendsWith%3D8888%26operator%3D4');
    expect(app.navTitle()).toBe('登录');
  });
});

/**
 * IoT pages need a SIM session (spec §4; features/sim/use-require-sim.ts): without one the app
 * relaunches the SIM login page. These are the IoT pages a visitor without one may see.
 */
const IOT_PAGES_WITHOUT_SIM = [
  '/pages/iot/login/index',
  '/pages/iot/login/code/index',
  '/pages/iot/login/protocol',
  '/pages-sub/wifi/index',
  '/pages-sub/wifi/connect',
  '/pages-sub/wifi/share',
  '/pages-sub/iot/machineCode/index',
];

describe('IoT pages without a SIM session', () => {
  it.each(iotPages.map((p) => [p.path, p] as const))('%s', async (path, page) => {
    app = renderApp(routeOf(page), { language: 'en', buyer: true });
    const stays = IOT_PAGES_WITHOUT_SIM.includes(path);
    await waitForPage(app, stays ? path : SIM_LOGIN);
    expect(await settle(app)).toBe('');
    expect(app.location().split('?')[0]).toBe(stays ? path : SIM_LOGIN);
    if (!stays) expect(app.navTitle()).toBe('SIM card login');
    expect(failedView(app)).toBeNull();
    // Nothing of the card was asked for without its session.
    expect(app.server.calls.filter((c) => c.headers['x-sim-token'])).toEqual([]);
    expect(app.consoleErrors).toEqual([]);
  });
});
