import { expect, type Page, test } from '@playwright/test';
import { api, logIn, session } from './support/sim.ts';

/**
 * IoT money in the browser (issue 5): a top-up with an offer at the sandbox cashier, the balance and
 * its log, a pay password, a package bought with the balance, the dashboard's allowance, the order
 * logs, and the lock after five wrong pay passwords. Every figure is compared with the API.
 */

interface SimInfo {
  simNo: string;
  balance: number;
  couponCoin: number;
  totalFlow: number;
  surplusFlow: number;
  useFlow: number;
  isInfiniteFlow: boolean;
  existPayPassword: boolean;
}
interface Offer {
  id: number;
  payAmount: number;
  bonusBalance: number;
  bonusCoin: number;
  credit: number;
}
interface Order {
  orderNo: string;
  kind: string;
  status: string;
  payAmount: number;
  creditBalance: number;
}
interface Ledger {
  id: number;
  delta: number;
  balanceAfter: number;
  reason: string;
  orderNo: string;
}
interface Page_<T> {
  list: T[];
  total: number;
}
interface CatalogPackage {
  id: number;
  kind: string;
  name: string;
  flowMb: number;
  price: number;
  unlimited: boolean;
  seckill: { left: number; state: string } | null;
}
interface PayPassStatus {
  existPayPassword: boolean;
  locked: boolean;
  lockedUntil: number | null;
  attemptsLeft: number;
}

/** Demo card that still needs real-name verification (its promoter asks for it before a purchase). */
const NEEDS_AUTH_SIM = '1440000000003';
const NEW_PASSWORD = '258036';
const WRONG_PASSWORD = '914703';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
const signedYuan = (fen: number) => `${fen > 0 ? '+' : '-'}¥${(Math.abs(fen) / 100).toFixed(2)}`;
const flow = (mb: number) => (mb < 1024 ? `${mb} MB` : `${(Math.round((mb / 1024) * 100) / 100).toFixed(2).replace(/\.?0+$/, '')} GB`);

/** Types six digits on the on-screen pay keyboard. */
async function typeOnKeypad(page: Page, digits: string) {
  const keypad = page.getByTestId('pay-keypad').last();
  for (const d of digits) await keypad.getByRole('button', { name: d, exact: true }).click();
}

