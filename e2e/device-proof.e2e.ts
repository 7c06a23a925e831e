import { expect, test } from '@playwright/test';
import { logIn, session } from './support/sim.ts';

/**
 * A login with the number on the device's label (MF0000000001) shows status and usage, not the
 * Wi-Fi password nor the device's settings; the holder verifies it's their device with the code
 * sent to the card's bound phone, and the password and the settings open (decision 0105).
 */

const DEVICE = 'MF0000000001';
const shots = process.env.E2E_SHOTS_DIR;

test('a label login hides the Wi-Fi password and settings until the holder verifies with the code sent to the bound phone', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await logIn(page, DEVICE);
  const s = await session(page);

  // The dashboard's device card: the password stays dots, with the way to verify in its place.
  const band = page.getByTestId('wifi-2.4G');
  await expect(band).toContainText('SimShop-2.4G');
  await expect(band).toContainText('Password: ••••••••');
  await expect(band.getByRole('button', { name: 'Show password' })).toHaveCount(0);
  // Nor does the API hand it out.
  const info = await page.request.get('/api/iot/simInfo', { headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token } });
  const wifis = ((await info.json()) as { data: { device: { wifis: { wifiPass: string }[] } } }).data.device.wifis;
  expect(wifis.map((w) => w.wifiPass)).toEqual(['', '']);

  await band.getByRole('button', { name: "Verify it's your device to see the password" }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/deviceManage\/index$/);
  // Status is there; the bands' controls and the power buttons are not.
  await expect(page.getByTestId('device-online')).toHaveText('Online');
  await expect(page.getByTestId('band-2.4G')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Restart' })).toHaveCount(0);
  const prove = page.getByTestId('prove-device');
  await expect(prove.getByRole('heading', { name: "Verify it's your device" })).toBeVisible();
  await expect(prove).toContainText("Verify it's your device to change its Wi-Fi and power settings.");
  if (shots) await page.screenshot({ path: `${shots}/prove-en.png`, fullPage: true });

  await prove.getByRole('button', { name: "Verify it's your device" }).click();
  await expect(prove).toContainText("We'll text a code to the phone bound to this card (138****8002).");
  // A test before may just have had a code sent to this card: the app then says when to ask again.
  for (let tries = 0; ; tries++) {
    await prove.getByRole('button', { name: 'Get code' }).click();
    const toast = page.locator('.adm-toast-main');
    await expect(toast).toBeVisible();
    const said = (await toast.textContent()) ?? '';
    if (said.includes('Code sent to 138****8002')) break;
    const retryIn = Number(/retry in (\d+) s/.exec(said)?.[1] ?? 0);
    expect(retryIn > 0 && tries < 2, said).toBe(true);
    await page.waitForTimeout(retryIn * 1000 + 500);
  }
  await prove.getByTestId('dev-code').getByRole('button', { name: 'Fill in' }).click();
  await expect(prove.getByRole('textbox', { name: 'Verification code' })).toHaveValue(/^\d{6}$/);
  if (shots) await page.screenshot({ path: `${shots}/prove-form-en.png`, fullPage: true });
  await prove.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText("Verified: the device's settings are open")).toBeVisible();

  // The settings are open now, and the password shows on the dashboard.
  await expect(prove).toHaveCount(0);
  await expect(page.getByTestId('band-2.4G').getByTestId('ssid-2.4G')).toHaveText('SimShop-2.4G');
  await expect(page.getByRole('button', { name: 'Restart' })).toBeVisible();
  await page.goto('/shop/#/pages/iot/index/index');
  const again = page.getByTestId('wifi-2.4G');
  await again.getByRole('button', { name: 'Show password' }).click();
  await expect(again).toContainText('Password: simshop24');
});

test('the prompt reads in Simplified and Traditional Chinese', async ({ page }) => {
  await logIn(page, DEVICE);
  for (const [language, title, lead] of [
    ['zh-Hans', '验证这是您的设备', '验证这是您的设备后，才能查看连接的设备和收到的短信。'],
    ['zh-Hant', '驗證這是您的裝置', '驗證這是您的裝置後，才能查看連線的裝置和收到的簡訊。'],
  ] as const) {
    // Runs after logIn's own script on every load: the language of this round.
    await page.addInitScript((l) => localStorage.setItem('simshop-language', l), language);
    await page.goto('/shop/#/pages-sub/iot/deviceManage/security/index');
    await page.reload();
    const prove = page.getByTestId('prove-device');
    await expect(prove.getByRole('heading', { name: title })).toBeVisible();
    await expect(prove).toContainText(lead);
    await expect(prove.getByRole('button', { name: title })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/prove-${language}.png`, fullPage: true });
  }
});
