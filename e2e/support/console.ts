import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';

/** An operator's sign-in: mobile, password and the TOTP secret of its authenticator. */
export interface Operator {
  mobile: string;
  password: string;
  secret: string;
}

/** The demo operators of the README. */
export const DEMO_OWNER: Operator = { mobile: '13700000001', password: 'Owner#2026', secret: 'SIMSHOPOWNERDEMOTOTPKEYAAAAAAAAA' };
export const DEMO_AGENT: Operator = { mobile: '13700000002', password: 'Agent#2026', secret: 'SIMSHOPAGENTDEMOTOTPKEYAAAAAAAAA' };
export const DEMO_STAFF: Operator = { mobile: '13700000003', password: 'Staff#2026', secret: 'SIMSHOPSTAFFDEMOTOTPKEYAAAAAAAAA' };

/**
 * Signs an operator in to the console (Chinese texts): the password, then the code its
 * authenticator shows. A code is taken once per operator: when an earlier sign-in (another test,
 * just before) took this step's code, the next step's is used, or the one after once it comes.
 */
export async function signInConsole(page: Page, who: Operator): Promise<void> {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(who.mobile);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: '下一步' }).click();
  for (const [offset, waitMs] of [
    [0, 0],
    [1, 0],
    [1, 30_000],
  ] as const) {
    if (waitMs) await page.waitForTimeout(waitMs);
    const code = await generate({ secret: who.secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
    await page.getByLabel('验证码').fill(code);
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
    const signedIn = await page
      .getByTestId('operator')
      .waitFor({ timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (signedIn) return;
  }
  throw new Error(`${who.mobile} could not sign in`);
}

/**
 * Opens a page of the console from its side menu and waits until it is shown: a page's code
 * loads when it is first opened, and until then the page before it stays on screen, so an
 * element that both pages have (the storefront picker) could be the old page's.
 */
export async function openConsolePage(page: Page, item: { name: string; exact?: boolean }): Promise<void> {
  const entry = page.getByRole('menu').getByRole('menuitem', item);
  await entry.click();
  await expect(entry).toHaveClass(/ant-menu-item-selected/);
}

/** A browser context as an operator's desktop browser: 1280 px, Chinese. */
export function consoleContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    locale: 'zh-CN',
  });
}

/** A browser context as a holder's phone: 375 px, English. */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'en-US',
  });
}
