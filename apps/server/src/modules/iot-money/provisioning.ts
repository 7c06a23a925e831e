/**
 * Opening paid packages at the carrier, outside any database transaction (decision 0009).
 *
 * A paid package order is committed together with its ledger debit, its package (state
 * `provisioning`) and a row of iot_provisioning. Then, with no transaction open, the carrier is asked
 * to open the package, with the order number as the operation key (a repeat is the same operation).
 * Accepted: the package opens (active, or queued for a "next" purchase), points are credited and the
 * order becomes effective, in one transaction. Refused: the money goes back where it came from (the
 * balance and coins through the ledger, an online payment through the payment module) and the
 * flash-sale unit is released, in one transaction. No answer (timeout, outage): tried again later
 * with a growing delay; after MAX_TRIES without an answer the order is refunded like a refusal.
 *
 * A purchase tries once at once, after its commit, and waits for that try at most PROVISION_WAIT_MS;
 * the job and the order-details poll pick up the rest.
 */

import { applyLifecycle, type PackageState } from '../../lib/flow-math.ts';
import type { Job } from '../../lib/jobs.ts';
import { provisionAt } from '../../providers/carrier/operations.ts';
import { ProvisionError } from '../../providers/carrier/types.ts';
import {
  applySync,
  findSimPackage,
  livePackages,
  planSync,
  pushDataSwitchOf,
  type SimPackageRow,
  settleProvisioning,
} from '../iot-carrier/service.ts';
import { applyLedgerTotals, type Card, cardById, lockCard } from '../iot-sims/service.ts';
import { restoreCoupon } from './coupons.ts';
import type { MoneyDeps, Trx } from './deps.ts';
import { insertEntries, postLocked } from './ledger.ts';
import { findOrder, lockOrder, moveOrderWithPackage, type OrderRow, setOrder } from './order-store.ts';
import { purchasePoints } from './rules.ts';
import { releaseStock } from './stock.ts';

/** How long a purchase waits for the carrier before it answers "paid, opening". */
export const PROVISION_WAIT_MS = 2_000;
/**
 * A try in progress keeps other runners off its order this long: longer than a carrier call and the
 * transaction after it take, short enough that an order whose instance died mid-try (kill -9) is
 * tried again by another within half a minute.
 */
const LEASE_MS = 20_000;
/** Tries without an answer before the order is refunded. */
export const MAX_TRIES = 6;
/** Delay before the next try: 10 s, 20 s, 40 s... at most 10 min. */
export const retryDelay = (tries: number) => Math.min(10 * 60_000, 10_000 * 2 ** Math.max(0, tries - 1));

