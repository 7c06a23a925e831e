import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { shipShopOrder } from '../apps/server/src/modules/mall/service.ts';
import { withInstance } from './support/instance.ts';

/**
 * The points mall in the browser (issue 13): a good redeemed with points from the mall's index, to
 * a delivery address added on the way (the region picker), then shipped with a tracking number and
 * followed on its logistics timeline. Figures are compared with the API.
 */

const SIM = '1440000000001';

interface Goods {
  id: number;
  name: string;
  points: number;
  price: number;
  stock: number;
}

async function simLogin(page: Page, request: APIRequestContext, lang: string) {
  const res = await request.post('/api/simLogin', { data: { sn: SIM, agreeProtocol: true } });
  const body = (await res.json()) as { code: number; data: { simNo: string; token: string } };
  expect(body.code).toBe(0);
  const s = body.data;
  await page.goto('/healthz');
  await page.evaluate(
    ({ s, lang }) => {
      localStorage.setItem('simshop-language', lang);
      localStorage.setItem(
        'simshop-session',
        JSON.stringify({ version: 1, state: { simNo: s.simNo, token: s.token, loginSns: [s.simNo], iotIndexPopupPrevent: true } }),
      );
    },
    { s, lang },
  );
  return { 'x-sim-no': s.simNo, 'x-sim-token': s.token, 'accept-language': lang };
}

async function api<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const body = (await (await request.get(url, { headers })).json()) as { code: number; data: T; message: string };
  expect(body.code, `${url}: ${body.message}`).toBe(0);
  return body.data;
}

test('a good redeemed with points goes to an address added on the way, is shipped and tracked', async ({ page, request }) => {
  const headers = await simLogin(page, request, 'zh-Hans');
  const before = await api<{ integral: number; goods: Goods[] }>(request, '/api/iot/integralShopIndex', headers);
  const good = before.goods.find((g) => g.price === 0 && g.points <= before.integral && g.stock > 0 && g.name === '桌面手机支架');
  expect(good, 'a points-only good the demo card can afford').toBeTruthy();
  if (!good) return;

  // The dashboard's menus reach the mall (under "More" once the dashboard shows its first nine).
  await page.goto('/shop/#/pages/iot/index/index');
  await page.getByRole('button', { name: '更多', exact: true }).first().click();
  await page.getByRole('button', { name: '积分商城' }).first().click();
  await expect(page.getByTestId('mall-points')).toHaveText(before.integral.toLocaleString('en-US'));

  await page.getByTestId(`mall-goods-${good.id}`).click();
  await expect(page.getByRole('heading', { name: good.name })).toBeVisible();
  await page.getByTestId('redeem-button').click();

  // A new address, added from the confirmation page through the address list and the region picker.
  await expect(page.getByTestId('mall-payment')).toBeVisible();
  await page.getByTestId('choose-address').click();
  await expect(page.getByTestId('mall-addresses')).toBeVisible();
  await page.getByTestId('add-address').click();
  await page.getByPlaceholder('收货人姓名').fill('王小明');
  await page.getByPlaceholder('11 位手机号').fill('13912345678');
  await page.getByTestId('pick-region').click();
  const popup = page.locator('.address-popup');
  await popup.getByText('广东省', { exact: true }).click();
  await popup.getByText('广州市', { exact: true }).click();
  await popup.getByText('天河区', { exact: true }).click();
  await expect(page.getByTestId('pick-region')).toHaveText('广东省 广州市 天河区');
  await page.getByPlaceholder('街道、楼栋、门牌号').fill('天河路 385 号 12 楼');
  await page.getByTestId('save-address').click();

  await expect(page.getByTestId('chosen-address')).toHaveText('广东省广州市天河区天河路 385 号 12 楼');
  await expect(page.getByTestId('points-to-pay')).toHaveText(good.points.toLocaleString('en-US'));
  await page.getByTestId('place-order').click();

  await expect(page.getByTestId('mall-order-status')).toContainText('待发货');
  const orderNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo') ?? '';
  expect(orderNo).toMatch(/^M\d{26}$/);
  const after = await api<{ integral: number }>(request, '/api/iot/integralShopIndex', headers);
  expect(after.integral).toBe(before.integral - good.points);

  // The operator ships it with the carrier's tracking number (the service an operator console calls).
  const trackingNo = `SE7${String(Date.now()).slice(-11)}`;
  await withInstance((app) => shipShopOrder(app.mall, orderNo, trackingNo));
  await page.reload();
  await expect(page.getByTestId('mall-order-status')).toContainText('已发货');
  await page.getByTestId('open-logistics').click();
  await expect(page.locator('.logi-no')).toHaveText(trackingNo);
  await expect(page.locator('.logi-timeline')).toContainText('已揽收');

  const details = await api<{ status: string; logistics: { trackingNo: string; events: { status: string }[] } }>(
    request,
    `/api/iot/shopOrderDetails?orderNo=${orderNo}`,
    headers,
  );
  expect(details.status).toBe('shipped');
  expect(details.logistics.trackingNo).toBe(trackingNo);
  expect(details.logistics.events.map((e) => e.status)).toEqual(['collected']);
});
