import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { pickShenzhenNanshan } from './support/address.ts';

/** What a person reads on the storefront, per language. */
const TEXT = {
  en: {
    numbersGroup: 'Vanity numbers',
    allNumbers: 'Browse all numbers',
    operator: 'China Mobile',
    otherOperators: ['China Unicom', 'China Telecom', 'China Broadnet'],
    filter: 'Filter',
    endsWith: 'Ends with',
    apply: 'Show numbers',
    numberLabel: 'Number',
    choosePackage: 'Choose a package',
    name: 'Name on the ID card',
    id: '18-digit ID number',
    mobile: 'For delivery updates',
    region: 'Province / city / district',
    address: 'Street, building, room',
    agree: 'I have read and accept the',
    idInvalid: 'ID number: this is not a valid 18-character Chinese ID number, please check it',
    submit: 'Order now',
    payNow: /^Pay ¥/,
    paid: 'Payment successful',
    viewOrders: 'View my orders',
    orderFor: (n: string) => `Order for ${n}`,
    statusPaid: 'Paid',
    statusShipped: 'Shipped',
    loginMobile: 'Mobile number',
    getCode: 'Get code',
    code: 'SMS code',
    logIn: 'Log in',
    track: 'Track delivery',
    trackingNo: 'Tracking no.',
    pickedUp: 'Picked up',
    timeline: 'Delivery timeline',
  },
  'zh-Hans': {
    numbersGroup: '靓号',
    allNumbers: '查看全部靓号',
    operator: '中国移动',
    otherOperators: ['中国联通', '中国电信', '中国广电'],
    filter: '筛选',
    endsWith: '尾号',
    apply: '查看号码',
    numberLabel: '号码',
    choosePackage: '请选择套餐',
    name: '与身份证一致的姓名',
    id: '18 位居民身份证号码',
    mobile: '用于配送联系',
    region: '省 / 市 / 区县',
    address: '街道、楼栋、门牌号',
    agree: '我已阅读并同意',
    idInvalid: '身份证号：号码格式不正确，请核对 18 位身份证号码',
    submit: '立即下单',
    payNow: /^确认支付 ¥/,
    paid: '支付成功',
    viewOrders: '查看我的订单',
    orderFor: (n: string) => `${n} 的订单`,
    statusPaid: '已支付',
    statusShipped: '已发货',
    loginMobile: '手机号',
    getCode: '获取验证码',
    code: '短信验证码',
    logIn: '登录',
    track: '查看物流',
    trackingNo: '运单号',
    pickedUp: '已揽收',
    timeline: '物流轨迹',
  },
} as const;

type Lang = keyof typeof TEXT;

/** A valid Chinese ID (check character X) and the same digits with a wrong check character. */
const GOOD_ID = '11010519491231002X';
const BAD_ID = '110105194912310021';
/** The buyer of the shipped demo order. */
const SHIPPED_DEMO_MOBILE = '13800138000';

async function openIn(context: BrowserContext, lang: Lang): Promise<Page> {
  // The first visit starts in `lang`; a later change of language (My tab) is kept.
  await context.addInitScript((language) => {
    if (!localStorage.getItem('simshop-language')) localStorage.setItem('simshop-language', language);
  }, lang);
  return context.newPage();
}

async function freshContext(browser: Browser): Promise<BrowserContext> {
  const use = test.info().project.use;
  return browser.newContext({
    baseURL: use.baseURL,
    viewport: use.viewport,
    deviceScaleFactor: use.deviceScaleFactor,
    isMobile: use.isMobile,
    hasTouch: use.hasTouch,
    locale: use.locale,
  });
}

