import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The changes asked of a carrier (state changes, offerings, speed profiles), each written before
 * the outside call and updated after it, so a restart polls what is under way instead of asking it
 * twice (decision 0075). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_carrier_operations')
    .addColumn('carrier', 'text', (col) => col.notNull())
    .addColumn('op_key', 'text', (col) => col.notNull())
    .addColumn('iccid', 'text', (col) => col.notNull())
    .addColumn('sim_no', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('request', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('operator_ref', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('iot_carrier_operations_pk', ['carrier', 'op_key'])
    .execute();
  await db.schema
    .createIndex('iot_carrier_operations_status')
    .on('iot_carrier_operations')
    .columns(['carrier', 'status', 'created_at'])
    .execute();
}
