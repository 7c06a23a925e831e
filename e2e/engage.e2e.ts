import { expect, test } from '@playwright/test';
import { api, logIn, session } from './support/sim.ts';

/**
 * Tasks and points in the browser (issue 13): from the SIM dashboard to the task centre, today's
 * sign-in continuing the demo card's streak, a one-off task's points, the points log and the rules.
 * Every figure is compared with the API.
 */

const DEVICE_SIM = '1440000000002';

interface TaskCenter {
  integral: number;
  signedToday: boolean;
  streak: number;
  nextPoints: number;
  tasks: { key: string; state: string; points: number; path: string }[];
}

const points = (n: number) => n.toLocaleString('en-US');

test('sign in for today, receive a task’s points, and find both in the points log', async ({ page }) => {
  await logIn(page);
  const s = await session(page);
  const before = await api<TaskCenter>(page.request, '/api/iot/taskCenter', s);
  // The demo card signed in the two days before today: day 3 of its streak (15 points) is next.
  expect(before).toMatchObject({ signedToday: false, streak: 2, nextPoints: 15 });

  // ---- From the dashboard's menu to the task centre.
  await page.getByRole('button', { name: 'Daily tasks' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/task\/index$/);
  await expect(page.getByTestId('task-points')).toHaveText(points(before.integral));
  await expect(page.getByTestId('task-streak')).toHaveText('2 days in a row');
  await expect(page.getByTestId('sign-day-3')).toHaveAttribute('data-state', 'today');

  // ---- Today's sign-in continues the streak with its rising points.
  await page.getByTestId('sign-in').click();
  await expect(page.getByText('+15 points')).toBeVisible();
  await expect(page.getByTestId('sign-in')).toHaveText('Signed in');
  await expect(page.getByTestId('sign-in')).toBeDisabled();
  await expect(page.getByTestId('sign-day-3')).toHaveAttribute('data-state', 'signed');
  await expect(page.getByTestId('task-streak')).toHaveText('3 days in a row');
  const signed = before.integral + 15;
  await expect(page.getByTestId('task-points')).toHaveText(points(signed));

  // ---- The card has a bound phone: that task's points are received once.
  const bind = before.tasks.find((x) => x.key === 'bindPhone');
  expect(bind).toEqual({ key: 'bindPhone', state: 'claimable', points: 20, path: '/pages/iot/index/bindPhone/index' });
  const row = page.getByTestId('task-bindPhone');
  await row.getByRole('button', { name: 'Claim' }).click();
  await expect(row).toHaveAttribute('data-state', 'done');
  await expect(row.getByText('Done')).toBeVisible();
  const total = signed + 20;
  await expect(page.getByTestId('task-points')).toHaveText(points(total));
  const after = await api<TaskCenter>(page.request, '/api/iot/taskCenter', s);
  expect(after).toMatchObject({ integral: total, signedToday: true, streak: 3 });

  // ---- The points log lists both, newest first.
  await page.getByRole('button', { name: 'Points log' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/integralLog\/index$/);
  await expect(page.getByTestId('points-total')).toHaveText(points(total));
  const items = page.getByTestId('ledger-item');
  await expect(items.nth(0)).toContainText('Task reward');
  await expect(items.nth(0).getByTestId('ledger-delta')).toHaveText('+20');
  await expect(items.nth(1)).toContainText('Daily sign-in');
  await expect(items.nth(1).getByTestId('ledger-delta')).toHaveText('+15');

  // ---- And the rules are one tap from the task centre.
  await page.goBack();
  await page.getByRole('button', { name: 'Rules' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/protocol\/taskRule$/);
  await expect(page.getByRole('heading', { name: 'Task rules' })).toBeVisible();
});

interface ExchangeList {
  couponCoin: number;
  items: { id: number; kind: string; coinCost: number; value: number; minSpend: number }[];
}
interface Order {
  orderNo: string;
  status: string;
  amount: number;
  payAmount: number;
}

test('exchange coupon coins for a package coupon and use it on a package paid from the balance', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page);
  const s = await session(page);
  const list = await api<ExchangeList>(page.request, '/api/iot/couponExchangeList', s);
  // The demo card holds 500 coupon coins; the demo promoter gives a ¥5 coupon (packages from ¥20) for 500.
  expect(list.couponCoin).toBe(500);
  const item = list.items.find((i) => i.kind === 'coupon' && i.coinCost === 500);
  expect(item).toMatchObject({ value: 500, minSpend: 2000 });
  const packs = await api<{ base: { id: number; price: number; name: string }[] }>(page.request, '/api/iot/packageChoose', s);
  const pkg = packs.base.find((p) => p.price === 3900);
  expect(pkg, 'the demo catalogue has a ¥39.00 monthly package').toBeDefined();

  // ---- From the dashboard's menu to the exchange, and the coupon for 500 coins.
  await page.getByRole('button', { name: 'Coupon exchange' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/couponExchange\/index$/);
  await expect(page.getByTestId('exchange-coins')).toHaveText('500');
  const card = page.getByTestId(`exchange-item-${item?.id}`);
  await expect(card).toContainText('¥5.00');
  await expect(card).toContainText('Off packages from ¥20.00');
  await card.getByRole('button', { name: 'Exchange' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Exchange' }).click();
  const done = page.getByRole('dialog').filter({ hasText: 'Exchanged' });
  await expect(done).toContainText('Your ¥5.00 package coupon is ready');
  await done.getByRole('button', { name: 'Use now' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/package\/index$/);
  expect((await api<ExchangeList>(page.request, '/api/iot/couponExchangeList', s)).couponCoin).toBe(0);

  // ---- The package: the coupon is offered in SelectCoupon and takes ¥5 off the balance payment.
  await page.getByTestId(`package-${pkg?.id}`).click();
  await expect(page.getByTestId('coupon-value')).toHaveText('1 coupon');
  await page.getByTestId('coupon-value').click();
  const sheet = page.getByTestId('select-coupon');
  await sheet.getByText('¥5.00 off').click();
  await sheet.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('coupon-value')).toHaveText('-¥5.00');
  await expect(page.getByTestId('pay-total')).toHaveText('¥34.00');
  await page.getByTestId('buy-button').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('order-result')).toBeVisible();
  await expect(page.getByTestId('order-amount')).toContainText('34.00');
  const orders = await api<{ list: Order[] }>(page.request, '/api/iot/simPackageList?page=1&pageSize=5', s);
  expect(orders.list[0]).toMatchObject({ amount: 3900, payAmount: 3400 });

  // ---- The exchange records show the coupon used by that order.
  await page.goto('/shop/#/pages-sub/iot/index/couponExchange/order/index');
  const record = page.getByTestId('exchange-record').first();
  await expect(record).toHaveAttribute('data-state', 'used');
  await expect(record).toContainText('Used');
  await expect(record).toContainText(orders.list[0]?.orderNo ?? 'no order');
});

interface VipList {
  plans: { id: number; name: string; price: number; durationDays: number }[];
  balance: number;
}

test('join VIP from the user page, paid from the balance; its points multiplier doubles the day’s sign-in', async ({ page }) => {
  // The device's SIM: ¥12.00 balance, no VIP, never signed in.
  await logIn(page, DEVICE_SIM);
  const s = await session(page);
  const list = await api<VipList>(page.request, '/api/iot/vipList', s);
  const silver = list.plans.find((p) => p.price === 990);
  expect(silver).toMatchObject({ name: 'Silver VIP · 1 month', durationDays: 30 });
  expect(list.balance).toBe(1200);

  await page.goto('/shop/#/pages-sub/iot/user/index');
  await page.getByTestId('user-vip').getByRole('button', { name: 'Join now' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/index\/vip\/index$/);
  await page.getByTestId(`vip-plan-${silver?.id}`).click();
  await expect(page.getByTestId('vip-total')).toHaveText('¥9.90');
  await page.getByTestId('vip-buy').click();
  await expect(page).toHaveURL(new RegExp(`#/pages-sub/iot/index/vip/pay/index\\?vipId=${silver?.id}$`));
  await expect(page.getByTestId('vip-pay-total')).toHaveText('¥9.90');
  await page.getByTestId('vip-pay').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('vip-result')).toHaveText('VIP paid');
  await expect(page.getByTestId('vip-current')).toContainText('Silver VIP · 1 month');
  await page.getByRole('button', { name: 'My VIP' }).click();
  await expect(page).toHaveURL(/#\/pages-sub\/iot\/user\/vip$/);
  await expect(page.getByTestId('vip-current')).toContainText('Silver VIP · 1 month');
  await expect(page.getByTestId('vip-order').first()).toContainText('-¥9.90');
  const info = await api<{ balance: number; vipOrder: { validTag: number; vipName: string } | null }>(page.request, '/api/iot/simInfo', s);
  expect(info).toMatchObject({ balance: 210, vipOrder: { validTag: 1, vipName: 'Silver VIP · 1 month' } });

  // ---- The privilege takes effect: day 1 of the streak gives 5 × 2 points.
  await page.goto('/shop/#/pages-sub/iot/task/index');
  await expect(page.getByTestId('sign-in')).toHaveText('Sign in +10');
  await page.getByTestId('sign-in').click();
  await expect(page.getByText('+10 points')).toBeVisible();
});
