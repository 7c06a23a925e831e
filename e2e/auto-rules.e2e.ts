import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { App } from '../apps/server/src/lib/route.ts';
import { makeCard, uniqueMobile } from '../apps/server/src/modules/iot-money/test-kit.ts';
import { askForTopups, type RuleDeps, runSlowdowns } from '../apps/server/src/modules/iot-rules/service.ts';
import { DurationUnit } from '../packages/contract/src/iot.ts';
import { withInstance } from './support/instance.ts';
import { api, logIn, session } from './support/sim.ts';

const PW = '482916';

const deps = (app: App): RuleDeps => ({
  db: app.db,
  speeds: app.iotSpeeds,
  topups: app.iotTopups,
  sms: app.sms,
  forgetSimInfo: (simId) => app.iotSims.forgetSimInfo(simId),
  log: app.log,
  now: () => Date.now(),
});

async function typeOnKeypad(page: Page, digits: string) {
  const keypad = page.getByTestId('pay-keypad').last();
  for (const d of digits) await keypad.getByRole('button', { name: d, exact: true }).click();
}

/**
 * Honest renewals in the browser: the holder sets an auto top-up rule with the pay password; when
 * the balance is low the rule asks for the top-up, the holder pays it at the cashier in one tap;
 * past the month's data the slow-down rule slows the card, shown on the dashboard, and pausing it
 * sets the card's own speed back.
 */
test('a holder sets an auto top-up rule and pays the top-up it asks for, and slows down past the month’s data', async ({ page }) => {
  test.setTimeout(120_000);
  const made = await withInstance((app) =>
    makeCard(app, { balance: 500, mobile: uniqueMobile(), packages: [{ unlimited: true, duration: 1, unit: DurationUnit.MONTH }] }),
  );
  await logIn(page, made.simNo);
  const s = await session(page);
  const set = await page.request.post('/api/iot/simUpdatePayPass', {
    headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token },
    data: { payPassword: PW },
  });
  expect((await set.json()).code).toBe(0);

  // ---- From the usage alerts page to the rules.
  await page.goto('/shop/#/pages-sub/iot/index/usageAlerts/index');
  await page.getByRole('button', { name: 'Auto top-up and slow-down' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/autoRules\/index$/);
  await expect(page.getByText('Balance now: ¥5')).toBeVisible();
  await page.getByRole('textbox', { name: 'When the balance is below (¥)' }).fill('10');
  await page.getByRole('textbox', { name: 'Top-up amount (¥)' }).fill('20');
  await page.getByRole('button', { name: 'Save with pay password' }).click();
  await typeOnKeypad(page, PW);
  await expect(page.getByTestId('topup-status')).toContainText('Below ¥10, top up ¥20, at most 2 times a month');
  await expect(page.getByTestId('topup-status')).toContainText('Asked 0 of 2 times this month');

  // ---- The balance is below ¥10: the rule asks (the job), the holder pays at the cashier in one tap.
  await withInstance((app) => askForTopups(deps(app), Date.now()));
  await page.reload();
  await expect(page.getByRole('status')).toContainText('A top-up of ¥20 is waiting (balance was ¥5).');
  await expect(page.getByTestId('topup-status')).toContainText('Asked 1 of 2 times this month');
  await page.getByRole('button', { name: 'Pay ¥20' }).click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}$/);
  await page.getByRole('button', { name: /^确认支付 Pay/ }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/autoRules\/index\?orderNo=I\d{26}/);
  await expect(page.getByText('Balance now: ¥25')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: '¥20 · paid' })).toBeVisible();
  expect((await api<{ balance: number }>(page.request, '/api/iot/simInfo', s)).balance).toBe(2500);

  // ---- Pause the rule.
  await page.getByRole('button', { name: 'Pause' }).first().click();
  await expect(page.getByTestId('topup-status')).toContainText('Paused');

  // ---- Slow down past 1 GB this month.
  await withInstance(async (app) => {
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    await app.db.db.updateTable('iot_sims').set({ month_use_flow: 1500, usage_month: month }).where('id', '=', made.id).execute();
  });
  await page.reload();
  await page.getByRole('textbox', { name: 'Data limit this month (GB)' }).fill('1');
  await page.getByRole('button', { name: '512 kbps' }).click();
  await page.getByRole('button', { name: 'Save slow-down rule' }).click();
  await expect(page.getByTestId('slowdown-status')).toContainText('Past 1 GB this month, slow to 512 kbps');
  await withInstance((app) => runSlowdowns(deps(app), Date.now()));
  await page.reload();
  await expect(page.getByTestId('slowdown-status')).toContainText('Slowed to 512 kbps until');

  // ---- The dashboard shows it.
  await page.goto('/shop/#/pages/iot/index/index');
  await expect(page.getByTestId('slowed-line')).toContainText('Slowed to 512 kbps until');

  // ---- A speed-up bought now outranks the rule while it runs: the dashboard and the rules say so.
  const plans = await api<{ plans: { id: number }[] }>(page.request, '/api/iot/accelerateList', s);
  const bought = await page.request.post('/api/iot/createAccelerateOrder', {
    headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token, 'idempotency-key': randomBytes(16).toString('hex') },
    data: { accelerateId: plans.plans[0]!.id, payPassword: PW },
  });
  expect((await bought.json()).code).toBe(0);
  await page.reload();
  // The end is a time of day, with its date when it falls on another day (bought after 22:00 in China).
  const speedUpThenSlowed = 'Your speed-up runs until ([A-Z][a-z]{2} \\d{1,2}, \\d{4}, )?\\d\\d:\\d\\d; then slowed to 512 kbps until ';
  await expect(page.getByTestId('slowed-line')).toContainText(new RegExp(`^${speedUpThenSlowed}`));
  await page.getByTestId('slowed-line').click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/autoRules\/index$/);
  await expect(page.getByTestId('slowdown-status')).toContainText(new RegExp(speedUpThenSlowed));
  await page.screenshot({ path: 'test-results/auto-rules-after-speed-up.en.png' });
  await page.getByRole('button', { name: 'Pause' }).last().click();
  await expect(page.getByTestId('slowdown-status')).toContainText('Restoring the card');
});
