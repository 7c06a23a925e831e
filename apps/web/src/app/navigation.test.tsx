// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateBack, navigateTo, openPage, redirectTo, reLaunch, switchTab } from '../lib/nav.ts';
import { control, readText, tap } from '../test-support/dom.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';

/**
 * The spec's navigation rules (§2: navigate to, redirect to, relaunch, switch tab, their refusals,
 * relative urls, the carried query parameters, the login guard), on the app's real router in jsdom:
 * lib/nav.ts wired to react-router by app/router.tsx, over the browser history.
 */

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const HOME = '/pages/index/index';
const GOODS = '/pages/goods/index';
const FAST = '/pages/goods/fastNumber/index';
const ABOUT = '/pages/about/payment';
const ORDERS = '/pages/order/index';

async function open(route: string, options: Parameters<typeof renderApp>[1] = {}): Promise<RenderedApp> {
  app = renderApp(route, { language: 'en', ...options });
  await waitForPage(app, route.split('?')[0]!);
  return app;
}

/** The message of a refused navigation. */
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the navigation was not refused');
}

const backButton = (a: RenderedApp) => a.container.querySelector<HTMLButtonElement>('.nav-back');

describe('navigateTo', () => {
  it('opens the page on top of the current one; back returns to it', async () => {
    const a = await open(HOME);
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    expect(a.navTitle()).toBe('Goods');
    await tap(backButton(a), 'back');
    await waitForPage(a, HOME);
    expect(a.location()).toBe(HOME);
  });

  it('stacks page after page; navigateBack(2) goes two pages down', async () => {
    const a = await open(HOME);
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    await navigateTo(FAST);
    await waitForPage(a, FAST);
    await navigateTo(ABOUT);
    await waitForPage(a, ABOUT);
    await navigateBack(2);
    await waitForPage(a, GOODS);
    await navigateBack();
    await waitForPage(a, HOME);
  });

  it("the browser's own back button goes back too", async () => {
    const a = await open(GOODS);
    await navigateTo(ABOUT);
    await waitForPage(a, ABOUT);
    window.history.back();
    await waitForPage(a, GOODS);
  });

  it('resolves a relative url against the current page, keeping its query', async () => {
    const a = await open('/pages/goods/pretty/index?number=13923458888', { buyer: true });
    await navigateTo('package?number=18612341234');
    await waitForPage(a, '/pages/goods/pretty/package');
    expect(a.location()).toBe('/pages/goods/pretty/package?number=18612341234');
    await navigateTo('../../about/promise');
    await waitForPage(a, '/pages/about/promise');
  });

  it('refuses a tab page, an unknown page and a missing url with the uni-app texts, and stays', async () => {
    const a = await open(GOODS);
    expect(await refusal(navigateTo(ORDERS))).toBe('navigateTo:fail tabBar page `/pages/order/index` already exists');
    expect(await refusal(navigateTo('/'))).toBe('navigateTo:fail tabBar page `/pages/index/index` already exists');
    expect(await refusal(navigateTo('/pages/nowhere/index?x=1'))).toBe('navigateTo:fail page `/pages/nowhere/index?x=1` is not found');
    expect(await refusal(navigateTo(''))).toBe('navigateTo:fail Missing required args: "url"');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.location()).toBe(GOODS);
  });

  it('refuses the same page again while it is still opening ("locked")', async () => {
    const a = await open(HOME);
    const first = navigateTo(ABOUT);
    expect(await refusal(navigateTo(ABOUT))).toBe(`navigateTo:fail ${ABOUT} locked`);
    await first;
    await waitForPage(a, ABOUT);
    // Once open, the page may be opened again (a second copy on the stack).
    await navigateTo(ABOUT);
    await navigateBack();
    await waitForPage(a, ABOUT);
    await navigateBack();
    await waitForPage(a, HOME);
  });

  it('openPage opens a tab page by switchTab and any other page by navigateTo', async () => {
    const a = await open(GOODS);
    await openPage(ORDERS);
    await waitForPage(a, ORDERS);
    await openPage(ABOUT);
    await waitForPage(a, ABOUT);
    await navigateBack();
    await waitForPage(a, ORDERS);
  });
});

describe('redirectTo', () => {
  it('replaces the current page: back skips it', async () => {
    const a = await open(HOME);
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    await redirectTo(ABOUT);
    await waitForPage(a, ABOUT);
    await navigateBack();
    await waitForPage(a, HOME);
  });

  it('refuses a tab page and an unknown page', async () => {
    const a = await open(GOODS);
    expect(await refusal(redirectTo('/pages/user/index'))).toBe('redirectTo:fail tabBar page `/pages/user/index` already exists');
    expect(await refusal(redirectTo('/pages/missing'))).toBe('redirectTo:fail page `/pages/missing` is not found');
    expect(a.location()).toBe(GOODS);
  });
});

