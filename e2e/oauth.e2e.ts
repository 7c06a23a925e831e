import { expect, type Page, test } from '@playwright/test';

/**
 * WeChat sign-in through the built-in simulator: the login page's WeChat button, the simulator's
 * consent page, a first sign-in that proves a mobile once, then a sign-in by WeChat alone.
 */

const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

async function signInWithWechat(page: Page) {
  await page.goto('/shop/#/pages/login/index');
  await page.getByRole('button', { name: 'Sign in with WeChat' }).click();
  await expect(page).toHaveURL(/\/oauth-sim\/authorize\?appid=wxsimulator&redirect_uri=%2Fapi%2Fwechat%2Fcallback&state=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: '微信授权 · WeChat sign-in (simulator)' })).toBeVisible();
  await page.getByLabel('昵称 Nickname').fill('Ming');
  await page.getByRole('button', { name: '允许 Allow' }).click();
}

test('WeChat simulator sign-in: the first time proves a mobile, the next time WeChat alone signs in', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  const mobile = `137${String(Date.now()).slice(-8)}`;

  await signInWithWechat(page);
  await expect(page).toHaveURL(/#\/pages\/authorize\/index\?state=[0-9a-f]{32}$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ming' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  const code = (await page.getByTestId('dev-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
  await expect(page.getByText(masked(mobile), { exact: true }).first()).toBeVisible();

  // Logged out, WeChat alone signs the same person in again.
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('simshop-session') ?? '{}');
    s.state.userInfo = { nickname: '', avatar: '', mobile: '' };
    s.state.sessionId = crypto.randomUUID().replaceAll('-', '');
    localStorage.setItem('simshop-session', JSON.stringify(s));
  });
  await page.reload();
  await signInWithWechat(page);
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
  await expect(page.getByText(masked(mobile), { exact: true }).first()).toBeVisible();
});

test('scan sign-in: the login page shows a QR code, the phone confirms it, the page signs in', async ({ page, browser }) => {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const nickname = `Lei ${Date.now() % 100_000}`;
  await page.goto('/shop/#/pages/login/index');
  await page.getByRole('button', { name: 'Scan with WeChat on your phone' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in by scanning' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'QR code to scan with WeChat' });
  await expect(qr).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Open WeChat on your phone, scan this code and confirm: this page signs in by itself.');
  const scanned = (await qr.getAttribute('data-scan-url')) ?? '';
  expect(scanned).toMatch(/^\/api\/wechat\/authorize\?type=scan&scan=[0-9a-f]{32}$/);

  // The phone: another browser opens what the code holds and confirms in WeChat.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phonePage = await phone.newPage();
  await phonePage.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await phonePage.goto(scanned);
  await phonePage.getByLabel('昵称 Nickname').fill(nickname);
  await phonePage.getByRole('button', { name: '允许 Allow' }).click();
  await expect(phonePage.getByRole('heading', { name: 'Confirmed. Go on on the screen that showed the code.' })).toBeVisible();
  await phone.close();

  // This WeChat account has no mobile yet: the page that showed the code asks for one once, then is signed in.
  await expect(page.getByRole('heading', { name: `Welcome, ${nickname}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  const code = (await page.getByTestId('dev-code').textContent()) ?? '';
  await page.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/index/);
  await expect(page.getByText(masked(mobile), { exact: true }).first()).toBeVisible();
});
