import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { FastNumberOrdersTable } from '../../db/schema-fast-number.ts';
import { containsText } from '../../lib/like.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type FastNumberOrderRow = Selectable<FastNumberOrdersTable>;

export function insert(trx: Db, row: Insertable<FastNumberOrdersTable>): Promise<FastNumberOrderRow> {
  return trx.insertInto('fast_number_orders').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findByNo(db: Db, orderNo: string) {
  return db.selectFrom('fast_number_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as FastNumberOrderRow[]);
  return db.selectFrom('fast_number_orders').selectAll().where('id', 'in', ids).execute();
}

/** The applications an uploaded file is an ID photo of. */
export function withUpload(db: Db, uploadId: string) {
  return db
    .selectFrom('fast_number_orders')
    .selectAll()
    .where((eb) => eb.or([eb('id_front_upload', '=', uploadId), eb('id_back_upload', '=', uploadId)]))
    .execute();
}

/** Moves an order from one of `from` to a new state, once: false when it was not in `from`. */
export async function transition(trx: Db, id: number, from: string[], set: Updateable<FastNumberOrdersTable>): Promise<boolean> {
  const res = await trx.updateTable('fast_number_orders').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Sets fields of an order while it is in one of `from` (the photos while not yet decided). */
export const updateWhile = transition;

/** The console's filter of applications: the storefronts within reach, a state, a keyword. */
export interface ApplicationFilter {
  reach: 'all' | number[];
  promoterId?: number;
  status?: string;
  keyword?: string;
}

function filtered(db: Db, f: ApplicationFilter) {
  let q = db.selectFrom('fast_number_orders');
  if (f.reach !== 'all') q = q.where('promoter_id', 'in', f.reach.length > 0 ? f.reach : [0]);
  if (f.promoterId !== undefined) q = q.where('promoter_id', '=', f.promoterId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) {
    const k = f.keyword;
    q = q.where((eb) => eb.or([containsText('order_no', k), containsText('applicant_name', k), containsText('contact_mobile', k)]));
  }
  return q;
}

/** A page of applications, newest first, and how many match. */
export async function applicationPage(db: Db, f: ApplicationFilter, offset: number, limit: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
