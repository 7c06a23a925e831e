import type { Kysely } from 'kysely';
import { type DialectName, deleteBefore } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

type Row = Database['sms_messages'];

export async function insertMessage(db: Kysely<Database>, row: Omit<Row, 'id'>): Promise<void> {
  await db.insertInto('sms_messages').values(row).execute();
}

/**
 * Records a delivery receipt on the message the gateway names, once: only a message still `sent`
 * changes. Returns false for a repeated or unknown receipt.
 */
export async function recordReceipt(
  db: Kysely<Database>,
  provider: string,
  bizId: string,
  status: 'delivered' | 'undelivered',
  detail: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sms_messages')
    .set({ status, detail, reported_at: now })
    .where('provider', '=', provider)
    .where('biz_id', '=', bizId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function messagesByBizId(db: Kysely<Database>, provider: string, bizId: string) {
  return db.selectFrom('sms_messages').selectAll().where('provider', '=', provider).where('biz_id', '=', bizId).execute();
}

/** Messages older than `before` go, in batches. */
export async function purge(db: Kysely<Database>, dialect: DialectName, before: number): Promise<number> {
  return deleteBefore(db, dialect, 'sms_messages', 'created_at', before);
}
