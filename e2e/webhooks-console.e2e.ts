import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { idCheckDigit } from '@simshop/contract/validate';
import { DEMO_AGENT, openConsolePage, signInConsole } from './support/console.ts';

/**
 * Webhooks in the operator console at 1280x800: the demo agent registers an endpoint (a receiver
 * started by the test), an order of its storefront is paid at the sandbox cashier, the signed
 * delivery arrives and shows in the delivery log, and a replay sends it again.
 */

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1, locale: 'zh-CN' });

/** A number order of the storefront paid at the sandbox cashier. */
async function paidOrder(request: APIRequestContext, promoCode: string): Promise<string> {
  const headers = { 'x-order-session-id': randomBytes(16).toString('hex') };
  const list = await (await request.get(`/api/shop/numberList?promoCode=${promoCode}&pageSize=50`)).json();
  const candidates = list.data.list as { number: string }[];
  for (let attempt = 0; attempt < 5; attempt++) {
    const number = candidates[randomInt(0, candidates.length)]!.number;
    const detail = await (await request.get(`/api/shop/numberDetail?promoCode=${promoCode}&number=${number}`)).json();
    const first17 = '11010519900101123';
    const created = await (
      await request.post('/api/shop/order/create', {
        headers,
        data: {
          promoCode,
          number,
          packageId: detail.data.packages[0].id,
          buyerName: '王小明',
          idNumber: first17 + idCheckDigit(first17),
          contactMobile: `137${String(randomInt(0, 1e8)).padStart(8, '0')}`,
          address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
          agreed: true,
        },
      })
    ).json();
    if (created.code !== 0) continue;
    const orderNo = created.data.orderNo as string;
    const pay = await (await request.post('/api/shop/order/pay', { headers, data: { orderNo, method: 'sandbox' } })).json();
    await request.post(`/sandbox/cashier/${pay.data.paymentNo}/pay`, { form: {}, maxRedirects: 0 });
    await expect
      .poll(async () => (await (await request.get(`/api/shop/order/payResult?orderNo=${orderNo}`, { headers })).json()).data.orderStatus)
      .toBe('paid');
    return orderNo;
  }
  throw new Error('no number could be ordered');
}

test('an agent registers an endpoint, sees the delivery of a paid order, and replays it', async ({ page }) => {
  test.setTimeout(120_000);
  const got: { raw: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    await signInConsole(page, DEMO_AGENT);
    await openConsolePage(page, { name: 'Webhook 与 API' });
    await page.getByRole('button', { name: '添加接收地址' }).click();
    const dialog = page.getByRole('dialog', { name: '添加接收地址' });
    await dialog.getByLabel('地址').fill(url);
    await expect(dialog.getByLabel('订单已支付')).toBeChecked();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    const secret = (await page.getByTestId('endpoint-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: 'test-results/admin-webhooks-secret.zh-Hans.png' });
    await page
      .getByRole('dialog', { name: '签名密钥' })
      .getByRole('button', { name: /确\s*定|知道了|OK/ })
      .click();
    const endpointRow = page.getByRole('row').filter({ hasText: url });
    await expect(endpointRow).toBeVisible();
    await expect(endpointRow).not.toContainText(secret);

    const orderNo = await paidOrder(page.request, 'agent01');
    // Delivered by the job, signed over the timestamp and the body.
    await expect.poll(() => got.length, { timeout: 30_000 }).toBe(1);
    const first = got[0]!;
    const event = JSON.parse(first.raw);
    expect(event).toMatchObject({ type: 'order.paid', data: { orderNo, kind: 'number', method: 'sandbox' } });
    const ts = String(first.headers['x-simshop-timestamp']);
    expect(first.headers['x-simshop-signature']).toBe(`v1=${createHmac('sha256', secret).update(`${ts}.${first.raw}`).digest('hex')}`);

    await page.getByRole('tab', { name: '投递记录' }).click();
    const delivered = page.getByRole('row').filter({ hasText: url });
    await expect(delivered).toHaveCount(1);
    await expect(delivered).toContainText('订单已支付');
    await expect(delivered).toContainText('已送达');
    await expect(delivered).toContainText('200');
    await expect(delivered).toContainText('received');
    await page.screenshot({ path: 'test-results/admin-webhooks-deliveries.zh-Hans.png' });

    await delivered.getByRole('button', { name: /^重放 \d+$/ }).click();
    await expect.poll(() => got.length, { timeout: 30_000 }).toBe(2);
    expect(JSON.parse(got[1]!.raw)).toEqual(event);
    expect(got[1]!.headers['x-simshop-delivery']).not.toBe(first.headers['x-simshop-delivery']);
    await page
      .getByRole('button', { name: '刷 新' })
      .or(page.getByRole('button', { name: '刷新' }))
      .click();
    const rows = page.getByRole('row').filter({ hasText: url });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('重放自 #');
    await expect(rows.first()).toContainText('已送达');
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
