import { expect, test } from '@playwright/test';
import { logInShopper } from './support/shop.ts';

/**
 * An agent in the browser: agent01 (managed by 13900000001) sees its direct downstream agent02 with
 * its sales and custom price, changes the price, and a shopper of agent02's shop sees the number at
 * the new price; an agent that is not a direct downstream answers with the 33001 dialog.
 */

const AGENT_MOBILE = '13900000001';

test('an agent sets a downstream price and the downstream’s shop shows it; a non-direct agent gets the 33001 dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A number with a price (a free one reads "Free") and without the AAAA pattern (whose rule differs), at agent01's own price.
  const list = (await (await request.get('/api/shop/numberList?promoCode=agent01&pageSize=50')).json()) as {
    data: { list: { number: string; price: number; tags: string[] }[] };
  };
  const n = list.data.list.find((x) => x.price > 0 && !x.tags.includes('AAAA'));
  if (!n) throw new Error('the demo inventory has priced numbers');

  await logInShopper(page, AGENT_MOBILE, 'agent01');
  await page.goto('/shop/#/pages/index/agent/index?promoCode=agent01');
  const card = page.getByRole('article', { name: 'Tier-2 agent · Yunfan Digital' });
  await expect(card).toBeVisible();
  // The demo price is +¥20 until a test sets another; this one sets a markup no other run has just set.
  await expect(card).toContainText(/All numbers \+¥\d+/);
  const yuan = 30 + (Date.now() % 60);
  await expect(card).toContainText('goods +10%');
  // Only direct downstream agents are listed.
  await expect(page.getByRole('article', { name: 'Tier-3 agent · Chenguang Phone Shop' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Set price' }).click();
  const markup = page.getByRole('textbox', { name: 'Markup in yuan' }).first();
  await markup.fill(String(yuan));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Prices saved')).toBeVisible();
  await expect(card).toContainText(`All numbers +¥${yuan}`);
  await page.screenshot({ path: 'e2e/.screenshots/agents/en-agent.png' });

  // A shopper of agent02 sees the number at agent01's price plus the markup.
  const shopper = await page
    .context()
    .browser()!
    .newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 375, height: 812 } });
  await shopper.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  const shop = await shopper.newPage();
  await shop.goto(`/shop/#/pages/goods/pretty/index?number=${n.number}&promoCode=agent02`);
  const expected = (n.price + yuan * 100) / 100;
  await expect(shop.locator('.pretty-price-row .price').first()).toHaveText(
    `¥${expected.toLocaleString('en-US', { maximumFractionDigits: 2 })}`,
  );
  // agent01's own shop keeps its price.
  await shop.goto(`/shop/#/pages/goods/pretty/index?number=${n.number}&promoCode=agent01`);
  await expect(shop.locator('.pretty-price-row .price').first()).toHaveText(
    `¥${(n.price / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}`,
  );
  await shopper.close();

  // agent03 is agent02's downstream, not agent01's: 33001 and its dialog.
  await page.goto('/shop/#/pages/index/agent/index?promoCode=agent01&lower=agent03');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You can only view the pricing of your direct downstream agents.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Got it' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to my downstream' }).click();
  await expect(page).toHaveURL(/#\/pages\/index\/agent\/index/);
  await expect(page.getByRole('article', { name: 'Tier-2 agent · Yunfan Digital' })).toBeVisible();

  // The page in Chinese: names and texts in the reader's language.
  for (const [lang, name] of [
    ['zh-Hans', '二级代理·云帆数码'],
    ['zh-Hant', '二級代理·雲帆數碼'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('simshop-language', l), lang);
    await page.goto('/shop/#/pages/index/agent/index?promoCode=agent01');
    await page.reload();
    const local = page.getByRole('article', { name });
    await expect(local).toBeVisible();
    await local.getByRole('button').click();
    await expect(page.locator('.agent-editor')).toBeVisible();
    await page.screenshot({ path: `e2e/.screenshots/agents/${lang}-editor.png` });
  }
});