/** Logs in on /pages/login/index with the code the demo SMS provider shows, then lands on `redirect`. */
async function logIn(page: Page, lang: Lang, mobile: string, redirect: string): Promise<void> {
  const L = TEXT[lang];
  await page.goto(`/shop/#/pages/login/index?redirect=${encodeURIComponent(redirect)}`);
  await page.getByRole('textbox', { name: L.loginMobile, exact: true }).fill(mobile);
  await page.getByRole('button', { name: L.getCode }).click();
  const code = (await page.getByTestId('dev-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: L.code }).fill(code);
  await page.getByText(L.agree).first().click();
  await page.getByRole('button', { name: L.logIn, exact: true }).click();
}

for (const lang of Object.keys(TEXT) as Lang[]) {
  const L = TEXT[lang];

  test(`${lang}: search, order and pay a vanity number, then find the order after logging in elsewhere`, async ({ browser, context }) => {
    test.setTimeout(120_000);
    const page = await openIn(context, lang);
    const contactMobile = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;

    // Home → numbers.
    await page.goto('/shop/');
    await page.getByRole('tab', { name: L.numbersGroup, exact: true }).click();
    await page.getByRole('button', { name: L.allNumbers }).click();
    await expect(page).toHaveURL(/#\/pages\/index\/VanityNumber\/index/);
    const results = page.getByTestId('number-results').getByRole('button');
    await expect(results.first()).toBeVisible();

    // Filter by operator, then by "ends with 8".
    await page.locator('.filter-search').getByText(L.operator, { exact: true }).click();
    await page.getByRole('button', { name: L.filter }).click();
    await page.getByRole('textbox', { name: L.endsWith }).fill('8');
    await page.getByRole('button', { name: L.apply }).click();
    await expect(async () => {
      const labels = await results.evaluateAll((els) => els.map((e) => e.getAttribute('data-number') ?? ''));
      expect(labels.length).toBeGreaterThan(0);
      for (const label of labels) expect(label).toMatch(/1\d{9}8$/);
    }).toPass();
    const shown = page.getByTestId('number-results');
    await expect(shown.getByText(L.operator, { exact: true }).first()).toBeVisible();
    for (const other of L.otherOperators) await expect(shown.getByText(other, { exact: true })).toHaveCount(0);

    // Open a number.
    const label = (await results.first().getAttribute('data-number')) ?? '';
    const number = label.replace(/\D/g, '');
    expect(number).toMatch(/^1\d{9}8$/);
    await results.first().click();
    await expect(page).toHaveURL(new RegExp(`#/pages/goods/pretty/index\\?number=${number}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}`);

    // Choose a package.
    await page.getByText(L.choosePackage).click();
    await expect(page).toHaveURL(/#\/pages\/goods\/pretty\/package/);
    const firstPackage = page
      .getByRole('button', { pressed: false })
      .filter({ has: page.locator('.pkg-name') })
      .first();
    const packageName = (await firstPackage.locator('.pkg-name').textContent()) ?? '';
    expect(packageName).not.toBe('');
    await firstPackage.click();
    await expect(page).toHaveURL(/#\/pages\/goods\/pretty\/index/);
    await expect(page.getByText(packageName, { exact: true })).toBeVisible();

    // Buyer details with a bad ID number: refused with a message naming the field.
    await page.getByPlaceholder(L.name).fill('张三');
    await page.getByPlaceholder(L.id).fill(BAD_ID);
    await page.getByPlaceholder(L.mobile).fill(contactMobile);
    await expect(page.getByText(L.idInvalid).first()).toBeVisible();
    await page.getByText(L.region).click();
    const place = await pickShenzhenNanshan(page, lang);
    await expect(page.getByText(place)).toBeVisible();
    await page.getByPlaceholder(L.address).fill('科技园南区 1 号楼 101 室');
    await page.getByText(L.agree).first().click();
    await page.getByRole('button', { name: L.submit }).click();
    await expect(page.getByText(L.idInvalid).first()).toBeVisible();
    await expect(page).toHaveURL(/#\/pages\/goods\/pretty\/index/);

    // A good order.
    await page.getByPlaceholder(L.id).fill(GOOD_ID);
    await expect(page.getByText(L.idInvalid)).toHaveCount(0);
    await page.getByRole('button', { name: L.submit }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/pay\/index\?orderNo=N\d{20}/);

    // The sandbox cashier (a server page) and back to the paid result.
    await page.getByRole('button', { name: L.payNow }).click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}/);
    await expect(page.getByText('沙箱收银台 · Sandbox cashier')).toBeVisible();
    await page.getByRole('button', { name: /Pay ¥/ }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/pay\/index\?orderNo=N\d{20}&result=paid/);
    await expect(page.getByText(L.paid)).toBeVisible({ timeout: 20_000 });

    // The Orders tab shows it paid.
    await page.getByRole('button', { name: L.viewOrders }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/index/);
    const order = page.getByRole('article', { name: L.orderFor(number) });
    await expect(order).toBeVisible();
    await expect(order.getByText(L.statusPaid, { exact: true })).toBeVisible();

    // In a fresh browser: log in with that mobile and the code, and the same order is there.
    const fresh = await freshContext(browser);
    try {
      const other = await openIn(fresh, lang);
      await other.goto('/shop/#/pages/order/index');
      await expect(other.getByRole('article', { name: L.orderFor(number) })).toHaveCount(0);
      await logIn(other, lang, contactMobile, '/pages/order/index');
      await expect(other).toHaveURL(/#\/pages\/order\/index/);
      const same = other.getByRole('article', { name: L.orderFor(number) });
      await expect(same).toBeVisible();
      await expect(same.getByText(L.statusPaid, { exact: true })).toBeVisible();
    } finally {
      await fresh.close();
    }
  });
}

/** From the Orders tab (logged in as the shipped demo buyer): the order card opens the order detail. */
async function checkShippedOrderDetail(page: Page): Promise<void> {
  await page.goto('/shop/#/pages/order/index');
  const shipped = page.getByRole('article').filter({ hasText: TEXT.en.statusShipped });
  await shipped.locator('.order-card-body').click();
  await expect(page).toHaveURL(/#\/pages\/order\/detail\/index\?orderNo=N\d{20}$/);
  const orderNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo') ?? '';
  const sessionId = await page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state.sessionId as string);
  const reply = await (
    await page.request.get(`/api/shop/order/detail?orderNo=${orderNo}`, { headers: { 'x-session-id': sessionId } })
  ).json();
  expect(reply.code).toBe(0);
  const detail = reply.data as { buyerName: string; address: { fullText: string }; idNumberMasked: string; status: string };
  expect(detail.status).toBe('shipped');
  await expect(page.getByText(detail.buyerName, { exact: true })).toBeVisible();
  await expect(page.getByText(detail.idNumberMasked, { exact: true })).toBeVisible();
  await expect(page.getByText(detail.address.fullText, { exact: true })).toBeVisible();
  await expect(page.getByText(orderNo, { exact: true })).toBeVisible();
  const progress = page.getByRole('region', { name: 'Progress' });
  for (const step of ['Order placed', 'Paid', 'Shipped']) await expect(progress.getByText(step, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('button', { name: TEXT.en.track }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/order/logistics/index\\?orderNo=${orderNo}$`));
}

test('a shipped demo order shows its logistics timeline and its detail page in English and Simplified Chinese', async ({ context }) => {
  const page = await openIn(context, 'en');
  await logIn(page, 'en', SHIPPED_DEMO_MOBILE, '/pages/order/index');
  await expect(page).toHaveURL(/#\/pages\/order\/index/);
  const shipped = page.getByRole('article').filter({ hasText: TEXT.en.statusShipped });
  await expect(shipped).toHaveCount(1);
  await shipped.getByRole('button', { name: TEXT.en.track }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/logistics\/index\?orderNo=N\d{20}/);
  await expect(page.getByText(TEXT.en.trackingNo)).toBeVisible();
  await expect(page.getByText(/^SE\d+$/)).toBeVisible();
  const timeline = page.getByRole('region', { name: TEXT.en.timeline });
  await expect(timeline.getByText(TEXT.en.pickedUp, { exact: true })).toBeVisible();
  const logistics = page.url();

  // The order card opens the order's detail page; its action leads to the same timeline.
  await checkShippedOrderDetail(page);

  // Same page in Simplified Chinese (the login is kept).
  await page.evaluate(() => localStorage.setItem('simshop-language', 'zh-Hans'));
  await page.goto(logistics);
  await page.reload();
  await expect(page.getByText(TEXT['zh-Hans'].trackingNo)).toBeVisible();
  await expect(
    page.getByRole('region', { name: TEXT['zh-Hans'].timeline }).getByText(TEXT['zh-Hans'].pickedUp, { exact: true }),
  ).toBeVisible();
});

test('order detail without an order number says so and leads to the orders', async ({ page }) => {
  await page.goto('/shop/#/pages/order/detail/index');
  await expect(page.getByText('Order not found')).toBeVisible();
  await page.getByRole('button', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/order\/index/);
});
