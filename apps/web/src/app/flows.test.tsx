// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateBack, navigateTo } from '../lib/nav.ts';
import { useSession } from '../lib/session.ts';
import { control, field, readText, tap, typeInto } from '../test-support/dom.ts';
import { createFakeServer, refuse } from '../test-support/fake-server.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';

/**
 * Journeys across pages a person makes: logging in on the way to a page that needs it and landing
 * on that page, and following a shipped order's delivery.
 */

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** Logs in on the login page shown: mobile, an SMS code (the demo server shows it), the terms, submit. */
async function logIn(a: RenderedApp, mobile: string): Promise<void> {
  const page = a.page()!;
  await typeInto(await waitFor(() => field(page, 'Mobile number'), 'the mobile field'), mobile, 'mobile');
  const getCode = await waitFor(() => {
    const button = control(page, 'Get code') as HTMLButtonElement | null;
    return button && !button.disabled ? button : null;
  }, 'an enabled Get code button');
  await tap(getCode);
  const code = await waitFor(() => readText(page.querySelector('[data-testid="dev-code"]')), 'the demo code');
  await typeInto(field(page, 'SMS code'), code, 'code');
  await tap(page.querySelector('.login-agree .adm-checkbox'), 'the terms');
  await tap(control(page, 'Log in'), 'Log in');
}

describe('logging in on the way to a page', () => {
  it('lands on the page asked for (redirect), and back returns to where the visitor was', async () => {
    app = renderApp('/pages/goods/index', { language: 'en' });
    const a = app;
    await waitForPage(a, '/pages/goods/index');
    await navigateTo('/pages/index/agent/index');
    await waitForPage(a, '/pages/login/index');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2Findex%2Fagent%2Findex');

    await logIn(a, '13912345678');
    await waitForPage(a, '/pages/index/agent/index');
    expect(a.navTitle()).toBe('My downstream agents');
    expect(useSession.getState().userInfo.mobile).toBe('13912345678');
    expect(a.server.callsTo('POST /api/hk/login').map((c) => c.body)).toEqual([{ mobile: '13912345678', code: '246810' }]);
    // The login page was replaced by the page: back goes to the goods page.
    await navigateBack();
    await waitForPage(a, '/pages/goods/index');
    expect(a.consoleErrors).toEqual([]);
  });

  it('a deep link keeps its query through the login', async () => {
    app = renderApp('/pages/index/VanityNumber/watch?endsWith=8888&operator=4', { language: 'en' });
    const a = app;
    await waitForPage(a, '/pages/login/index');
    await logIn(a, '13800138000');
    await waitForPage(a, '/pages/index/VanityNumber/watch');
    expect(a.location()).toBe('/pages/index/VanityNumber/watch?endsWith=8888&operator=4');
  });

  it('a tab page to return to is switched to', async () => {
    app = renderApp(`/pages/login/index?redirect=${encodeURIComponent('/pages/order/index?status=shipped')}`, { language: 'zh-Hans' });
    const a = app;
    await waitForPage(a, '/pages/login/index');
    const page = a.page()!;
    await typeInto(await waitFor(() => field(page, '手机号'), 'the mobile field'), '13800138000');
    await settle(a);
    expect(readText(page)).toContain('获取验证码');
    await tap(control(page, '获取验证码'));
    const code = await waitFor(() => readText(page.querySelector('[data-testid="dev-code"]')), 'the demo code');
    await typeInto(field(page, '短信验证码'), code);
    await tap(page.querySelector('.login-agree .adm-checkbox'));
    await tap(control(page, '登录'));
    await waitForPage(a, '/pages/order/index');
    expect(a.location()).toBe('/pages/order/index?status=shipped');
    expect(a.container.querySelector('.nav-back')).toBeNull();
  });

  it('without a page to return to, the visitor lands on "My"', async () => {
    app = renderApp('/pages/login/index', { language: 'en' });
    const a = app;
    await waitForPage(a, '/pages/login/index');
    await logIn(a, '13800138000');
    await waitForPage(a, '/pages/user/index');
  });
});

describe('following a delivery', () => {
  it.each([
    ['a shipped goods order', 'G20260510120000000002'],
    ['a shipped number order', 'N20260510120000000001'],
  ])('%s shows its carrier and tracking', async (_what, orderNo) => {
    app = renderApp(`/pages/order/logistics/index?orderNo=${orderNo}`, { language: 'en', buyer: true });
    const a = app;
    await waitForPage(a, '/pages/order/logistics/index');
    expect(await settle(a)).toBe('');
    expect(a.server.callsTo('GET /api/shop/order/logistics').map((c) => c.query.get('orderNo'))).toEqual([orderNo]);
    const text = readText(a.page());
    expect(text).toContain('SF Express');
    expect(text).toContain('SF1234567890123');
    expect(text).toContain('Left the Shenzhen sorting centre');
    expect(text).not.toContain('No delivery information yet');
  });

  it('from the order list: Track delivery on a shipped goods order', async () => {
    app = renderApp('/pages/order/index', { language: 'en', buyer: true });
    const a = app;
    await waitForPage(a, '/pages/order/index');
    expect(await settle(a)).toBe('');
    const card = await waitFor(
      () =>
        [...a.container.querySelectorAll<HTMLElement>('.card, article, li')].find((el) => readText(el).includes('G20260510120000000002')),
      'the goods order card',
    );
    await tap(control(card, 'Track delivery'), 'Track delivery');
    await waitForPage(a, '/pages/order/logistics/index');
    expect(a.location()).toBe('/pages/order/logistics/index?orderNo=G20260510120000000002');
    await settle(a);
    expect(readText(a.page())).toContain('SF1234567890123');
  });
});

describe('a session that timed out (spec §4, §8)', () => {
  it('code 61: the shopper is told, logged out and sent to log in, to come back to the page', async () => {
    const server = createFakeServer();
    // The server no longer knows the session the app logged in with; the new one after logging out is a visitor's.
    let expired = '';
    server.on('GET /api/shop/order/list', (req) => {
      expired ||= req.headers['x-session-id'] ?? '';
      return req.headers['x-session-id'] === expired ? refuse(61, 'Login expired') : server.defaultReply(req);
    });
    app = renderApp('/pages/order/index?status=paid', { language: 'zh-Hans', buyer: true, server });
    const a = app;
    await waitForPage(a, '/pages/login/index');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2Forder%2Findex%3Fstatus%3Dpaid');
    expect(useSession.getState().userInfo.mobile).toBe('');
    await waitFor(() => readText(document.body).includes('登录超时，请重新登录'), 'the timeout toast', 10_000);
    expect(await settle(a)).toBe('');
    expect(a.location()).toBe('/pages/login/index?redirect=%2Fpages%2Forder%2Findex%3Fstatus%3Dpaid');
  });

  it('code 34061: the SIM session ends and the SIM login page opens', async () => {
    const server = createFakeServer();
    server.on('GET /api/iot/simInfo', () => refuse(34061, 'SIM session expired'));
    app = renderApp('/pages-sub/iot/index/packageInfo/index', { language: 'en', sim: true, server });
    const a = app;
    await waitForPage(a, '/pages/iot/login/index');
    expect(a.location()).toBe('/pages/iot/login/index');
    expect(useSession.getState()).toMatchObject({ simNo: '', token: '' });
    await waitFor(() => readText(document.body).includes('Login timed out, please log in again'), 'the timeout toast', 10_000);
    // The back button of the login page leads home, not to the page of the ended session.
    expect(a.container.querySelector('.nav-back')).not.toBeNull();
  });
});
