import { expect, test } from '@playwright/test';
import type { AccelerateListReply } from '@simshop/contract/iot-engage';
import { api, logIn, session } from './support/sim.ts';

/**
 * A speed-up bought from the dashboard (issue 13): the menu leads to the speed-ups, the cashier
 * takes the payment at the sandbox, the carrier holds the speed and the dashboard's card shows it on.
 * Figures are compared with the API.
 */

interface SimInfo {
  balance: number;
  hasAccelerate: boolean;
  accelerateOrder: { orderSn: string; speedCode: string; validTag: number; accelerateName: string } | null;
}

test('buy a speed-up from the dashboard at the sandbox cashier and see it on', async ({ page }) => {
  await logIn(page);
  const s = await session(page);
  const before = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  expect(before).toMatchObject({ hasAccelerate: false, accelerateOrder: null });
  const list = await api<AccelerateListReply>(page.request, '/api/iot/accelerateList', s);
  const plan = list.plans[0];
  expect(plan).toMatchObject({ name: '5G boost · 2 hours', speedMbps: 300, durationHours: 2, price: 300 });
  if (!plan) return;

  // ---- From the dashboard's menu to the speed-ups.
  await page.getByRole('region', { name: 'Shortcuts' }).getByRole('button', { name: 'Speed boost', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/accelerate\/index$/);
  await expect(page.getByTestId(`accelerate-plan-${plan.id}`)).toContainText('300 Mbps · 2 hours');
  await expect(page.getByTestId('accelerate-total')).toHaveText('¥3.00');
  await page.getByTestId('accelerate-buy').click();

  // ---- The cashier: pay online at the sandbox; the balance does not move.
  await expect(page).toHaveURL(new RegExp(`#/pages-sub/iot/index/accelerate/cashier/index\\?accelerateId=${plan.id}$`));
  await page.getByText('Online payment (sandbox)').click();
  await expect(page.getByRole('radio', { name: /Online payment/ })).toBeChecked();
  await page.getByTestId('accelerate-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}$/);
  await page.getByRole('button', { name: /^确认支付 Pay/ }).click();

  // ---- Back on the orders: it turns on once the carrier holds the speed.
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/accelerate\/order\/index\?orderSn=A\d{26}/);
  await expect(page.getByTestId('accelerate-returned')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('accelerate-returned')).toContainText('Speed boost on');
  const orderSn = new URL(page.url().replace('#', '')).searchParams.get('orderSn') ?? '';
  await expect(page.locator(`[data-testid="accelerate-order"][data-order-sn="${orderSn}"]`)).toHaveAttribute('data-state', 'active');

  const after = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  expect(after.hasAccelerate).toBe(true);
  expect(after.accelerateOrder).toMatchObject({ orderSn, speedCode: '5G_300M', validTag: 1, accelerateName: '5G boost · 2 hours' });
  expect(after.balance).toBe(before.balance);

  // ---- The speed-up page says it is on, and another cannot be bought meanwhile.
  await page.goto('/shop/#/pages-sub/iot/index/accelerate/index');
  await expect(page.getByTestId('accelerate-current')).toContainText('5G boost · 2 hours');
  await expect(page.getByTestId('accelerate-current')).toContainText('300 Mbps');
  await expect(page.getByTestId('accelerate-buy')).toBeDisabled();
  await expect(page.getByTestId('accelerate-buy')).toHaveText('A boost is on');
});
