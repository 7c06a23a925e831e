import { type APIRequestContext, type CDPSession, expect, type Page, test } from '@playwright/test';

/** What the API says about the session's card (compared with what the page shows; no hard-coded answers). */
interface SimInfo {
  simNo: string;
  promoCode: string;
  balance: number;
  integral: number;
  couponCoin: number;
  useFlow: number;
  totalFlow: number;
  surplusFlow: number;
  isInfiniteFlow: boolean;
  isLifetime: boolean;
  endAt: number | null;
  authStatus: number;
  operatorDisplayType: number;
  rechargeNo: string;
  rechargeNoLabel: string;
  breakRuleId: number;
  breakPopupAttr: { title: string; confirmText: string } | null;
  warrantyExpireDate: string;
  device: { wifis: { wifiType: string; wifiName: string; connCount: number; maxConnCount: number }[] } | null;
}

const SIM = '1440000000001';
const DEVICE = 'MF0000000001';
const BREAK_SIM = '1440000000004';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
/** MB shown with its unit: under 1 GB in MB, else GB with up to two decimals. */
const flow = (mb: number) => (mb < 1024 ? `${mb} MB` : `${(Math.round((mb / 1024) * 100) / 100).toFixed(2).replace(/\.?0+$/, '')} GB`);
/** The date as the app shows it: China time, the language's Intl medium date ("Jan 19, 2027", "2027年1月19日"). */
const shownDate = (ms: number, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'zh-TW', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(ms);

const TEXT = {
  en: {
    snLabel: 'SIM number, ICCID or device number',
    agree: 'I have read and agree to the',
    login: 'Log in',
    agreeFirst: 'Please read and accept the agreement first',
    dontShow: "Don't show again",
    gotIt: 'Got it',
    rechargeLabel: 'Recharge number',
    deviceLabel: 'Device number',
    realNamed: 'Real-name verified',
    operator: { 1: 'China Telecom', 2: 'China Unicom', 3: 'China Broadnet', 4: 'China Mobile', 99: 'Smart multi-network' } as Record<
      number,
      string
    >,
    canRelease: 'Release to refresh',
    pulling: 'Pull down to refresh',
    packageInfo: 'Package details',
    history: 'Usage history',
    guide: 'Service agreement',
    myAccount: 'Me',
    logout: 'Log out',
    recent: 'Recent logins',
    services: 'Shortcuts',
    timeout: 'Login timed out, please log in again',
  },
  'zh-Hant': {
    snLabel: '卡號、ICCID 或設備號',
    agree: '我已閱讀並同意',
    login: '登入',
    agreeFirst: '請先閱讀並同意服務協議',
    dontShow: '不再提示',
    gotIt: '我知道了',
    rechargeLabel: '儲值號碼',
    deviceLabel: '設備號',
    realNamed: '已實名',
    operator: { 1: '中國電信', 2: '中國聯通', 3: '中國廣電', 4: '中國移動', 99: '智慧多網' } as Record<number, string>,
    canRelease: '放開立即重新整理',
    pulling: '下拉重新整理',
    packageInfo: '套餐詳情',
    history: '用量記錄',
    guide: '服務協議',
    myAccount: '我的',
    logout: '登出',
    recent: '最近登入',
    services: '常用功能',
    timeout: 'Login timed out, please log in again',
  },
};
type Lang = keyof typeof TEXT;

async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript((l) => localStorage.setItem('simshop-language', l), lang);
}

async function session(page: Page): Promise<{ simNo: string; token: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state);
}

async function api<T>(request: APIRequestContext, url: string, s: { simNo: string; token: string }): Promise<{ code: number; data: T }> {
  const res = await request.get(url, { headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token } });
  return res.json();
}

async function simInfo(page: Page): Promise<SimInfo> {
  const reply = await api<SimInfo>(page.request, '/api/iot/simInfo', await session(page));
  expect(reply.code).toBe(0);
  return reply.data;
}

