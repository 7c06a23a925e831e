// @vitest-environment jsdom
import type { SimRealnameInfo } from '@simshop/contract/iot-account';
import type { SecurityCentre } from '@simshop/contract/iot-device';
import type { IotOrderReply } from '@simshop/contract/iot-money';
import type { OrderDetail } from '@simshop/contract/orders';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { control, readText, tap } from '../test-support/dom.ts';
import { iotOrderNo, shopOrderNo } from '../test-support/fake-data.ts';
import { createFakeServer } from '../test-support/fake-server.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';

/**
 * What a SIM holder and a shopper read in context: a goods order holds an item, not a number; a
 * package queued behind the one in effect is not "active"; back from a SIM page opened directly
 * (a reload, a deep link, after binding a phone) stays in the SIM app.
 */

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

// antd-mobile's list rows and sheet actions are anchors without an address: a browser follows
// nothing, jsdom goes to the document's address without its hash (the app's home). Here too,
// nothing is followed.
const stayOnAnchorsWithoutAddress = (event: MouseEvent) => {
  if ((event.target as Element | null)?.closest?.('a:not([href])')) event.preventDefault();
};
beforeEach(() => document.addEventListener('click', stayOnAnchorsWithoutAddress, true));
afterEach(() => document.removeEventListener('click', stayOnAnchorsWithoutAddress, true));

const DAY = 86_400_000;
const SIM_HOME = '/pages/iot/index/index';
const backButton = (a: RenderedApp) => a.container.querySelector<HTMLButtonElement>('.nav-back');

describe('a goods order awaiting payment', () => {
  const goodsNo = shopOrderNo('G', 2);
  const awaiting = () => {
    const server = createFakeServer();
    server.on('GET /api/shop/order/detail', (req) => {
      const order = server.defaultReply(req) as OrderDetail;
      return { ...order, status: 'awaiting_payment', paidAt: null, shippedAt: null, holdUntil: Date.now() + 10 * 60_000, canPay: true };
    });
    return server;
  };

  it.each([
    ['en', 'Item reserved — pay within'],
    ['zh-Hans', '商品已保留，请在'],
    ['zh-Hant', '商品已保留，請在'],
  ] as const)('%s: the cashier says the item is reserved, not a number', async (language, words) => {
    app = renderApp(`/pages/order/pay/index?orderNo=${goodsNo}`, { language, buyer: true, server: awaiting() });
    const a = app;
    await waitForPage(a, '/pages/order/pay/index');
    expect(await settle(a)).toBe('');
    const text = readText(a.page());
    expect(text).toContain(words);
    expect(text).not.toMatch(/Number reserved|号码已|號碼已/);
  });

  it('the order detail says so too', async () => {
    app = renderApp(`/pages/order/detail/index?orderNo=${goodsNo}`, { language: 'en', buyer: true, server: awaiting() });
    const a = app;
    await waitForPage(a, '/pages/order/detail/index');
    expect(await settle(a)).toBe('');
    expect(readText(a.page())).toContain('Item reserved for you — pay within');
  });
});

describe('a package bought to start after the one in effect', () => {
  it.each([
    ['en', 'Package bought — it starts on'],
    ['zh-Hans', '套餐已购买，将于'],
    ['zh-Hant', '套餐已購買，將於'],
  ] as const)('%s: the result says when it starts, not that it is active', async (language, words) => {
    const server = createFakeServer();
    const startsAt = Date.now() + 9 * DAY;
    server.on('GET /api/iot/orderDetails', (req) => {
      const reply = server.defaultReply(req) as IotOrderReply;
      return { ...reply, order: { ...reply.order, effect: 'next', packageStartsAt: startsAt, packageEndsAt: startsAt + 30 * DAY } };
    });
    const route = `/pages-sub/iot/index/packageDetails/index?orderNo=${iotOrderNo(1)}&result=paid`;
    app = renderApp(route, { language, sim: true, server });
    const a = app;
    await waitForPage(a, '/pages-sub/iot/index/packageDetails/index');
    const status = await waitFor(() => a.container.querySelector('[data-testid="order-status"]'), 'the order status');
    expect(readText(status)).toContain(words);
    expect(readText(status)).not.toMatch(/Package active|套餐开通成功|套餐開通成功/);
  });

  it('one in effect now is active', async () => {
    app = renderApp(`/pages-sub/iot/index/packageDetails/index?orderNo=${iotOrderNo(1)}&result=paid`, { language: 'en', sim: true });
    const a = app;
    const status = await waitFor(() => a.container.querySelector('[data-testid="order-status"]'), 'the order status');
    expect(readText(status)).toBe('Package active');
  });
});