describe('reLaunch', () => {
  it('starts a new stack: at its bottom a non-tab page goes back to the home page', async () => {
    const a = await open(HOME);
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    await navigateTo(FAST);
    await waitForPage(a, FAST);
    await reLaunch(ABOUT);
    await waitForPage(a, ABOUT);
    // The bottom page still offers a way back: to the home tab, not to the pages closed.
    await tap(backButton(a), 'back');
    await waitForPage(a, HOME);
    expect(a.location()).toBe(HOME);
  });

  it('reLaunch("/") opens the home page; an unknown page is refused', async () => {
    const a = await open(GOODS);
    expect(await refusal(reLaunch('/pages/none'))).toBe('reLaunch:fail page `/pages/none` is not found');
    await reLaunch('/');
    await waitForPage(a, HOME);
    expect(a.location()).toBe(HOME);
  });

  it('a page opened by address (a new tab) goes back to the home page', async () => {
    const a = await open('/pages/customer/question/index?category=iot');
    expect(a.navTitle()).toBe('Help centre');
    await tap(backButton(a), 'back');
    await waitForPage(a, HOME);
  });
});

describe('switchTab', () => {
  it('switches to a tab page and starts a new stack there (no back button)', async () => {
    const a = await open(HOME);
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    await switchTab(ORDERS);
    await waitForPage(a, ORDERS);
    expect(backButton(a)).toBeNull();
    await navigateBack();
    await waitForPage(a, HOME);
  });

  it('refuses a page that is not a tab, and an unknown one', async () => {
    const a = await open(HOME);
    expect(await refusal(switchTab(GOODS))).toBe('switchTab:fail can not switch to no-tabBar page');
    expect(await refusal(switchTab('/pages/gone/index'))).toBe('switchTab:fail page `/pages/gone/index` is not found');
    expect(await refusal(switchTab(''))).toBe('switchTab:fail Missing required args: "url"');
    expect(a.location()).toBe(HOME);
  });

  it('the tab bar switches tabs, marking the one shown', async () => {
    const a = await open(HOME, { buyer: true });
    const tabs = () =>
      [...a.container.querySelectorAll('.tab-bar [role="tab"]')].map(
        (t) => `${readText(t)}${t.getAttribute('aria-selected') === 'true' ? '*' : ''}`,
      );
    expect(tabs()).toEqual(['Home*', 'Orders', 'Customer service', 'My']);
    await tap(control(a.container.querySelector('.tab-bar')!, 'Customer service'), 'Customer service tab');
    await waitForPage(a, '/pages/customer/index');
    expect(tabs()).toEqual(['Home', 'Orders', 'Customer service*', 'My']);
    await tap(control(a.container.querySelector('.tab-bar')!, 'My'), 'My tab');
    await waitForPage(a, '/pages/user/index');
    expect(tabs()).toEqual(['Home', 'Orders', 'Customer service', 'My*']);
  });
});

