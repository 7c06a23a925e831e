import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';

/**
 * The operator console at /admin/ on a desktop screen: the demo operators sign in with their
 * password, then the TOTP code of their documented secret (computed here as an authenticator app would).
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

export const OWNER = { mobile: '13700000001', password: 'Owner#2026', secret: 'SIMSHOPOWNERDEMOTOTPKEYAAAAAAAAA' };
export const STAFF = { mobile: '13700000003', password: 'Staff#2026', secret: 'SIMSHOPSTAFFDEMOTOTPKEYAAAAAAAAA' };

/** Signs in; a code is used once, so a second sign-in within 30 s takes the next step's code. */
async function signIn(page: Page, who: { mobile: string; password: string; secret: string }, stepOffset = 0) {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(who.mobile);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: '下一步' }).click();
  const code = await generate({ secret: who.secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
  await page.getByLabel('验证码').fill(code);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
}

test('the owner signs in with password and TOTP and sees only the pages of the console', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(OWNER.mobile);
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();

  await signIn(page, OWNER);
  await expect(page.getByTestId('operator')).toHaveText('店主 · 店主');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['店铺', '操作日志']);
  // agent02's row names its upstream agent01.
  await expect(page.getByRole('row').filter({ hasText: 'agent02' }).first()).toContainText('agent01');
  await page.screenshot({ path: 'test-results/admin-storefronts.png' });
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(menu.getByRole('menuitem')).toHaveText(['Storefronts', 'Audit log']);
});
