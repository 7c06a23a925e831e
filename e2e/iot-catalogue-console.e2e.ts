import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { DEMO_SIM } from './support/sim.ts';

/**
 * IoT packages in the operator console at 1280x800: the owner adds a flash-sale package to the
 * demo storefront with its English name, the holder of a demo card sees it in the app's package
 * list with its stock, and the owner takes it off sale again.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** A time as the browser's datetime-local input takes it. */
const localInput = (page: Page, ms: number) =>
  page.evaluate((t) => {
    const d = new Date(t);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

test('the owner adds a flash-sale package and the card holder sees it in the package list', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const zhName = `秒杀测试包 ${tag}`;
  const enName = `Flash test ${tag}`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '流量套餐' });
  // The demo storefront's packages; a new one is added to it.
  await page.getByRole('combobox', { name: '店铺' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^demo · / })
    .click();
  await page.getByRole('button', { name: '新增套餐' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('新套餐')).toBeVisible();
  await expect(dialog.getByText(/^demo · /)).toBeVisible();
  await dialog.getByLabel('名称（简体中文）', { exact: true }).fill(zhName);
  await dialog.getByLabel('名称（英文）', { exact: true }).fill(enName);
  await dialog.getByLabel('流量（MB）').fill('10240');
  await dialog.getByLabel('售价').fill('9.90');
  await dialog.getByLabel('原价').fill('29.00');
  await dialog.getByLabel('每卡限购（0 为不限）').fill('1');
  await dialog.getByRole('switch', { name: '限时秒杀' }).click();
  await dialog.getByLabel('剩余可售数量').fill('5');
  const now = Date.now();
  await dialog.getByLabel('秒杀开始时间').fill(await localInput(page, now - 3_600_000));
  await dialog.getByLabel('秒杀结束时间').fill(await localInput(page, now + 86_400_000));
  await dialog.getByRole('switch', { name: '上架' }).click();
  await page.screenshot({ path: 'test-results/admin-package-new.zh-Hans.png' });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText(`${zhName} 已保存`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: zhName });
  await expect(row).toContainText('秒杀');
  await expect(row).toContainText('¥9.90');
  await expect(row).toContainText('在售');

  // The holder's package list shows the flash sale with its English name and the units left.
  const app = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await app.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await app.goto('/shop/#/pages/iot/login/index');
  await app.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(DEMO_SIM);
  await app.getByText('I have read and agree to the').click();
  await app.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(app.getByTestId('sim-dashboard')).toBeVisible();
  await app.goto('/shop/#/pages/iot/index/package/index');
  const sale = app.getByRole('region', { name: 'Flash sale' }).locator('[data-testid^="seckill-"]').filter({ hasText: enName });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText('5 left');
  await expect(sale).toContainText('¥9.90');
  await app.screenshot({ path: 'test-results/app-package-flash-sale.en.png' });

  // Off sale again: the holder no longer sees it.
  await row.getByRole('button', { name: `编辑 ${zhName}` }).click();
  await expect(dialog.getByLabel('剩余可售数量')).toHaveValue('5');
  await dialog.getByRole('switch', { name: '上架' }).click();
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(row).toContainText('已下架');
  await app.reload();
  await expect(app.getByRole('region', { name: 'Flash sale' }).getByText(enName)).toHaveCount(0);
  await app.close();

  // The page in English and Traditional Chinese.
  for (const [language, title, button, name] of [
    ['English', 'IoT packages', 'Add a package', enName],
    ['繁體中文', '物聯網流量套餐', '新增套餐', `秒殺測試包 ${tag}`],
  ] as const) {
    await page.getByRole('combobox', { name: /语言|Language|語言/ }).click();
    await page.getByTitle(language).click();
    await expect(page.getByRole('main').getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: button })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  }
  await page.screenshot({ path: 'test-results/admin-packages.zh-Hant.png' });
});
