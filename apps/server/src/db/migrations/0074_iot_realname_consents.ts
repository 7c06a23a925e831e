import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The card holder's consent to the privacy policy before real-name photos are collected: the
 * version of the policy agreed to, when, and from where (decision 0073). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_realname_consents')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('agreed_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_realname_consents_sim').on('iot_realname_consents').columns(['sim_id', 'agreed_at']).execute();
}
