import { expect, test } from '@playwright/test';
import { makeAgent } from '../apps/server/src/modules/agents/test-kit.ts';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';

/**
 * Storefront content in the operator console (1280×800): the owner writes a single page of a
 * storefront this test makes in three languages, and the shop shows it at its route in English and
 * Traditional Chinese; then edits the storefront's user agreement with a preview, and the shop's
 * agreement page shows it. The content tabs are shown in the three console languages.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

test('owner writes a single page and an agreement and the shop shows them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const shop = await withInstance((app) => makeAgent(app, null));
  const code = `autumn${Date.now() % 100_000}`;
  const title = `Autumn picks ${Date.now() % 10_000}`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '内容管理' });
  await page.getByRole('tab', { name: '单页' }).click();
  await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
  await page.keyboard.press('Enter');
  await expect(page.getByText('暂无单页')).toBeVisible();
  await page.getByRole('button', { name: '新增页面' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('页面代码').fill(code);
  await dialog.getByLabel('页面标题 · 简体中文').fill('秋季精选');
  await dialog.getByLabel('页面标题 · English').fill(title);
  await dialog.getByRole('button', { name: '页面标题 · 由简体填入繁体' }).click();
  await expect(dialog.getByLabel('页面标题 · 繁體中文')).toHaveValue('秋季精選');
  const block = dialog.locator('.ant-card').first();
  await block.getByLabel('小标题 · 简体中文').fill('活动说明');
  await block.getByLabel('小标题 · English').fill('About');
  await block.getByLabel('正文（HTML） · 简体中文').fill('<p>精选靓号<script>alert(1)</script></p>');
  await block.getByLabel('正文（HTML） · English').fill('<p>Hand-picked numbers</p>');
  await dialog.getByRole('button', { name: '添加区块' }).click();
  await expect(dialog.locator('.ant-card')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/admin-single-page.zh-Hans.png' });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('秋季精选');

  // The shop shows the page at its route, in the reader's language, without the script.
  const reader = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const shopPage = await reader.newPage();
  await shopPage.goto(`/shop/#/pages-sub/single/index?pageCode=${code}&promoCode=${shop.promoCode}`);
  await expect(shopPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(shopPage.getByText('Hand-picked numbers')).toBeVisible();
  await shopPage.screenshot({ path: 'test-results/shop-single-page.en.png' });
  await reader.close();

  // The user agreement: edited with a preview, then shown by the shop.
  await page.getByRole('tab', { name: '协议' }).click();
  await page.getByRole('combobox', { name: '店铺' }).fill(shop.promoCode);
  await page.keyboard.press('Enter');
  const shopLogin = page.getByRole('row').filter({ hasText: '商城用户协议' });
  await expect(shopLogin).toContainText('默认店铺');
  await shopLogin.getByRole('button', { name: '编辑 商城用户协议' }).click();
  const agreement = page.getByRole('dialog');
  await agreement.getByLabel('标题 · 简体中文').fill('秋季用户协议');
  await agreement.getByLabel('标题 · English').fill(`Terms ${title}`);
  await agreement.getByRole('button', { name: '标题 · 由简体填入繁体' }).click();
  await expect(agreement.getByLabel('标题 · 繁體中文')).toHaveValue('秋季用戶協議');
  await agreement.getByLabel('正文（HTML） · 简体中文').fill('<h3>账户</h3><p>请妥善保管。</p>');
  await agreement.getByLabel('正文（HTML） · English').fill('<h3>Account</h3><p>Keep it safe.<img src=x onerror="alert(1)"></p>');
  await agreement.getByLabel('正文（HTML） · 繁體中文').fill('');
  await agreement
    .getByRole('button', { name: '预 览' })
    .or(agreement.getByRole('button', { name: '预览' }))
    .click();
  const preview = agreement.getByTestId('agreement-preview');
  await expect(preview.getByRole('heading', { name: '账户' })).toBeVisible();
  await preview.getByRole('tab', { name: 'English' }).click();
  await expect(preview.getByText('Keep it safe.')).toBeVisible();
  await expect(preview.locator('img')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/admin-agreement.zh-Hans.png' });
  await agreement.getByRole('button', { name: /保\s?存/ }).click();
  await expect(agreement).toBeHidden();
  await expect(shopLogin).toContainText('本店');

  const agreementReader = await browser.newContext({
    locale: 'zh-TW',
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  const agreementPage = await agreementReader.newPage();
  await agreementPage.goto(`/shop/#/pages/about/textTemplate?type=loginProtocol&promoCode=${shop.promoCode}`);
  await expect(agreementPage.getByRole('heading', { name: '秋季用戶協議' })).toBeVisible();
  await expect(agreementPage.getByText('請妥善保管。')).toBeVisible();
  await agreementReader.close();

  // The content tabs in English and Traditional Chinese.
  await expect(page.getByText('已保存')).toHaveCount(0);
  for (const [language, file, tab, row, shown, frontTab, phone, namesTab, noNames] of [
    [
      'English',
      'en',
      'Agreements',
      'Shop user agreement',
      `Terms ${title}`,
      'Storefront settings',
      'Service phone',
      'Name translations',
      'No goods or packages',
    ],
    ['繁體中文', 'zh-Hant', '協議', '商城用戶協議', '秋季用戶協議', '店鋪設定', '客服電話', '名稱翻譯', '暫無商品或套餐'],
  ] as const) {
    await page.getByRole('combobox', { name: /语言|Language|語言/ }).click();
    await page.locator(`.ant-select-item-option[title="${language}"]`).click();
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('row').filter({ hasText: row })).toContainText(shown);
    await page.screenshot({ path: `test-results/admin-agreements.${file}.png` });
    await page.getByRole('tab', { name: frontTab }).click();
    await expect(page.getByLabel(phone)).toHaveValue('400-800-1234');
    await page.screenshot({ path: `test-results/admin-front.${file}.png` });
    await page.getByRole('tab', { name: namesTab }).click();
    await expect(page.getByText(noNames)).toBeVisible();
  }
  // The demo storefront's goods, specs and packages with their translations.
  await page.getByRole('combobox', { name: '店鋪' }).fill('demo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row').filter({ hasText: '物聯網套餐' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-names.zh-Hant.png' });
});
