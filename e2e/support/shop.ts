import { randomBytes, randomInt } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { idCheckDigit } from '@simshop/contract/validate';

/** Logs a shopper in (English texts) with the mobile and the SMS code the demo shows on screen. */
export async function logInShopper(page: Page, mobile: string, promoCode?: string): Promise<void> {
  await page.goto(`/shop/#/pages/login/index${promoCode ? `?promoCode=${promoCode}` : ''}`);
  await page.getByPlaceholder('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByTestId('dev-code')).toBeVisible();
  await page.getByPlaceholder('6-digit SMS code').fill((await page.getByTestId('dev-code').textContent()) ?? '');
  await page.getByText('I have read and accept the').first().click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).not.toHaveURL(/pages\/login/);
}

/** A number order of `demo` paid at the sandbox cashier, with `contactMobile` as its buyer. */
export async function paidDemoOrder(request: APIRequestContext, contactMobile: string): Promise<{ orderNo: string; amount: number }> {
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
    return { orderNo, amount: created.data.amount as number };
  }
  throw new Error('no number could be ordered');
}

/** The buyer in the shop (English, a phone screen), logged in with the mobile. */
export async function buyerPage(browser: Browser, mobile: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await logInShopper(page, mobile);
  return page;
}
