import { type Kysely, sql } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The card row keeps when its paid VIP and speed-up windows end at the latest (`perks_until`,
 * written by the module that sells them through iot-sims), so the SIM view skips looking for a
 * running VIP or speed-up on a card that has none. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema.alterTable('iot_sims').addColumn('perks_until', c.timeType).execute();
  await sql`update iot_sims set perks_until = (
      select max(e) from (
        select max(end_at) as e from iot_vip_orders where iot_vip_orders.sim_id = iot_sims.id and status = 1
        union all
        select max(end_at) as e from iot_accelerate_orders where iot_accelerate_orders.sim_id = iot_sims.id and status = 1
      ) as ends
    )`.execute(db);
}
