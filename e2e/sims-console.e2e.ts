import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { DEMO_SIM } from './support/sim.ts';

/**
 * SIMs in the operator console at 1280x800: the owner finds a card, refunds part of a top-up paid at
 * the sandbox cashier, and the card's balance and ledger show it, in the console and in the holder's app.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** Fen as the console writes it: ¥12,345.67. */
const yuan = (fen: number) => `${fen < 0 ? '-' : ''}¥${(Math.abs(fen) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/** A ¥20 balance top-up of the card paid at the sandbox cashier; its order number and the card's balance after. */
async function paidTopup(request: APIRequestContext, simNo: string) {
  const login = await (await request.post('/api/simLogin', { data: { sn: simNo, agreeProtocol: true } })).json();
  const headers = { 'x-sim-no': login.data.simNo, 'x-sim-token': login.data.token };
  const created = await (
    await request.post('/api/iot/createBalanceOrder', {
      headers: { ...headers, 'idempotency-key': randomBytes(16).toString('hex') },
      data: { amount: 2000, method: 'sandbox' },
    })
  ).json();
  expect(created.code, created.message).toBe(0);
  await request.post(`/sandbox/cashier/${created.data.payment.paymentNo}/pay`, { form: {}, maxRedirects: 0 });
  const orderNo = created.data.order.orderNo as string;
  await expect
    .poll(async () => (await (await request.get(`/api/iot/orderDetails?orderNo=${orderNo}`, { headers })).json()).data.order.status)
    .toBe('effective');
  const info = await (await request.get('/api/iot/simInfo', { headers })).json();
  return { orderNo, balance: info.data.balance as number };
}

test('the owner refunds part of a top-up and the card’s balance and ledger show it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { orderNo, balance } = await paidTopup(page.request, DEMO_SIM);

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: 'SIM 卡' });
  await page.getByLabel('搜索').fill(DEMO_SIM);
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索' }))
    .click();
  const row = page.getByRole('row').filter({ hasText: DEMO_SIM });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('中国移动');
  await expect(row).toContainText(yuan(balance));
  await page.screenshot({ path: 'test-results/admin-sims-list.zh-Hans.png' });
  await row.getByRole('link', { name: `查看 ${DEMO_SIM}` }).click();

  await expect(page.getByText(`SIM 卡 ${DEMO_SIM}`)).toBeVisible();
  await expect(page.getByTestId('sim-balance')).toHaveText(yuan(balance));
  const facts = page.getByTestId('sim-facts');
  await expect(facts).toContainText('已激活');
  await expect(facts).toContainText('13800138001');
  await expect(facts).toContainText('200 GB');
  const order = page.getByTestId('sim-orders').getByRole('row').filter({ hasText: orderNo });
  await expect(order).toContainText('余额充值');
  await expect(order).toContainText('¥20.00');
  await page.screenshot({ path: 'test-results/admin-sim-card.zh-Hans.png' });

  await order.getByRole('button', { name: `退款 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('最多可退 ¥20.00');
  await dialog.getByLabel('金额（元）').fill('8.00');
  await dialog.getByLabel('原因').fill('顾客多充，退回 8 元');
  await dialog.getByRole('button', { name: /确\s?定/ }).click();
  await expect(page.getByText(`余额 ${yuan(balance - 800)}`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('sim-balance')).toHaveText(yuan(balance - 800));
  await expect(order).toContainText('已退 ¥8.00');

  await page.getByRole('tab', { name: '账户流水' }).click();
  const first = page.getByTestId('sim-ledger').getByRole('row').nth(1);
  await expect(first).toContainText('−¥8.00');
  await expect(first).toContainText(yuan(balance - 800));
  await expect(first).toContainText('充值退款');
  await expect(first).toContainText(orderNo);
  await expect(first).toContainText('顾客多充，退回 8 元');

  // The same card view in English.
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(page.getByText(`SIM ${DEMO_SIM}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Ledger' })).toBeVisible();
  await expect(page.getByTestId('sim-facts')).toContainText('Nationwide data 200 GB quarterly');
  await page.screenshot({ path: 'test-results/admin-sim-card.en.png' });
  await page.getByRole('link', { name: 'Back to the list' }).click();
  await expect(page.getByRole('columnheader', { name: 'SIM no.' })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-sims-list.en.png' });

  // The holder sees the new balance and the refund in the balance log.
  const shop = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await shop.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await shop.goto('/shop/#/pages/iot/login/index');
  await shop.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(DEMO_SIM);
  await shop.getByText('I have read and agree to the').click();
  await shop.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(shop.getByTestId('sim-dashboard')).toBeVisible();
  await shop.goto('/shop/#/pages/iot/index/balance/index');
  await expect(shop.getByTestId('topup-balance')).toHaveText(yuan(balance - 800));
  await shop.goto('/shop/#/pages/iot/index/orderLogs/index?tab=log');
  const entry = shop.locator(`[data-testid="ledger-item"][data-order-no="${orderNo}"]`).first();
  await expect(entry.getByTestId('ledger-delta')).toHaveText('-¥8.00');
  await expect(entry.getByTestId('ledger-after')).toHaveText(`After: ${yuan(balance - 800)}`);
  await shop.close();
});

test('the owner sees a portable Wi-Fi card with its device report, and the real-name review queue', async ({ page }) => {
  test.setTimeout(120_000);
  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: 'SIM 卡' });
  await page.getByLabel('搜索').fill('MF0000000001');
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索' }))
    .click();
  // The device holds two SIMs: both are found by its number.
  await expect(page.getByRole('row').filter({ hasText: 'MF0000000001' })).toHaveCount(2);
  await page.getByRole('row').filter({ hasText: '1440000000002' }).getByRole('link', { name: '查看 1440000000002' }).click();
  await expect(page.getByText('设备 MF0000000001')).toBeVisible();
  await expect(page.getByTestId('device-report')).toContainText('最近上报');
  await expect(page.getByRole('button', { name: '重启设备' })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-sim-device.zh-Hans.png' });

  // Import two lines: one new card of demo, one with a bad ICCID.
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('');
  const iccid = `8986${digits(16)}`;
  const simNo = `149${digits(10)}`;
  await openConsolePage(page, { name: 'SIM 卡' });
  await page.getByRole('button', { name: '导入 CSV' }).click();
  await page.getByLabel('选择 CSV').setInputFiles({
    name: 'sims.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`ICCID,卡号,运营商,店铺\n${iccid},${simNo},4,demo\n12345,${simNo}9,4,demo\n`),
  });
  await page
    .getByRole('button', { name: '预 览' })
    .or(page.getByRole('button', { name: '预览' }))
    .click();
  await expect(page.getByRole('row').filter({ hasText: '不是 ICCID' }).first()).toContainText('12345');
  await page.screenshot({ path: 'test-results/admin-sims-import.zh-Hans.png' });
  await page.getByRole('button', { name: '导入 1 张卡' }).click();
  await expect(page.getByText('已导入 1 张卡，跳过 1 行')).toBeVisible();
  await page.getByRole('link', { name: '返回列表' }).click();
  await page.getByLabel('搜索').fill(iccid);
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索' }))
    .click();
  await expect(page.getByRole('row').filter({ hasText: simNo })).toContainText('待激活');

  await openConsolePage(page, { name: '实名审核' });
  await expect(page.getByText('待审核的实名认证')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '照片' })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-sims-realname.zh-Hans.png' });
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(page.getByText('Real-name submissions to review')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-sims-realname.en.png' });
});
