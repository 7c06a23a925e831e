import { expect, test } from '@playwright/test';

const tabBar = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: /^(Main navigation|主导航|主導覽)$/ });

test('opens /shop/ on the home tab with the storefront config and the tab bar colours', async ({ page }) => {
  await page.goto('/shop/');
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
  await expect(page.getByText('Guangdong ICP No. 2026000001')).toBeVisible();
  const tabs = tabBar(page).getByRole('tab');
  await expect(tabs).toHaveCount(4);
  await expect(tabs.nth(0)).toHaveText('Home');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(0)).toHaveCSS('color', 'rgb(1, 141, 113)');
  await expect(tabs.nth(1)).toHaveCSS('color', 'rgb(153, 153, 153)');
  await expect(tabBar(page)).toHaveCSS('background-color', 'rgb(248, 248, 248)');
  await expect(tabBar(page)).toHaveCSS('border-top-color', 'rgb(0, 0, 0)');
});

test('a first visit draws the home from the storefront config in the page, without asking for it', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/hk/baseConfig')) asked.push(r.url());
  });
  await page.goto('/shop/');
  await expect(page.getByRole('img', { name: 'Lucky numbers, limited-time offer' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
  expect(asked).toEqual([]);
});

test('with another language chosen, the app asks for the storefront config in it', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'zh-Hans'));
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/hk/baseConfig')) asked.push(r.headers()['accept-language'] ?? '');
  });
  await page.goto('/shop/');
  await expect(page.getByRole('heading', { name: '号码优选' })).toBeVisible();
  expect(asked).toEqual(['zh-Hans']);
});

test('switches tabs and shows each tab page', async ({ page }) => {
  await page.goto('/shop/');
  await tabBar(page).getByRole('tab', { name: 'Customer service' }).click();
  await expect(page).toHaveURL(/#\/pages\/customer\/index/);
  await expect(page.getByText('400-800-1234')).toBeVisible();
  await expect(tabBar(page).getByRole('tab', { name: 'Customer service' })).toHaveAttribute('aria-selected', 'true');
  await tabBar(page).getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/index/);
  await expect(page.getByRole('banner').getByText('My orders')).toBeVisible();
  await tabBar(page).getByRole('tab', { name: 'My' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
  await expect(page.getByText('Guest')).toBeVisible();
});

test('follows a deep link with promoCode and carries it across the tab routes', async ({ page }) => {
  await page.goto('/shop/#/pages/index/index?promoCode=agent02');
  await expect(page.getByRole('heading', { name: 'Yunfan Digital' })).toBeVisible();
  await tabBar(page).getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/index\?promoCode=agent02$/);
  await tabBar(page).getByRole('tab', { name: 'My' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index\?promoCode=agent02$/);
  await expect(page.getByText('Tier-2 agent · Yunfan Digital')).toBeVisible();
});

test('does not carry a promoCode that is the text undefined', async ({ page }) => {
  await page.goto('/shop/#/pages/index/index?promoCode=undefined');
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
  await tabBar(page).getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/index$/);
});

test('switches the language on the My tab and keeps it after a reload', async ({ page }) => {
  await page.goto('/shop/#/pages/user/index');
  await expect(page.getByText('Guest')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByText('简体中文').click();
  await expect(page.getByText('游客')).toBeVisible();
  await expect(tabBar(page).getByRole('tab', { name: '首页' })).toBeVisible();
  await page.reload();
  await expect(tabBar(page).getByRole('tab', { name: '我的' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('language-switch').click();
  await page.getByText('繁體中文').click();
  await expect(page.getByText('訪客')).toBeVisible();
});

test('shows the not-found view for an unknown route, in the app language, with a way back', async ({ page }) => {
  await page.goto('/shop/#/pages/nothing/here');
  await expect(page.getByText('This page does not exist. The link may be out of date.')).toBeVisible();
  await expect(page.getByText('/pages/nothing/here')).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await page.getByRole('button', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/index/);

  await page.getByRole('tab', { name: 'My' }).click();
  await page.getByTestId('language-switch').click();
  await page.getByText('简体中文').click();
  await page.evaluate(() => {
    location.hash = '#/pages/nothing/here';
  });
  await expect(page.getByText('页面不存在，链接可能已失效。')).toBeVisible();
  await expect(page).toHaveTitle('页面不存在');
  await page.locator('.center-view').getByRole('button', { name: '返回', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
});

test('loadDomain initialises and opens home', async ({ page }) => {
  await page.goto('/shop/#/pages/index/loadDomain');
  await expect(page).toHaveURL(/#\/pages\/index\/index/);
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
});
