/**
 * Auto-renewal: a card holder picks a renewable base package; shortly before the card's service
 * ends, a job buys it from the balance to start when the current one ends, and records every try
 * (renewed, or skipped with a reason) against that end of service.
 */
import { Code } from '@simshop/contract/codes';
import type { RenewOptionReply } from '@simshop/contract/iot-money';
import { BizError, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import { textsFor } from '../i18n-texts/service.ts';
import { cardById, cardsEndingBetween, lockCard } from '../iot-sims/service.ts';
import { findPackage, packagesFor, toCatalog, unsellableReason } from './catalogue.ts';
import type { MoneyDeps } from './deps.ts';
import { localized } from './packages.ts';
import { afterCommit, emitLowBalance, type Placed, placeBalancePurchase, storefrontOfCard } from './purchase.ts';
import { discountedPrice } from './rules.ts';
import { settingsFor } from './settings.ts';

/** Cards whose service ended longer ago than this are not renewed any more. */
const RENEW_GRACE_MS = 7 * 86_400_000;

export type SkipReason = 'balance_short' | 'package_off_sale' | 'card_inactive' | 'no_package' | 'sold_out' | 'provision_failed' | 'failed';

export async function renewOption(deps: MoneyDeps, simId: number, language: Language): Promise<RenewOptionReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  const [setting, rows, settings, last] = await Promise.all([
    db.selectFrom('iot_renewal_settings').selectAll().where('sim_id', '=', simId).executeTakeFirst(),
    packagesFor(db, card.promo_code, card.operator_type),
    settingsFor(db, card.promo_code),
    db
      .selectFrom('iot_renewal_attempts')
      .selectAll()
      .where('sim_id', '=', simId)
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  const options = rows.map((r) => toCatalog(r, now)).filter((p) => p.renewable);
  const texts = await textsFor(
    db,
    language,
    'iot_package',
    options.map((p) => p.id),
  );
  return {
    enabled: setting?.enabled === 1,
    packageId: setting?.package_id ?? null,
    options: options.map((p) => localized(p, texts)),
    endAt: card.end_at,
    renewAheadHours: Math.round(settings.renew_ahead_ms / 3_600_000),
    balance: card.balance,
    lastAttempt: last
      ? {
          dueAt: last.due_at,
          outcome: last.outcome,
          reason: last.reason,
          message: last.message,
          orderNo: last.order_no,
          at: last.updated_at,
        }
      : null,
  };
}

/** POST /api/iot/simUpdateRenewPackage */
export async function updateRenew(
  deps: MoneyDeps,
  simId: number,
  enabled: boolean,
  packageId: number | undefined,
  language: Language,
): Promise<RenewOptionReply> {
  const { db } = deps.db;
  const now = deps.now();
  const card = await cardById(db, simId);
  const current = await db.selectFrom('iot_renewal_settings').selectAll().where('sim_id', '=', simId).executeTakeFirst();
  const chosen = packageId ?? current?.package_id ?? undefined;
  if (enabled && chosen === undefined) throw invalid('packageId', 'renewal.choosePackage');
  if (chosen !== undefined) {
    const pkg = await findPackage(db, chosen);
    if (!pkg || unsellableReason(pkg, card, now)?.code === 'off_sale' || !toCatalog(pkg, now).renewable) {
      throw invalid('packageId', 'renewal.notRenewable');
    }
  }
  await db
    .insertInto('iot_renewal_settings')
    .values({ sim_id: simId, enabled: enabled ? 1 : 0, package_id: chosen ?? null, updated_at: now })
    .onConflict((oc) => oc.column('sim_id').doUpdateSet({ enabled: enabled ? 1 : 0, package_id: chosen ?? null, updated_at: now }))
    .execute();
  return renewOption(deps, simId, language);
}

type Attempt = { outcome: 'renewed' | 'skipped'; reason: SkipReason | ''; message: string; orderNo: string };

async function record(deps: MoneyDeps, simId: number, packageId: number | null, dueAt: number, a: Attempt, now: number): Promise<void> {
  await deps.db.db
    .insertInto('iot_renewal_attempts')
    .values({
      sim_id: simId,
      package_id: packageId,
      due_at: dueAt,
      outcome: a.outcome,
      reason: a.reason,
      message: a.message,
      order_no: a.orderNo,
      tries: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['sim_id', 'due_at']).doUpdateSet((eb) => ({
        package_id: packageId,
        outcome: a.outcome,
        reason: a.reason,
        message: a.message,
        order_no: a.orderNo,
        tries: eb('iot_renewal_attempts.tries', '+', 1),
        updated_at: now,
      })),
    )
    .execute();
}

/**
 * Renews one card when its service ends within the promoter's renewal window. Returns what was
 * done, or null when there was nothing to do (not due, or already renewed for this end).
 */
export async function renewOne(deps: MoneyDeps, simId: number, now: number): Promise<Attempt | null> {
  const { db, dialect } = deps.db;
  const card0 = await cardById(db, simId);
  const setting = await db.selectFrom('iot_renewal_settings').selectAll().where('sim_id', '=', simId).executeTakeFirst();
  if (setting?.enabled !== 1 || card0.end_at === null) return null;
  const settings = await settingsFor(db, card0.promo_code);
  const dueAt = card0.end_at;
  if (dueAt > now + settings.renew_ahead_ms || dueAt < now - RENEW_GRACE_MS) return null;
  const done = await db
    .selectFrom('iot_renewal_attempts')
    .select('outcome')
    .where('sim_id', '=', simId)
    .where('due_at', '=', dueAt)
    .executeTakeFirst();
  if (done?.outcome === 'renewed') return null;

  const skip = async (reason: SkipReason, message: string) => {
    const a: Attempt = { outcome: 'skipped', reason, message, orderNo: '' };
    await record(deps, simId, setting.package_id, dueAt, a, now);
    return a;
  };
  if (setting.package_id === null) return skip('no_package', 'no package chosen for auto-renewal');
  const pkg = await findPackage(db, setting.package_id);
  if (!pkg || !toCatalog(pkg, now).renewable) return skip('package_off_sale', 'the chosen package is no longer on sale');
  let result: Attempt;
  let placed: Placed | undefined;
  const storefront = await storefrontOfCard(deps, card0.promo_code);
  try {
    result = await db.transaction().execute(async (trx): Promise<Attempt> => {
      // Every rule is checked on the locked card: it may have changed since it was read above.
      const card = await lockCard(trx, dialect, simId);
      // Another runner renewed it meanwhile: the card's end moved on.
      if (card.end_at !== dueAt) return { outcome: 'renewed', reason: '', message: 'already renewed', orderNo: '' };
      const skipped = (reason: SkipReason, message: string): Attempt => ({ outcome: 'skipped', reason, message, orderNo: '' });
      if (card.cancel_status !== 0 || card.status !== 1) return skipped('card_inactive', 'the card is cancelled or disabled');
      const refusal = unsellableReason(pkg, card, now);
      if (refusal) return skipped(refusal.code === 'sold_out' ? 'sold_out' : 'package_off_sale', 'the chosen package is no longer on sale');
      const discount = await deps.sims.packageDiscount(trx, card, now);
      const price = discountedPrice(pkg.price, discount);
      if (card.balance < price) {
        const message = `balance ¥${(card.balance / 100).toFixed(2)} is less than the price ¥${(price / 100).toFixed(2)}`;
        return skipped('balance_short', message);
      }
      placed = await placeBalancePurchase(trx, card, pkg, { effect: 'next', useCouponCoin: false, source: 'renewal', discount }, now);
      await emitLowBalance(deps, trx, storefront, card, placed.balanceAfter, now);
      return { outcome: 'renewed', reason: '', message: pkg.name, orderNo: placed.order.order_no };
    });
  } catch (err) {
    if (!(err instanceof BizError)) throw err;
    result = { outcome: 'skipped', reason: err.code === Code.SOLD_OUT ? 'sold_out' : 'failed', message: err.message, orderNo: '' };
  }
  if (placed) {
    // Paid: the carrier is asked after the commit. A refusal refunds it and counts as a skip (a
    // refusal later on, by the provisioning job, records the same on this attempt).
    const { order } = await afterCommit(deps, placed);
    if (order.status === 'refunded') {
      result = { outcome: 'skipped', reason: 'provision_failed', message: order.fail_reason, orderNo: order.order_no };
    }
  }
  if (result.message === 'already renewed') return null;
  await record(deps, simId, pkg.id, dueAt, result, now);
  deps.sims.forgetSimInfo(simId);
  return result;
}

/**
 * Cards with auto-renewal on whose service ends between `from` and the longest renewal window of
 * any promoter (at least a day) plus `beyondMs` from now, soonest first, at most `limit`.
 */
async function renewingCards(deps: MoneyDeps, now: number, from: number, beyondMs: number, limit: number) {
  const { db } = deps.db;
  const maxAhead = await db
    .selectFrom('iot_money_settings')
    .select((eb) => eb.fn.max<number>('renew_ahead_ms').as('ahead'))
    .executeTakeFirst();
  const ahead = Math.max(Number(maxAhead?.ahead ?? 0), 86_400_000);
  const enabled = await db.selectFrom('iot_renewal_settings').select('sim_id').where('enabled', '=', 1).execute();
  return cardsEndingBetween(
    db,
    enabled.map((r) => r.sim_id),
    from,
    now + ahead + beyondMs,
    limit,
  );
}

/** The renewal job: every card with auto-renewal on whose service ends within its promoter's window. */
export async function runRenewals(deps: MoneyDeps, now: number): Promise<{ renewed: number; skipped: number }> {
  const due = await renewingCards(deps, now, now - RENEW_GRACE_MS, 0, 500);
  let renewed = 0;
  let skipped = 0;
  for (const { id } of due) {
    try {
      const a = await renewOne(deps, id, now);
      if (a?.outcome === 'renewed') renewed++;
      else if (a) skipped++;
    } catch (err) {
      deps.log.error({ err, simId: id }, 'auto-renewal failed');
    }
  }
  return { renewed, skipped };
}

/** A renewal coming: the card renews at `renewAt` (its promoter's window before `endAt`). */
export interface ComingRenewal {
  simId: number;
  endAt: number;
  renewAt: number;
  /** The card's bound phone ('' when none). */
  mobile: string;
}

/**
 * Cards with auto-renewal on that renew after `now` and within `withinMs` and are not renewed yet
 * for their present end: what their holders are told ahead, with the way to cancel.
 */
export async function renewalsComing(deps: MoneyDeps, now: number, withinMs: number): Promise<ComingRenewal[]> {
  const { db } = deps.db;
  const ending = await renewingCards(deps, now, now, withinMs, 2000);
  const coming: ComingRenewal[] = [];
  for (const { id } of ending) {
    const card = await cardById(db, id);
    if (card.end_at === null) continue;
    const renewAt = card.end_at - (await settingsFor(db, card.promo_code)).renew_ahead_ms;
    if (renewAt > now && renewAt <= now + withinMs) coming.push({ simId: id, endAt: card.end_at, renewAt, mobile: card.mobile });
  }
  return coming;
}

export function renewalJobs(deps: MoneyDeps): Job[] {
  return [{ name: 'iot.renewals', everyMs: 10 * 60_000, run: (now) => runRenewals(deps, now) }];
}
