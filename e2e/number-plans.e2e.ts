import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';

/**
 * Number plans in the operator console at 1280x800: the owner adds a China Broadnet plan in three
 * languages, and the shop offers it, in English, to whoever applies for a new number.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

test('the owner adds a number plan and the shop offers it for a new number', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = String(randomInt(100, 999));
  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '号码套餐' });
  await page.getByRole('button', { name: '新增套餐' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('运营商').click();
  await page.getByTitle('中国广电').click();
  await dialog.getByLabel('名称 · 简体中文').fill(`广电畅享 ${tag}`);
  await dialog.getByLabel('名称 · English').fill(`Broadnet Plus ${tag}`);
  await dialog.getByLabel('套餐内容 · English').fill('60 GB of data and 300 minutes');
  await dialog.getByLabel('套餐内容 · 简体中文').fill('60GB 通用流量 + 300 分钟通话');
  await dialog.getByLabel('月租').fill('49');
  await dialog.getByLabel('每月流量').fill('60');
  await dialog.getByLabel('每月通话分钟').fill('300');
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('套餐已保存')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `广电畅享 ${tag}` })).toContainText('¥49.00');

  const shopper = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'en-US' });
  await shopper.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await shopper.goto('/shop/#/pages/goods/fastNumber/index');
  await shopper.getByRole('tab', { name: 'China Broadnet' }).click();
  const card = shopper.locator('.pkg-card').filter({ hasText: `Broadnet Plus ${tag}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('60 GB of data and 300 minutes');
  await shopper.close();
});
