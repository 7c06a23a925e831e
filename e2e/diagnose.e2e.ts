import { expect, test } from '@playwright/test';
import { logIn } from './support/sim.ts';

test('a card awaiting activation: the dashboard’s reminders lead to the connection check, which names each cause with its fix', async ({
  page,
}) => {
  await logIn(page, '1440000000003');
  await page.getByRole('button', { name: 'Why is my internet down?' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/diagnose\/index$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('2 things keep the card off the internet');

  const realname = page.getByTestId('cause-realname');
  await expect(realname.getByRole('heading')).toHaveText('Real-name authentication is missing');
  await expect(realname).toContainText('By law a card may use data only once its holder is real-named.');
  const noPackage = page.getByTestId('cause-noPackage');
  await expect(noPackage.getByRole('heading')).toHaveText('No package in effect');
  await expect(page.getByTestId('check-realname').getByLabel('problem')).toBeVisible();
  await expect(page.getByTestId('check-balance').getByLabel('fine')).toBeVisible();

  await noPackage.getByRole('button', { name: 'Buy package' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/package\/index$/);
  await page.goBack();
  await realname.getByRole('button').click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/realnameAuth\/index/);
});

test('a card in service: the connection check finds nothing wrong, and checks again on request', async ({ page }) => {
  await logIn(page);
  await page.goto('/shop/#/pages-sub/iot/index/diagnose/index');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No problem found');
  await expect(page.locator('[data-testid^="check-"]')).toHaveCount(7);
  await expect(page.getByTestId('check-package')).toContainText('Package and data left');
  // What happened to the card: the next package end on top, its activation, all in English.
  const timeline = page.getByRole('region', { name: 'What happened' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Package ends: ');
  await expect(timeline).toContainText('Card activated');
  expect(await timeline.textContent()).not.toMatch(/\p{Script=Han}/u);
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/iot/simDiagnose'));
  await page.getByRole('button', { name: 'Check again' }).click();
  await asked;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No problem found');
});

test('a device card’s usage history shows the operator’s record and the device’s own meter side by side, with their freshness', async ({
  page,
}) => {
  await logIn(page, 'MF0000000001');
  await page.goto('/shop/#/pages-sub/iot/index/historyLine/index');
  const meters = page.getByRole('region', { name: 'Two meters this month' });
  await expect(meters.getByTestId('meter-carrier')).toContainText(/Operator's record\s*[\d.]+ (MB|GB)\s*updated /);
  await expect(meters.getByTestId('meter-device')).toContainText(/Device's own meter\s*[\d.]+ (MB|GB)\s*updated /);
  await expect(meters.getByTestId('meter-gap')).toContainText('Difference');
  await expect(meters).toContainText("Your package is charged by the operator's record.");
});

test('a plain SIM’s usage history has no device meter', async ({ page }) => {
  await logIn(page);
  await page.goto('/shop/#/pages-sub/iot/index/historyLine/index');
  await expect(page.getByTestId('history-total')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Two meters this month' })).toHaveCount(0);
});
