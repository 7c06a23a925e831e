/**
 * The bench fleet's numbering (shared by the seed in lib.ts, the carrier-sync bench and its fake
 * operator in another process), and a generator of a large fleet written by the database itself.
 */
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/kysely.ts';
import { chinaDay, chinaMonth } from '../apps/server/src/lib/flow-math.ts';

/** The i-th fleet card's number (clear of the demo cards). */
export const fleetMsisdn = (i: number) => `14500${String(i).padStart(8, '0')}`;
/** The i-th fleet card's ICCID. */
export const fleetIccid = (i: number) => `8986045000${String(i).padStart(8, '0')}00`;
/** The fleet sequence of a number (-1: not a fleet card's). */
export function fleetSeqOf(msisdn: string): number {
  return msisdn.length === 13 && msisdn.startsWith('14500') ? Number(msisdn.slice(5)) : -1;
}

/**
 * Seeds `count` active, real-named cards of the demo storefront numbered as the fleet, each with one
 * 30 GB base package in use and synchronised last at `syncedAt`, in a few statements the database
 * runs itself (a recursive row generator: seconds for a million cards on either database).
 */
export async function seedCardFleet(db: Db, count: number, now: number, syncedAt: number): Promise<void> {
  const dayMs = 86_400_000;
  const packageMb = 30 * 1024;
  const packageEnd = now + 20 * dayMs;
  const pad = db.dialect === 'postgres' ? sql`lpad(i::text, 8, '0')` : sql`substr('00000000' || i, -8)`;
  // Chunks keep one statement's work (and PostgreSQL's recursion) moderate.
  const chunk = 100_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await db.db.transaction().execute(async (trx) => {
      await sql`
        with recursive s(i) as (select ${sql.lit(start)} union all select i + 1 from s where i < ${sql.lit(end)})
        insert into iot_sims (sim_no, iccid, promo_code, status, sim_status, auth_status, balance, total_flow, end_at,
          internet_status, carrier_data, usage_day, usage_month, usage_synced_at, last_robin_at, created_at, updated_at)
        select '14500' || ${pad}, '8986045000' || ${pad} || '00', 'demo', 1, 2, 1, 0, ${sql.lit(packageMb)}, ${sql.lit(packageEnd)},
          1, 1, ${sql.lit(chinaDay(syncedAt))}, ${sql.lit(chinaMonth(syncedAt))}, ${sql.lit(syncedAt)}, ${sql.lit(syncedAt)}, ${sql.lit(now)}, ${sql.lit(now)}
        from s`.execute(trx);
      await sql`
        insert into iot_sim_packages (sim_id, package_id, name, kind, flow_mb, duration, duration_unit, starts_at, ends_at,
          status, created_at, updated_at)
        select id, null, '30GB monthly', 'base', ${sql.lit(packageMb)}, 1, 2, ${sql.lit(now - 10 * dayMs)}, ${sql.lit(packageEnd)}, 'active', ${sql.lit(now)}, ${sql.lit(now)}
        from iot_sims where sim_no >= ${sql.lit(fleetMsisdn(start))} and sim_no <= ${sql.lit(fleetMsisdn(end))}`.execute(trx);
    });
  }
}
