import { expect, test } from '@playwright/test';
import { api, logInProven, session } from './support/sim.ts';

/**
 * One machine one code and Wi-Fi cards in the browser: a stranger scans MF0000000001's code, tops it
 * up ¥10 at the sandbox cashier without logging in, and the holder then sees the balance on the
 * dashboard; a visitor makes a Wi-Fi card, opens its link, and withdraws it.
 */

const DEMO_CODE = 'DemoMF01TopUpCode7qXw2';
const DEVICE = 'MF0000000001';
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

interface DeviceInfo {
  balance: number;
  device: { wifis: { wifiType: string; wifiName: string; wifiPass: string }[] };
}

async function deviceInfo(request: import('@playwright/test').APIRequestContext): Promise<DeviceInfo> {
  const login = (await (await request.post('/api/simLogin', { data: { sn: DEVICE, agreeProtocol: true } })).json()) as {
    data: { token: string; simNo: string };
  };
  const info = (await (
    await request.get('/api/iot/simInfo', { headers: { 'x-sim-no': login.data.simNo, 'x-sim-token': login.data.token } })
  ).json()) as { data: DeviceInfo };
  return info.data;
}

const deviceBalance = async (request: import('@playwright/test').APIRequestContext) => (await deviceInfo(request)).balance;

test('a machine code opened logged out tops up ¥10 at the cashier; the holder sees the balance after logging in', async ({ page }) => {
  test.setTimeout(120_000);
  const before = await deviceBalance(page.request);
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await page.goto(`/shop/#/pages-sub/iot/machineCode/index?code=${DEMO_CODE}`);
  await expect(page.getByTestId('mc-page')).toBeVisible();
  // Only what a recharge page needs: the masked number and operator, no balance or package.
  await expect(page.getByTestId('mc-number')).toHaveText('144****0002');
  await expect(page.getByText('Device MF****0001')).toBeVisible();
  await expect(page.getByTestId('mc-rich')).toContainText('Topping up by scanning needs no login');
  await expect(page.getByTestId('mc-phone')).toContainText('400-800-1234');
  await expect(page.getByText(yuan(before))).toHaveCount(0);

  await page.getByTestId('mc-offer-1000').click();
  await expect(page.getByTestId('mc-pay')).toHaveText('Pay ¥10.00');
  await page.getByTestId('mc-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}$/);
  await page.getByRole('button', { name: '确认支付 Pay ¥10.00' }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages-sub/iot/machineCode/index\\?code=${DEMO_CODE}&orderNo=I\\d{26}&result=paid$`));
  const result = page.getByTestId('mc-result');
  await expect(result).toContainText('Top-up complete');
  await expect(result).toContainText('Credited to the card: ¥10.00');

  await result.getByRole('button', { name: 'Log in to see the balance' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/login\/index$/);
  await page.getByRole('textbox', { name: 'SIM number, ICCID or device number' }).fill(DEVICE);
  await page.getByText('I have read and agree to the').click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByTestId('sim-dashboard')).toBeVisible();
  await expect(page.getByTestId('item-balance')).toContainText(yuan(before + 1000).slice(1));
  expect(await deviceBalance(page.request)).toBe(before + 1000);
});

test('a visitor makes a Wi-Fi card, its link shows the network and the join QR, and withdrawing it ends the link', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('simshop-language', 'en'));
  await page.goto('/shop/#/pages-sub/wifi/index');
  await page.getByRole('textbox', { name: 'Name' }).fill('Café;Guest');
  await page.getByRole('textbox', { name: 'Password' }).fill('tea:time,42');
  await page.getByRole('textbox', { name: 'Caption (optional)' }).fill('Corner table');
  await page.getByRole('button', { name: '30 days' }).click();
  await page.getByTestId('wifi-create').click();
  await expect(page).toHaveURL(/#\/pages-sub\/wifi\/share\?token=[\w-]{22}$/);
  const link = (await page.getByTestId('wifi-link').textContent()) ?? '';
  expect(link).toMatch(/\/shop\/#\/pages-sub\/wifi\/connect\?token=[\w-]{22}$/);
  await expect(page.getByTestId('wifi-link-qr')).toBeVisible();

  // A guest opens the link in another browser: the network, its password and the join QR.
  const guest = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByTestId('wifi-ssid')).toHaveText('Café;Guest');
  await expect(guestPage.getByTestId('wifi-password')).toHaveText('tea:time,42');
  await expect(guestPage.getByRole('heading', { name: 'Corner table' })).toBeVisible();
  const qr = guestPage.getByTestId('wifi-qr');
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const box = await qr.boundingBox();
  expect(box?.width).toBeGreaterThan(150);

  // The maker withdraws it: the guest's link no longer shows the password.
  await page.getByTestId('wifi-withdraw').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Card withdrawn')).toBeVisible();
  await guestPage.reload();
  await expect(guestPage.getByTestId('wifi-unavailable')).toContainText('this Wi-Fi card has ended or was withdrawn');
  await expect(guestPage.getByText('tea:time,42')).toHaveCount(0);
  await guest.close();
});

test('the holder of MF0000000001 reaches the Wi-Fi page from the dashboard and sees both bands with their QR', async ({ page }) => {
  await logInProven(page, DEVICE);
  await page.getByTestId('device-wifi-link').click();
  await expect(page).toHaveURL(/#\/pages-sub\/wifi\/index$/);
  await expect(page.getByTestId('wifi-band-2.4G').getByTestId('wifi-qr')).toBeVisible();
  await expect(page.getByTestId('wifi-band-5G').getByTestId('wifi-qr')).toBeVisible();
  // The holder's own (proven) session reads the password; a login by number alone would not.
  const band24 = (await api<DeviceInfo>(page.request, '/api/iot/simInfo', await session(page))).device.wifis.find(
    (w) => w.wifiType === '2.4G',
  )!;
  await expect(page.getByTestId('wifi-band-2.4G').getByTestId('wifi-ssid')).toHaveText(band24.wifiName);

  // Sharing a band makes a link that shows that band to whoever opens it.
  await page.getByTestId('wifi-share-2.4G').click();
  await expect(page).toHaveURL(/#\/pages-sub\/wifi\/share\?token=[\w-]{22}$/);
  const link = (await page.getByTestId('wifi-link').textContent()) ?? '';
  const guest = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 375, height: 812 }, locale: 'en-US' });
  const guestPage = await guest.newPage();
  await guestPage.goto(link);
  await expect(guestPage.getByTestId('wifi-ssid')).toHaveText(band24.wifiName);
  await expect(guestPage.getByTestId('wifi-password')).toHaveText(band24.wifiPass);
  await guest.close();

  // The top-up page leads the holder to the device's code.
  await page.goto('/shop/#/pages/iot/index/balance/index');
  await page.getByTestId('topup-code-link').click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/machineCode\/index$/);
  await expect(page.getByTestId('mc-link')).toContainText(`machineCode/index?code=${DEMO_CODE}`);
});
