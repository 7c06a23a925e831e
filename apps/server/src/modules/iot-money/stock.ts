/**
 * Flash-sale stock and per-card limits. An order of a package with stock holds one unit while it is
 * pending, paid or effective: the unit is taken by a conditional update (`sold < stock`) when the
 * order is placed, and each move out of those states gives it back once (the moves are made on the
 * locked order row or by conditional updates).
 */
import { Code } from '@simshop/contract/codes';
import { BizError, invalid } from '../../lib/errors.ts';
import type { PackageRow } from './catalogue.ts';
import type { Trx } from './deps.ts';
import type { OrderRow } from './order-store.ts';

/** Order states in which an order holds its unit of stock and counts towards a per-card limit. */
export const HOLDING: OrderRow['status'][] = ['pending', 'paid', 'effective'];

export const soldOut = () => new BizError(Code.SOLD_OUT, 'packages.soldOut');

/** Takes one unit of a flash sale's stock; false when none is left. */
export async function takeStock(trx: Trx, pkg: PackageRow, now: number): Promise<boolean> {
  if (pkg.stock === null) return true;
  const r = await trx
    .updateTable('iot_packages')
    .set((eb) => ({ sold: eb('sold', '+', 1), updated_at: now }))
    .where('id', '=', pkg.id)
    .whereRef('sold', '<', 'stock')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives back the unit an order held (packages without stock have none). */
export async function releaseStock(trx: Trx, packageId: number | null, now: number): Promise<void> {
  if (packageId === null) return;
  await trx
    .updateTable('iot_packages')
    .set((eb) => ({ sold: eb('sold', '-', 1), updated_at: now }))
    .where('id', '=', packageId)
    .where('stock', 'is not', null)
    .where('sold', '>', 0)
    .execute();
}

/** Refuses a purchase beyond the package's limit per card (counted on the card locked by the caller). */
export async function checkCardLimit(trx: Trx, pkg: PackageRow, simId: number): Promise<void> {
  if (pkg.per_card_limit <= 0) return;
  const row = await trx
    .selectFrom('iot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('package_id', '=', pkg.id)
    .where('sim_id', '=', simId)
    .where('status', 'in', HOLDING)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= pkg.per_card_limit) {
    throw invalid('packageId', 'packages.perCardLimit', { limit: pkg.per_card_limit });
  }
}