test('top up at the sandbox cashier, set a pay password, buy a package with the balance, see it everywhere, lock after five wrong passwords', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await logIn(page);
  const s = await session(page);
  const before = await api<SimInfo>(page.request, '/api/iot/simInfo', s);

  // ---- Top up ¥50 with its offer through the sandbox cashier.
  await page.getByTestId('item-balance').click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/balance\/index$/);
  await expect(page.getByTestId('topup-balance')).toHaveText(yuan(before.balance));
  const choose = await api<{ offers: Offer[]; arrearsBalance: number }>(page.request, '/api/iot/balanceChoose', s);
  const offer = choose.offers.find((o) => o.payAmount === 5000 && o.bonusBalance > 0);
  expect(offer, 'the demo promoter offers pay ¥50 get a bonus').toBeDefined();
  if (!offer) return;
  await page.getByTestId('offer-5000').click();
  await expect(page.getByTestId('topup-total')).toHaveText(yuan(offer.payAmount));
  await page.getByTestId('topup-next').click();
  await expect(page).toHaveURL(new RegExp(`#/pages/iot/index/balance/pay/index\\?offerId=${offer.id}$`));
  await expect(page.getByTestId('confirm-balance')).toHaveText(`+${yuan(offer.payAmount - choose.arrearsBalance + offer.bonusBalance)}`);
  await page.getByTestId('topup-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}$/);
  await page.getByRole('button', { name: `确认支付 Pay ${yuan(offer.payAmount)}` }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/balance\/pay\/index\?orderNo=I\d{26}&result=paid$/);
  await expect(page.getByTestId('order-status')).toHaveText('Top-up successful');
  const topupNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo') ?? '';
  const topup = (await api<{ order: Order }>(page.request, `/api/iot/orderDetails?orderNo=${topupNo}`, s)).order;
  expect(topup.status).toBe('effective');
  expect(topup.creditBalance).toBe(offer.credit - choose.arrearsBalance);
  await expect(page.getByTestId('order-credit')).toHaveText(yuan(topup.creditBalance));
  const afterTopup = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  expect(afterTopup.balance).toBe(before.balance + topup.creditBalance);

  // ---- The balance log shows the top-up's entries, newest first, as the API lists them.
  await page.getByRole('button', { name: 'View balance log' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/orderLogs\/index\?tab=log$/);
  const log = await api<Page_<Ledger>>(page.request, '/api/iot/simBalanceLogList?account=balance&page=1&pageSize=20', s);
  const entries = page.getByTestId('ledger-item');
  await expect(entries).toHaveCount(log.list.length);
  const ours = log.list.filter((e) => e.orderNo === topupNo);
  expect(ours.reduce((n, e) => n + e.delta, 0)).toBe(topup.creditBalance);
  await expect(page.locator(`[data-testid="ledger-item"][data-order-no="${topupNo}"]`)).toHaveCount(ours.length);
  await expect(entries.first().getByTestId('ledger-delta')).toHaveText(signedYuan(log.list[0]?.delta ?? 0));
  await expect(entries.first().getByTestId('ledger-after')).toHaveText(`After: ${yuan(afterTopup.balance)}`);

  // ---- The balance page shows the new balance.
  await page.goto('/shop/#/pages/iot/index/balance/index');
  await expect(page.getByTestId('topup-balance')).toHaveText(yuan(afterTopup.balance));

  // ---- Pick a regular package from the catalogue and open it.
  const catalogue = await api<{ base: CatalogPackage[] }>(page.request, '/api/iot/packageChoose', s);
  const pkg = catalogue.base.find((p) => !p.seckill && !p.unlimited && p.flowMb > 0 && p.price <= afterTopup.balance);
  expect(pkg, 'a package the new balance can pay for').toBeDefined();
  if (!pkg) return;
  await page.goto('/shop/#/pages/iot/index/index');
  await page.getByRole('region', { name: 'Shortcuts' }).getByRole('button', { name: 'Buy a package' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/package\/index$/);
  await page.getByTestId(`package-${pkg.id}`).click();
  await expect(page).toHaveURL(new RegExp(`packageDetails/index\\?packageId=${pkg.id}$`));
  await expect(page.getByTestId('detail-allowance')).toHaveText(flow(pkg.flowMb));
  await expect(page.getByTestId('detail-price')).toHaveText(yuan(pkg.price));
  const details = await api<{ coupon: { usable: number }; existPayPassword: boolean }>(
    page.request,
    `/api/iot/packageDetails?packageId=${pkg.id}`,
    s,
  );
  expect(details.existPayPassword).toBe(false);
  const payable = pkg.price - details.coupon.usable;
  await expect(page.getByTestId('pay-total')).toHaveText(yuan(payable));

  // ---- Without a pay password, paying from the balance asks first; cancelling moves no money.
  const beforeConfirm = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  await page.getByTestId('buy-button').click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByTestId('balance-confirm') });
  await expect(confirm).toContainText(`Pay ${yuan(payable)} from your balance?`);
  await expect(confirm.getByRole('button', { name: 'Set a pay password first' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await api<SimInfo>(page.request, '/api/iot/simInfo', s)).balance).toBe(beforeConfirm.balance);

  // ---- Set a pay password on the on-screen keyboard (from the package page's hint).
  await page.getByRole('button', { name: 'Set a pay password to protect your balance' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/payPassword\/index$/);
  await expect(page.getByTestId('pay-password-state')).toHaveText('No pay password yet');
  await typeOnKeypad(page, '123456');
  await expect(page.getByTestId('pay-password-msg')).toHaveText('Too easy to guess. Choose another one.');
  await typeOnKeypad(page, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Enter it again to confirm' })).toBeVisible();
  await typeOnKeypad(page, NEW_PASSWORD);
  await expect(page.getByTestId('pay-password-done')).toContainText('Pay password set');
  expect((await api<PayPassStatus>(page.request, '/api/iot/payPassStatus', s)).existPayPassword).toBe(true);
  await page.getByRole('button', { name: 'Done' }).click();

  // ---- Buy the package with the balance; the pay password is asked first.
  await expect(page).toHaveURL(new RegExp(`packageDetails/index\\?packageId=${pkg.id}$`));
  await expect(page.getByRole('radio', { name: /Balance/ })).toBeChecked();
  await page.getByTestId('buy-button').click();
  const sheet = page.getByTestId('pay-password-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('pay-sheet-amount')).toHaveText(yuan(payable));
  await typeOnKeypad(page, NEW_PASSWORD);
  await expect(page.getByTestId('order-status')).toHaveText('Package active');
  const bought = (await api<Page_<Order>>(page.request, '/api/iot/simPackageList?page=1&pageSize=20', s)).list[0];
  expect(bought?.status).toBe('effective');
  expect(bought?.payAmount).toBe(payable);
  const afterBuy = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  expect(afterBuy.balance).toBe(afterTopup.balance - payable);
  expect(afterBuy.totalFlow).toBe(afterTopup.totalFlow + pkg.flowMb);

  // ---- The dashboard's flow card shows the new allowance.
  await page.getByRole('button', { name: 'View my data' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/index$/);
  await expect(page.getByTestId('flow-total')).toHaveText(flow(afterBuy.totalFlow));
  await expect(page.getByTestId('flow-left')).toHaveText(flow(afterBuy.surplusFlow).replace(' ', ''));
  await expect(page.getByTestId('item-balance')).toHaveText(yuan(afterBuy.balance));

  // ---- The order logs list both orders, newest first.
  await page.getByRole('region', { name: 'Shortcuts' }).getByRole('button', { name: 'Me', exact: true }).click();
  await page.getByRole('region', { name: 'Shortcuts' }).getByRole('button', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/orderLogs\/index$/);
  const packages = await api<Page_<Order>>(page.request, '/api/iot/simPackageList?page=1&pageSize=20', s);
  const orders = page.getByTestId('order-item');
  await expect(orders).toHaveCount(packages.list.length);
  await expect(orders.first()).toHaveAttribute('data-order-no', bought?.orderNo ?? '');
  await expect(orders.first().getByTestId('order-item-status')).toHaveText('Done');
  await expect(orders.first().getByTestId('order-item-amount')).toHaveText(yuan(payable));
  await page.getByRole('tab', { name: 'Top-ups' }).click();
  const topups = await api<Page_<Order>>(page.request, '/api/iot/simBalanceList?page=1&pageSize=20', s);
  await expect(orders).toHaveCount(topups.list.length);
  await expect(orders.first()).toHaveAttribute('data-order-no', topupNo);
  await expect(orders.first().getByTestId('order-item-amount')).toHaveText(yuan(offer.payAmount));
  await expect(orders.first().getByTestId('order-item-credit')).toContainText(yuan(topup.creditBalance));

  // ---- Five wrong pay passwords lock paying by password, with the time it unlocks.
  await page.goto(`/shop/#/pages-sub/iot/index/packageDetails/index?packageId=${pkg.id}`);
  await page.getByTestId('buy-button').click();
  await expect(sheet).toBeVisible();
  const refused = () => page.waitForResponse((r) => r.url().endsWith('/api/iot/buyPackage'));
  for (let attempt = 1; attempt <= 4; attempt++) {
    const reply = refused();
    await typeOnKeypad(page, WRONG_PASSWORD);
    expect((await (await reply).json()).code).toBe(-1);
    const status = await api<PayPassStatus>(page.request, '/api/iot/payPassStatus', s);
    expect(status.attemptsLeft).toBe(5 - attempt);
    await expect(sheet.getByTestId('pay-sheet-msg')).toHaveText(
      `Wrong pay password, ${status.attemptsLeft} ${status.attemptsLeft === 1 ? 'try' : 'tries'} left`,
    );
    await expect(sheet.getByTestId('pay-cells')).toHaveAttribute('data-filled', '0');
  }
  const fifth = refused();
  await typeOnKeypad(page, WRONG_PASSWORD);
  await fifth;
  const locked = await api<PayPassStatus>(page.request, '/api/iot/payPassStatus', s);
  expect(locked.locked).toBe(true);
  const until = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Shanghai',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(locked.lockedUntil ?? 0);
  await expect(sheet.getByTestId('pay-locked')).toHaveText(
    new RegExp(`Too many wrong tries\\. Paying with the pay password is locked until ([A-Z][a-z]{2} \\d{1,2}, \\d{4}, )?${until}\\.`),
  );
  expect((await api<SimInfo>(page.request, '/api/iot/simInfo', s)).balance).toBe(afterBuy.balance);

  // Paying again shows the lock straight away, without a keyboard to type on.
  await sheet.getByRole('button', { name: 'Got it' }).click();
  await page.getByTestId('buy-button').click();
  await expect(sheet.getByTestId('pay-locked')).toBeVisible();
  await expect(sheet.getByTestId('pay-keypad')).toHaveCount(0);
});

test('a flash-sale package paid at the sandbox cashier: one less in stock, in effect, first in the order logs', async ({ page }) => {
  await logIn(page);
  const s = await session(page);
  const before = await api<{ seckill: CatalogPackage[] }>(page.request, '/api/iot/packageChoose', s);
  const sale = before.seckill.find((p) => p.seckill?.state === 'ongoing' && p.seckill.left > 0);
  expect(sale, 'the demo promoter runs a flash sale now').toBeDefined();
  if (!sale?.seckill) return;
  const info = await api<SimInfo>(page.request, '/api/iot/simInfo', s);

  await page.getByRole('region', { name: 'Shortcuts' }).getByRole('button', { name: 'Buy a package' }).click();
  const section = page.getByRole('region', { name: 'Flash sale' });
  await expect(section.getByTestId(`seckill-left-${sale.id}`)).toHaveText(`${sale.seckill.left} left`);
  await expect(section.getByTestId(`seckill-${sale.id}`)).toContainText(/Ends in/);
  await section.getByTestId(`seckill-${sale.id}`).click();
  await expect(page.getByTestId('detail-price')).toHaveText(yuan(sale.price));

  // Pay online: the browser goes to the sandbox cashier and comes back to the order logs.
  await page.getByText('Online payment (sandbox)').click();
  await expect(page.getByRole('radio', { name: /Online payment/ })).toBeChecked();
  await page.getByTestId('buy-button').click();
  await expect(page).toHaveURL(/\/sandbox\/cashier\/P\d{20}$/);
  await page.getByRole('button', { name: /^确认支付 Pay/ }).click();
  await expect(page).toHaveURL(/#\/pages\/iot\/index\/orderLogs\/index\?orderNo=I\d{26}&result=paid$/);
  await expect(page.getByTestId('order-status')).toHaveText('Package active');
  const orderNo = new URL(page.url().replace('#', '')).searchParams.get('orderNo') ?? '';
  const order = (await api<{ order: Order }>(page.request, `/api/iot/orderDetails?orderNo=${orderNo}`, s)).order;
  expect(order.status).toBe('effective');
  await expect(page.getByTestId('order-amount')).toHaveText(yuan(order.payAmount));
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('order-item').first()).toHaveAttribute('data-order-no', orderNo);

  // One less in stock; the allowance grew; the balance did not move.
  const after = await api<{ seckill: CatalogPackage[] }>(page.request, '/api/iot/packageChoose', s);
  expect(after.seckill.find((p) => p.id === sale.id)?.seckill?.left).toBe(sale.seckill.left - 1);
  const infoAfter = await api<SimInfo>(page.request, '/api/iot/simInfo', s);
  expect(infoAfter.totalFlow).toBe(info.totalFlow + sale.flowMb);
  expect(infoAfter.balance).toBe(info.balance);
  await page.goto('/shop/#/pages/iot/index/package/index');
  await expect(page.getByTestId(`seckill-left-${sale.id}`)).toHaveText(`${sale.seckill.left - 1} left`);
});

test('real-name verification comes first when the promoter asks for it (41002): nothing is ordered', async ({ page }) => {
  await logIn(page, NEEDS_AUTH_SIM);
  const s = await session(page);
  const info = await api<SimInfo & { needAuth: boolean }>(page.request, '/api/iot/simInfo', s);
  expect(info.needAuth).toBe(true);
  const choose = await api<{ base: CatalogPackage[]; realnameRequired: boolean }>(page.request, '/api/iot/packageChoose', s);
  expect(choose.realnameRequired).toBe(true);
  const pkg = choose.base.find((p) => !p.seckill);
  if (!pkg) throw new Error('no regular package on sale');
  const ordersBefore = await api<Page_<Order>>(page.request, '/api/iot/simPackageList', s);

  await page.goto('/shop/#/pages/iot/index/package/index');
  await expect(page.getByTestId('realname-banner')).toHaveText(/This shop asks for real-name verification before you buy\./);
  await page.getByTestId(`package-${pkg.id}`).click();
  await page.getByTestId('buy-button').click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Real-name verification required' });
  await expect(dialog).toContainText('Please complete real-name verification of this card before buying.');
  await dialog.getByRole('button').first().click();
  await expect(dialog).toBeHidden();
  expect((await api<Page_<Order>>(page.request, '/api/iot/simPackageList', s)).total).toBe(ordersBefore.total);
});
