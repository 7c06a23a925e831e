// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readText, tap } from '../test-support/dom.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';

/**
 * SIM app pages that show a component of the shop (the region picker of the points mall's address
 * form) wait for the shop's texts too: opened first thing (a reload, a deep link, no shop page
 * before), the picker names itself in the language, never by its keys. A file of its own, so no
 * shop page of another test has loaded those texts before.
 */

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

const EDIT = '/pages-sub/iot/integralShop/details/selectAddress/edit';

describe('the points mall address form, opened directly in the SIM app', () => {
  it.each([
    ['en', 'Delivery region', 'Choose'],
    ['zh-Hans', '选择收货地区', '请选择'],
    ['zh-Hant', '選擇收貨地區', '請選擇'],
  ] as const)('%s: the region picker shows its title and prompt in the language', async (language, title, choose) => {
    app = renderApp(EDIT, { language, sim: true });
    const a = app;
    await waitForPage(a, EDIT);
    expect(await settle(a)).toBe('');
    await tap(a.container.querySelector('[data-testid="pick-region"]'), 'the region field');
    const head = await waitFor(() => document.querySelector('.address-popup .address-head'), 'the picker header');
    expect(readText(head)).toBe(title);
    await waitFor(() => readText(document.querySelector('.address-popup')).includes(choose), `the prompt "${choose}"`);
    expect(readText(document.querySelector('.address-popup'))).not.toMatch(/shop\.address/);
    expect(a.consoleErrors).toEqual([]);
  });
});