/** Logs in on the SIM login page; the layout popup of the demo promoter is closed for good. */
async function logIn(page: Page, lang: Lang, sn: string) {
  const T = TEXT[lang];
  await page.goto('/shop/#/pages/iot/login/index');
  await page.getByRole('textbox', { name: T.snLabel }).fill(sn);
  await page.getByRole('button', { name: T.login, exact: true }).click();
  await expect(page.getByText(T.agreeFirst)).toBeVisible();
  await page.getByText(T.agree).click();
  await page.getByRole('button', { name: T.login, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('sim-dashboard')).toBeVisible();
}

async function closeLayoutPopup(page: Page, lang: Lang) {
  const T = TEXT[lang];
  const popup = page.getByRole('dialog').filter({ hasText: T.dontShow });
  await expect(popup).toBeVisible();
  await popup.getByText(T.dontShow).click();
  await popup.getByRole('button', { name: T.gotIt }).click();
  await expect(popup).toBeHidden();
}

/** A real touch drag from (x, y1) to (x, y2) through Chromium's input pipeline. */
async function touchDrag(cdp: CDPSession, x: number, y1: number, y2: number, release = true) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y1 }] });
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y1 + ((y2 - y1) * i) / steps }] });
  }
  if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function expectFigures(page: Page, lang: Lang, info: SimInfo) {
  const T = TEXT[lang];
  await expect(page.getByTestId('recharge-label')).toHaveText(info.rechargeNoLabel === 'deviceNumber' ? T.deviceLabel : T.rechargeLabel);
  await expect(page.getByTestId('recharge-no')).toHaveText(info.rechargeNo);
  await expect(page.getByTestId('item-balance')).toHaveText(yuan(info.balance));
  await expect(page.getByTestId('item-integral')).toHaveText(String(info.integral));
  await expect(page.getByTestId('item-couponCoin')).toHaveText(String(info.couponCoin));
  await expect(page.getByTestId('flow-used')).toHaveText(flow(info.useFlow));
  await expect(page.getByTestId('flow-left')).toHaveText(flow(info.surplusFlow).replace(' ', ''));
  await expect(page.getByTestId('flow-total')).toHaveText(flow(info.totalFlow));
  await expect(page.getByTestId('info-endAt')).toHaveText(info.endAt ? shownDate(info.endAt, lang) : '—');
  await expect(page.getByTestId('status-operator')).toContainText(T.operator[info.operatorDisplayType] ?? '');
  if (info.authStatus === 1) await expect(page.getByTestId('status-authStatus')).toContainText(T.realNamed);
}

for (const lang of ['en', 'zh-Hant'] as const) {
  test(`${lang}: SIM login, dashboard figures, pull to refresh, menus, history and logout`, async ({ page }) => {
    const T = TEXT[lang];
    await useLanguage(page, lang);

    // Not logged in: the dashboard sends to the SIM login page.
    await page.goto('/shop/#/pages/iot/index/index');
    await expect(page).toHaveURL(/#\/pages\/iot\/login\/index$/);

    await logIn(page, lang, SIM);
    await closeLayoutPopup(page, lang);
    const info = await simInfo(page);
    expect(info.simNo).toBe(SIM);
    await expectFigures(page, lang, info);

    // Pull to refresh: a real touch drag; a short pull only says "pull", a long one refreshes.
    const cdp = await page.context().newCDPSession(page);
    await touchDrag(cdp, 187, 200, 240, false);
    await expect(page.getByTestId('pull-status')).toHaveText(T.pulling);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const refresh = page.waitForRequest((r) => r.url().endsWith('/api/iot/simRefresh') && r.method() === 'POST');
    await touchDrag(cdp, 187, 200, 600, false);
    await expect(page.getByTestId('pull-status')).toHaveText(T.canRelease);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await refresh;
    await expectFigures(page, lang, await simInfo(page));

    const menus = page.getByRole('region', { name: T.services });

    // A page menu opens its page; back returns to the dashboard.
    await menus.getByRole('button', { name: T.packageInfo }).click();
    await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/packageInfo\/index$/);
    await expect(page.getByTestId('package-used')).toHaveText(flow(info.useFlow));
    await page.goBack();
    await expect(page.getByTestId('sim-dashboard')).toBeVisible();

    // The history chart draws one bar per day the API returns.
    await menus.getByRole('button', { name: T.history }).click();
    await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/historyLine\/index$/);
    const history = await api<{ total: number; list: { date: string; flow: number }[] }>(
      page.request,
      '/api/iot/simHistoryLine?days=30',
      await session(page),
    );
    await expect(page.getByTestId('history-chart')).toBeVisible();
    await expect(page.getByTestId('chart-bar')).toHaveCount(history.data.list.length);
    await expect(page.getByTestId('history-total')).toHaveText(flow(history.data.total));
    await page.goBack();

    // A url menu opens the link with [promoCode] and [sn] replaced (in the demo, a page of this site).
    await menus.getByRole('button', { name: T.guide }).click();
    await expect(page).toHaveURL(`/shop/#/pages/iot/login/protocol?promoCode=${info.promoCode}&sn=${SIM}`);
    await page.goBack();
    await expect(page.getByTestId('sim-dashboard')).toBeVisible();

    // A type=page menu switches to the user page tab-style; log out from there.
    const before = await session(page);
    await menus.getByRole('button', { name: T.myAccount, exact: true }).click();
    await expect(page).toHaveURL(/#\/pages-sub\/iot\/user\/index\?type=page$/);
    await page.getByRole('button', { name: T.logout }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.logout }).click();
    await expect(page).toHaveURL(/#\/pages\/iot\/login\/index$/);
    expect((await api(page.request, '/api/iot/simInfo', before)).code).toBe(34061);
    await expect(page.getByText(T.recent)).toBeVisible();
    await expect(page.getByRole('button', { name: SIM })).toBeVisible();
    await expect(page.getByRole('textbox', { name: T.snLabel })).toHaveValue(SIM);
  });
}

