import { deflateSync } from 'node:zlib';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { pickShenzhenNanshan } from './support/address.ts';

/**
 * Applying for a new number in the browser: from the goods page to the operator's plans, the
 * application with an SMS code, the ID photos, and the application under Orders.
 */

const TEXT = {
  en: {
    promo: 'Get a new number',
    applyNow: 'Apply now',
    name: 'Name on the ID card',
    id: '18-digit ID number',
    mobile: 'For delivery updates',
    getCode: 'Get code',
    code: '6-digit code',
    region: 'Province / city / district',
    address: 'Street, building, room',
    agree: 'I have read and accept the',
    submit: 'Submit',
    photosTitle: 'Upload ID photos',
    save: 'Save photos',
    onFile: 'Photos on file',
    submitted: 'Submitted',
    orderTitle: 'New number application',
    uploaded: 'Uploaded',
  },
  'zh-Hans': {
    promo: '办理新号码',
    applyNow: '立即申请',
    name: '与身份证一致的姓名',
    id: '18 位居民身份证号码',
    mobile: '用于配送联系',
    getCode: '获取验证码',
    code: '6 位验证码',
    region: '省 / 市 / 区县',
    address: '街道、楼栋、门牌号',
    agree: '我已阅读并同意',
    submit: '提交申请',
    photosTitle: '上传证件照片',
    save: '保存照片',
    onFile: '已上传的照片',
    submitted: '已提交',
    orderTitle: '新号码申请',
    uploaded: '已上传',
  },
} as const;
type Lang = keyof typeof TEXT;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};
/** A small PNG, as a phone camera's picture would be uploaded. */
function photo(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(3, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(12, 0x8d)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat([row, row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openIn(context: BrowserContext, lang: Lang): Promise<Page> {
  await context.addInitScript((language) => {
    if (!localStorage.getItem('simshop-language')) localStorage.setItem('simshop-language', language);
  }, lang);
  return context.newPage();
}

for (const lang of Object.keys(TEXT) as Lang[]) {
  const L = TEXT[lang];

  test(`${lang}: apply for a new number with an SMS code, add ID photos, and find it under Orders`, async ({ context }) => {
    test.setTimeout(120_000);
    const page = await openIn(context, lang);
    await page.goto('/shop/#/pages/goods/index');
    await page.getByRole('button', { name: new RegExp(`^${L.promo}`) }).click();
    await expect(page).toHaveURL(/#\/pages\/goods\/fastNumber\/index/);

    // The second operator's first plan.
    await page.getByRole('tab').nth(1).click();
    const plan = page.locator('.pkg-card').first();
    const planName = (await plan.locator('.pkg-name').textContent()) ?? '';
    expect(planName).not.toBe('');
    await expect(page.getByRole('button', { name: L.applyNow })).toBeDisabled();
    await plan.click();
    await expect(plan).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: L.applyNow }).click();
    await expect(page).toHaveURL(/#\/pages\/goods\/fastNumber\/formSubmit\?operator=\w+&packageId=\d+/);
    await expect(page.getByText(planName, { exact: true })).toBeVisible();

    const mobile = `135${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    await page.getByPlaceholder(L.name).fill('王小明');
    await page.getByPlaceholder(L.id).fill('11010519491231002X');
    await page.getByPlaceholder(L.mobile).fill(mobile);
    await page.getByRole('button', { name: L.getCode }).click();
    const devCode = (await page.getByTestId('dev-code').textContent()) ?? '';
    expect(devCode).toMatch(/^\d{6}$/);
    await page.getByPlaceholder(L.code).fill(devCode);
    await page.getByText(L.region).click();
    await pickShenzhenNanshan(page, lang);
    await page.getByPlaceholder(L.address).fill('科技园南区 1 号楼 101 室');
    await page.getByText(L.agree).first().click();
    await page.getByRole('button', { name: L.submit, exact: true }).click();

    // Filed: the ID photos come next.
    await expect(page).toHaveURL(/#\/pages\/resetCert\/index\?orderNo=F\d{20}&from=apply/);
    const orderNo = /orderNo=(F\d{20})/.exec(page.url())?.[1] ?? '';
    await expect(page.getByRole('heading', { name: L.photosTitle })).toBeVisible();
    const save = page.getByRole('button', { name: L.save });
    await expect(save).toBeDisabled();
    for (const purpose of ['idFront', 'idBack']) {
      await page
        .getByTestId(`photo-${purpose}`)
        .locator('input[type=file]')
        .setInputFiles({ name: `${purpose}.png`, mimeType: 'image/png', buffer: photo() });
      await expect(page.getByTestId(`photo-${purpose}`).locator('.photo-upload-ok')).toBeVisible();
    }
    await save.click();
    await expect(page).toHaveURL(new RegExp(`#/pages/order/detail/index\\?orderNo=${orderNo}`));
    await expect(page.getByText(L.orderTitle)).toBeVisible();
    await expect(page.getByText(L.uploaded, { exact: true })).toBeVisible();
    await page.screenshot({ path: `e2e/.screenshots/fast-number/${lang}-detail.png`, fullPage: true });

    // Under Orders, submitted.
    await page.goto('/shop/#/pages/order/index');
    const card = page.locator(`article[data-order-no="${orderNo}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByText(L.orderTitle)).toBeVisible();
    await expect(card.getByText(L.submitted, { exact: true })).toBeVisible();
    await expect(card).toContainText(planName);
    await page.screenshot({ path: `e2e/.screenshots/fast-number/${lang}-orders.png` });
  });
}
