import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO_AGENT, DEMO_OWNER, DEMO_STAFF, openConsolePage, signInConsole } from './support/console.ts';
import { buyerPage, paidDemoOrder } from './support/shop.ts';

/**
 * The operator console at /admin/ on a desktop screen: the demo operators sign in with their
 * password, then the TOTP code of their documented secret (computed here as an authenticator app would).
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

test('the owner signs in with password and TOTP and sees only the pages of the console', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(DEMO_OWNER.mobile);
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();

  await signInConsole(page, DEMO_OWNER);
  await expect(page.getByTestId('operator')).toHaveText('店主 · 店主');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    '概览',
    '店铺',
    '订单',
    '号卡申请',
    '对账',
    '商品',
    '流量套餐',
    '会员与积分',
    '充值优惠',
    '套餐优惠券',
    '号码',
    '批量调价',
    '号码套餐',
    '下级定价',
    'SIM 卡',
    '实名审核',
    '功能配置',
    'SIM 页面布局',
    '内容管理',
    '操作员',
    '操作日志',
    'Webhook 与 API',
    '运营商账号',
    '运营商对账',
  ]);
  await openConsolePage(page, { name: '店铺' });
  // agent02's row names its upstream agent01.
  await expect(page.getByRole('row').filter({ hasText: 'agent02' }).first()).toContainText('agent01');
  await page.screenshot({ path: 'test-results/admin-storefronts.png' });
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Dashboard',
    'Storefronts',
    'Orders',
    'Fast-number applications',
    'Reconciliation',
    'Goods',
    'IoT packages',
    'Engagement',
    'Top-up offers',
    'Package coupons',
    'Numbers',
    'Number prices',
    'Number plans',
    'Downstream prices',
    'SIMs',
    'Real-name review',
    'Capabilities',
    'SIM layouts',
    'Content',
    'Operators',
    'Audit log',
    'Webhooks & API',
    'Operator accounts',
    'Carrier reconciliation',
  ]);
});

test('staff of demo ship a paid order with a tracking number and the buyer sees it', async ({ page, request, browser }) => {
  const mobile = `136${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const { orderNo } = await paidDemoOrder(request, mobile);

  await signInConsole(page, DEMO_STAFF);
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['店铺', '订单', '号卡申请']);
  await openConsolePage(page, { name: '订单' });
  await page.getByLabel('搜索').fill(orderNo);
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索', exact: true }))
    .click();
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('待发货');
  await row.getByRole('button', { name: `发货 ${orderNo}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('快递单号').fill('SF-1');
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(dialog.getByText('6 到 30 位字母或数字')).toBeVisible();
  const trackingNo = `SF${randomInt(1e9, 1e10)}`;
  await dialog.getByLabel('快递单号').fill(trackingNo);
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row).toContainText('已发货');
  await page.screenshot({ path: 'test-results/admin-orders.png' });

  const buyer = await buyerPage(browser, mobile);
  await buyer.goto(`/shop/#/pages/order/logistics/index?orderNo=${orderNo}`);
  await expect(buyer.getByText(trackingNo)).toBeVisible();
  await buyer.context().close();
});

test('the owner imports 1,000 numbers from a CSV (preview, then import) and a shopper finds them', async ({ page, browser }) => {
  const numbers = new Set<string>();
  while (numbers.size < 1000) numbers.add(`199${String(randomInt(0, 1e8)).padStart(8, '0')}`);
  const list = [...numbers];
  const csv = `number,operator,province,city,price\n${list.map((n) => `${n},4,440000,440300,`).join('\n')}\n12345,4,440000,440300,\n`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '号码', exact: true });
  await page.getByLabel('选择 CSV').setInputFiles({ name: 'numbers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page
    .getByRole('button', { name: '预 览' })
    .or(page.getByRole('button', { name: '预览', exact: true }))
    .click();
  await expect(page.getByText('有问题的行')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '不是以 1 开头的 11 位号码' })).toContainText('1002');
  await page.getByRole('button', { name: '导入 1000 个号码' }).click();
  await expect(page.getByText('已导入 1000 个号码，跳过 1 个')).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-numbers.png' });

  const shopper = await browser.newPage({ locale: 'en-US', viewport: { width: 375, height: 812 } });
  for (const n of [list[0]!, list[999]!]) {
    await shopper.goto(`/shop/#/pages/index/VanityNumber/index?keyword=${n}`);
    await shopper.reload();
    await expect(shopper.getByText('1 number found')).toBeVisible();
    await expect(
      shopper.getByRole('button', { name: new RegExp(`^${n.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1 $2 $3')} China Mobile`) }),
    ).toBeVisible();
  }
  await shopper.close();
});

test('the agent of agent01 changes the price agent02’s shoppers pay for numbers, and agent02’s shop shows it', async ({
  page,
  request,
}) => {
  const list = await (await request.get('/api/shop/numberList?promoCode=agent01&pageSize=20')).json();
  const n = (list.data.list as { number: string; price: number; tags: string[] }[]).find((x) => !x.tags.includes('AAAA'))!;

  await signInConsole(page, DEMO_AGENT);
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    '概览',
    '店铺',
    '订单',
    '号卡申请',
    '商品',
    '流量套餐',
    '会员与积分',
    '充值优惠',
    '套餐优惠券',
    '下级定价',
    'SIM 卡',
    '实名审核',
    'SIM 页面布局',
    '内容管理',
    'Webhook 与 API',
    '运营商账号',
    '运营商对账',
  ]);
  await openConsolePage(page, { name: '下级定价' });
  const row = page.getByRole('row').filter({ hasText: 'agent02' });
  // The demo price is +¥20 until a test sets another; this one sets a markup no other run has just set.
  await expect(row).toContainText(/全部号码 \+¥\d+\.00/);
  const yuan = 100 + (Date.now() % 60);
  await row.getByRole('button', { name: '修改价格 agent02' }).click();
  const dialog = page.getByRole('dialog');
  // The form shows the storefront's rules first (the all-numbers markup), then takes the new one.
  const markup = dialog.getByRole('spinbutton').first();
  await expect(markup).toHaveValue(/^\d+\.00$/);
  await markup.fill(String(yuan));
  await expect(markup).toHaveValue(String(yuan));
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`全部号码 +¥${yuan}.00`);

  const detail = await (await request.get(`/api/shop/numberDetail?promoCode=agent02&number=${n.number}`)).json();
  expect(detail.data.price).toBe(n.price + yuan * 100);
});
