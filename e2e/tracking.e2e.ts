import { expect, type Page, test } from '@playwright/test';
import { type FakeKuaidi100, SAMPLE_TRACK, startFakeKuaidi100 } from '../apps/server/src/providers/logistics/fake-kuaidi100.ts';
import { KUAIDI100_CALLBACK_PATH } from '../apps/server/src/providers/logistics/kuaidi100.ts';
import { withInstance } from './support/instance.ts';
import { buyerPage, paidDemoOrder } from './support/shop.ts';

/**
 * An order tracked by Kuaidi100: an instance configured for it ships the order, subscribes the
 * parcel at a fake Kuaidi100 and receives its signed push of Chinese events; the buyer reads the
 * timeline in their language: statuses and places in English (or Traditional Chinese), the
 * carrier's Chinese words never mixed in, shown only on request and marked as the carrier's.
 */

const SALT = 'e2e-push-salt-01';
const CJK = /[\u3400-\u9fff]/;

let fake: FakeKuaidi100;
test.beforeAll(async () => {
  fake = await startFakeKuaidi100();
});
test.afterAll(async () => {
  await fake.close();
});

/** A paid order of a fresh buyer, shipped with Kuaidi100 and pushed three events; the buyer's page. */
async function trackedOrder(browser: import('@playwright/test').Browser, request: import('@playwright/test').APIRequestContext) {
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const { orderNo } = await paidDemoOrder(request, mobile);
  const trackingNo = `SF${String(Date.now()).slice(-12)}`;
  const env = {
    LOGISTICS_PROVIDER: 'kuaidi100',
    KUAIDI100_URL: fake.url,
    KUAIDI100_KEY: fake.key,
    KUAIDI100_CUSTOMER: fake.customer,
    KUAIDI100_SALT: SALT,
    PUBLIC_URL: 'https://shop.example.com',
  };
  await withInstance(async (app) => {
    const now = Date.now();
    await app.db.db.transaction().execute(async (trx) => {
      const o = await trx.selectFrom('number_orders').select(['id', 'city']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
      await trx.updateTable('number_orders').set({ status: 'shipped', shipped_at: now, updated_at: now }).where('id', '=', o.id).execute();
      await app.logistics.ship(
        trx,
        {
          orderType: 'number',
          orderId: o.id,
          reference: orderNo,
          fromCity: '深圳市',
          toCity: '深圳市',
          fromArea: '440300',
          toArea: o.city,
          trackingNo,
        },
        now,
      );
    });
    await app.logistics.subscribePending(now);
    expect(fake.subscriptions.get(trackingNo)?.salt).toBe(SALT);
    fake.addParcel('shunfeng', trackingNo, SAMPLE_TRACK);
    const pushed = await app.inject({
      method: 'POST',
      url: KUAIDI100_CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fake.pushForm(trackingNo)).toString(),
    });
    expect(pushed.json()).toMatchObject({ result: true, returnCode: '200' });
  }, env);
  const page = await buyerPage(browser, mobile);
  await page.goto(`/shop/#/pages/order/logistics/index?orderNo=${orderNo}`);
  return { page, trackingNo };
}

async function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: what is shown, not the text of hidden parts
  return page.locator('body').innerText();
}

test('an order tracked by Kuaidi100 reads in English only: statuses, places and carrier in English, the Chinese words only on request', async ({
  browser,
  request,
}) => {
  const { page, trackingNo } = await trackedOrder(browser, request);
  await expect(page.locator('.logi-no')).toHaveText(trackingNo);
  await expect(page.locator('.logi-company')).toHaveText('SF Express');
  await expect(page.locator('.logi-state')).toHaveText('On the way');
  const timeline = page.getByRole('region', { name: 'Delivery timeline' });
  await expect(timeline.getByText('Picked up', { exact: true })).toBeVisible();
  await expect(timeline.getByText('In transit', { exact: true })).toHaveCount(2);
  await expect(timeline.getByText('Dongcheng District', { exact: true })).toBeVisible();
  await expect(timeline.getByText('Shenzhen', { exact: true })).toHaveCount(2);
  expect(await visibleText(page)).not.toMatch(CJK);
  await expect(page.getByText('Logged in', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('tracking-en.png') });

  // The carrier's own words, on request, quoted and marked as theirs.
  const show = timeline.getByRole('button', { name: "Show the carrier's own words (Chinese)" });
  await expect(show).toHaveCount(3);
  await show.first().click();
  const words = timeline.locator('.logi-foreign').first();
  await expect(words).toContainText("The carrier's words:");
  await expect(words.locator('q[lang="zh-Hans"]')).toHaveText('【北京市】快件已到达 北京东城营业部');
});

test('the same tracking reads in Traditional Chinese: the carrier’s words converted, places and statuses in Traditional', async ({
  browser,
  request,
}) => {
  const { page } = await trackedOrder(browser, request);
  await page.evaluate(() => localStorage.setItem('simshop-language', 'zh-Hant'));
  await page.reload();
  const timeline = page.getByRole('region', { name: '物流軌跡' });
  await expect(page.locator('.logi-company')).toHaveText('順豐速運');
  await expect(timeline.getByText('已攬收', { exact: true })).toBeVisible();
  await expect(timeline.getByText('東城區', { exact: true })).toBeVisible();
  await expect(timeline.getByText('【北京市】快件已到達 北京東城營業部', { exact: true })).toBeVisible();
  await expect(timeline.getByText('【深圳市】順豐速運 已收取快件', { exact: true })).toBeVisible();
  // No Simplified text and no link to a translation: the words are the reader's own.
  const text = await visibleText(page);
  for (const simplified of ['到达', '营业部', '发出', '顺丰', '东城']) expect(text).not.toContain(simplified);
  await expect(timeline.getByRole('button')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('tracking-zh-Hant.png') });

  await page.evaluate(() => localStorage.setItem('simshop-language', 'zh-Hans'));
  await page.reload();
  await expect(
    page.getByRole('region', { name: '物流轨迹' }).getByText('【北京市】快件已到达 北京东城营业部', { exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('tracking-zh-Hans.png') });
});
