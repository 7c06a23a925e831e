/**
 * The packages a card holds (iot_sim_packages), owned by this module: other modules add, open,
 * refuse and close them through these functions, inside their own transaction when they pass one.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotSimPackagesTable, PackageStatus } from '../../db/schema-iot.ts';

type Trx = Kysely<Database>;
export type SimPackageRow = Selectable<IotSimPackagesTable>;

/** Packages that hold or will hold service: paid and waiting for the carrier, queued, or in effect. */
const HELD: PackageStatus[] = ['provisioning', 'pending', 'active'];

/**
 * End of the base packages in effect, queued or being opened (when a "next" purchase starts), or
 * null when there are none.
 */
export async function baseServiceEnd(db: Trx, simId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('iot_sim_packages')
    .select((eb) => eb.fn.max<number>('ends_at').as('end'))
    .where('sim_id', '=', simId)
    .where('kind', '=', 'base')
    .where('status', 'in', HELD)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return row?.end === null || row?.end === undefined ? null : Number(row.end);
}

/** End of the card's packages in effect at `now` (opened, started, not ended), or null when none is. */
export async function packageInEffectUntil(db: Trx, simId: number, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('iot_sim_packages')
    .select((eb) => eb.fn.max<number>('ends_at').as('end'))
    .where('sim_id', '=', simId)
    .where('status', '=', 'active')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .executeTakeFirst();
  return row?.end === null || row?.end === undefined ? null : Number(row.end);
}

/** Whether the card holds a volume package (in effect, queued or being opened). */
export async function holdsVolumePackage(db: Trx, simId: number): Promise<boolean> {
  const row = await db
    .selectFrom('iot_sim_packages')
    .select('id')
    .where('sim_id', '=', simId)
    .where('kind', '=', 'volume')
    .where('status', 'in', HELD)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds a paid package waiting for the carrier; returns its id. */
export async function addProvisioningPackage(trx: Trx, row: Omit<Insertable<IotSimPackagesTable>, 'status' | 'used_mb'>): Promise<number> {
  const r = await trx
    .insertInto('iot_sim_packages')
    .values({ ...row, status: 'provisioning', used_mb: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function findSimPackage(db: Trx, id: number): Promise<SimPackageRow | undefined> {
  return db.selectFrom('iot_sim_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The card's volume package in effect or queued with this id. */
export function findOpenVolume(db: Trx, simId: number, id: number): Promise<SimPackageRow | undefined> {
  return db
    .selectFrom('iot_sim_packages')
    .selectAll()
    .where('id', '=', id)
    .where('sim_id', '=', simId)
    .where('kind', '=', 'volume')
    .where('status', 'in', ['active', 'pending'])
    .executeTakeFirst();
}

/** Moves a package being opened to `status` (opened: active or pending; or refused); false when it was not being opened. */
export async function settleProvisioning(trx: Trx, id: number, status: PackageStatus, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('iot_sim_packages')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'provisioning')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends a package (refunded, or a volume package closed with what its use was charged in all). */
export async function closeSimPackage(trx: Trx, id: number, endsAt: number, now: number, charged?: number): Promise<void> {
  await trx
    .updateTable('iot_sim_packages')
    .set({ status: 'closed', ends_at: endsAt, updated_at: now, ...(charged === undefined ? {} : { charged }) })
    .where('id', '=', id)
    .where('status', 'in', HELD)
    .execute();
}

/** Start and end of packages by id (order lists and views). */
export async function packageWindows(db: Trx, ids: number[]): Promise<Map<number, { starts_at: number; ends_at: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('iot_sim_packages').select(['id', 'starts_at', 'ends_at']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { starts_at: r.starts_at, ends_at: r.ends_at }]));
}

/** The card's pending and active packages as the operator console shows them, soonest end first. */
export function livePackagesOfCard(db: Trx, simId: number) {
  return db
    .selectFrom('iot_sim_packages')
    .select(['id', 'package_id', 'name', 'kind', 'flow_mb', 'used_mb', 'unlimited', 'starts_at', 'ends_at', 'status'])
    .where('sim_id', '=', simId)
    .where('status', 'in', ['pending', 'active'])
    .orderBy('ends_at')
    .orderBy('id')
    .execute();
}
