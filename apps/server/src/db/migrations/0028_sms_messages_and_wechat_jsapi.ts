import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Payments keep what the shopper's client needs besides a URL (payments module): WeChat Pay JSAPI's
 * signed parameters for WeixinJSBridge, as JSON ('' for a payment opened by URL).
 *
 * Every SMS handed to the SMS provider (sms module): what it was for, in which language, the
 * gateway's message id (BizId) and its delivery as the gateway's receipts report it. The mobile is
 * kept masked; the code is never kept. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .alterTable('payments')
    .addColumn('pay_params', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('sms_messages')
    .addColumn('id', c.idType, c.id)
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('mobile_masked', 'text', (col) => col.notNull())
    .addColumn('template', 'text', (col) => col.notNull().defaultTo(''))
    // '' when the gateway never accepted the message
    .addColumn('biz_id', 'text', (col) => col.notNull().defaultTo(''))
    // sent (accepted by the gateway) → delivered | undelivered (its receipt); refused (not accepted: an error or no answer)
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('reported_at', c.timeType)
    .execute();
  await db.schema.createIndex('sms_messages_biz').on('sms_messages').columns(['provider', 'biz_id']).execute();
  await db.schema.createIndex('sms_messages_created').on('sms_messages').column('created_at').execute();
}
