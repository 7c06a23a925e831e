import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { depsOf } from '../apps/server/src/lib/deps.ts';
import { createOperator } from '../apps/server/src/modules/admin/service.ts';
import { openConsolePage, signInConsole } from './support/console.ts';
import { withInstance } from './support/instance.ts';
import { buyerPage, paidDemoOrder } from './support/shop.ts';

/**
 * The console's order actions and reports on a desktop screen: the owner refunds a paid order and
 * the buyer sees it refunded; the dashboard and the reconciliation report in Chinese and English.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** An owner of this file's own (the demo owner's codes are left to the other console tests: a code is taken once). */
let owner: { mobile: string; password: string; secret: string } | null = null;
async function ownOwner() {
  if (owner) return owner;
  const mobile = `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const password = `Pw-${randomBytes(6).toString('hex')}`;
  const made = await withInstance((app) => createOperator(depsOf(app), { mobile, name: 'Ops', role: 'owner', promoterId: null, password }));
  owner = { mobile, password, secret: made.totpSecret };
  return owner;
}

/** Fen as the console writes it: ¥12,345.67. */
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

test('the owner refunds a paid order from the console; the buyer sees it refunded; the dashboard and reconciliation show the day', async ({
  page,
  request,
  browser,
}) => {
  const mobile = `135${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const { orderNo, amount } = await paidDemoOrder(request, mobile);

  await signInConsole(page, await ownOwner());
  // The home is the dashboard: today's shop sales hold at least this order.
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toHaveText('概览');
  const sales = page.getByTestId('figure-sales');
  await expect(sales).toContainText('今日商城销售');
  // The figure reads "—" until the dashboard's figures arrive.
  const salesFigure = sales.locator('.ant-statistic-content');
  await expect(salesFigure).toContainText('¥');
  const todaySales = Number((await salesFigure.textContent())?.replace(/[^\d.]/g, ''));
  expect(todaySales * 100).toBeGreaterThanOrEqual(amount);
  await expect(page.getByRole('img', { name: '商城销售' })).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/admin-dashboard-zh.png' });

  await openConsolePage(page, { name: '订单' });
  await page.getByLabel('搜索').fill(orderNo);
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索', exact: true }))
    .click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('待发货');
  await row.getByRole('button', { name: `退款 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`将通过支付渠道原路退回 ${yuan(amount)}`);
  await page.screenshot({ path: 'test-results/admin-refund-dialog-zh.png' });
  await dialog.getByRole('button', { name: '确认全额退款' }).click();
  await expect(dialog.getByText('请填写原因（最多 100 字）')).toBeVisible();
  await dialog.getByLabel('原因').fill('号码资料有误，客户同意退款');
  await dialog.getByRole('button', { name: '确认全额退款' }).click();
  await expect(page.getByText(`订单 ${orderNo} 已退款 ${yuan(amount)}`)).toBeVisible();
  await expect(row).toContainText('已退款');
  await expect(row.getByRole('button', { name: `退款 ${orderNo}` })).toHaveCount(0);

  const buyer = await buyerPage(browser, mobile);
  await buyer.goto(`/shop/#/pages/order/detail/index?orderNo=${orderNo}`);
  await expect(buyer.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await buyer.context().close();

  // The reconciliation report lists the refund of today.
  await openConsolePage(page, { name: '对账', exact: true });
  const refundRow = page.getByRole('row').filter({ hasText: orderNo });
  await expect(refundRow).toContainText(yuan(amount));
  await expect(refundRow).toContainText('已退款');
  await page.screenshot({ path: 'test-results/admin-reconciliation-zh.png' });

  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(page.getByText('Reconciliation: payments against orders')).toBeVisible();
  await page.getByRole('heading', { name: 'Refunds' }).click();
  await expect(refundRow).toContainText('Done');
  await page.screenshot({ path: 'test-results/admin-reconciliation-en.png' });
  await openConsolePage(page, { name: 'Orders' });
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toContainText('Refunded');
  // The export holds the filtered list: the refunded order, with English headers, for Excel.
  await page.getByLabel('Search').fill(orderNo);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{12}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n').slice(0, 2)).toEqual([
    '\uFEFFOrder no.,Kind,Storefront,Item,Amount (yuan),Status,Buyer,Mobile,Address,Created,Paid,Shipped',
    expect.stringMatching(
      new RegExp(`^${orderNo},Number,demo,\\d{11},${(amount / 100).toFixed(2).replace('.', '\\.')},Refunded,王小明,${mobile},`),
    ),
  ]);
  await expect(page.getByText('1 order exported')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-orders-en.png' });
  await openConsolePage(page, { name: 'Dashboard' });
  await expect(page.getByTestId('figure-sales')).toContainText('Sales today');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: 'test-results/admin-dashboard-en.png' });
});

test('the owner sees the goods of the storefronts with their specs and opens one to edit, in Chinese and English', async ({ page }) => {
  await signInConsole(page, await ownOwner());
  await openConsolePage(page, { name: '商品' });
  await expect(page.getByText('通用商品')).toBeVisible();
  const first = page.locator('.ant-table-row').first();
  await expect(first).toContainText(/库存 \d+/);
  await page.screenshot({ path: 'test-results/admin-goods-zh.png' });
  await first.getByRole('button', { name: /^编辑 / }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('规格名称').first()).not.toHaveValue('');
  await page.screenshot({ path: 'test-results/admin-goods-edit-zh.png' });
  await dialog.getByRole('button', { name: /取\s?消/ }).click();
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(page.getByText('General goods')).toBeVisible();
  await page.getByRole('button', { name: 'Add goods' }).click();
  await expect(page.getByRole('dialog').getByText('Add a spec')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-goods-add-en.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The names are shown in the reader's language (the demo goods have English translations).
  await expect(page.getByText('5G 大流量卡')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/admin-goods-en.png' });
  await openConsolePage(page, { name: 'IoT packages' });
  await expect(page.locator('.ant-table-row').first()).toContainText(/GB|Unlimited/);
  await page.screenshot({ path: 'test-results/admin-packages-en.png' });
  await page
    .locator('.ant-table-row')
    .first()
    .getByRole('button', { name: /^Edit / })
    .click();
  await expect(page.getByRole('dialog').getByLabel('Data (MB)')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-package-edit-en.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByTitle('简体中文').click();
  await expect(page.getByText('物联网流量套餐')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-packages-zh.png' });
});
