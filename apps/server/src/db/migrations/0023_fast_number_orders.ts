import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Fast-number applications (orders module): a new number of an operator with a package, applied
 * for by name, ID number, mobile and address; moved by operators through submitted → reviewing →
 * approved / rejected → shipped → activated. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('fast_number_orders')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_no', 'text', (col) => col.notNull().unique())
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('operator', 'text', (col) => col.notNull())
    .addColumn('package_id', c.idType, (col) => col.notNull())
    .addColumn('package_name', 'text', (col) => col.notNull())
    .addColumn('monthly_fee', c.moneyType, (col) => col.notNull())
    .addColumn('applicant_name', 'text', (col) => col.notNull())
    .addColumn('id_number', 'text', (col) => col.notNull())
    .addColumn('contact_mobile', 'text', (col) => col.notNull())
    .addColumn('province', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('county', 'text', (col) => col.notNull())
    .addColumn('address_detail', 'text', (col) => col.notNull())
    .addColumn('id_front_upload', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('id_back_upload', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('owner_mobile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('owner_session', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('assigned_number', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reject_reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reviewing_at', c.timeType)
    .addColumn('approved_at', c.timeType)
    .addColumn('rejected_at', c.timeType)
    .addColumn('shipped_at', c.timeType)
    .addColumn('activated_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('fast_number_orders_owner_session').on('fast_number_orders').columns(['owner_session', 'id']).execute();
  await db.schema.createIndex('fast_number_orders_owner_mobile').on('fast_number_orders').columns(['owner_mobile', 'id']).execute();
  await db.schema.createIndex('fast_number_orders_contact_mobile').on('fast_number_orders').columns(['contact_mobile', 'id']).execute();
  await db.schema.createIndex('fast_number_orders_status').on('fast_number_orders').columns(['status', 'id']).execute();
  await db.schema.createIndex('fast_number_orders_id_front').on('fast_number_orders').columns(['id_front_upload']).execute();
  await db.schema.createIndex('fast_number_orders_id_back').on('fast_number_orders').columns(['id_back_upload']).execute();
}
