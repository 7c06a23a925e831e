import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The card holder's account: real-name verification requests (the platform's own, and the
 * carrier's official one as the carrier reports it) and SMS codes sent to a phone being bound
 * (`purpose` bind; login codes keep `login`). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .alterTable('iot_login_codes')
    .addColumn('purpose', 'text', (col) => col.notNull().defaultTo('login'))
    .execute();

  await db.schema
    .createTable('iot_realname_requests')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // platform: the shop's own check of name, ID number and photos; official: the carrier's.
    .addColumn('kind', 'text', (col) => col.notNull())
    // pending | verified | rejected
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('id_number', 'text', (col) => col.notNull())
    .addColumn('face_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('id_front_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('id_back_photo', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
    // When the simulated review answers by itself (null: a person decides).
    .addColumn('review_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('decided_at', c.timeType)
    .execute();
  await db.schema.createIndex('iot_realname_requests_sim').on('iot_realname_requests').columns(['sim_id', 'kind', 'id']).execute();
  await db.schema.createIndex('iot_realname_requests_review').on('iot_realname_requests').columns(['status', 'review_at']).execute();
}
