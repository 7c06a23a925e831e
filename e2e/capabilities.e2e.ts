import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { logInProven } from './support/sim.ts';

/**
 * The capability table at 1280x800: the owner turns phone access off for the demo device's model,
 * and the holder of the demo portable Wi-Fi no longer finds it: no menu, no link on the device page,
 * and the page itself, opened directly, says the card does not offer it and leads home. Turned on
 * again, the menu is back.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

const DEVICE = 'MF0000000001';
const MODEL = 'MiFi 5G M1';
const TERMINAL_AUTH = '/shop/#/pages-sub/iot/index/deviceTerminalAuth/index';

/** The console's switch of phone access for the demo model, set to `on`. */
async function setPhoneAccess(page: Page, on: boolean) {
  const toggle = page.getByRole('switch', { name: `${MODEL} · 终端授权` });
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', String(on));
}

/** The names of every menu of the holder's dashboard (its "more" page lists them all). */
async function allMenus(holder: Page): Promise<string[]> {
  // Opened afresh, as a holder coming back to the app: the SIM info is read again.
  await holder.goto('/shop/#/pages/iot/index/moreMenu/index');
  await holder.reload();
  await expect(holder.getByRole('button', { name: 'Device settings' })).toBeVisible();
  return holder.locator('.sim-menus').getByRole('button').allInnerTexts();
}

test('the owner turns phone access off for a device model and its cards no longer offer it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '功能配置' });
  const models = page.locator('.ant-card').filter({ hasText: '设备型号' });
  const row = models.getByRole('row').filter({ hasText: MODEL });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  const operators = page.locator('.ant-card').filter({ hasText: '运营商' }).last();
  await expect(operators.getByRole('row').filter({ hasText: '中国移动' }).getByRole('switch', { name: '中国移动 · 加速包' })).toBeChecked();

  const holder = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  await logInProven(holder, DEVICE);
  expect(await allMenus(holder)).toContain('Phone access');

  try {
    await setPhoneAccess(page, false);
    await expect(page.getByText(`已为 ${MODEL} 关闭终端授权`)).toBeVisible();

    // The card's SIM info follows within a few seconds; the holder's next visit shows the menus without it.
    await expect.poll(async () => allMenus(holder), { timeout: 15_000 }).not.toContain('Phone access');
    await holder.getByRole('button', { name: 'Device settings' }).click();
    await expect(holder.getByTestId('band-2.4G')).toBeVisible();
    await expect(holder.getByRole('button', { name: 'Switch network' })).toBeVisible();
    await expect(holder.getByRole('button', { name: 'Phone access' })).toHaveCount(0);

    await holder.goto(TERMINAL_AUTH);
    await expect(holder.getByText('This card does not offer this feature')).toBeVisible();
    await holder.getByRole('button', { name: 'Back to my SIM' }).click();
    await expect(holder).toHaveURL(/#\/pages\/iot\/index\/index$/);
  } finally {
    await setPhoneAccess(page, true);
  }
  await expect.poll(async () => allMenus(holder), { timeout: 15_000 }).toContain('Phone access');
  await holder.close();
});
