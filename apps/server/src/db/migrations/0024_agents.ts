import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Agents (agents module): the mobiles that manage an agent storefront, and the custom price an
 * agent sets for each direct downstream agent. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('agent_members')
    .addColumn('id', c.idType, c.id)
    .addColumn('promoter_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('agent_members_promoter_mobile', ['promoter_id', 'mobile'])
    .execute();
  await db.schema.createIndex('agent_members_mobile').on('agent_members').columns(['mobile']).execute();

  // One row per (agent, direct downstream): the number rules as JSON and the goods markup.
  await db.schema
    .createTable('agent_custom_prices')
    .addColumn('id', c.idType, c.id)
    .addColumn('agent_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('lower_id', c.idType, (col) => col.notNull().references('promoters.id'))
    .addColumn('number_rules', 'text', (col) => col.notNull())
    .addColumn('goods_markup_percent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('agent_custom_prices_pair', ['agent_id', 'lower_id'])
    .execute();
  await db.schema.createIndex('agent_custom_prices_lower').on('agent_custom_prices').columns(['lower_id']).execute();
}
