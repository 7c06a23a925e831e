import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Wi-Fi cards (a network's name and password behind a random link, with an owner key, an expiry and
 * a revocation), machine codes (one random code per device or plain SIM, opening its recharge page
 * without a login) and the parts of a promoter's recharge page. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_wifi_shares')
    .addColumn('id', c.idType, c.id)
    // SHA-256 of the link's token and of the owner key (neither is stored as such).
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('owner_key_hash', 'text', (col) => col.notNull())
    // site: typed by a visitor; device: a band of a card's device, as it was when shared
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('device_id', c.idType)
    .addColumn('wifi_type', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('ssid', 'text', (col) => col.notNull())
    .addColumn('password', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('encryption', 'text', (col) => col.notNull())
    .addColumn('hidden', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .addColumn('revoked_at', c.timeType)
    .execute();
  await db.schema.createIndex('iot_wifi_shares_expires').on('iot_wifi_shares').column('expires_at').execute();

  await db.schema
    .createTable('iot_one_codes')
    .addColumn('id', c.idType, c.id)
    .addColumn('code', 'text', (col) => col.notNull().unique())
    // d:<device id> or s:<sim id> while the code is in use; null once replaced (so a machine has one code in use).
    .addColumn('machine_key', 'text', (col) => col.unique())
    .addColumn('device_id', c.idType)
    .addColumn('sim_id', c.idType)
    .addColumn('promo_code', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('revoked_at', c.timeType)
    .execute();

  await db.schema
    .createTable('iot_one_code_blocks')
    .addColumn('id', c.idType, c.id)
    .addColumn('promo_code', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('title', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('content', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_one_code_blocks_promo').on('iot_one_code_blocks').columns(['promo_code', 'sort']).execute();
}
