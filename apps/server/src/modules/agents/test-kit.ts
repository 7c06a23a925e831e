import { randomBytes } from 'node:crypto';
import type { App } from '../../lib/route.ts';

/** Helpers of the agents API tests (imported by tests only). */

/** An agent storefront of its own, copied from `demo` with a fresh promo code, under `parentId`. */
export async function makeAgent(app: App, parentId: number | null): Promise<{ id: number; promoCode: string }> {
  const db = app.db.db;
  const demo = await db.selectFrom('promoters').selectAll().where('promo_code', '=', 'demo').executeTakeFirstOrThrow();
  const promoCode = `ag${randomBytes(5).toString('hex')}`;
  const { id: _id, ...rest } = demo;
  const row = await db
    .insertInto('promoters')
    .values({
      ...rest,
      promo_code: promoCode,
      name: `代理 ${promoCode}`,
      is_default: 0,
      is_agent: 1,
      parent_id: parentId,
      invite_code: promoCode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, promoCode };
}

/** Lets `mobile` manage the agent storefront. */
export async function addMember(app: App, promoterId: number, mobile: string): Promise<void> {
  await app.db.db.insertInto('agent_members').values({ promoter_id: promoterId, mobile, created_at: Date.now() }).execute();
}
