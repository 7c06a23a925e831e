import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The capability table (iot-capabilities module): a device model's or an operator's capability
 * turned on or off. A capability without a row is on. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_capabilities')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('capability', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addPrimaryKeyConstraint('iot_capabilities_pk', ['scope', 'subject', 'capability'])
    .execute();
}
