import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { depsOf } from '../apps/server/src/lib/deps.ts';
import { scanWatches } from '../apps/server/src/modules/number-watch/service.ts';
import { makeNumber } from '../apps/server/src/modules/numbers/test-kit.ts';
import { withInstance } from './support/instance.ts';
import { logInShopper } from './support/shop.ts';

/**
 * Number alerts in the browser: a shopper searching for an ending nobody sells saves an alert from
 * the empty search, a matching number comes on sale (added on a second instance, then the scan the
 * server runs every 30 s), the My tab counts it as new and the alert lists it, ready to buy.
 */

/** A six-digit ending no number on sale has (the demo and other tests sell random endings too). */
async function unsoldEnding(request: APIRequestContext): Promise<string> {
  for (;;) {
    const ending = String(randomInt(1_000_000)).padStart(6, '0');
    const reply = await request.get(`/api/shop/numberList?endsWith=${ending}&pageSize=1`);
    if (((await reply.json()) as { data: { total: number } }).data.total === 0) return ending;
  }
}

test('a shopper saves a number alert from an empty search and is told of the matching number that comes on sale', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ending = await unsoldEnding(request);
  await logInShopper(page, `139${String(randomInt(100_000_000)).padStart(8, '0')}`);

  await page.goto(`/shop/#/pages/index/VanityNumber/index?keyword=${ending}&mode=endsWith`);
  await expect(page.getByText('No numbers match')).toBeVisible();
  await page.getByRole('button', { name: 'Alert me' }).last().click();
  await expect(page.getByRole('heading', { name: 'Number alerts' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Ends in' })).toHaveValue(ending);
  await page.getByRole('button', { name: 'Save alert' }).click();
  const alert = page.getByRole('article', { name: `ends in ${ending}` });
  await expect(alert).toContainText('Nothing yet. Matching numbers appear here as soon as they are on sale.');

  const number = await withInstance(async (app) => {
    const n = await makeNumber(app, { endsWith: ending, price: 12_300 });
    await scanWatches({ ...depsOf(app), numbers: app.numbers, site: app.site, sms: app.sms }, app.config.now());
    return n.number;
  });

  await page.goto('/shop/#/pages/user/index');
  const entry = page.getByText('Number alerts');
  await expect(page.getByText('1 new')).toBeVisible();
  await entry.click();
  const hit = alert.locator(`li[data-number="${number}"]`);
  await expect(hit).toContainText('New');
  await expect(hit).toContainText('¥123');
  await hit.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(new RegExp(`pages/goods/pretty/index\\?number=${number}`));

  // Seen once shown: the My tab no longer counts it.
  await page.goto('/shop/#/pages/user/index');
  await expect(page.getByText('Number alerts')).toBeVisible();
  await expect(page.getByText('1 new')).toHaveCount(0);
});
