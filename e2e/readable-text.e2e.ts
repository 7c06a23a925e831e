import { expect, type Page, test } from '@playwright/test';
import { type AuditResult, audit } from './support/audit.ts';
import { DEMO_AGENT, DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { internalTextProblems } from './support/text-checks.ts';

/**
 * What people read is in their words and laid out whole: refusals name fields by their label with
 * money in yuan, words are never broken inside, short buttons stay on one line, and the console says
 * why it refuses a wrong sign-in code or a negative markup.
 */

const layoutProblems = async (page: Page) => {
  const result: AuditResult = await page.evaluate(audit);
  return [...result.violations.filter((v) => /^(word-break|wrap|clipped)/.test(v)), ...internalTextProblems(result.texts)];
};

test.describe('the storefront in English at 375 px', () => {
  test('Orders shows its Log in button on one line; the number filter bar shows the chosen sort whole', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
    await page.goto('/shop/#/pages/order/index');
    const login = page.locator('.orders-login .adm-button');
    await expect(login).toHaveText('Log in');
    const box = await login.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(48);
    expect(await layoutProblems(page)).toEqual([]);

    await page.goto('/shop/#/pages/index/VanityNumber/index');
    await page.getByRole('button', { name: 'Popular' }).click();
    await page.getByText('Price: high to low').click();
    const sort = page.getByRole('button', { name: 'Price: high to low' });
    await expect(sort).toHaveText('Price ↓');
    const text = sort.locator('.filter-bar-text');
    expect(await text.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('a refusal of the server reads with the field’s label, never its name in the request', async ({ request }) => {
    const reply = await (
      await request.post('/api/iot/autoRules/topup', { data: { amount: 10_000_001 }, headers: { 'accept-language': 'en' } })
    ).json();
    expect(internalTextProblems([reply.message])).toEqual([]);
  });
});

test.describe('the console in English at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

  test('a wrong sign-in code says so; a negative markup is refused with a message, not saved as ¥0.00', async ({ page }) => {
    await page.goto('/admin/');
    await page.getByLabel('手机号').fill(DEMO_AGENT.mobile);
    await page.getByLabel('密码').fill(DEMO_AGENT.password);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.getByLabel('验证码').fill('000000');
    await page
      .getByRole('button', { name: '登 录' })
      .or(page.getByRole('button', { name: '登录' }))
      .click();
    await expect(page.getByText('验证码错误').first()).toBeVisible();

    await signInConsole(page, DEMO_AGENT);
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByTitle('English').click();
    await openConsolePage(page, { name: 'Downstream prices' });
    const row = page.getByRole('row').filter({ hasText: 'agent02' });
    await row.getByRole('button', { name: 'Edit price agent02' }).click();
    const dialog = page.getByRole('dialog');
    const markup = dialog.getByRole('spinbutton').first();
    await markup.fill('-5');
    await dialog.getByRole('button', { name: /OK/ }).click();
    await expect(dialog.getByText('A markup from ¥0.00 to ¥100,000.00')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(markup).toHaveValue('-5.00');
  });
});

test.describe('the console in English, every page of its menu', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

  test('labels, headings, buttons and storefront names are in English; only what people typed stays Chinese', async ({ page }) => {
    test.setTimeout(120_000);
    await signInConsole(page, DEMO_OWNER);
    await page.getByRole('combobox', { name: '语言' }).click();
    await page.getByTitle('English').click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Dashboard', exact: true })).toBeVisible();
    for (const submenu of await page.locator('.ant-menu-submenu-title').all()) await submenu.click();
    const items = (await page.getByRole('menu').getByRole('menuitem').allInnerTexts()).map((name) => name.trim());
    expect(items.length).toBeGreaterThan(15);
    const chinese: string[] = [];
    for (const name of items) {
      await openConsolePage(page, { name, exact: true });
      await page.waitForLoadState('networkidle');
      // What the console itself writes: menu, headings, column titles, field labels, buttons, tags, the
      // storefront picker. Cells of people's names and addresses and the Chinese fields of the layout
      // and content editors are what operators and buyers typed.
      const found = await page
        .locator(
          '.ant-menu-title-content, .ant-card-head-title, th, .ant-form-item-label, button, .ant-tag, .ant-select-selection-item, .ant-statistic-title',
        )
        .evaluateAll((els) =>
          els
            // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not the text of hidden parts
            .map((el) => (el as HTMLElement).innerText.trim())
            .filter((text) => /[\u4e00-\u9fff]/.test(text) && !/(简体中文|繁體中文)/.test(text)),
        );
      chinese.push(...found.map((text) => `${name}: ${text}`));
    }
    expect(chinese).toEqual([]);

    // The storefront picker names the storefronts as they show themselves in English (other tests'
    // storefronts, named in Chinese only, keep their one name).
    await openConsolePage(page, { name: 'Dashboard', exact: true });
    await page.getByRole('combobox', { name: 'Storefront' }).click();
    const storefronts = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(storefronts.filter({ hasText: 'Number Select official store' })).toBeVisible();
    const options = await storefronts.allInnerTexts();
    expect(options.filter((text) => /号码优选官方店|星河通信|云帆数码|晨光手机店/.test(text))).toEqual([]);
  });
});
