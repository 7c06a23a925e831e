import { expect, test } from '@playwright/test';

/** Customer service as a person uses it: the tab, a search, an answer, the QR code. */

test('the Customer service tab: hot questions, categories and the ways to reach a person', async ({ page }) => {
  await page.goto('/shop/#/pages/customer/index');
  await expect(page.getByRole('heading', { name: 'How can we help?' })).toBeVisible();
  const hot = page.locator('section', { has: page.getByRole('heading', { name: 'Hot questions' }) });
  await expect(hot.getByRole('button').first()).toHaveText(/1How soon is my number shipped\?/);
  await expect(page.getByRole('button', { name: 'After-sales', exact: true })).toBeVisible();
  await expect(page.getByText('400-800-1234')).toBeVisible();
  await expect(page.getByText('Online service')).toBeVisible();

  await page.getByRole('button', { name: 'IoT SIM', exact: true }).click();
  await expect(page).toHaveURL(/question\/index\?category=iot/);
  await expect(page.getByRole('button', { name: 'How do I check the data of my IoT SIM?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Can I get an invoice?' })).toHaveCount(0);
});

for (const [lang, locale, words, title, answer] of [
  ['en', 'en-US', 'refund', 'Can I cancel an order or get a refund?', 'once the number is activated'],
  ['zh-Hans', 'zh-CN', '退款', '订单可以取消或退款吗？', '号码激活后'],
  ['zh-Hant', 'zh-TW', '退款', '訂單可以取消或退款嗎？', '號碼激活後'],
] as const) {
  test(`${lang}: search the help centre and read an answer`, async ({ browser }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto('/shop/#/pages/customer/index');
    await page.getByRole('searchbox').fill(words);
    await page.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL(/question\/index\?keyword=/);
    await page.getByRole('button', { name: title }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('.help-answer strong')).toHaveText(answer);
    await context.close();
  });
}

test('a search without results says so and keeps the words', async ({ page }) => {
  await page.goto('/shop/#/pages/customer/question/index?keyword=zebra%20crossing');
  await expect(page.getByText('No questions found')).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('zebra crossing');
});

