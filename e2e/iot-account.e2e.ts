import { deflateSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/**
 * The card holder's account in the browser: real-name verification by the platform's check (photos
 * uploaded, under review, then verified by the simulated review), the carrier's own page, and
 * binding a phone, after which SMS-code login goes to that phone. Compared with the API.
 */

/** Demo card that is not real-named yet (carrier and platform check) and has no bound phone. */
const ACCOUNT_SIM = '1440000000007';

interface SimInfo {
  simNo: string;
  mobile: string;
  authStatus: number;
  authPlatformStatus: number;
  needPlatformAuth: boolean;
}

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
/** A small green PNG, as a phone camera's picture would be uploaded. */
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

/** A valid ID number (check character computed as §5 requires). */
function idNumber(): string {
  const first17 = '11010519900307123';
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

async function session(page: Page): Promise<{ simNo: string; token: string }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('simshop-session') ?? '{}').state);
}

async function simInfo(request: APIRequestContext, s: { simNo: string; token: string }): Promise<SimInfo> {
  const res = await request.get('/api/iot/simInfo', { headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token } });
  const body = (await res.json()) as { code: number; data: SimInfo };
  expect(body.code).toBe(0);
  return body.data;
}

async function logIn(page: Page, sn: string) {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await page.goto('/shop/#/pages/iot/login/index');
  await page.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(sn);
  await page.getByText('I have read and agree to the').click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('sim-dashboard')).toBeVisible();
  const popup = page.getByRole('dialog').filter({ hasText: "Don't show again" });
  await expect(popup).toBeVisible();
  await popup.getByText("Don't show again").click();
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(popup).toBeHidden();
}

test('real-name by the platform check: photos uploaded, under review, then verified; and the carrier’s own page', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, ACCOUNT_SIM);
  const s = await session(page);
  expect(await simInfo(page.request, s)).toMatchObject({ authStatus: 0, authPlatformStatus: 0, needPlatformAuth: true });

  // The dashboard's menu leads to the real-name page (under "More" once the dashboard shows its first nine).
  await page.getByRole('button', { name: 'More', exact: true }).first().click();
  await page.getByRole('button', { name: 'Real-name authentication' }).first().click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/index$/);
  await expect(page.getByTestId('realname-summary')).toContainText('Verification needed');
  const platform = page.getByTestId('realname-platform');
  await expect(platform.getByTestId('auth-badge')).toHaveText('Not verified');
  await platform.getByRole('button', { name: 'Verify identity' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/platform\/index$/);

  // The privacy policy and an explicit consent come before any photo.
  const consent = page.getByTestId('realname-consent');
  await expect(consent).toContainText('Before you upload your photos');
  await expect(consent.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  const agree = consent.getByRole('button', { name: 'Agree and continue' });
  await expect(agree).toBeDisabled();
  await consent.getByText('I have read the privacy policy').click();
  await agree.click();
  await expect(consent).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Name' }).fill('张伟');
  await page.getByRole('textbox', { name: 'ID number' }).fill(idNumber());
  const submit = page.getByRole('button', { name: 'Submit for review' });
  await expect(submit).toBeDisabled();
  for (const purpose of ['idFront', 'idBack', 'face']) {
    await page
      .getByTestId(`photo-${purpose}`)
      .locator('input[type=file]')
      .setInputFiles({ name: `${purpose}.png`, mimeType: 'image/png', buffer: photo() });
    await expect(page.getByTestId(`photo-${purpose}`).getByRole('img', { name: 'Uploaded' })).toBeVisible();
  }
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/index$/);
  await expect(platform.getByTestId('auth-badge')).toHaveText('Verification in review');
  await expect(platform).toContainText('张*');
  expect((await simInfo(page.request, s)).authPlatformStatus).toBe(2);
  // The simulated review answers after REALNAME_REVIEW_SECONDS; the page asks again by itself.
  await expect(platform.getByTestId('auth-badge')).toHaveText('Real-name verified', { timeout: 40_000 });
  expect((await simInfo(page.request, s)).authPlatformStatus).toBe(1);

  // The carrier's page: its ICCID, a form, and the way back; the card is then under the carrier's review.
  const official = page.getByTestId('realname-official');
  await official.getByRole('button', { name: 'Register with the operator' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/official\/index$/);
  await expect(page.getByTestId('official-iccid')).toHaveText('89860400000000000007');
  await page.getByRole('button', { name: 'Open the operator page' }).click();
  await expect(page).toHaveURL(/\/carrier\/realname\?iccid=89860400000000000007&op=4/);
  await expect(page.getByText('China Mobile · Real-name registration')).toBeVisible();
  await page.getByLabel('Full name').fill('张伟');
  await page.getByLabel('ID card number').fill(idNumber());
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText('Submitted. The operator is reviewing it; the app shows the result.');
  await page.getByRole('link', { name: 'Back to the app' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/index$/);
  await expect(page.getByTestId('realname-official').getByTestId('auth-badge')).toHaveText('Verification in review');
  expect((await simInfo(page.request, s)).authStatus).toBe(2);
});

test('bind a phone by SMS code, then log in with a code sent to that phone', async ({ page: first }) => {
  let page = first;
  await logIn(page, ACCOUNT_SIM);
  const s = await session(page);
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await page.goto('/shop/#/pages/iot/index/bindPhone/index');
  await expect(page.getByTestId('bound-mobile')).toHaveText('No phone bound yet');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await page.getByRole('button', { name: 'Get code' }).click();
  const demo = page.getByTestId('new-dev-code');
  await expect(demo).toContainText(/Demo code: \d{6}/);
  await demo.getByRole('button', { name: 'Fill in' }).click();
  await page.getByRole('button', { name: 'Bind', exact: true }).click();
  await expect(page.getByText(`Bound to ${mobile.slice(0, 3)}****${mobile.slice(-4)}`)).toBeVisible();
  expect((await simInfo(page.request, s)).mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);

  // Logged out, the SMS-code login sends its code to the new phone. The page holding the session is
  // closed first, so that nothing writes the session back; a new page of the same browser opens.
  const context = page.context();
  await page.evaluate(() => localStorage.removeItem('simshop-session'));
  await page.close();
  page = await context.newPage();
  await page.goto('/shop/#/pages/iot/login/code/index');
  await page.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(ACCOUNT_SIM);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText(`A code was sent to ${mobile.slice(0, 3)}****${mobile.slice(-4)}.`, { exact: false })).toBeVisible();
  await page.getByTestId('dev-code').getByRole('button', { name: 'Fill in' }).click();
  await page.getByText('I have read and agree to the').click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('recharge-no')).toHaveText(ACCOUNT_SIM);
});
