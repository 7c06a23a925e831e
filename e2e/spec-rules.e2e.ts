import { randomBytes } from 'node:crypto';
import { expect, type Page, type Request, test } from '@playwright/test';
import { PREVIEW_SIM_NO } from '@simshop/contract/admin-layouts';
import { Header } from '@simshop/contract/headers';
import { withInstance } from './support/instance.ts';
import { proveSession } from './support/sim.ts';

/**
 * Rules of the spec a shopper or a card holder meets, taken literally: the §7 headers on every
 * call, the page URL header before the hash route exists, §8's 61 met by a background call, §5's
 * text length limit, typed and pasted, and §2's iotPreview.
 */

/** The §7 headers of every call (the language is sent too; idempotency keys only where they apply). */
const SPEC_HEADERS = Object.values(Header).filter((h) => h !== Header.idempotencyKey);
const DEVICE = 'MF0000000001';

/** Opens the app's origin and stores a session in it, as the app keeps it. */
async function storeSession(page: Page, state: Record<string, unknown>): Promise<void> {
  await page.goto('/healthz');
  await page.evaluate((s) => {
    localStorage.setItem('simshop-language', 'en');
    localStorage.setItem('simshop-session', JSON.stringify({ version: 1, state: s }));
  }, state);
}

/** A SIM session of `sn` stored in the app, its layout's popup already declined. */
async function simSession(page: Page, sn: string): Promise<{ simNo: string; token: string }> {
  const reply = await page.request.post('/api/simLogin', { data: { sn, agreeProtocol: true } });
  const { data } = (await reply.json()) as { data: { simNo: string; token: string } };
  await storeSession(page, { simNo: data.simNo, token: data.token, loginSns: [data.simNo], iotIndexPopupPrevent: true });
  return { simNo: data.simNo, token: data.token };
}

async function expectSpecHeaders(request: Request, pageUrl: string): Promise<void> {
  const headers = await request.allHeaders();
  for (const name of SPEC_HEADERS) expect(Object.keys(headers), `${name} on ${request.method()} ${request.url()}`).toContain(name);
  expect(headers[Header.pageUrl]).toBe(pageUrl);
  expect(headers[Header.sessionId]).toMatch(/^[0-9a-f]{32}$/);
}

test('§7: the tracking report and the divisions carry the headers of every call', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  const report = page.waitForRequest((r) => r.url().includes('/api/hk/pointReport'));
  await page.goto('/shop/#/pages/index/VanityNumber/index');
  await expectSpecHeaders(await report, '/pages/index/VanityNumber/index');
  const provinces = page.waitForRequest((r) => r.url().includes('/provinces/000000.json'));
  // The region button (its label is the region chosen: the storefront's default one when set).
  await page.locator('.filter-bar > button').first().click();
  await expectSpecHeaders(await provinces, '/pages/index/VanityNumber/index');
});

test('§7: the first calls of /shop/, before any hash route, name the home page as the page URL', async ({ page }) => {
  const numbers = page.waitForRequest((r) => r.url().includes('/api/shop/numberList'));
  await page.goto('/shop/');
  expect((await numbers).headers()[Header.pageUrl]).toBe('/pages/index/index');
});

test('§8: a 61 met by a background call of My ends the login and opens the login page', async ({ page }) => {
  // The app believes the shopper logged in; the server no longer knows the session (it expired).
  await storeSession(page, { userInfo: { nickname: '', avatar: '', mobile: '13800138000' }, sessionId: randomBytes(16).toString('hex') });
  await page.goto('/shop/#/pages/user/index');
  await expect(page.getByText('Login timed out, please log in again')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/login\/index\?redirect=%2Fpages%2Fuser%2Findex/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state);
  expect(stored.userInfo.mobile).toBe('');
});

test('§5: text fields stop at their limit, typed or pasted', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // The Wi-Fi settings need a session that proved it holds the card (decision 0105).
  const device = await simSession(page, DEVICE);
  await proveSession(page.request, device);
  await page.goto('/shop/#/pages-sub/iot/deviceManage/setSsidPwd/index');
  // The Wi-Fi name: an SSID is at most 32 bytes, so never more than 32 characters.
  const ssid = page.getByRole('textbox', { name: 'Wi-Fi name' });
  await ssid.fill('n'.repeat(200));
  await expect(ssid).toHaveValue('n'.repeat(32));
  await ssid.fill('');
  await ssid.pressSequentially('t'.repeat(40));
  await expect(ssid).toHaveValue('t'.repeat(32));

  // The mall address: 120 characters, typed or pasted, counted as the server counts them (UTF-16
  // units: a rare character outside the basic plane is two).
  await page.goto('/shop/#/pages-sub/iot/integralShop/details/selectAddress/edit');
  const detail = page.getByPlaceholder('Street, building, room');
  await detail.pressSequentially('\u{20000}'.repeat(75));
  await expect(detail).toHaveValue('\u{20000}'.repeat(60));
  await detail.fill('');
  await page.evaluate((text) => navigator.clipboard.writeText(text), 'p'.repeat(200));
  await detail.press('ControlOrMeta+V');
  await expect(detail).toHaveValue('p'.repeat(120));
});

test('§2: iotPreview=IotLayout:{digits} sets the preview SIM number; anything else is refused', async ({ page }) => {
  const preview = await withInstance(async (app) => app.iotLayouts.previewOf((await app.site.resolvePromoter('')).id, null));
  const link = (value: string) => preview.url.replace(`iotPreview=IotLayout:${PREVIEW_SIM_NO}`, `iotPreview=${encodeURIComponent(value)}`);
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));

  await page.goto(link('IotLayout:1440000000123'));
  await expect(page.getByTestId('preview-tag')).toHaveText('Preview · SIM 1440000000123');

  for (const refused of ['IotLayout:14400a', 'IotLayout:', 'Layout:1440000000123']) {
    await page.goto(link(refused));
    await expect(page.getByText('This preview link is not valid')).toBeVisible();
    await expect(page.getByTestId('preview-tag')).toHaveCount(0);
  }
  // The console's token decides who may preview: digits with a token it did not sign show nothing.
  await page.goto(link('IotLayout:1440000000123').replace(/previewToken=[^&]+/, 'previewToken=forged.token'));
  await expect(page.getByTestId('preview-tag')).toHaveCount(0);
});