test('the customer-service QR code is made in the browser', async ({ page }) => {
  await page.goto('/shop/#/pages/customer/index?promoCode=agent01');
  await page.getByText('Add us on WeChat').click();
  const qr = page.getByTestId('customer-qr');
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('with a page code, home is the featured page: popup once, blocks, and the way into the shop', async ({ page }) => {
  await page.goto('/shop/#/pages/index/index?pageCode=lucky');
  await expect(page).toHaveURL(/#\/pages-sub\/single\/index\?pageCode=lucky$/);
  await expect(page.getByRole('dialog')).toContainText('For new customers');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Lucky Number Festival' })).toBeVisible();
  await expect(page.getByText('A good number lasts a lifetime')).toBeVisible();
  const picks = page.locator('section', { has: page.getByRole('heading', { name: 'Picks ending in 8' }) });
  await expect(picks.getByTestId('number-results').locator('> *')).toHaveCount(6);
  await expect(picks.getByTestId('number-results')).toContainText(/8\b/);
  // The goods block: four of the shop's goods, each opening its page.
  const goods = page.getByRole('region', { name: 'Featured goods' });
  await expect(goods.locator('.goods-tile')).toHaveCount(4);
  await goods.locator('.goods-tile', { hasText: '4G portable Wi-Fi' }).click();
  await expect(page).toHaveURL(/#\/pages\/goods\/general\/index\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('4G portable Wi-Fi');
  await page.goBack();

  // The popup is shown once per session; the home tab keeps leading to the featured page.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Lucky Number Festival' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/default/);
  await expect(page.getByRole('heading', { name: 'Number Select' })).toBeVisible();
  await page.goto('/shop/#/pages/order/index');
  await page.getByRole('tab', { name: 'Home' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/single\/index\?pageCode=lucky$/);
});

test('page views and clicks are reported in the background with the ad parameters', async ({ page }) => {
  const view = page.waitForRequest((r) => r.url().endsWith('/api/hk/pointReport') && r.postDataJSON()?.event === 'view');
  await page.goto('/shop/#/pages-sub/single/index?pageCode=iot&promoCode=agent01&mark=spring&bd_vid=bd42');
  expect((await view).postDataJSON()).toEqual({
    event: 'view',
    page: '/pages-sub/single/index',
    promoCode: 'agent01',
    pageCode: 'iot',
    bd_vid: 'bd42',
    mark: 'spring',
  });
  const click = page.waitForRequest((r) => r.url().endsWith('/api/hk/pointReport') && r.postDataJSON()?.event === 'click');
  await page.getByRole('button', { name: 'Log in to your IoT SIM' }).click();
  expect((await click).postDataJSON()).toMatchObject({ event: 'click', target: 'login', mark: 'spring' });
  const reply = await (await click).response();
  expect(await reply?.json()).toMatchObject({ code: 0 });
  await expect(page).toHaveURL(/#\/pages\/iot\/login\/index/);
});

test('the My tab: orders by state, invite, follow, about with the user agreement, ICP line, and log out', async ({ page, request }) => {
  await page.goto('/shop/#/pages/user/index');
  await expect(page.getByText('Guest')).toBeVisible();
  await expect(page.getByText('ICP licence Guangdong ICP No. 2026000001')).toBeVisible();

  await page.getByTestId('my-invite').click();
  const invite = page.getByRole('dialog', { name: 'Invite friends' });
  await expect(invite).toContainText('DEMO');
  await expect(invite.getByRole('img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await invite.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('my-follow').click();
  const follow = page.getByRole('dialog', { name: 'Follow us' });
  await expect(follow.getByRole('img')).toHaveAttribute('src', '/shop/static/follow-qr.svg');
  expect(await follow.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await follow.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Shipped' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/index\?status=shipped/);
  await expect(page.getByRole('tab', { name: 'Shipped' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/shop/#/pages/user/index');
  await page.getByTestId('my-about').click();
  await expect(page.getByRole('heading', { name: 'Number Select official store' })).toBeVisible();
  await page.getByText('User agreement').click();
  await expect(page.getByRole('heading', { name: 'User agreement' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '1. Your account' })).toBeVisible();

  // Logged in (a real SMS-code login of this browser's session), the tab shows the user and logs out.
  const sessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state.sessionId as string);
  const headers = { 'x-session-id': sessionId };
  const sent = (await (await request.post('/api/hk/sendCode', { data: { mobile: '13900139111' }, headers })).json()) as {
    data: { devCode: string };
  };
  const login = await request.post('/api/hk/login', { data: { mobile: '13900139111', code: sent.data.devCode }, headers });
  const user = ((await login.json()) as { data: { nickname: string; mobile: string; avatar: string } }).data;
  await page.evaluate((u) => {
    const stored = JSON.parse(localStorage.getItem('simshop-session') ?? '{}');
    stored.state.userInfo = { nickname: u.nickname, avatar: u.avatar, mobile: u.mobile };
    localStorage.setItem('simshop-session', JSON.stringify(stored));
  }, user);
  await page.goto('/shop/#/pages/user/index');
  await page.reload();
  await expect(page.locator('.my-sub')).toHaveText('139****9111');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Guest')).toBeVisible();
});

test('the webview shows an http page in a frame under "please wait" and refuses other addresses', async ({ page, baseURL }) => {
  await page.goto(`/shop/#/pages/webview/index?url=${encodeURIComponent(`${baseURL}/shop/static/logo.svg`)}`);
  await expect(page.locator('.nav-bar-title')).toHaveText('Please wait');
  await expect(page.locator('iframe.webview-frame')).toHaveAttribute('src', `${baseURL}/shop/static/logo.svg`);
  await expect(page.getByRole('link', { name: 'Open in browser' })).toBeVisible();
  await page.goto(`/shop/#/pages/webview/index?url=${encodeURIComponent('javascript:alert(1)')}`);
  await expect(page.getByText('This address cannot be opened')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('a newer version on the server brings the update prompt, which reloads into it', async ({ page }) => {
  await page.route('**/api/site/config', async (route) => {
    const reply = await route.fetch();
    const json = (await reply.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response: reply, json: { ...json, data: { ...json.data, version: '1.4.5', versionCode: 145 } } });
  });
  await page.goto('/shop/#/pages/customer/index');
  const prompt = page.getByRole('dialog', { name: 'Version 1.4.5 is available' });
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(prompt).toContainText('You are using version 1.4.4');
  await page.unroute('**/api/site/config');
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload now' }).click()]);
  await page.goto('/shop/#/pages-sub/appUpdate/index');
  await expect(page.getByRole('dialog', { name: 'You are up to date' })).toBeVisible();
});
