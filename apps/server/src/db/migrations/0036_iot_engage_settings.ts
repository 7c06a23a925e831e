import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Sign-in and task rewards of a storefront as its operators set them (iot-engage module): the
 * points of each day of the 7-day sign-in cycle and each one-off task's points and whether it is
 * offered. A storefront without a row keeps the built-in values. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_engage_settings')
    .addColumn('promo_code', 'text', (col) => col.primaryKey())
    // JSON array of 7 whole numbers: the points of streak days 1–7
    .addColumn('sign_in_rewards', 'text', (col) => col.notNull())
    // JSON object: task key → { points, enabled }
    .addColumn('tasks', 'text', (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
}