test('a device shows its device number label, several networks and its Wi-Fi warranty', async ({ page }) => {
  await useLanguage(page, 'en');
  await logIn(page, 'en', DEVICE);
  await closeLayoutPopup(page, 'en');
  const info = await simInfo(page);
  expect(info.rechargeNo).toBe(DEVICE);
  await expect(page.getByTestId('recharge-label')).toHaveText('Device number');
  await expect(page.getByTestId('recharge-no')).toHaveText(DEVICE);
  await expect(page.getByTestId('status-operator')).toContainText(TEXT.en.operator[info.operatorDisplayType] ?? '');
  await expect(page.getByTestId('flow-total')).toHaveText(info.isInfiniteFlow ? 'Unlimited' : flow(info.totalFlow));
  const warranty = page.getByRole('region', { name: 'Device warranty' });
  await expect(warranty).toBeVisible();
  for (const wifi of info.device?.wifis ?? []) {
    const row = warranty.getByTestId(`wifi-${wifi.wifiType}`);
    await expect(row).toContainText(wifi.wifiName);
    await expect(row).toContainText(`${wifi.connCount}/${wifi.maxConnCount}`);
  }
  expect(info.device?.wifis.map((w) => w.wifiType)).toEqual(['2.4G', '5G']);
  await expect(warranty.getByTestId('warranty-date')).toHaveText(`Warranty valid until ${info.warrantyExpireDate}`);
});

test('a card in break state shows the break popup and the holder removes the break', async ({ page }) => {
  await useLanguage(page, 'en');
  await logIn(page, 'en', BREAK_SIM);
  const info = await simInfo(page);
  expect(info.breakRuleId).toBeGreaterThan(0);
  const popup = page.getByRole('dialog', { name: info.breakPopupAttr?.title ?? 'Card restricted' });
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('tip-break')).toBeVisible();
  await popup.getByRole('button', { name: info.breakPopupAttr?.confirmText || 'Lift restriction' }).click();
  await expect(page.getByText('Restriction lifted')).toBeVisible();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('tip-break')).toBeHidden();
  expect((await simInfo(page)).breakRuleId).toBe(0);
});

test('an invalid SIM token lands on the SIM login page', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(
      'simshop-session',
      JSON.stringify({ state: { simNo: '1440000000001', token: 'expired-token-000000000000000000000', loginSns: [] }, version: 1 }),
    );
  });
  await page.goto('/shop/#/pages/iot/index/index');
  await expect(page.getByText(TEXT.en.timeout)).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/iot\/login\/index$/);
  expect((await session(page)).token).toBe('');
});

test('logs in with an SMS code sent to the bound phone (demo code shown)', async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/shop/#/pages/iot/login/index');
  await page.getByRole('button', { name: 'Log in with an SMS code' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/login\/code\/index/);
  await page.getByRole('textbox', { name: TEXT.en.snLabel }).fill(SIM);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
  const demo = page.getByTestId('dev-code');
  await expect(demo).toContainText(/Demo code: \d{6}/);
  await demo.getByRole('button', { name: 'Fill in' }).click();
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveValue(/^\d{6}$/);
  await page.getByText(TEXT.en.agree).click();
  await page.getByRole('button', { name: TEXT.en.login, exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('recharge-no')).toHaveText(SIM);
});
