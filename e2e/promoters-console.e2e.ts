import { randomBytes, randomInt } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';

/**
 * Storefronts and operators in the console at 1280x800: the owner creates an agent storefront and
 * an agent account for it (its password and TOTP secret shown once), that operator signs in with
 * them, sees its own storefront only, and creates a direct downstream agent under it.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

const save = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /保\s?存/ });

test('the owner creates an agent storefront and its operator, who signs in and adds a downstream agent', async ({ page }) => {
  test.setTimeout(150_000);
  const promoCode = `e2e${randomBytes(3).toString('hex')}`;
  const storeName = `华南代理${randomInt(100, 999)}`;
  await signInConsole(page, DEMO_OWNER);

  await openConsolePage(page, { name: '店铺' });
  await page.getByRole('button', { name: '新建店铺' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('推广码').fill(promoCode);
  await form.getByLabel('名称', { exact: true }).fill(storeName);
  await form.getByLabel('商城标题').fill('华南靓号');
  await form.getByLabel('客服电话').fill('abc');
  await save(page).click();
  await expect(form.getByText('数字、空格、+ 和 -，3 到 20 位')).toBeVisible();
  await form.getByLabel('客服电话').fill('400-888-0101');
  await save(page).click();

  await expect(page.getByText(`${storeName} · ${promoCode}`)).toBeVisible();
  await expect(page.getByTestId('storefront-settings')).toContainText('400-888-0101');
  await expect(page.getByTestId('storefront-upstream')).toContainText('无（位于链顶）');
  await page.screenshot({ path: 'test-results/admin-storefront.zh-Hans.png' });
  const config = await (await page.request.get(`/api/hk/baseConfig?promoCode=${promoCode}`)).json();
  expect(config.data).toMatchObject({ promoName: storeName, isAgent: true, front: { title: '华南靓号', kefuMobile: '400-888-0101' } });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('storefront-settings')).toBeHidden();

  await openConsolePage(page, { name: '操作员' });
  await page.getByRole('button', { name: '新建操作员' }).click();
  const mobile = `166${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  await form.getByLabel('手机号').fill(mobile);
  await form.getByLabel('姓名').fill('华南小李');
  await form.getByLabel('店铺').fill(promoCode);
  await page.locator('.ant-select-item-option').getByText(`${storeName} · ${promoCode}`).click();
  await save(page).click();

  const secrets = page.getByTestId('operator-secrets');
  await expect(secrets).toContainText(mobile);
  const password = (await page.getByTestId('secret-password').locator('code').textContent())?.trim() ?? '';
  const secret = (await page.getByTestId('secret-totp').locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.screenshot({ path: 'test-results/admin-operator-secrets.zh-Hans.png' });
  await page.getByRole('button', { name: '我已记下' }).click();
  const row = page.getByRole('row').filter({ hasText: mobile });
  await expect(row).toContainText('代理');
  await expect(row).toContainText(promoCode);
  await expect(row).toContainText('启用');

  await page.getByRole('button', { name: '退出登录' }).click();
  await signInConsole(page, { mobile, password, secret });
  await expect(page.getByTestId('operator')).toHaveText(`华南小李 · 代理 · ${storeName}`);
  await openConsolePage(page, { name: '店铺' });
  await expect(page.getByRole('row').filter({ hasText: promoCode })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'agent01' })).toHaveCount(0);

  const lower = `${promoCode}d`;
  await page.getByRole('button', { name: '新建下级代理' }).click();
  await form.getByLabel('推广码').fill(lower);
  await form.getByLabel('名称', { exact: true }).fill('下级门店');
  await save(page).click();
  await expect(page.getByText(`下级门店 · ${lower}`)).toBeVisible();
  await expect(page.getByTestId('storefront-upstream')).toContainText(`${storeName} · ${promoCode}`);
  await page
    .getByTestId('storefront-upstream')
    .getByRole('button', { name: `${storeName} · ${promoCode}` })
    .click();
  const downstream = page.getByTestId('storefront-downstream').getByRole('row').filter({ hasText: lower });
  await expect(downstream).toContainText('下级门店');
  await expect(downstream).toContainText('0 / ¥0.00');
  await page.screenshot({ path: 'test-results/admin-storefront-chain.zh-Hans.png' });
});

test('the owner previews and applies a price rise to numbers on sale, and the shop shows the new prices', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // A prefix no number on sale starts with yet (the demo inventory and other tests hold numbers too).
  const prefix = await withInstance(async (app) => {
    for (;;) {
      const p = `199${String(randomInt(0, 10_000)).padStart(4, '0')}`;
      const taken = await app.db.db.selectFrom('numbers').select('id').where('number', 'like', `${p}%`).executeTakeFirst();
      if (!taken) return p;
    }
  });
  const csv = `number,operator,province,city,price\n${prefix}1357,4,440000,440300,100\n${prefix}2468,4,440000,440300,250\n${prefix}8888,4,440000,440300,5000\n`;
  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '号码', exact: true });
  await page.getByLabel('选择 CSV').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: /^预\s?览$/ }).click();
  await page.getByRole('button', { name: '导入 3 个号码' }).click();
  await expect(page.getByText(/已导入 3 个号码/)).toBeVisible();

  await openConsolePage(page, { name: '批量调价' });
  await page.getByLabel('开头', { exact: true }).fill(prefix);
  await page.getByLabel('调价方式').click();
  await page.locator('.ant-select-item-option').getByText('按百分比').click();
  await page.getByLabel('百分比', { exact: true }).fill('20');
  await page.getByRole('button', { name: /^预\s?览$/ }).click();
  const preview = page.getByTestId('price-preview');
  await expect(preview).toContainText('3');
  await expect(preview).toContainText('¥5,350.00');
  await expect(preview).toContainText('¥6,420.00');
  await expect(page.getByRole('row').filter({ hasText: `${prefix}8888` })).toContainText('¥6,000.00');
  await page.screenshot({ path: 'test-results/admin-number-prices.zh-Hans.png' });
  await page.getByRole('button', { name: '应用到 3 个号码' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^应\s?用$/ })
    .click();
  await expect(page.getByTestId('price-applied')).toHaveText('匹配 3 个，已修改 3 个');

  const shopper = await browser.newPage({ locale: 'en-US', viewport: { width: 375, height: 812 } });
  for (const [end, price] of [
    ['1357', '¥120'],
    ['8888', '¥6,000'],
  ] as const) {
    const n = `${prefix}${end}`;
    await shopper.goto(`/shop/#/pages/index/VanityNumber/index?keyword=${n}`);
    await shopper.reload();
    const card = shopper.getByRole('button', { name: new RegExp(`^${n.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1 $2 $3')}`) });
    await expect(card).toContainText(price);
  }
  await shopper.close();
});