describe('back from a SIM page with nothing below it', () => {
  it.each(['/pages/iot/index/bindPhone/index', '/pages-sub/iot/index/usageAlerts/index', '/pages/iot/index/orderLogs/index'])(
    '%s (reloaded or deep-linked) goes to the SIM dashboard, not the shop home',
    async (path) => {
      app = renderApp(path, { language: 'en', sim: true });
      const a = app;
      await waitForPage(a, path);
      expect(await settle(a)).toBe('');
      await tap(backButton(a), 'back');
      await waitForPage(a, SIM_HOME);
      expect(a.location()).toBe(SIM_HOME);
    },
  );

  it('without a SIM session a SIM page goes to the SIM login', async () => {
    app = renderApp('/pages/iot/login/code/index', { language: 'en' });
    const a = app;
    await waitForPage(a, '/pages/iot/login/code/index');
    await tap(backButton(a), 'back');
    await waitForPage(a, '/pages/iot/login/index');
    expect(a.location()).toBe('/pages/iot/login/index');
  });

  it('the SIM login itself goes to the shop home', async () => {
    app = renderApp('/pages/iot/login/index', { language: 'en' });
    const a = app;
    await waitForPage(a, '/pages/iot/login/index');
    await tap(backButton(a), 'back');
    await waitForPage(a, '/pages/index/index');
    expect(a.location()).toBe('/pages/index/index');
  });
});

describe('the SIM app has a language setting of its own', () => {
  it('"My account" switches the language, kept for the next visit as the shop keeps it', async () => {
    app = renderApp('/pages-sub/iot/user/index', { language: 'en', sim: true });
    const a = app;
    await waitForPage(a, '/pages-sub/iot/user/index');
    expect(await settle(a)).toBe('');
    expect(readText(a.container.querySelector('[data-testid="sim-language"]'))).toBe('English');
    await tap(control(a.page()!, 'Language'), 'Language');
    const sheet = await waitFor(() => document.querySelector('.adm-action-sheet'), 'the language sheet');
    expect(readText(sheet)).toContain('Choose language');
    await tap(control(sheet as HTMLElement, '简体中文'), '简体中文');
    await waitFor(
      () => readText(a.container.querySelector('[data-testid="sim-language"]')) === '简体中文',
      'the language shown as 简体中文',
    );
    expect(localStorage.getItem('simshop-language')).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(a.location()).toBe('/pages-sub/iot/user/index');
    await waitFor(() => readText(a.page()).includes('退出登录'), 'the page in Simplified Chinese');
  });
});

describe('the agreements of the IoT app (/pages-sub/iot/protocol/index)', () => {
  const PROTOCOLS = '/pages-sub/iot/protocol/index';

  it.each([
    ['en', 'Agreements', 'Service agreement', 'Privacy policy'],
    ['zh-Hans', '协议与政策', '服务协议', '隐私政策'],
    ['zh-Hant', '協議與政策', '服務協議', '隱私政策'],
  ] as const)('%s: shows the service agreement, and the privacy policy on its tab', async (language, title, service, privacy) => {
    app = renderApp(PROTOCOLS, { language, sim: true });
    const a = app;
    await waitForPage(a, PROTOCOLS);
    expect(await settle(a)).toBe('');
    expect(a.navTitle()).toBe(title);
    expect(readText(a.page()?.querySelector('.sim-protocol h1'))).toBe(service);
    expect(a.server.callsTo('GET /api/iot/protocol').map((c) => c.query.get('type'))).toEqual(['service']);
    await tap(control(a.page()!, privacy), privacy);
    await waitFor(() => readText(a.page()?.querySelector('.sim-protocol h1')) === privacy, `the ${privacy} shown`);
    expect(a.server.callsTo('GET /api/iot/protocol').map((c) => [c.query.get('type'), c.query.get('language')])).toEqual([
      ['service', language],
      ['privacy', language],
    ]);
  });

  it('?type=privacy opens the privacy policy; My account leads here', async () => {
    app = renderApp(`${PROTOCOLS}?type=privacy`, { language: 'en', sim: true });
    const a = app;
    await waitForPage(a, PROTOCOLS);
    expect(await settle(a)).toBe('');
    expect(readText(a.page()?.querySelector('.sim-protocol h1'))).toBe('Privacy policy');
    a.unmount();
    app = renderApp('/pages-sub/iot/user/index', { language: 'en', sim: true });
    const b = app;
    await waitForPage(b, '/pages-sub/iot/user/index');
    expect(await settle(b)).toBe('');
    await tap(control(b.page()!, 'Agreements and policies'), 'Agreements and policies');
    await waitForPage(b, PROTOCOLS);
    expect(b.navTitle()).toBe('Agreements');
  });
});

