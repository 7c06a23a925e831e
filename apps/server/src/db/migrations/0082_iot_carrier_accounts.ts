import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Operator accounts of a storefront (China Mobile OneLink, the simulator...) with their credentials
 * encrypted, the cards moved onto an account other than their storefront's default, and each
 * account's sync state: the scheduler's cursor and lease, and what the console shows of the last
 * sweeps (decision 0077). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_carrier_accounts')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('base_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('app_id', 'text', (col) => col.notNull().defaultTo(''))
    // AES-256-GCM: v1.<iv>.<tag>.<ciphertext>, base64url; empty when no secret is set
    .addColumn('secret_enc', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('calls_per_second', 'integer', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    // the storefront's cards without a card-level choice use it
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    // the scheduler: where the sweep under way is, and who holds it until when
    .addColumn('cursor_sim_id', c.idType, (col) => col.notNull().defaultTo(0))
    .addColumn('sweep_started_at', c.timeType)
    .addColumn('sweep_cards', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', c.timeType, (col) => col.notNull().defaultTo(0))
    // what the console shows
    .addColumn('last_success_at', c.timeType)
    .addColumn('last_sweep_started_at', c.timeType)
    .addColumn('cards_synced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', c.timeType)
    .addColumn('errors_in_sweep', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('iot_carrier_accounts_promoter').on('iot_carrier_accounts').column('promoter_id').execute();
  await db.schema
    .createTable('iot_carrier_card_accounts')
    .addColumn('sim_id', c.idType, (col) => col.primaryKey().references('iot_sims.id'))
    .addColumn('account_id', c.idType, (col) => col.notNull().references('iot_carrier_accounts.id'))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('iot_carrier_card_accounts_account')
    .on('iot_carrier_card_accounts')
    .columns(['account_id', 'sim_id'])
    .execute();
}
