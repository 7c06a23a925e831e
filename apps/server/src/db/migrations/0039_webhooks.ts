import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Agent webhooks and API tokens (webhooks module): endpoints per storefront, the event outbox
 * (written in the transaction of the change that causes an event), one delivery per event and
 * endpoint (and per replay) with its last try, and the read API's tokens (hashed). Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('url', 'text', (col) => col.notNull())
    // comma-separated event types
    .addColumn('events', 'text', (col) => col.notNull())
    // the HMAC key: needed in the clear to sign; shown to the agent once
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_promoter').on('webhook_endpoints').column('promoter_id').execute();
  await db.schema
    .createTable('webhook_events')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    // 0 until the deliveries of the event were made
    .addColumn('fanned_out', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_waiting').on('webhook_events').columns(['fanned_out', 'id']).execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', c.idType, c.id)
    .addColumn('endpoint_id', c.idType, (col) => col.notNull().references('webhook_endpoints.id'))
    .addColumn('event_id', c.idType, (col) => col.notNull().references('webhook_events.id'))
    .addColumn('promoter_id', c.idType, (col) => col.notNull())
    // pending, delivered, failed
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(0))
    // when the next try is due (pending), or null
    .addColumn('next_at', c.timeType)
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('response', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('replay_of', c.idType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('last_at', c.timeType)
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['state', 'next_at']).execute();
  await db.schema.createIndex('webhook_deliveries_endpoint').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_promoter').on('webhook_deliveries').columns(['promoter_id', 'id']).execute();
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    // comma-separated scopes
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('last_used_at', c.timeType)
    .addColumn('revoked_at', c.timeType)
    .execute();
  await db.schema.createIndex('api_tokens_promoter').on('api_tokens').column('promoter_id').execute();
}
