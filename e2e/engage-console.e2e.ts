import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_OWNER, openConsolePage, signInConsole } from './support/console.ts';
import { DEMO_SIM, logIn } from './support/sim.ts';

/**
 * The engagement catalogue in the operator console at 1280x800: the owner adds a VIP plan to the
 * demo storefront with its names in three languages, the card holder finds it on the VIP page in
 * English; the owner refunds a speed-up paid at the sandbox cashier from the card's view, and the
 * card's speed-up ends; a points-mall category added in English shows as a tab of the holder's mall.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** The demo's second device SIM (China Unicom, 30 GB monthly package in effect). */
const SPEED_SIM = '1440000000005';

async function simHeaders(request: APIRequestContext, simNo: string) {
  const login = await (await request.post('/api/simLogin', { data: { sn: simNo, agreeProtocol: true } })).json();
  expect(login.code, login.message).toBe(0);
  return { 'x-sim-no': login.data.simNo as string, 'x-sim-token': login.data.token as string };
}

/** A speed-up of the card bought at the sandbox cashier and running; its order number. */
async function paidSpeedUp(request: APIRequestContext, simNo: string) {
  const headers = await simHeaders(request, simNo);
  const list = await (await request.get('/api/iot/accelerateList', { headers })).json();
  expect(list.code, list.message).toBe(0);
  const plan = list.data.plans[0] as { id: number };
  const created = await (
    await request.post('/api/iot/createAccelerateOrder', {
      headers: { ...headers, 'idempotency-key': randomBytes(16).toString('hex') },
      data: { accelerateId: plan.id, payMethod: 'sandbox' },
    })
  ).json();
  expect(created.code, created.message).toBe(0);
  await request.post(`/sandbox/cashier/${created.data.payment.paymentNo}/pay`, { form: {}, maxRedirects: 0 });
  const orderSn = created.data.order.orderSn as string;
  const statusOf = async () =>
    (await (await request.get(`/api/iot/accelerateOrderDetails?orderSn=${orderSn}`, { headers })).json()).data.order.status as number;
  await expect.poll(statusOf).toBe(1);
  return { orderSn, headers, statusOf };
}

