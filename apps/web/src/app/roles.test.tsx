// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { control, field, readText, tap, typeInto } from '../test-support/dom.ts';
import { createFakeServer, refuse } from '../test-support/fake-server.ts';
import { type RenderedApp, renderApp, settle, waitFor, waitForPage } from '../test-support/render-app.tsx';

/**
 * What each person is shown and asked: agent things are the agent's (on an agent storefront, only a
 * shopper who manages it sees the agent badge and the downstream agents), and a SIM holder learns
 * an amount is out of range before being asked for the pay password.
 */

vi.setConfig({ testTimeout: 30_000 });

let app: RenderedApp | null = null;
afterEach(() => {
  app?.unmount();
  app = null;
});

/** The My tab once the app has asked whether the shopper manages the storefront, and had its answer shown. */
async function myPage(server = createFakeServer()): Promise<string> {
  const shown = renderApp('/pages/user/index', { language: 'en', buyer: true, server });
  app = shown;
  await waitForPage(shown, '/pages/user/index');
  await waitFor(() => server.callsTo('GET /api/agent/lowerList').length > 0, 'the question of the role');
  await settle(shown);
  return readText(shown.page());
}

describe('the My tab of an agent storefront', () => {
  it('shows a plain shopper no agent badge and no downstream agents', async () => {
    const server = createFakeServer();
    server.on('GET /api/agent/lowerList', () => refuse(-1, 'Promo code: this storefront is not an agent you manage'));
    const text = await myPage(server);
    expect(text).toContain('My orders');
    expect(text).not.toContain('My downstream agents');
    expect(app?.page()?.querySelector('.my-head .adm-tag')).toBeNull();
    // The refusal is how the app learns the role: nothing is shown for it.
    expect(document.body.textContent).not.toContain('not an agent you manage');
  });

  it('shows the agent who manages it the badge and the way to its downstream agents', async () => {
    await myPage();
    await waitFor(() => readText(app?.page() ?? null).includes('My downstream agents'), 'the downstream agents');
    expect(readText(app?.page()?.querySelector('.my-head .adm-tag') ?? null)).toBe('Agent');
  });
});

describe('the auto top-up rule of a SIM', () => {
  it('refuses an amount outside the storefront’s limits, in yuan, before asking for the pay password', async () => {
    const server = createFakeServer();
    app = renderApp('/pages-sub/iot/index/autoRules/index', { language: 'en', sim: true, server });
    const page = await waitForPage(app, '/pages-sub/iot/index/autoRules/index');
    await settle(app);
    await typeInto(field(page, 'Top-up amount (¥)'), '20000', 'the amount');
    await tap(control(page, 'Save with pay password'), 'Save');
    await waitFor(() => (document.body.textContent ?? '').includes('Choose a top-up amount from ¥1 to ¥5,000.'), 'the toast');
    expect(document.querySelector('[data-testid="pay-password-sheet"]')).toBeNull();
    expect(server.callsTo('POST /api/iot/autoRules/topup')).toEqual([]);
  });
});
