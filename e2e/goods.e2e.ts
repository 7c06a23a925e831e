import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { pickShenzhenNanshan } from './support/address.ts';

/** What a person reads while buying a general good, per language. */
const TEXT = {
  en: {
    goodsGroup: 'Goods',
    allGoods: 'All goods',
    category: 'Portable Wi-Fi',
    good: '4G portable Wi-Fi',
    popupGood: '5G big-data SIM',
    popupTitle: 'Before you order',
    popupOk: 'Got it',
    soldOutGood: '20 W fast charger',
    soldOut: 'Sold out',
    spec: 'White',
    receiver: "Receiver's full name",
    mobile: 'For delivery updates',
    region: 'Province / city / district',
    address: 'Street, building, room',
    agree: 'I have read and accept the',
    buy: 'Buy now',
    total: '2 × ¥129, free delivery',
    payNow: /^Pay ¥258/,
    paid: 'Payment successful',
    viewOrders: 'View my orders',
    orderFor: 'Order for 4G portable Wi-Fi',
    statusPaid: 'Paid',
    line: 'White × 2',
  },
  'zh-Hans': {
    goodsGroup: '商品',
    allGoods: '全部商品',
    category: '随身WiFi',
    good: '4G 随身 WiFi 便携款',
    popupGood: '5G 大流量卡',
    popupTitle: '办理须知',
    popupOk: '我知道了',
    soldOutGood: '20W 快充充电头',
    soldOut: '已售罄',
    spec: '白色',
    receiver: '收货人姓名',
    mobile: '用于配送联系',
    region: '省 / 市 / 区县',
    address: '街道、楼栋、门牌号',
    agree: '我已阅读并同意',
    buy: '立即购买',
    total: '2 件 × ¥129，包邮',
    payNow: /^确认支付 ¥258/,
    paid: '支付成功',
    viewOrders: '查看我的订单',
    orderFor: '4G 随身 WiFi 便携款 的订单',
    statusPaid: '已支付',
    line: '白色 × 2',
  },
  'zh-Hant': {
    goodsGroup: '商品',
    allGoods: '全部商品',
    category: '隨身WiFi',
    good: '4G 隨身 WiFi 便攜款',
    popupGood: '5G 大流量卡',
    popupTitle: '辦理須知',
    popupOk: '我知道了',
    soldOutGood: '20W 快充充電頭',
    soldOut: '已售罄',
    spec: '白色',
    receiver: '收貨人姓名',
    mobile: '用於配送聯絡',
    region: '省 / 市 / 區縣',
    address: '街道、樓棟、門牌號',
    agree: '我已閱讀並同意',
    buy: '立即購買',
    total: '2 件 × ¥129，包郵',
    payNow: /^確認付款 ¥258/,
    paid: '付款成功',
    viewOrders: '查看我的訂單',
    orderFor: '4G 隨身 WiFi 便攜款 的訂單',
    statusPaid: '已付款',
    line: '白色 × 2',
  },
} as const;

type Lang = keyof typeof TEXT;

async function openIn(context: BrowserContext, lang: Lang): Promise<Page> {
  await context.addInitScript((language) => {
    if (!localStorage.getItem('simshop-language')) localStorage.setItem('simshop-language', language);
  }, lang);
  return context.newPage();
}

for (const lang of Object.keys(TEXT) as Lang[]) {
  const L = TEXT[lang];

  test(`${lang}: browse goods, buy two of a spec, pay at the sandbox cashier and find the order under Orders`, async ({ context }) => {
    test.setTimeout(120_000);
    const page = await openIn(context, lang);

    // Home's goods group → all goods → a category.
    await page.goto('/shop/#/pages/index/index?indexFirstGroup=2');
    await expect(page.getByRole('tab', { name: L.goodsGroup, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.goods-tile').first()).toBeVisible();
    await page.getByRole('button', { name: L.allGoods }).click();
    await expect(page).toHaveURL(/#\/pages\/goods\/index/);
    await page.getByRole('tab', { name: L.category }).click();
    await expect(page.locator('.goods-tile')).toHaveCount(2);

    // A good's popup shows once a session.
    await page.getByRole('tab').first().click();
    await page.locator('.goods-tile', { hasText: L.popupGood }).click();
    await expect(page.getByText(L.popupTitle)).toBeVisible();
    await page.getByRole('button', { name: L.popupOk }).click();
    await page.goBack();
    await page.locator('.goods-tile', { hasText: L.popupGood }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.popupGood);
    await expect(page.getByText(L.popupTitle)).toHaveCount(0);
    await page.goBack();

    // A sold-out good cannot be bought.
    await page.locator('.goods-tile', { hasText: L.soldOutGood }).click();
    await expect(page.getByRole('button', { name: L.soldOut }).last()).toBeDisabled();
    await page.goBack();

    // Buy two.
    await page.locator('.goods-tile', { hasText: L.good }).click();
    await expect(page).toHaveURL(/#\/pages\/goods\/general\/index\?id=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(L.good);
    await page.getByRole('button', { name: L.spec, exact: true }).click();
    await page.locator('.goods-stepper button').last().click();
    await expect(page.getByText(L.total)).toBeVisible();
    await page.getByPlaceholder(L.receiver).fill('李雷');
    await page.getByPlaceholder(L.mobile).fill(`139${String(Date.now() % 100_000_000).padStart(8, '0')}`);
    await page.getByText(L.region).click();
    await pickShenzhenNanshan(page, lang);
    await page.getByPlaceholder(L.address).fill('科技园南区 1 号楼 101 室');
    await page.getByText(L.agree).first().click();
    await page.getByRole('button', { name: L.buy }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/pay\/index\?orderNo=G\d{20}/);

    // The sandbox cashier and back.
    await page.getByRole('button', { name: L.payNow }).click();
    await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}/);
    await page.getByRole('button', { name: /Pay ¥258/ }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/pay\/index\?orderNo=G\d{20}&result=paid/);
    await expect(page.getByText(L.paid)).toBeVisible({ timeout: 20_000 });

    // Orders shows it paid, with its spec and quantity.
    await page.getByRole('button', { name: L.viewOrders }).click();
    await expect(page).toHaveURL(/#\/pages\/order\/index/);
    const order = page.getByRole('article', { name: L.orderFor }).first();
    await expect(order).toBeVisible();
    await expect(order.getByText(L.statusPaid, { exact: true })).toBeVisible();
    await expect(order.getByText(L.line)).toBeVisible();
  });
}
