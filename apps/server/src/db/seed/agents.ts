/**
 * Demo agents: the chain agent01 → agent02 → agent03 is managed by mobiles 13900000001,
 * 13900000002 and 13900000003. agent01 sells to agent02's shoppers at +¥20 a number (+¥200 for an
 * AAAA number) and +10 % on goods; agent02 adds +¥10 a number for agent03's shoppers.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export const AGENT_MOBILES: Record<string, string> = { agent01: '13900000001', agent02: '13900000002', agent03: '13900000003' };

export async function seedAgents(db: Kysely<Database>, now: number): Promise<void> {
  const rows = await db
    .selectFrom('promoters')
    .select(['id', 'promo_code'])
    .where('promo_code', 'in', Object.keys(AGENT_MOBILES))
    .execute();
  const id = new Map(rows.map((r) => [r.promo_code, r.id]));
  await db
    .insertInto('agent_members')
    .values(rows.map((r) => ({ promoter_id: r.id, mobile: AGENT_MOBILES[r.promo_code] ?? '', created_at: now })))
    .execute();
  const price = (agent: string, lower: string, numberRules: { pattern: string; markup: number }[], goodsMarkupPercent: number) => ({
    agent_id: id.get(agent) ?? 0,
    lower_id: id.get(lower) ?? 0,
    number_rules: JSON.stringify(numberRules),
    goods_markup_percent: goodsMarkupPercent,
    updated_at: now,
  });
  await db
    .insertInto('agent_custom_prices')
    .values([
      price(
        'agent01',
        'agent02',
        [
          { pattern: '', markup: 2000 },
          { pattern: 'AAAA', markup: 20000 },
        ],
        10,
      ),
      price('agent02', 'agent03', [{ pattern: '', markup: 1000 }], 0),
    ])
    .execute();
}
