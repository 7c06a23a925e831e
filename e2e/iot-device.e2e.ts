import { expect, test } from '@playwright/test';
import { api, logInProven, session } from './support/sim.ts';

/**
 * Device control in the browser on the demo portable Wi-Fi MF0000000001 (the built-in device
 * simulator): the dashboard's menu leads to the device settings, a new Wi-Fi password is sent to
 * the device and the page follows the command until the device has applied it; then the device
 * is switched to its other SIM. Compared with the API.
 */

const DEVICE = 'MF0000000001';

interface Wifi {
  wifiType: string;
  wifiName: string;
  wifiPass: string;
}

test('change the 2.4G Wi-Fi password and see the device apply it', async ({ page }) => {
  test.setTimeout(90_000);
  await logInProven(page, DEVICE);
  const s = await session(page);

  // The dashboard shows nine menus, then "More": device settings is among the later ones.
  await page.getByRole('button', { name: 'More', exact: true }).first().click();
  await page.getByRole('button', { name: 'Device settings' }).first().click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/deviceManage\/index$/);
  const band = page.getByTestId('band-2.4G');
  await expect(band.getByTestId('ssid-2.4G')).toHaveText('SimShop-2.4G');
  await expect(page.getByTestId('device-online')).toHaveText('Online');

  await band.getByRole('button', { name: 'Name & password' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/deviceManage\/setSsidPwd\/index\?wifiType=2\.4G$/);
  const password = page.getByRole('textbox', { name: 'Wi-Fi password' });
  await expect(password).toHaveValue('simshop24');
  const save = page.getByRole('button', { name: 'Save to the device' });
  await password.fill('short');
  await expect(save).toBeDisabled();
  const fresh = `home-${Date.now().toString(36)}`;
  await password.fill(fresh);
  await expect(save).toBeEnabled();
  await save.click();
  const progress = page.getByRole('status').filter({ hasText: 'Wi-Fi name and password' });
  await expect(progress).toBeVisible();
  await expect(progress.getByTestId('command-state')).toHaveText('Applied', { timeout: 20_000 });
  await expect(progress).toContainText('The device has applied it.');

  const wifis = (await api<{ device: { wifis: Wifi[] } }>(page.request, '/api/iot/simInfo', s)).device.wifis;
  expect(wifis.find((w) => w.wifiType === '2.4G')).toMatchObject({ wifiName: 'SimShop-2.4G', wifiPass: fresh });
  expect(wifis.find((w) => w.wifiType === '5G')).toMatchObject({ wifiPass: 'simshop5g' });

  // The device settings page lists the command as applied.
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/deviceManage\/index$/);
  const history = page.getByTestId('command-list');
  await expect(history.getByRole('listitem').first()).toContainText('Wi-Fi name and password · 2.4G');
  await expect(history.getByRole('listitem').first().getByTestId('command-state')).toHaveText('Applied');

  // The demo password again, for whoever uses the demo device next.
  const headers = { 'x-sim-no': s.simNo, 'x-sim-token': s.token };
  const back = await page.request.post('/api/iot/iotDevice/setWiFiSsidPwd', {
    data: { wifiType: '2.4G', wifiName: 'SimShop-2.4G', wifiPass: 'simshop24' },
    headers,
  });
  const id = ((await back.json()) as { data: { commandId: string } }).data.commandId;
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/iot/iotDevice/command?commandId=${id}`, { headers })).json()) as { data: { state: string } })
          .data.state,
      {
        timeout: 20_000,
      },
    )
    .toBe('applied');
});

test('switch the device to its other SIM and see it come on line', async ({ page }) => {
  test.setTimeout(90_000);
  await logInProven(page, DEVICE);
  const s = await session(page);
  await page.getByRole('button', { name: 'More', exact: true }).first().click();
  await page.getByRole('button', { name: 'Switch network' }).first().click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/switchNet\/index$/);
  const first = page.getByTestId('sim-1440000000002');
  const second = page.getByTestId('sim-1440000000005');
  await expect(first).toContainText('In use');
  await expect(second).toContainText('China Unicom');
  await second.getByRole('button', { name: 'Use this SIM' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Use this SIM' }).click();
  const progress = page.getByRole('status').filter({ hasText: 'Switching to 1440000000005' });
  await expect(progress.getByTestId('command-state')).toHaveText('Applied', { timeout: 20_000 });
  await expect(second).toContainText('In use');
  await expect(first.getByRole('button', { name: 'Use this SIM' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fixed SIM' })).toHaveAttribute('aria-pressed', 'true');
  const info = await api<{ sims: { simNo: string; inUse: boolean }[] }>(page.request, '/api/iot/simSwitchNetInfo', s);
  expect(info.sims.map((x) => [x.simNo, x.inUse])).toEqual([
    ['1440000000002', false],
    ['1440000000005', true],
  ]);

  // And back to the first SIM (the demo device as it was).
  await first.getByRole('button', { name: 'Use this SIM' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Use this SIM' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Switching to 1440000000002' }).getByTestId('command-state')).toHaveText(
    'Applied',
    {
      timeout: 20_000,
    },
  );
  await expect(first).toContainText('In use');
});

test('let a phone on the device Wi-Fi through with a code sent to its owner', async ({ page }) => {
  test.setTimeout(90_000);
  await logInProven(page, DEVICE);
  const s = await session(page);
  await page.getByRole('button', { name: 'More', exact: true }).first().click();
  await page.getByRole('button', { name: 'Phone access' }).first().click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/deviceTerminalAuth\/index$/);
  await expect(page.getByTestId('terminal-3C:22:FB:10:20:01')).toContainText('Authorised');
  const phone = page.getByTestId('terminal-28:6C:07:5E:9A:03');
  await expect(phone).toContainText('Xiaomi-13');
  await expect(phone).toContainText('Not authorised');
  await phone.getByRole('button', { name: 'Authorise' }).click();
  await phone.getByRole('textbox', { name: "Owner's mobile number" }).fill('13912345678');
  await phone.getByRole('button', { name: 'Get code' }).click();
  await phone.getByTestId('terminal-dev-code').getByRole('button').click();
  await expect(phone.getByRole('textbox', { name: 'Verification code' })).toHaveValue(/^\d{6}$/);
  await phone.getByRole('button', { name: 'Authorise' }).click();
  await expect(phone).toContainText('Authorised', { timeout: 20_000 });
  await expect(phone).toContainText('Confirmed by 139****5678');
  const list = await page.request.post('/api/iot/deviceWirelessAuthList', {
    data: {},
    headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token },
  });
  const entry = ((await list.json()) as { data: { list: { mac: string; authorized: boolean; commandState: string }[] } }).data.list.find(
    (x) => x.mac === '28:6C:07:5E:9A:03',
  );
  expect(entry).toMatchObject({ authorized: true, commandState: 'applied' });
});
