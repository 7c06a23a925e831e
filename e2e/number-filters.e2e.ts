import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { makeNumber } from '../apps/server/src/modules/numbers/test-kit.ts';
import { withInstance } from './support/instance.ts';

/**
 * The number list's filter sheets load on the first tap (they are not part of the page's first
 * paint): a shopper sorts two numbers of one ending by price both ways, then narrows them to a
 * price range.
 */
test('the sort and price sheets of the number list open on the first tap and re-sort and narrow the list', async ({ page }) => {
  const ending = String(randomInt(10_000_000)).padStart(7, '0');
  const [cheap, dear] = await withInstance(async (app) => [
    (await makeNumber(app, { endsWith: ending, price: 12_300 })).number,
    (await makeNumber(app, { endsWith: ending, price: 45_600 })).number,
  ]);
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await page.goto(`/shop/#/pages/index/VanityNumber/index?keyword=${ending}&mode=endsWith`);
  const rows = page.locator('.num-row');
  await expect(rows).toHaveCount(2);

  await page.getByRole('button', { name: 'Popular' }).click();
  await expect(page.getByText('Sort by')).toBeVisible();
  await page.getByText('Price: high to low').click();
  await expect(page.getByRole('button', { name: 'Price: high to low' })).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-number', dear);

  await page.getByRole('button', { name: 'Price: high to low' }).click();
  await page.getByText('Price: low to high').click();
  await expect(rows.first()).toHaveAttribute('data-number', cheap);

  await page.getByRole('button', { name: 'Price', exact: true }).click();
  await expect(page.getByText('Number price')).toBeVisible();
  await page.screenshot({ path: 'test-results/number-filters.price.en.png' });
  await page.getByText(/^¥200\s*–/).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-number', dear);
});
