import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Sign-in with an OAuth provider (WeChat or its simulator): the mini-user records of spec §3 (wx,
 * ks, dy), the one-time states of authorisations in progress (bound to the browser that started
 * them), and the WeChat accounts linked to IoT cards. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('mini_users')
    .addColumn('id', c.idType, c.id)
    // wx | ks | dy
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('open_id', 'text', (col) => col.notNull())
    .addColumn('union_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('promo_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('nickname', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('head_portrait', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('index_first_group', 'integer', (col) => col.notNull().defaultTo(2))
    // The shop login (mobile) the account signs in as, once linked.
    .addColumn('mobile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('mini_users_platform_open_id', ['platform', 'open_id'])
    .execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    // SHA-256 of the random value in the browser's cookie: only that browser may use the state.
    .addColumn('browser_hash', 'text', (col) => col.notNull())
    // login | iot | scan (a phone completes a desktop's scan state: parent)
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('page', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('sync_redirect', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('parent', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('promo_code', 'text', (col) => col.notNull().defaultTo(''))
    // pending → authorized (the provider answered) → used
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('mini_user_id', c.idType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('iot_sim_oauth')
    .addColumn('id', c.idType, c.id)
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    .addColumn('mini_user_id', c.idType, (col) => col.notNull().references('mini_users.id'))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_sim_oauth_pair', ['sim_id', 'mini_user_id'])
    .execute();
}
