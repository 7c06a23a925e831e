import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { idCheckDigit } from '@simshop/contract/validate';
import { generate } from 'otplib';

/**
 * The operator console at /admin/ on a desktop screen: the demo operators sign in with their
 * password, then the TOTP code of their documented secret (computed here as an authenticator app would).
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

export const OWNER = { mobile: '13700000001', password: 'Owner#2026', secret: 'SIMSHOPOWNERDEMOTOTPKEYAAAAAAAAA' };
export const AGENT = { mobile: '13700000002', password: 'Agent#2026', secret: 'SIMSHOPAGENTDEMOTOTPKEYAAAAAAAAA' };
export const STAFF = { mobile: '13700000003', password: 'Staff#2026', secret: 'SIMSHOPSTAFFDEMOTOTPKEYAAAAAAAAA' };

/** Signs in; a code is used once, so a second sign-in within 30 s takes the next step's code. */
async function signIn(page: Page, who: { mobile: string; password: string; secret: string }, stepOffset = 0) {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(who.mobile);
  await page.getByLabel('密码').fill(who.password);
  await page.getByRole('button', { name: '下一步' }).click();
  const code = await generate({ secret: who.secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
  await page.getByLabel('验证码').fill(code);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .click();
}

test('the owner signs in with password and TOTP and sees only the pages of the console', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByLabel('手机号').fill(OWNER.mobile);
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('手机号或密码错误')).toBeVisible();

  await signIn(page, OWNER);
  await expect(page.getByTestId('operator')).toHaveText('店主 · 店主');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText(['店铺', '订单', '号码', '下级定价', '操作日志']);
  // agent02's row names its upstream agent01.
  await expect(page.getByRole('row').filter({ hasText: 'agent02' }).first()).toContainText('agent01');
  await page.screenshot({ path: 'test-results/admin-storefronts.png' });
  await page.getByRole('combobox', { name: '语言' }).click();
  await page.getByTitle('English').click();
  await expect(menu.getByRole('menuitem')).toHaveText(['Storefronts', 'Orders', 'Numbers', 'Downstream prices', 'Audit log']);
});

/** A number order of `demo` paid at the sandbox cashier, with `contactMobile` as its buyer. */
async function paidDemoOrder(request: APIRequestContext, contactMobile: string): Promise<string> {
  const headers = { 'x-order-session-id': randomBytes(16).toString('hex') };
  const list = await (await request.get('/api/shop/numberList?promoCode=demo&pageSize=50')).json();
  const candidates = list.data.list as { number: string }[];
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = candidates[randomInt(0, candidates.length)]!.number;
    const detail = await (await request.get(`/api/shop/numberDetail?promoCode=demo&number=${number}`)).json();
    const first17 = '11010519900101123';
    const created = await (
      await request.post('/api/shop/order/create', {
        headers,
        data: {
          promoCode: 'demo',
          number,
          packageId: detail.data.packages[0].id,
          buyerName: '王小明',
          idNumber: first17 + idCheckDigit(first17),
          contactMobile,
          address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
          agreed: true,
        },
      })
    ).json();
    if (created.code !== 0) continue;
    const orderNo = created.data.orderNo as string;
    const pay = await (await request.post('/api/shop/order/pay', { headers, data: { orderNo, method: 'sandbox' } })).json();
    await request.post(`/sandbox/cashier/${pay.data.paymentNo}/pay`, { form: {}, maxRedirects: 0 });
    const result = await (await request.get(`/api/shop/order/payResult?orderNo=${orderNo}`, { headers })).json();
    expect(result.data.orderStatus).toBe('paid');
    return orderNo;
  }
  throw new Error('no number could be ordered');
}

/** The buyer in the shop (English, a phone screen): logs in with the mobile and the on-screen SMS code. */
async function buyerPage(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/shop/#/pages/login/index');
  await page.getByPlaceholder('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByTestId('dev-code')).toBeVisible();
  await page.getByPlaceholder('6-digit SMS code').fill((await page.getByTestId('dev-code').textContent()) ?? '');
  await page.getByText('I have read and accept the').first().click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/pages\/login/);
  return page;
}

test('staff of demo ship a paid order with a tracking number and the buyer sees it', async ({ page, request, browser }) => {
  const mobile = `136${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const orderNo = await paidDemoOrder(request, mobile);

  await signIn(page, STAFF);
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['店铺', '订单']);
  await page.getByRole('menuitem', { name: '订单' }).click();
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

  await signIn(page, OWNER, 1);
  await page.getByRole('menuitem', { name: '号码' }).click();
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

  await signIn(page, AGENT);
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['店铺', '订单', '下级定价']);
  await page.getByRole('menuitem', { name: '下级定价' }).click();
  const row = page.getByRole('row').filter({ hasText: 'agent02' });
  // The demo price is +¥20 until a test sets another; this one sets a markup no other run has just set.
  await expect(row).toContainText(/全部号码 \+¥\d+\.00/);
  const yuan = 100 + (Date.now() % 60);
  await row.getByRole('button', { name: '修改价格 agent02' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton').first().fill(String(yuan));
  await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
  await expect(row).toContainText(`全部号码 +¥${yuan}.00`);

  const detail = await (await request.get(`/api/shop/numberDetail?promoCode=agent02&number=${n.number}`)).json();
  expect(detail.data.price).toBe(n.price + yuan * 100);
});
