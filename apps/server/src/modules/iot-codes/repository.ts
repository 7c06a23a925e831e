/** The tables of this module: Wi-Fi cards, machine codes and the parts of recharge pages. */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { IotCodesTables } from '../../db/schema-iot-codes.ts';

type Db = Kysely<Database>;

export function insertShare(db: Db, row: Insertable<IotCodesTables['iot_wifi_shares']>) {
  return db.insertInto('iot_wifi_shares').values(row).execute();
}

export function shareByTokenHash(db: Db, tokenHash: string) {
  return db.selectFrom('iot_wifi_shares').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Withdraws a card still in force; the number of rows changed (0: unknown, ended or withdrawn already). */
export async function revokeShare(db: Db, id: number, now: number): Promise<number> {
  const r = await db
    .updateTable('iot_wifi_shares')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function codeInUse(db: Db, machineKey: string) {
  return db.selectFrom('iot_one_codes').selectAll().where('machine_key', '=', machineKey).executeTakeFirst();
}

export function codeByValue(db: Db, code: string) {
  return db.selectFrom('iot_one_codes').selectAll().where('code', '=', code).where('revoked_at', 'is', null).executeTakeFirst();
}

/** Adds a code for a machine unless it has one in use already (two instances may race: one wins). */
export function insertCodeIfNone(db: Db, row: Insertable<IotCodesTables['iot_one_codes']>) {
  return db
    .insertInto('iot_one_codes')
    .values(row)
    .onConflict((oc) => oc.column('machine_key').doNothing())
    .execute();
}

/** Takes a machine's code out of use (it stops opening the recharge page). */
export function retireCode(db: Db, machineKey: string, now: number) {
  return db.updateTable('iot_one_codes').set({ machine_key: null, revoked_at: now }).where('machine_key', '=', machineKey).execute();
}

export function blocksOf(db: Db, promoCode: string) {
  return db
    .selectFrom('iot_one_code_blocks')
    .selectAll()
    .where('promo_code', '=', promoCode)
    .where('enabled', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
