import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The provisioning outbox of IoT orders: one row per paid package order, written in the
 * transaction that takes the money; a worker opens the package at the carrier outside any
 * transaction and records the outcome here (decision 0009). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_provisioning')
    .addColumn('id', c.idType, c.id)
    .addColumn('order_id', c.idType, (col) => col.notNull().unique().references('iot_orders.id'))
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // pending | done | refused
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('tries', 'integer', (col) => col.notNull().defaultTo(0))
    // When the next try may start (a try in progress holds it this far ahead).
    .addColumn('next_at', c.timeType, (col) => col.notNull())
    .addColumn('last_error', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_provisioning_due').on('iot_provisioning').columns(['state', 'next_at']).execute();
}
