import type { Kysely } from 'kysely';

/**
 * The webhook log is kept 30 days (module webhooks): the hourly purge asks, for each old event,
 * whether a delivery still names it, so the deliveries are indexed by event. Frozen once shipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();
}