/** Queues the opening of a paid order's package, in the transaction that took the money. */
export async function queueProvisioning(
  trx: Trx,
  order: Pick<OrderRow, 'id' | 'sim_id'>,
  now: number,
  firstTryNow: boolean,
): Promise<void> {
  await trx
    .insertInto('iot_provisioning')
    .values({
      order_id: order.id,
      sim_id: order.sim_id,
      state: 'pending',
      // The placing request makes the first try itself: the row is held for it.
      tries: firstTryNow ? 1 : 0,
      next_at: firstTryNow ? now + LEASE_MS : now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** What a try needs, known to the purchase that just committed (no reads) or read by the job. */
export interface ProvisionTask {
  orderId: number;
  orderNo: string;
  tries: number;
  card: Pick<Card, 'sim_no' | 'iccid' | 'operator_type'>;
  /** The package being opened (a package waiting for the carrier changes only when settled). */
  pkg: Pick<SimPackageRow, 'id' | 'name' | 'kind' | 'flow_mb' | 'unlimited' | 'starts_at' | 'ends_at'>;
}

/** The order after a try: effective, refunded/failed, or still paid (to be tried again). */
async function tryOnce(deps: MoneyDeps, task: ProvisionTask): Promise<OrderRow | null> {
  const { card, pkg } = task;
  try {
    await provisionAt(
      deps.carrier,
      { simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type },
      {
        orderNo: task.orderNo,
        name: pkg.name,
        kind: pkg.kind,
        flowMb: pkg.flow_mb,
        unlimited: pkg.unlimited === 1,
        startsAt: pkg.starts_at,
        endsAt: pkg.ends_at,
      },
      deps.now(),
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof ProvisionError) {
      deps.log.warn({ orderNo: task.orderNo, simNo: card.sim_no, reason: message }, 'carrier refused to open the package');
      return refund(deps, task.orderId, `the carrier could not open the package: ${message}`.slice(0, 300));
    }
    deps.log.warn({ err, orderNo: task.orderNo, tries: task.tries }, 'carrier did not answer; the package will be tried again');
    if (task.tries >= MAX_TRIES) {
      return refund(deps, task.orderId, `the carrier could not be reached to open the package (${task.tries} tries)`);
    }
    const now = deps.now();
    await deps.db.db
      .updateTable('iot_provisioning')
      .set({ next_at: now + retryDelay(task.tries), last_error: message.slice(0, 300), updated_at: now })
      .where('order_id', '=', task.orderId)
      .where('state', '=', 'pending')
      .execute();
    return null;
  }
  return open(deps, task);
}

/**
 * The first try of an order just placed, waited for at most PROVISION_WAIT_MS (it goes on in the
 * background after that). Returns the order when the try finished in time.
 */
export async function provisionFirst(deps: MoneyDeps, task: ProvisionTask): Promise<OrderRow | null> {
  const attempt = tryOnce(deps, task)
    .catch((err) => {
      deps.log.error({ err, orderNo: task.orderNo }, 'provisioning try failed');
      return null;
    })
    .finally(() => deps.firstTries.delete(task.orderId));
  deps.firstTries.set(task.orderId, attempt);
  return waitAtMost(attempt);
}

/** Waits for a try under way on this instance (a replay of the purchase that placed it), at most PROVISION_WAIT_MS. */
export async function firstTryOf(deps: MoneyDeps, orderId: number): Promise<void> {
  const attempt = deps.firstTries.get(orderId);
  if (attempt) await waitAtMost(attempt);
}

async function waitAtMost<T>(attempt: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PROVISION_WAIT_MS);
    timer.unref();
  });
  try {
    return await Promise.race([attempt, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Claims the order's next try when it is due (the conditional update lets one runner through). */
async function claim(deps: MoneyDeps, orderId: number, now: number): Promise<ProvisionTask | null> {
  const { db } = deps.db;
  const claimed = await db
    .updateTable('iot_provisioning')
    .set((eb) => ({ tries: eb('tries', '+', 1), next_at: now + LEASE_MS, updated_at: now }))
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .returning('tries')
    .executeTakeFirst();
  if (!claimed) return null;
  const order = await db
    .selectFrom('iot_orders')
    .select(['order_no', 'sim_id', 'sim_package_id'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const [card, pkg] = await Promise.all([cardById(db, order.sim_id), findSimPackage(db, order.sim_package_id!)]);
  if (!pkg) throw new Error(`order ${order.order_no} has no package`);
  return { orderId, orderNo: order.order_no, tries: claimed.tries, card, pkg };
}

/** A paid order someone is waiting for (order details): tried now when due, waited for at most PROVISION_WAIT_MS. */
export async function provisionWaiting(deps: MoneyDeps, orderId: number): Promise<void> {
  const task = await claim(deps, orderId, deps.now());
  if (task) await provisionFirst(deps, task);
}

/** The job: every order whose next try is due. */
export async function runProvisioning(deps: MoneyDeps, now: number): Promise<number> {
  const due = await deps.db.db
    .selectFrom('iot_provisioning')
    .select('order_id')
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .orderBy('next_at')
    .limit(100)
    .execute();
  let settled = 0;
  for (const { order_id } of due) {
    const task = await claim(deps, order_id, now);
    if (!task) continue;
    try {
      if (await tryOnce(deps, task)) settled++;
    } catch (err) {
      deps.log.error({ err, orderId: order_id }, 'provisioning try failed');
    }
  }
  return settled;
}

export function provisioningJobs(deps: MoneyDeps): Job[] {
  return [
    {
      name: 'iot.provisioning',
      everyMs: 5_000,
      run: (now) => runProvisioning(deps, now),
      depth: async () => {
        const row = await deps.db.db
          .selectFrom('iot_provisioning')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('state', '=', 'pending')
          .executeTakeFirstOrThrow();
        return Number(row.n);
      },
    },
  ];
}

export async function markProvisioning(trx: Trx, orderId: number, state: 'done' | 'refused', error: string, now: number): Promise<void> {
  await trx
    .updateTable('iot_provisioning')
    .set({ state, last_error: error, updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * The carrier opened the package: usage so far is accrued under the card's old packages, the new
 * one joins them (active, or queued), points are credited and the order is effective.
 */
async function open(deps: MoneyDeps, task: ProvisionTask): Promise<OrderRow | null> {
  const { db, dialect } = deps.db;
  const now = deps.now();
  const orderId = task.orderId;
  let dataSwitch: { card: Card; internet: number } | undefined;
  const order = await db.transaction().execute(async (trx) => {
    // The order becomes effective first: the conditional update locks it, and finds it no longer
    // paid when a refund or another runner settled it meanwhile (the transaction rolls back on error).
    const o = await moveOrderWithPackage(trx, orderId, 'paid', { status: 'effective', effective_at: now, updated_at: now });
    if (!o?.sim_package_id) return (await findOrder(trx, orderId)) ?? null;
    await markProvisioning(trx, orderId, 'done', '', now);
    const card = await lockCard(trx, dialect, o.sim_id);
    const sp = o.sim_package_id === task.pkg.id ? task.pkg : await findSimPackage(trx, o.sim_package_id);
    if (!sp) throw new Error(`order ${o.order_no} has no package`);
    const plan = await planSync(trx, deps.carrier, card, await livePackages(trx, card.id), now);
    const [opened] = applyLifecycle(
      [
        {
          id: sp.id,
          kind: sp.kind as PackageState['kind'],
          unlimited: sp.unlimited === 1,
          flowMb: sp.flow_mb,
          usedMb: 0,
          startsAt: sp.starts_at,
          endsAt: sp.ends_at,
          status: 'pending',
        },
      ],
      now,
    ) as [PackageState];
    await settleProvisioning(trx, sp.id, opened.status, now);
    const { entries, totals } = postLocked(
      card,
      [{ account: 'integral', delta: purchasePoints(o.pay_amount), reason: 'purchase_reward', orderNo: o.order_no }],
      now,
    );
    await insertEntries(trx, entries);
    const internet = await applySync(trx, plan, now, { ...totals, recharge_times: card.recharge_times + 1 }, [...plan.packages, opened]);
    dataSwitch = { card, internet };
    return o;
  });
  if (order) deps.sims.forgetSimInfo(order.sim_id);
  // The data switch the opening decided, made at the carrier after the commit.
  if (dataSwitch) await pushDataSwitchOf(deps.db, deps.carrier, dataSwitch.card, dataSwitch.internet, now);
  return order;
}

/**
 * The carrier did not open the package: the package is marked refused, the balance and coins paid
 * come back through the ledger, an online payment is refunded through the payment module, the
 * flash-sale unit is released, and a renewal that placed it is recorded as skipped.
 */
async function refund(deps: MoneyDeps, orderId: number, reason: string): Promise<OrderRow | null> {
  const { db, dialect } = deps.db;
  const now = deps.now();
  const order = await db.transaction().execute(async (trx) => {
    const o = await lockOrder(trx, dialect, orderId);
    if (o?.status !== 'paid') return o ?? null;
    await markProvisioning(trx, orderId, 'refused', reason, now);
    const card = await lockCard(trx, dialect, o.sim_id);
    if (o.sim_package_id !== null) await settleProvisioning(trx, o.sim_package_id, 'refused', now);
    const online = o.pay_method !== 'balance';
    const { entries, totals } = postLocked(
      card,
      [
        { account: 'balance', delta: online ? 0 : o.pay_amount, reason: 'refund', orderNo: o.order_no, remark: reason },
        { account: 'coupon_coin', delta: o.coin_amount, reason: 'refund', orderNo: o.order_no, remark: reason },
      ],
      now,
    );
    await insertEntries(trx, entries);
    await applyLedgerTotals(trx, card.id, totals, now);
    // What neither the balance nor the coins paid was a package coupon's: it is the card's again.
    if (o.amount > o.pay_amount + o.coin_amount) await restoreCoupon(trx, o.sim_id, o.order_no);
    await releaseStock(trx, o.package_id, now);
    if (online) await deps.payments.owesRefund(trx, o.payment_no, reason, now);
    if (o.source === 'renewal') {
      await trx
        .updateTable('iot_renewal_attempts')
        .set({ outcome: 'skipped', reason: 'provision_failed', message: reason, updated_at: now })
        .where('order_no', '=', o.order_no)
        .execute();
    }
    return setOrder(
      trx,
      o.id,
      online
        ? { status: 'failed', fail_reason: reason, updated_at: now }
        : { status: 'refunded', fail_reason: reason, refunded_at: now, updated_at: now },
    );
  });
  if (order && order.pay_method !== 'balance' && order.status === 'failed') {
    await deps.payments.settleRefund(order.payment_no).catch((err) => deps.log.error({ err, orderNo: order.order_no }, 'refund failed'));
  }
  if (order) deps.sims.forgetSimInfo(order.sim_id);
  return order && order.pay_method !== 'balance'
    ? ((await db.selectFrom('iot_orders').selectAll().where('id', '=', orderId).executeTakeFirst()) ?? order)
    : order;
}
