import { expect, test } from '@playwright/test';
import { makeAgent } from '../apps/server/src/modules/agents/test-kit.ts';
import { makeCard } from '../apps/server/src/modules/iot-money/test-kit.ts';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';
import { logIn } from './support/sim.ts';

/**
 * SIM dashboard layouts in the operator console (1280×800): the owner edits a menu of a storefront
 * this test makes, previews it in the phone frame, publishes it, and a card of that storefront sees it.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

test('owner edits a layout menu and the dashboard shows it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { shop, simNo } = await withInstance(async (app) => {
    const made = await makeAgent(app, null);
    const card = await makeCard(app, { promoCode: made.promoCode });
    return { shop: made, simNo: card.simNo };
  });
  const label = `Data ${Date.now() % 10_000}`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: 'SIM 页面布局' });
  await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
  await page.keyboard.press('Enter');
  await expect(page.getByText('默认店铺的布局')).toBeVisible();

  const preview = page.frameLocator('[data-testid="layout-preview"]');
  // The preview shows the published layout with the demo card first.
  await expect(preview.getByTestId('preview-tag')).toContainText('1449999999999');
  await expect(preview.locator('[data-menu="packageInfo"]')).toContainText('套餐详情');

  const first = page.getByTestId('layout-menu').first();
  await first.getByLabel('名称 · 简体中文').fill('流量详情');
  await first.getByLabel('名称 · 繁體中文').fill('流量詳情');
  await first.getByLabel('名称 · English').fill(label);
  await page.getByRole('button', { name: '保存草稿并预览' }).click();
  await expect(page.getByText('草稿已保存，预览已更新')).toBeVisible();
  await expect(preview.locator('[data-menu="packageInfo"]')).toContainText('流量详情');
  await page.getByText('English', { exact: true }).last().click();
  await expect(preview.locator('[data-menu="packageInfo"]')).toContainText(label);
  // The layout's popup shows in the preview each time; "Got it" closes it.
  await preview.getByRole('button', { name: 'Got it' }).click();
  await expect(preview.getByRole('button', { name: 'Got it' })).toBeHidden();
  await page.screenshot({ path: 'test-results/admin-layouts.zh-Hans.png' });

  // Not published yet: the card's dashboard still shows the old menu.
  const holder = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const shopPage = await holder.newPage();
  await logIn(shopPage, simNo);
  await expect(shopPage.locator('[data-menu="packageInfo"]')).toContainText('Package details');

  await page
    .getByRole('button', { name: '发 布' })
    .or(page.getByRole('button', { name: '发布', exact: true }))
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click();
  await expect(page.getByText('已发布，该店铺的 SIM 首页现已生效')).toBeVisible();
  await expect(page.getByText('已发布的布局')).toBeVisible();

  await shopPage.reload();
  await expect(shopPage.getByTestId('sim-dashboard')).toBeVisible();
  await expect(shopPage.locator('[data-menu="packageInfo"]')).toContainText(label);
  await holder.close();

  // The console in English.
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.locator('.ant-select-item-option[title="English"]').click();
  await expect(page.getByRole('menuitem', { name: 'SIM layouts' })).toBeVisible();
  await expect(page.getByText('Published layout')).toBeVisible();
  await expect(preview.locator('[data-menu="packageInfo"]')).toContainText(label);
  await preview.getByRole('button', { name: 'Got it' }).click();
  await expect(preview.getByRole('button', { name: 'Got it' })).toBeHidden();
  await page.screenshot({ path: 'test-results/admin-layouts.en.png' });
});

test('owner adds a notice in three languages and the card’s dashboard shows it', async ({ page, browser }) => {
  const { shop, simNo } = await withInstance(async (app) => {
    const made = await makeAgent(app, null);
    const card = await makeCard(app, { promoCode: made.promoCode });
    return { shop: made, simNo: card.simNo };
  });
  const title = `Network upgrade ${Date.now() % 10_000}`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '内容管理' });
  await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '添加公告' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('标题 · 简体中文').fill('网络升级');
  await dialog.getByLabel('标题 · 繁體中文').fill('網路升級');
  await dialog.getByLabel('标题 · English').fill(title);
  await dialog.getByLabel('内容 · 简体中文').fill('今晚网络升级，期间可能短暂断网。');
  await dialog.getByLabel('内容 · English').fill('The network is upgraded tonight; data may pause briefly.');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '网络升级' })).toContainText('启用');
  await page.screenshot({ path: 'test-results/admin-notices.zh-Hans.png' });
  await page.getByRole('tab', { name: '热门问题 / 常见问题' }).click();
  await expect(page.getByRole('row').filter({ hasText: '退款' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-faq.zh-Hans.png' });
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.locator('.ant-select-item-option[title="English"]').click();
  await expect(page.getByRole('tab', { name: 'Hot questions / FAQ' })).toBeVisible();
  await expect(page.getByText('已保存')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/admin-faq.en.png' });
  await page.getByRole('tab', { name: 'SIM dashboard notices' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-notices.en.png' });

  const holder = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const shopPage = await holder.newPage();
  await logIn(shopPage, simNo);
  await expect(shopPage.getByTestId('sim-dashboard')).toContainText(title);
  await shopPage.screenshot({ path: 'test-results/notice-bar.en.png' });
  // Tapping the bar lists the notices in a sheet.
  await shopPage.locator('.sim-notice').click();
  await expect(shopPage.getByRole('heading', { name: title })).toBeVisible();
  await holder.close();
});
