import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function isMember(db: Db, promoterId: number, mobile: string) {
  return db
    .selectFrom('agent_members')
    .select('id')
    .where('promoter_id', '=', promoterId)
    .where('mobile', '=', mobile)
    .executeTakeFirst()
    .then((r) => r !== undefined);
}

export function addMember(db: Db, promoterId: number, mobile: string, now: number) {
  return db
    .insertInto('agent_members')
    .values({ promoter_id: promoterId, mobile, created_at: now })
    .onConflict((oc) => oc.columns(['promoter_id', 'mobile']).doNothing())
    .execute();
}

/** The custom prices set for these downstream agents (by whoever their agent is). */
export function pricesForLowers(db: Db, lowerIds: number[]) {
  if (lowerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('agent_custom_prices').selectAll().where('lower_id', 'in', lowerIds).execute();
}

/** Replaces the custom price of (agent, lower) in one statement. */
export function savePrice(db: Db, agentId: number, lowerId: number, numberRules: string, goodsMarkupPercent: number, now: number) {
  return db
    .insertInto('agent_custom_prices')
    .values({ agent_id: agentId, lower_id: lowerId, number_rules: numberRules, goods_markup_percent: goodsMarkupPercent, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['agent_id', 'lower_id'])
        .doUpdateSet({ number_rules: numberRules, goods_markup_percent: goodsMarkupPercent, updated_at: now }),
    )
    .execute();
}