describe('phone access and the security centre read one record', () => {
  it('a phone not authorised is "Not authorised" in the security centre too, with the way to authorise it', async () => {
    const server = createFakeServer();
    server.on('GET /api/iot/iotDevice/security', (req) => {
      const centre = server.defaultReply(req) as SecurityCentre;
      return { ...centre, clients: centre.clients.map((x) => ({ ...x, authorized: false })) };
    });
    const SECURITY = '/pages-sub/iot/deviceManage/security/index';
    app = renderApp(SECURITY, { language: 'en', sim: true, server });
    const a = app;
    await waitForPage(a, SECURITY);
    expect(await settle(a)).toBe('');
    const client = a.page()!.querySelector<HTMLElement>('[data-testid="client-A4:50:46:33:71:02"]')!;
    expect(readText(client.querySelector('[data-testid="client-state"]'))).toBe('Not authorised');
    expect(readText(client)).not.toContain('Allowed');
    await tap(control(client, 'Authorise'), 'Authorise');
    await waitForPage(a, '/pages-sub/iot/index/deviceTerminalAuth/index');
    expect(a.navTitle()).toBe('Phone access');
  });

  it('an authorised phone is "Allowed"', async () => {
    const SECURITY = '/pages-sub/iot/deviceManage/security/index';
    app = renderApp(SECURITY, { language: 'en', sim: true });
    const a = app;
    await waitForPage(a, SECURITY);
    expect(await settle(a)).toBe('');
    const client = a.page()!.querySelector<HTMLElement>('[data-testid="client-A4:50:46:33:71:02"]')!;
    expect(readText(client.querySelector('[data-testid="client-state"]'))).toBe('Allowed');
  });
});

describe('real-name asks for consent before any photo', () => {
  const PLATFORM = '/pages/iot/index/realnameAuth/platform/index';

  it.each([
    ['en', 'Before you upload your photos', 'Privacy policy', 'Agree and continue', 'ID photo side'],
    ['zh-Hans', '上传照片前请确认', '隐私政策', '同意并继续', '身份证人像面'],
  ] as const)(
    '%s: the privacy policy and an explicit consent come first, recorded by the server',
    async (language, title, policy, agree, front) => {
      const server = createFakeServer();
      let consent: { version: number; agreedAt: number } | null = null;
      server.on('GET /api/iot/simRealnameInfo', (req) => {
        const info = server.defaultReply(req) as SimRealnameInfo;
        return { ...info, authStatus: 3, authPlatformStatus: 0, needAuth: true, needPlatformAuth: true, platform: null, consent };
      });
      server.on('POST /api/iot/realnameConsent', (req) => {
        consent = { version: (req.body as { version: number }).version, agreedAt: Date.now() };
        return consent;
      });
      app = renderApp(PLATFORM, { language, sim: true, server });
      const a = app;
      await waitForPage(a, PLATFORM);
      expect(await settle(a)).toBe('');
      const step = a.page()!.querySelector('[data-testid="realname-consent"]')!;
      expect(readText(step)).toContain(title);
      expect(readText(step.querySelector('.sim-protocol h1'))).toBe(policy);
      // No photo can be chosen yet, and agreeing needs the box ticked.
      expect(a.page()!.querySelector('input[type="file"]')).toBeNull();
      const button = control(step, agree) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      await tap(step.querySelector('.adm-checkbox'), 'the consent box');
      expect(button.disabled).toBe(false);
      await tap(button, agree);
      await waitFor(() => a.page()!.querySelector('[data-testid="realname-consent"]') === null, 'the consent step done');
      expect(a.server.callsTo('POST /api/iot/realnameConsent').map((c) => c.body)).toEqual([{ version: 2 }]);
      await waitFor(() => readText(a.page()).includes(front), 'the photo step');
    },
  );
});
