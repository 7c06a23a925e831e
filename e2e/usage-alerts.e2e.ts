import { expect, test } from '@playwright/test';
import { scanUsageAlerts } from '../apps/server/src/modules/iot-alerts/service.ts';
import { makeCard } from '../apps/server/src/modules/iot-money/test-kit.ts';
import { DurationUnit } from '../packages/contract/src/iot.ts';
import { withInstance } from './support/instance.ts';
import { api, logIn, session } from './support/sim.ts';

/**
 * Usage alerts in the browser: a card that has used 96 % of its package gets the 95 % alert from
 * the scan the server runs every five minutes; the dashboard's flow card shows it with "Buy data"
 * and when the data runs out at this week's pace; the holder picks other thresholds.
 */
test('a holder sees the usage alert and the run-out forecast on the dashboard and picks other thresholds', async ({ page }) => {
  test.setTimeout(120_000);
  const simNo = await withInstance(async (app) => {
    const made = await makeCard(app, { packages: [{ flowMb: 1000, usedMb: 960, duration: 1, unit: DurationUnit.MONTH }] });
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    await app.db.db.insertInto('iot_usage_daily').values({ sim_id: made.id, day: today, flow_mb: 300, updated_at: Date.now() }).execute();
    await scanUsageAlerts(
      { db: app.db.db, sims: app.iotSims, renewals: app.iotRenewals, sms: app.sms, log: app.log, now: () => Date.now() },
      Date.now(),
    );
    return made.simNo;
  });

  await logIn(page, simNo);
  const flow = page.locator('.sim-flow-card');
  await expect(flow.getByRole('status')).toContainText("95 % of this package's data is used");
  await expect(flow.getByTestId('flow-forecast')).toContainText("At this week's pace");
  await expect(flow.getByTestId('flow-forecast')).toContainText('your data runs out on');
  await expect(flow.getByRole('button', { name: 'Buy data' })).toBeVisible();

  await flow.getByRole('button', { name: 'Got it' }).click();
  await expect(flow.getByRole('status')).toBeHidden();

  await flow.getByRole('button', { name: 'Usage alerts' }).click();
  await expect(page.getByRole('button', { name: '80 %' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Bind a phone to get alerts by SMS')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bind phone' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: "95 % of this package's data is used" })).toBeVisible();
  await page.getByRole('button', { name: '50 %' }).click();
  await page.getByRole('button', { name: '80 %' }).click();
  await page.getByRole('button', { name: '7 days' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Alerts saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '50 %' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: '80 %' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
});

test('a holder told of an auto-renewal a day ahead cancels it in one tap', async ({ page, request }) => {
  test.setTimeout(120_000);
  const now = Date.now();
  const simNo = await withInstance(async (app) => {
    // Ends in a day and a half; the demo storefront renews a day ahead: the renewal is 12 hours away.
    const made = await makeCard(app, {
      balance: 10_000,
      packages: [{ flowMb: 1000, usedMb: 0, duration: 2, unit: DurationUnit.DAY, startsAt: now - 43_200_000 }],
    });
    return made.simNo;
  });
  await logIn(page, simNo);
  const s = await session(page);
  const option = await api<{ options: { id: number }[] }>(request, '/api/iot/renewPackageOption', s);
  const on = await request.post('/api/iot/simUpdateRenewPackage', {
    headers: { 'x-sim-no': s.simNo, 'x-sim-token': s.token },
    data: { enabled: true, packageId: option.options[0]!.id },
  });
  expect((await on.json()).code).toBe(0);
  await withInstance((app) =>
    scanUsageAlerts(
      { db: app.db.db, sims: app.iotSims, renewals: app.iotRenewals, sms: app.sms, log: app.log, now: () => Date.now() },
      Date.now(),
    ),
  );

  await page.reload();
  const flow = page.locator('.sim-flow-card');
  await expect(flow.getByRole('status')).toContainText('Auto-renewal will buy your next package from the balance before this one ends on');
  await flow.getByRole('button', { name: 'Cancel renewal' }).click();
  await expect(page.getByText('Auto-renewal is off')).toBeVisible();
  expect((await api<{ enabled: boolean }>(request, '/api/iot/renewPackageOption', s)).enabled).toBe(false);
});
