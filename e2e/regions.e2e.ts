import { expect, type Page, test } from '@playwright/test';

/** Opens the vanity numbers in `language`, then the region filter on Zhejiang. */
async function openRegions(page: Page, language: string) {
  await page.addInitScript((lang) => {
    if (!localStorage.getItem('simshop-language')) localStorage.setItem('simshop-language', lang);
  }, language);
  await page.goto('/shop/#/pages/index/VanityNumber/index');
  await page.locator('.filter-bar-item').first().click();
  return page.locator('.region-popup');
}

test('the region filter names provinces and cities in English, without Chinese characters', async ({ page }) => {
  const popup = await openRegions(page, 'en');
  await popup.getByText('Zhejiang', { exact: true }).click();
  await expect(popup.getByText('Hangzhou', { exact: true })).toBeVisible();
  await expect(popup.getByText('Beijing', { exact: true })).toBeVisible();
  expect(await popup.textContent()).not.toMatch(/\p{Script=Han}/u);
});

test('the region filter names provinces and cities in Traditional Chinese', async ({ page }) => {
  const popup = await openRegions(page, 'zh-Hant');
  await popup.getByText('浙江省', { exact: true }).click();
  await expect(popup.getByText('溫州市', { exact: true })).toBeVisible();
  await expect(popup.getByText('廣東省', { exact: true })).toBeVisible();
  await expect(popup.getByText('广东省', { exact: true })).toHaveCount(0);
});

test('switching the language renames the cached divisions', async ({ page }) => {
  const popup = await openRegions(page, 'zh-Hans');
  await expect(popup.getByText('广东省', { exact: true })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('simshop-language', 'en'));
  await page.reload();
  await page.locator('.filter-bar-item').first().click();
  await expect(page.locator('.region-popup').getByText('Guangdong', { exact: true })).toBeVisible();
});