test('the owner adds a VIP plan the holder then sees, and refunds a speed-up from the card’s view', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const nameHans = `白金会员 ${tag}`;
  const nameEn = `Platinum ${tag}`;

  await signInConsole(page, DEMO_OWNER);
  await openConsolePage(page, { name: '会员与积分' });
  await expect(page.getByText('会员、加速与积分')).toBeVisible();
  await page.getByRole('combobox', { name: '店铺' }).click();
  await page
    .getByTitle(/^demo · /)
    .last()
    .click();
  await page.getByRole('button', { name: '新增会员套餐' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('名称 zh-Hans').fill(nameHans);
  await dialog.getByLabel('名称 en').fill(nameEn);
  await dialog.getByLabel('价格', { exact: true }).fill('12');
  await dialog.getByLabel('积分倍数').fill('3');
  await page.screenshot({ path: 'test-results/admin-engage-vip-dialog.zh-Hans.png' });
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('engage-vip').getByRole('row').filter({ hasText: nameHans });
  await expect(row).toContainText('¥12.00');
  await expect(row).toContainText('×3');
  await expect(row).toContainText('在售');
  await page.screenshot({ path: 'test-results/admin-engage.zh-Hans.png' });

  // The holder of a demo card finds it on the VIP page, in English, with its price.
  const shop = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const headers = await simHeaders(shop.request, DEMO_SIM);
  const vipList = await (await shop.request.get('/api/iot/vipList', { headers: { ...headers, 'accept-language': 'en' } })).json();
  const plan = (vipList.data.plans as { id: number; name: string }[]).find((p) => p.name === nameEn);
  expect(plan).toBeDefined();
  await shop.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await shop.goto('/shop/#/pages/iot/login/index');
  await shop.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(DEMO_SIM);
  await shop.getByText('I have read and agree to the').click();
  await shop.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(shop.getByTestId('sim-dashboard')).toBeVisible();
  await shop.goto('/shop/#/pages-sub/iot/index/vip/index');
  await expect(shop.getByTestId(`vip-plan-${plan?.id}`)).toContainText(nameEn);
  await expect(shop.getByTestId(`vip-plan-${plan?.id}`)).toContainText('30 days · 3× points');
  await shop.getByTestId(`vip-plan-${plan?.id}`).click();
  await expect(shop.getByTestId('vip-total')).toHaveText('¥12.00');
  await shop.screenshot({ path: 'test-results/shop-vip-from-console.en.png' });
  await shop.close();

  // A speed-up paid at the cashier is refunded from the card's view.
  const { orderSn, headers: speedHeaders, statusOf } = await paidSpeedUp(page.request, SPEED_SIM);
  await openConsolePage(page, { name: 'SIM 卡' });
  await page.getByLabel('搜索').fill(SPEED_SIM);
  await page
    .getByRole('button', { name: '搜 索' })
    .or(page.getByRole('button', { name: '搜索' }))
    .click();
  await page.getByRole('link', { name: `查看 ${SPEED_SIM}` }).click();
  await page.getByRole('tab', { name: '会员与加速包' }).click();
  const order = page.getByTestId('engage-orders-accelerate').getByRole('row').filter({ hasText: orderSn });
  await expect(order).toContainText('已支付');
  await order.getByRole('button', { name: `退款 ${orderSn}` }).click();
  const refund = page.getByRole('dialog');
  await expect(refund).toContainText('原路退回');
  await refund.getByLabel('退款原因（记入操作日志）').fill('网络未提速，全额退款');
  await refund.getByRole('button', { name: /退\s?款/ }).click();
  await expect(refund).toBeHidden();
  await expect(order).toContainText('已退款');
  await expect(order.getByRole('button', { name: `退款 ${orderSn}` })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/admin-engage-card-refund.zh-Hans.png' });
  expect(await statusOf()).toBe(2);
  const info = await (await page.request.get('/api/iot/simInfo', { headers: speedHeaders })).json();
  expect(info.data.hasAccelerate).toBe(false);

  // The same page in English and Traditional Chinese.
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await openConsolePage(page, { name: 'Engagement' });
  await expect(page.getByRole('tab', { name: 'VIP plans' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Points mall' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Storefront' }).click();
  await page
    .getByTitle(/^demo · /)
    .last()
    .click();
  await expect(page.getByTestId('engage-vip').getByRole('row').filter({ hasText: nameEn })).toContainText('On sale');
  await page.screenshot({ path: 'test-results/admin-engage.en.png' });

  // A points-mall category named in three languages: the holder's mall shows it as a tab, in English.
  const category = `Gadgets ${tag}`;
  await page.getByRole('tab', { name: 'Points mall' }).click();
  await page.getByRole('button', { name: 'Add category' }).click();
  const categoryDialog = page.getByRole('dialog');
  await categoryDialog.getByLabel('Name zh-Hans').fill(`数码 ${tag}`);
  await categoryDialog.getByLabel('Name en').fill(category);
  await categoryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: category })).toContainText('Shown');
  await page.screenshot({ path: 'test-results/admin-mall-categories.en.png' });
  const mall = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await logIn(mall);
  await mall.goto('/shop/#/pages-sub/iot/integralShop/index');
  await expect(mall.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: category })).toBeVisible();
  await mall.screenshot({ path: 'test-results/shop-mall-category.en.png' });
  await mall.close();
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByTitle('繁體中文').click();
  await expect(page.getByRole('tab', { name: '會員方案' })).toBeVisible();
  await page.getByRole('tab', { name: '簽到與任務' }).click();
  await expect(page.getByTestId('engage-rewards')).toContainText('實名認證');
  await page.screenshot({ path: 'test-results/admin-engage-rewards.zh-Hant.png' });
});
