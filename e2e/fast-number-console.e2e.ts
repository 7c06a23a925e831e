import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { idCheckDigit } from '@simshop/contract/validate';
import { DEMO_STAFF, openConsolePage, signInConsole } from './support/console.ts';

/**
 * A fast-number application reviewed in the operator console at 1280x800: staff of `demo` review
 * it, approve it and ship the card with its number; the applicant's order page then shows it shipped
 * with the number and the parcel.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** The first 17 digits of the applicant's ID number (the last is its check digit). */
const ID_17 = '44030519920315246';

/**
 * An application at `demo` filed by `mobile` through the shop's API (the demo shows the SMS code);
 * filing it logs the browser session `sessionId` in as the applicant.
 */
async function apply(request: APIRequestContext, mobile: string, sessionId: string): Promise<string> {
  const products = (await (await request.get('/api/shop/fastNumber/products?promoCode=demo')).json()).data.operators[0];
  const sent = await (await request.post('/api/hk/sendCode', { data: { mobile, scene: 'apply' } })).json();
  const filed = await (
    await request.post('/api/shop/fastNumber/apply', {
      headers: { 'x-session-id': sessionId, 'x-order-session-id': randomBytes(16).toString('hex') },
      data: {
        promoCode: 'demo',
        operator: products.operator,
        packageId: products.packages[0].id,
        applicantName: '王小明',
        idNumber: ID_17 + idCheckDigit(ID_17),
        mobile,
        code: sent.data.devCode,
        address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 2 栋 202' },
        agreed: true,
      },
    })
  ).json();
  expect(filed.code, filed.message).toBe(0);
  return filed.data.orderNo;
}

test('staff review, approve and ship a fast-number application; the applicant sees the card shipped with its number', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const mobile = `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const number = `166${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const sessionId = randomBytes(16).toString('hex');
  const orderNo = await apply(page.request, mobile, sessionId);

  await signInConsole(page, DEMO_STAFF);
  // antd sets two-character Chinese button labels apart (审 核).
  await openConsolePage(page, { name: '号卡申请' });
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toContainText('已提交');
  await row.getByRole('button', { name: /^审\s?核$/ }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toContainText(ID_17);
  await drawer.getByRole('button', { name: '开始审核' }).click();
  await expect(drawer.getByRole('button', { name: /^驳\s?回$/ })).toBeVisible();
  await drawer.getByRole('button', { name: /^通\s?过$/ }).click();
  await drawer.getByLabel('寄出卡片的号码').fill(number);
  await drawer.getByRole('button', { name: /^发\s?货$/ }).click();
  await expect(drawer).toContainText('已发货');
  await expect(drawer).toContainText(number);
  await expect(drawer.getByRole('button', { name: '标记已激活' })).toBeVisible();
  await page.screenshot({ path: 'test-results/admin-fast-number.png' });

  // The applicant's phone: the shop with the session the application logged in.
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ([id, phone]) =>
      localStorage.setItem(
        'simshop-session',
        JSON.stringify({ state: { sessionId: id, userInfo: { nickname: '', avatar: '', mobile: phone } }, version: 1 }),
      ),
    [sessionId, mobile],
  );
  const applicant = await context.newPage();
  await applicant.goto(`/shop/#/pages/order/detail/index?orderNo=${orderNo}`);
  await expect(applicant.getByText('Shipped', { exact: true }).first()).toBeVisible();
  // The number as the shop groups it: 166 1234 5678.
  await expect(applicant.getByText(`${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}`)).toBeVisible();
  await applicant.context().close();
});