describe('carried query parameters (spec §2)', () => {
  it('are captured from the address the app opens at and added to tab pages only', async () => {
    const a = await open('/pages/index/index?promoCode=agent01&bd_vid=bd-42&mark=spring&qz_gdt=undefined&other=1');
    await navigateTo(GOODS);
    await waitForPage(a, GOODS);
    expect(a.location()).toBe(GOODS);
    await switchTab(ORDERS);
    await waitForPage(a, ORDERS);
    expect(a.location()).toBe('/pages/order/index?promoCode=agent01&bd_vid=bd-42&mark=spring');
    await tap(control(a.container.querySelector('.tab-bar')!, 'Customer service'), 'Customer service tab');
    await waitForPage(a, '/pages/customer/index');
    expect(a.location()).toBe('/pages/customer/index?promoCode=agent01&bd_vid=bd-42&mark=spring');
  });

  it('go with every call to the server, and the storefront is the promo code’s', async () => {
    const a = await open('/pages/goods/index?promoCode=agent01&cb=cb7');
    await settle(a);
    const config = a.server.callsTo('GET /api/hk/baseConfig');
    expect(config.map((c) => c.query.get('promoCode'))).toContain('agent01');
    const api = a.server.calls.filter((c) => c.path.startsWith('/api/shop/') || c.path.startsWith('/api/hk/baseConfig'));
    expect(api.length).toBeGreaterThan(1);
    for (const call of api) {
      expect(JSON.parse(decodeURIComponent(call.headers['x-app-show-options']!))).toEqual({ promoCode: 'agent01', cb: 'cb7' });
    }
  });

  it('a value in the url wins over the carried one; back at the bottom keeps them', async () => {
    const a = await open('/pages/about/promise?promoCode=agent01&mark=spring');
    await switchTab('/pages/user/index?promoCode=agent02');
    await waitForPage(a, '/pages/user/index');
    expect(a.location()).toBe('/pages/user/index?promoCode=agent02&mark=spring');
    await reLaunch(ABOUT);
    await waitForPage(a, ABOUT);
    await tap(backButton(a), 'back');
    await waitForPage(a, HOME);
    // Captured from the last address: agent02 was in it.
    expect(a.location()).toBe('/pages/index/index?promoCode=agent02&mark=spring');
  });

  it('with a page code, home is the featured page (spec §2 home selection)', async () => {
    const a = await open('/pages/goods/index?pageCode=lucky');
    await switchTab(HOME);
    await waitForPage(a, '/pages-sub/single/index');
    expect(a.location()).toBe('/pages-sub/single/index?pageCode=lucky');
    await waitFor(
      () => readText(a.page()).includes('Lucky number festival'),
      () => readText(a.page()),
    );
  });

  it('were captured on an earlier visit and still apply', async () => {
    const a = await open(GOODS, { carried: { promoCode: 'agent01', autoFilterDelivery: '1' } });
    await switchTab(HOME);
    await waitForPage(a, HOME);
    expect(a.location()).toBe('/pages/index/index?promoCode=agent01&autoFilterDelivery=1');
  });
});

describe('the login guard (spec §2, §6)', () => {
  it('navigateTo a page needing login goes to the login page with the page in `redirect`', async () => {
    const a = await open(HOME);
    await navigateTo('/pages/index/VanityNumber/watch?endsWith=88');
    await waitForPage(a, '/pages/login/index');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2Findex%2FVanityNumber%2Fwatch%3FendsWith%3D88');
    // The login page is on top of the page the visitor was on.
    await tap(backButton(a), 'back');
    await waitForPage(a, HOME);
  });

  it('redirectTo and reLaunch are guarded as well; a logged-in shopper goes straight in', async () => {
    const a = await open(GOODS);
    await redirectTo('/pages/resetCert/index?orderNo=F20260510120000000003');
    await waitForPage(a, '/pages/login/index');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2FresetCert%2Findex%3ForderNo%3DF20260510120000000003');
    await reLaunch('/pages/index/agent/index');
    await waitForPage(a, '/pages/login/index');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2Findex%2Fagent%2Findex');

    const b = await open(GOODS, { buyer: true });
    await navigateTo('/pages/index/agent/index');
    await waitForPage(b, '/pages/index/agent/index');
    expect(b.navTitle()).toBe('My downstream agents');
  });
});

describe('unknown addresses', () => {
  it.each([
    ['en', 'Page not found', 'This page does not exist. The link may be out of date.', 'Back to home'],
    ['zh-Hans', '页面不存在', '页面不存在，链接可能已失效。', '返回首页'],
    ['zh-Hant', '頁面不存在', '頁面不存在，連結可能已失效。', '返回首頁'],
  ] as const)('show the not-found page in %s, with the address and a way home', async (language, title, message, home) => {
    app = renderApp('/pages/nowhere/index?from=mail', { language });
    const a = app;
    await waitFor(
      () => readText(a.container.querySelector('.nav-bar-title')) === title,
      () => `title ${a.navTitle()}`,
    );
    expect(readText(a.container)).toContain(message);
    expect(readText(a.container.querySelector('.not-found-url'))).toBe('/pages/nowhere/index?from=mail');
    await waitFor(
      () => document.title === title,
      () => `document title "${document.title}"`,
    );
    await tap(control(a.container, home), home);
    await waitForPage(a, HOME);
    expect(a.consoleErrors).toEqual([]);
  });

  it('a path in another letter case is not the page (routes are case-sensitive)', async () => {
    app = renderApp('/pages/Order/index');
    const a = app;
    await waitFor(
      () => a.navTitle() === 'Page not found',
      () => a.navTitle(),
    );
    expect(a.page()).toBeNull();
  });

  it('the bare address opens the home page', async () => {
    app = renderApp('/');
    const a = app;
    await waitFor(() => a.container.querySelector('[data-page="/pages/index/index"]'), 'home page');
    expect(readText(a.container.querySelector('.tab-bar [aria-selected="true"]'))).toBe('Home');
  });
});
