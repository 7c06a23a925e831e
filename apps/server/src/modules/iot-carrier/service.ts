/**
 * Carrier synchronisation: brings a SIM's usage, packages, totals and statuses up to now from what
 * the carrier reports, and applies the day-flow break rule. Other modules (package purchases, the
 * dashboard) call `syncSim` / `syncSimIn` after changing a card's packages.
 */
import type { Kysely, Transaction } from 'kysely';
import { forUpdate } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import type { Job } from '../../lib/jobs.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { accrue, chinaDay, chinaMonth, type PackageState } from './flow-math.ts';

type Trx = Kysely<Database>;

function toState(row: {
  id: number;
  kind: string;
  unlimited: number;
  flow_mb: number;
  used_mb: number;
  starts_at: number;
  ends_at: number;
  status: string;
}): PackageState {
  return {
    id: row.id,
    kind: row.kind as PackageState['kind'],
    unlimited: row.unlimited === 1,
    flowMb: row.flow_mb,
    usedMb: row.used_mb,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status as PackageState['status'],
  };
}

export interface SyncOptions {
  /** Also read the card's network state from the carrier (forced refresh). */
  readState?: boolean;
}

/**
 * Synchronises one SIM inside the caller's transaction. Accrual over the span since the last
 * synchronisation uses the card's current state, so a caller that changes the state (lifts a break,
 * clears arrears, adds a package) synchronises first, changes it, then synchronises again. The row is locked on PostgreSQL, and the
 * synchronised-at mark makes a second runner find nothing left to do.
 */
export async function syncSimIn(
  trx: Trx,
  dialect: Db['dialect'],
  carrier: CarrierProvider,
  simId: number,
  now: number,
  options: SyncOptions = {},
) {
  const sim = await forUpdate(dialect, trx.selectFrom('iot_sims').selectAll().where('id', '=', simId)).executeTakeFirst();
  if (!sim) return false;
  const card = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type };
  const packages = (
    await trx
      .selectFrom('iot_sim_packages')
      .select(['id', 'kind', 'unlimited', 'flow_mb', 'used_mb', 'starts_at', 'ends_at', 'status'])
      .where('sim_id', '=', simId)
      .where('status', 'in', ['pending', 'active'])
      .execute()
  ).map(toState);
  const from = Math.min(sim.usage_synced_at > 0 ? sim.usage_synced_at : now, now);
  const firstDay = chinaDay(from);
  const usedOnFirstDay =
    (await trx.selectFrom('iot_usage_daily').select('flow_mb').where('sim_id', '=', simId).where('day', '=', firstDay).executeTakeFirst())
      ?.flow_mb ?? 0;
  const rule = await trx
    .selectFrom('iot_break_rules')
    .select(['id', 'threshold_mb', 'remove_delay_ms'])
    .where('kind', '=', 'day_flow_over')
    .where('enabled', '=', 1)
    .where('threshold_mb', '>', 0)
    .orderBy('threshold_mb')
    .orderBy('id')
    .executeTakeFirst();

  const result = await accrue({
    from,
    to: now,
    packages,
    card: {
      status: sim.status,
      simStatus: sim.sim_status,
      cancelStatus: sim.cancel_status,
      inBreak: sim.break_rule_id !== null,
      arrearsBalance: sim.arrears_balance,
    },
    usedOnFirstDay,
    dayBreakMb: rule?.threshold_mb ?? null,
    usage: (a, b) => carrier.usage(card, a, b),
  });

  const before = new Map(packages.map((p) => [p.id, p]));
  for (const p of result.packages) {
    const old = before.get(p.id);
    if (old && (old.status !== p.status || old.usedMb !== p.usedMb)) {
      await trx
        .updateTable('iot_sim_packages')
        .set({ status: p.status, used_mb: p.usedMb, updated_at: now })
        .where('id', '=', p.id)
        .execute();
    }
  }
  for (const [day, mb] of result.days) {
    await trx
      .insertInto('iot_usage_daily')
      .values({ sim_id: simId, day, flow_mb: mb, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['sim_id', 'day']).doUpdateSet((eb) => ({ flow_mb: eb('iot_usage_daily.flow_mb', '+', mb), updated_at: now })),
      )
      .execute();
  }

  const today = chinaDay(now);
  const month = chinaMonth(now);
  const addedToday = result.days.get(today) ?? 0;
  let addedMonth = 0;
  for (const [day, mb] of result.days) if (day.startsWith(month)) addedMonth += mb;
  const dayUse = (sim.usage_day === today ? sim.day_use_flow : 0) + addedToday;
  const monthUse = (sim.usage_month === month ? sim.month_use_flow : 0) + addedMonth;

  let breakUpdate = {};
  if (result.breakAt !== null && rule && sim.break_rule_id === null) {
    breakUpdate = { break_rule_id: rule.id, break_at: result.breakAt, break_remove_at: result.breakAt + rule.remove_delay_ms };
    await trx
      .insertInto('iot_sim_breaks')
      .values({ sim_id: simId, rule_id: rule.id, started_at: result.breakAt, removed_at: null })
      .execute();
  }
  const internet = result.internetOn ? 1 : 0;
  if (internet !== sim.internet_status) await carrier.setData(card, internet === 1, now);
  const online = options.readState ? (await carrier.state(card, now)).onlineStatus : sim.online_status;
  const s = result.summary;
  await trx
    .updateTable('iot_sims')
    .set({
      total_flow: s.totalFlow,
      use_flow: s.useFlow,
      is_infinite_flow: s.isInfiniteFlow ? 1 : 0,
      // Without a package in effect the card keeps the end of its last one (shown as expired).
      end_at: s.endAt ?? sim.end_at,
      volume_package_id: s.volumePackageId,
      internet_status: internet,
      online_status: internet === 1 ? online : 2,
      day_use_flow: dayUse,
      usage_day: today,
      month_use_flow: monthUse,
      usage_month: month,
      usage_synced_at: now,
      last_robin_at: now,
      updated_at: now,
      ...breakUpdate,
    })
    .where('id', '=', simId)
    .execute();
  return true;
}

/** Synchronises one SIM in a transaction of its own. */
export async function syncSim(db: Db, carrier: CarrierProvider, simId: number, now: number, options: SyncOptions = {}) {
  return db.db.transaction().execute((trx: Transaction<Database>) => syncSimIn(trx, db.dialect, carrier, simId, now, options));
}

/** Synchronises every card that is not cancelled or disabled, in id order; returns how many. */
export async function syncAll(db: Db, carrier: CarrierProvider, now: number, batch = 200): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const ids = await db.db
      .selectFrom('iot_sims')
      .select('id')
      .where('id', '>', after)
      .where('cancel_status', '=', 0)
      .where('status', '=', 1)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (ids.length === 0) return count;
    for (const { id } of ids) {
      if (await syncSim(db, carrier, id, now)) count++;
      after = id;
    }
  }
}

/** Deletes sessions and login codes that ended more than 30 days ago. */
export async function purgeSessions(db: Db, now: number): Promise<void> {
  const before = now - 30 * 86_400_000;
  await db.db.deleteFrom('iot_sim_sessions').where('expires_at', '<', before).execute();
  await db.db.deleteFrom('iot_login_codes').where('expires_at', '<', before).execute();
}

export function carrierJobs(db: Db, carrier: CarrierProvider): Job[] {
  return [
    { name: 'iot.carrier-sync', everyMs: 5 * 60_000, run: (now) => syncAll(db, carrier, now) },
    { name: 'iot.session-purge', everyMs: 6 * 3_600_000, run: (now) => purgeSessions(db, now) },
  ];
}
