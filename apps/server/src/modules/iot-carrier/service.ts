/**
 * Carrier synchronisation: brings a SIM's usage, packages, totals and statuses up to now from what
 * the carrier reports, and applies the day-flow break rule. Other modules (package purchases, the
 * dashboard) call `syncSim` / `syncSimIn` after changing a card's packages.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import { updateManyById } from '../../db/update-many.ts';
import {
  accrue,
  allocateUsage,
  applyLifecycle,
  chinaDay,
  chinaMonth,
  DAY_MS,
  internetAllowed,
  type PackageState,
  summarise,
} from '../../lib/flow-math.ts';
import type { Job } from '../../lib/jobs.ts';
import { batches } from '../../providers/carrier/operations.ts';
import { RoutedCarrier } from '../../providers/carrier/routed.ts';
import type { CarrierCard, CarrierProvider, DayUsage, MonthUsage } from '../../providers/carrier/types.ts';
import {
  applyCardSync,
  applyCardSyncs,
  type Card,
  type CardSync,
  cardDataSwitch,
  cardsAwaitingDataSwitch,
  confirmCarrierData,
  type LedgerTotals,
  liveCardIds,
  lockCardForSync,
  lockCardsForSync,
} from '../iot-sims/service.ts';
import { cycleKey, cycleToDays, deriveUsage, spanDays, type UsageMark } from './usage.ts';

export { CardSpeeds, type SpeedWant, type SpeedWanter } from './speed.ts';

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
  /** The card's network state as the carrier reported it just before (forced refresh), read outside any transaction. */
  onlineStatus?: number;
  /**
   * The card's day figures read from the carrier just before, outside any transaction (the sync job
   * reads them in batches); without them the carrier is asked for this card.
   */
  figures?: readonly DayUsage[];
  /**
   * For a carrier with a cycle counter only (`limits.dayFigures` false): the card's counter read
   * just before (null: none could be read); without it the carrier is asked for this card.
   */
  cycle?: MonthUsage | null;
  /** What a batch synchronisation read for all its cards at once (syncCards): no read per card. */
  loaded?: LoadedForSync;
}

/** The rows a synchronisation reads besides the card and its packages, read for a whole batch. */
export interface LoadedForSync {
  /** The card's usage marks (as `usageMarks` reads them). */
  marks: Map<string, UsageMark>;
  /** The card's usage of a day from the daily table (0: none). */
  dayUse(day: string): number;
  rule: DayFlowRule | undefined;
}

type DayFlowRule = { id: number; threshold_mb: number; remove_delay_ms: number };

/** How many days back a synchronisation asks day figures for, at most (a card idle longer loses the older ones). */
const MAX_SPAN_DAYS = 62;

type SimRow = Card;

/** Everything a synchronisation will write, computed from the locked card and its packages. */
export interface SyncPlan {
  sim: SimRow;
  card: { simNo: string; iccid: string; operatorType: number };
  /** Packages after the accrual (pending and active ones; expired ones included with their new status). */
  packages: PackageState[];
  /** The packages' state before, by id, to write only what changed. */
  before: Map<number, PackageState>;
  days: Map<string, number>;
  breakUpdate: { break_rule_id: number; break_at: number; break_remove_at: number } | null;
  inBreak: boolean;
  onlineStatus: number | undefined;
  /** The card's usage marks to write (decision 0070). */
  marks: Map<string, UsageMark>;
}

/** The card's pending and active packages. */
export async function livePackages(trx: Trx, simId: number): Promise<PackageState[]> {
  return (
    await trx
      .selectFrom('iot_sim_packages')
      .select(['id', 'kind', 'unlimited', 'flow_mb', 'used_mb', 'starts_at', 'ends_at', 'status'])
      .where('sim_id', '=', simId)
      .where('status', 'in', ['pending', 'active'])
      .execute()
  ).map(toState);
}

/**
 * Accrues the card's usage from its last synchronisation to `now` under its current state (no
 * writes). The locked card row and its live packages are the caller's.
 */
export async function planSync(
  trx: Trx,
  carrier: CarrierProvider,
  sim: SimRow,
  packages: PackageState[],
  now: number,
  options: SyncOptions = {},
): Promise<SyncPlan> {
  const card = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type };
  // The card's own carrier decides what may be read here (its limits, whether it answers in this process).
  carrier = carrier instanceof RoutedCarrier ? await carrier.carrierOf(card) : carrier;
  const from = Math.min(sim.usage_synced_at > 0 ? sim.usage_synced_at : now, now);
  const base = { sim, card, before: new Map(packages.map((p) => [p.id, p])), onlineStatus: options.onlineStatus };
  if (from >= now) {
    // Nothing to accrue (synchronised this very millisecond): only the lifecycle moves, and a cycle
    // counter's first reading is kept (the card's count starts from it).
    return {
      ...base,
      packages: applyLifecycle(packages, now),
      days: new Map(),
      breakUpdate: null,
      inBreak: sim.break_rule_id !== null,
      marks: carrier.limits.dayFigures === false ? await firstCycleMark(trx, carrier, sim.id, card, now, options) : new Map(),
    };
  }
  const maxDays = Math.min(MAX_SPAN_DAYS, carrier.limits.dayHistory);
  let marks = options.loaded?.marks ?? (await usageMarks(trx, sim.id, now, carrier.limits.dayHistory));
  let figures: readonly DayUsage[];
  let cycleMarks = new Map<string, UsageMark>();
  if (carrier.limits.dayFigures === false) {
    // A cycle counter only (decision 0075): its reading against the cycle's mark, as day figures.
    const month = chinaMonth(now);
    const reading = options.cycle !== undefined ? options.cycle : await cycleReadingIn(carrier, card, month, now);
    const converted = cycleToDays(reading, marks.get(cycleKey(reading?.month ?? month)), from);
    marks = new Map([...marks, ...converted.marks]);
    figures = converted.figures;
    cycleMarks = new Map([...converted.marks].filter(([key]) => key.startsWith('cycle:')));
  } else {
    // Inside the caller's transaction an operator over the network is not called: without figures
    // read before it, the usage is charged late by the next synchronisation, never lost.
    figures =
      options.figures ?? (carrier.limits.inProcess ? await readFigures(carrier, [card], daysToAsk(from, now, marks, maxDays), now) : []);
  }
  const derived = deriveUsage(from, now, figures, marks, maxDays);
  for (const [key, mark] of cycleMarks) derived.marks.set(key, mark);
  // Usage the carrier reported late (for time already synchronised) is charged first, at the span's start.
  const days = new Map<string, number>();
  for (const [day, mb] of derived.late) {
    packages = allocateUsage(applyLifecycle(packages, from), mb, from).packages;
    days.set(day, mb);
  }
  const firstDay = chinaDay(from);
  // The card keeps its own day's usage; the daily table is read only when that day has passed.
  const usedOnFirstDay =
    sim.usage_day === firstDay
      ? sim.day_use_flow
      : options.loaded
        ? options.loaded.dayUse(firstDay)
        : ((
            await trx
              .selectFrom('iot_usage_daily')
              .select('flow_mb')
              .where('sim_id', '=', sim.id)
              .where('day', '=', firstDay)
              .executeTakeFirst()
          )?.flow_mb ?? 0);
  const rule = options.loaded ? options.loaded.rule : await dayFlowRule(trx);
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
    usedOnFirstDay: usedOnFirstDay + (derived.late.get(firstDay) ?? 0),
    dayBreakMb: rule?.threshold_mb ?? null,
    usage: derived.usage,
  });
  for (const [day, mb] of result.days) days.set(day, (days.get(day) ?? 0) + mb);
  const breakUpdate =
    result.breakAt !== null && rule && sim.break_rule_id === null
      ? { break_rule_id: rule.id, break_at: result.breakAt, break_remove_at: result.breakAt + rule.remove_delay_ms }
      : null;
  return {
    ...base,
    packages: result.packages,
    days,
    breakUpdate,
    inBreak: sim.break_rule_id !== null || breakUpdate !== null,
    marks: derived.marks,
  };
}

/** A cycle counter's reading now as the card's cycle mark, when it has none for this month yet. */
async function firstCycleMark(
  trx: Trx,
  carrier: CarrierProvider,
  simId: number,
  card: CarrierCard,
  now: number,
  options: SyncOptions,
): Promise<Map<string, UsageMark>> {
  const key = cycleKey(chinaMonth(now));
  const known = options.loaded
    ? options.loaded.marks.has(key)
    : await trx.selectFrom('iot_carrier_usage_marks').select('day').where('sim_id', '=', simId).where('day', '=', key).executeTakeFirst();
  if (known) return new Map();
  const reading = options.cycle !== undefined ? options.cycle : await cycleReadingIn(carrier, card, chinaMonth(now), now);
  return cycleToDays(reading, undefined, now).marks;
}

/** A cycle counter's reading inside a transaction: only from a carrier in this process (see planSync). */
async function cycleReadingIn(carrier: CarrierProvider, card: CarrierCard, month: string, now: number): Promise<MonthUsage | null> {
  if (!carrier.limits.inProcess) return null;
  return (await carrier.usageMonths([card], [month], now).catch(() => []))[0] ?? null;
}

/** The card's usage marks still open (not final) or of the last days, by day. */
async function usageMarks(trx: Trx, simId: number, now: number, dayHistory: number): Promise<Map<string, UsageMark>> {
  const rows = await trx
    .selectFrom('iot_carrier_usage_marks')
    .select(['day', 'carrier_mb', 'as_of', 'final'])
    .where('sim_id', '=', simId)
    // Day marks of the last days; cycle marks (`cycle:YYYY-MM`) sort after every day.
    .where('day', '>=', chinaDay(now - dayHistory * DAY_MS))
    .execute();
  return new Map(rows.map((r) => [r.day, { day: r.day, mb: r.carrier_mb, asOf: Number(r.as_of), final: r.final === 1 }]));
}

/** The days to ask figures for: those of the span, and earlier ones the carrier has not closed yet. */
function daysToAsk(from: number, now: number, marks: ReadonlyMap<string, UsageMark>, maxDays: number): string[] {
  const days = new Set(spanDays(from, now, maxDays));
  for (const m of marks.values()) if (!m.final) days.add(m.day);
  return [...days].sort();
}

/**
 * The carrier's day figures for `cards`, in batches of its size; a failed read gives no figures (the
 * usage is charged late, from the next figures, never lost: the marks stay where they were).
 */
async function readFigures(
  carrier: CarrierProvider,
  cards: readonly CarrierCard[],
  days: string[],
  now: number,
  errors?: unknown[],
): Promise<DayUsage[]> {
  const out: DayUsage[] = [];
  for (const batch of batches(cards, carrier.limits.batchSize)) {
    try {
      out.push(...(await carrier.usageDays(batch, days, now)));
    } catch (err) {
      // Late, not lost: see above (the caller may want to know, for the account's sync status).
      errors?.push(err);
    }
  }
  return out;
}

/** The day-flow break rule in force (the lowest threshold), if any. */
async function dayFlowRule(trx: Trx): Promise<DayFlowRule | undefined> {
  return trx
    .selectFrom('iot_break_rules')
    .select(['id', 'threshold_mb', 'remove_delay_ms'])
    .where('kind', '=', 'day_flow_over')
    .where('enabled', '=', 1)
    .where('threshold_mb', '>', 0)
    .orderBy('threshold_mb')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Writes a plan: changed packages, daily usage, the break, whether data should be on (switched at
 * the carrier after the commit by pushDataSwitch), and the card's totals, together with `extra`
 * columns of the card (money totals of a purchase) in the same update. `packages` may hold more than the plan's (a package just added).
 */
export async function applySync(
  trx: Trx,
  plan: SyncPlan,
  now: number,
  extra: LedgerTotals = {},
  packages: PackageState[] = plan.packages,
): Promise<number> {
  const { sim } = plan;
  for (const p of plan.packages) {
    const old = plan.before.get(p.id);
    if (old && (old.status !== p.status || old.usedMb !== p.usedMb)) {
      await trx
        .updateTable('iot_sim_packages')
        .set({ status: p.status, used_mb: p.usedMb, updated_at: now })
        .where('id', '=', p.id)
        .execute();
    }
  }
  for (const [day, mb] of plan.days) {
    await trx
      .insertInto('iot_usage_daily')
      .values({ sim_id: sim.id, day, flow_mb: mb, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['sim_id', 'day']).doUpdateSet((eb) => ({ flow_mb: eb('iot_usage_daily.flow_mb', '+', mb), updated_at: now })),
      )
      .execute();
  }
  for (const m of plan.marks.values()) {
    const row = { carrier_mb: m.mb, as_of: m.asOf, final: m.final ? 1 : 0, updated_at: now };
    await trx
      .insertInto('iot_carrier_usage_marks')
      .values({ sim_id: sim.id, day: m.day, ...row })
      .onConflict((oc) => oc.columns(['sim_id', 'day']).doUpdateSet(row))
      .execute();
  }
  if (plan.breakUpdate) {
    await trx
      .insertInto('iot_sim_breaks')
      .values({ sim_id: sim.id, rule_id: plan.breakUpdate.break_rule_id, started_at: plan.breakUpdate.break_at, removed_at: null })
      .execute();
  }
  const { change, internet } = cardChangeOf(plan, now, extra, packages);
  await applyCardSync(trx, sim.id, change);
  return internet;
}

/** The card's columns a plan writes (with `extra`), and whether its data should be on. */
function cardChangeOf(plan: SyncPlan, now: number, extra: LedgerTotals, packages: PackageState[]): { change: CardSync; internet: number } {
  const { sim } = plan;
  const today = chinaDay(now);
  const month = chinaMonth(now);
  const addedToday = plan.days.get(today) ?? 0;
  let addedMonth = 0;
  for (const [day, mb] of plan.days) if (day.startsWith(month)) addedMonth += mb;
  const summary = summarise(packages, now);
  const internetOn = internetAllowed(
    {
      status: sim.status,
      simStatus: sim.sim_status,
      cancelStatus: sim.cancel_status,
      inBreak: plan.inBreak,
      arrearsBalance: extra.arrears_balance !== undefined ? Number(extra.arrears_balance) : sim.arrears_balance,
    },
    summary,
  );
  const internet = internetOn ? 1 : 0;
  // The carrier is switched after the commit (pushDataSwitch), never inside this transaction.
  const online = plan.onlineStatus ?? sim.online_status;
  const change: CardSync = {
    total_flow: summary.totalFlow,
    use_flow: summary.useFlow,
    is_infinite_flow: summary.isInfiniteFlow ? 1 : 0,
    // Without a package in effect the card keeps the end of its last one (shown as expired).
    end_at: summary.endAt ?? sim.end_at,
    volume_package_id: summary.volumePackageId,
    internet_status: internet,
    online_status: internet === 1 ? online : 2,
    day_use_flow: (sim.usage_day === today ? sim.day_use_flow : 0) + addedToday,
    usage_day: today,
    month_use_flow: (sim.usage_month === month ? sim.month_use_flow : 0) + addedMonth,
    usage_month: month,
    usage_synced_at: now,
    last_robin_at: now,
    updated_at: now,
    ...(plan.breakUpdate ?? {}),
    ...extra,
  };
  return { change, internet };
}

/**
 * `applySync` of many plans (a batch of the sync job) in a few statements: the changed packages in
 * one update, the daily usage, the marks and the breaks each in one insert, the cards in one update.
 * Returns whether each card's data should be on, in the plans' order.
 */
export async function applySyncs(trx: Trx, plans: readonly SyncPlan[], now: number): Promise<number[]> {
  const packages: { id: number; set: { status: string; used_mb: number; updated_at: number } }[] = [];
  const daily: { sim_id: number; day: string; flow_mb: number; updated_at: number }[] = [];
  const marks: { sim_id: number; day: string; carrier_mb: number | null; as_of: number; final: number; updated_at: number }[] = [];
  const breaks: { sim_id: number; rule_id: number; started_at: number; removed_at: null }[] = [];
  const cards: { id: number; change: CardSync }[] = [];
  const internet: number[] = [];
  for (const plan of plans) {
    const { sim } = plan;
    for (const p of plan.packages) {
      const old = plan.before.get(p.id);
      if (old && (old.status !== p.status || old.usedMb !== p.usedMb))
        packages.push({ id: p.id, set: { status: p.status, used_mb: p.usedMb, updated_at: now } });
    }
    for (const [day, mb] of plan.days) daily.push({ sim_id: sim.id, day, flow_mb: mb, updated_at: now });
    for (const m of plan.marks.values())
      marks.push({ sim_id: sim.id, day: m.day, carrier_mb: m.mb, as_of: m.asOf, final: m.final ? 1 : 0, updated_at: now });
    if (plan.breakUpdate)
      breaks.push({ sim_id: sim.id, rule_id: plan.breakUpdate.break_rule_id, started_at: plan.breakUpdate.break_at, removed_at: null });
    const { change, internet: on } = cardChangeOf(plan, now, {}, plan.packages);
    cards.push({ id: sim.id, change });
    internet.push(on);
  }
  await updateManyById(trx, 'iot_sim_packages', packages);
  // Chunks keep each statement's values well under either database's limit.
  for (let i = 0; i < daily.length; i += 500) {
    await trx
      .insertInto('iot_usage_daily')
      .values(daily.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['sim_id', 'day']).doUpdateSet((eb) => ({
          flow_mb: eb('iot_usage_daily.flow_mb', '+', eb.ref('excluded.flow_mb')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  for (let i = 0; i < marks.length; i += 500) {
    await trx
      .insertInto('iot_carrier_usage_marks')
      .values(marks.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['sim_id', 'day']).doUpdateSet((eb) => ({
          carrier_mb: eb.ref('excluded.carrier_mb'),
          as_of: eb.ref('excluded.as_of'),
          final: eb.ref('excluded.final'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  if (breaks.length > 0) await trx.insertInto('iot_sim_breaks').values(breaks).execute();
  await applyCardSyncs(trx, cards);
  return internet;
}

/**
 * Synchronises one SIM inside the caller's transaction. Accrual over the span since the last
 * synchronisation uses the card's current state, so a caller that changes the state (lifts a break,
 * clears arrears, adds a package) synchronises first, changes it, then synchronises again. The row
 * is locked on PostgreSQL, and the synchronised-at mark makes a second runner find nothing left to do.
 */
export async function syncSimIn(
  trx: Trx,
  dialect: Db['dialect'],
  carrier: CarrierProvider,
  simId: number,
  now: number,
  options: SyncOptions = {},
) {
  const sim = await lockCardForSync(trx, dialect, simId);
  if (!sim) return false;
  const plan = await planSync(trx, carrier, sim, await livePackages(trx, simId), now, options);
  await applySync(trx, plan, now);
  return true;
}

/**
 * Synchronises one SIM in a transaction of its own; with `readState` the carrier's network state is
 * read first, and a data switch the synchronisation decided is made at the carrier after the commit.
 * `figures`: the card's day figures, read just before by the caller (the sync job, in batches).
 */
export async function syncSim(
  db: Db,
  carrier: CarrierProvider,
  simId: number,
  now: number,
  options: { readState?: boolean; figures?: readonly DayUsage[]; cycle?: MonthUsage | null } = {},
) {
  let onlineStatus: number | undefined;
  if (options.readState) {
    const card = await cardDataSwitch(db.db, simId);
    if (card) {
      const [state] = await carrier
        .status([{ simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type }], now)
        .catch(() => []);
      onlineStatus = state?.onlineStatus;
    }
  }
  const usage = options.figures || options.cycle !== undefined ? options : await readCardUsage(db, carrier, simId, now);
  const done = await db.db.transaction().execute((trx: Transaction<Database>) =>
    syncSimIn(trx, db.dialect, carrier, simId, now, {
      onlineStatus,
      ...(usage.figures ? { figures: usage.figures } : {}),
      ...(usage.cycle !== undefined ? { cycle: usage.cycle } : {}),
    }),
  );
  await pushDataSwitch(db, carrier, simId, now);
  return done;
}

/**
 * One card's figures from an operator over the network, read before the synchronisation's
 * transaction for the span since the card's last synchronisation (a carrier in this process is
 * read inside it; see planSync).
 */
async function readCardUsage(
  db: Db,
  carrier: CarrierProvider,
  simId: number,
  now: number,
): Promise<{ figures?: readonly DayUsage[]; cycle?: MonthUsage | null }> {
  if (carrier.limits.inProcess && !(carrier instanceof RoutedCarrier)) return {};
  const sim = await db.db
    .selectFrom('iot_sims')
    .select(['sim_no', 'iccid', 'operator_type', 'usage_synced_at'])
    .where('id', '=', simId)
    .executeTakeFirst();
  if (!sim) return {};
  const card: CarrierCard = { simNo: sim.sim_no, iccid: sim.iccid, operatorType: sim.operator_type };
  carrier = carrier instanceof RoutedCarrier ? await carrier.carrierOf(card) : carrier;
  if (carrier.limits.inProcess) return {};
  if (carrier.limits.dayFigures === false) {
    return { cycle: (await carrier.usageMonths([card], [chinaMonth(now)], now).catch(() => []))[0] ?? null };
  }
  const from = Math.min(Number(sim.usage_synced_at) > 0 ? Number(sim.usage_synced_at) : now, now);
  const marks = await usageMarks(db.db, simId, now, carrier.limits.dayHistory);
  const maxDays = Math.min(MAX_SPAN_DAYS, carrier.limits.dayHistory);
  return { figures: await readFigures(carrier, [card], daysToAsk(from, now, marks, maxDays), now) };
}

/** A data switch asked again within this window is the same operation at the carrier (polled, not asked twice). */
const DATA_OP_WINDOW_MS = 30 * 60_000;

/**
 * Switches data on or off at the carrier; true once the carrier has done it, false while its
 * operation is under way (the data-switch job asks again, which polls the same operation). Rejects
 * when the carrier refused it or did not answer.
 */
async function switchData(carrier: CarrierProvider, card: CarrierCard, on: boolean, now: number): Promise<boolean> {
  const opKey = `data:${card.iccid}:${on ? 'on' : 'off'}:${Math.floor(now / DATA_OP_WINDOW_MS)}`;
  const op = await carrier.changeState(card, { opKey, action: on ? 'data-on' : 'data-off' }, now);
  if (op.state === 'failed') throw new Error(`the carrier refused to switch data ${on ? 'on' : 'off'}: ${op.reason ?? 'no reason given'}`);
  return op.state === 'done';
}

/**
 * `pushDataSwitch` for a card whose wanted data state (`internet`) and the carrier's last confirmed
 * one the caller has just committed (nothing to read; nothing to do when they agree).
 */
export async function pushDataSwitchOf(
  db: Db,
  carrier: CarrierProvider,
  card: Pick<Card, 'id' | 'sim_no' | 'iccid' | 'operator_type' | 'carrier_data'>,
  internet: number,
  now: number,
): Promise<void> {
  if (internet === card.carrier_data) return;
  if (await switchData(carrier, { simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type }, internet === 1, now)) {
    await confirmCarrierData(db.db, card.id, internet);
  }
}

/**
 * Switches data at the carrier when the platform wants it otherwise than the carrier last
 * confirmed (outside any transaction); the confirmation is recorded only if nothing changed the
 * wish meanwhile, and only once the carrier's operation is done. A failed or unfinished switch is
 * tried again by the data-switch job.
 */
export async function pushDataSwitch(db: Db, carrier: CarrierProvider, simId: number, now: number): Promise<void> {
  const card = await cardDataSwitch(db.db, simId);
  if (!card || card.internet_status === card.carrier_data) return;
  const on = card.internet_status;
  if (await switchData(carrier, { simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type }, on === 1, now)) {
    await confirmCarrierData(db.db, simId, on);
  }
}

/** The data-switch job: every card whose data state the carrier has not confirmed yet (one card's failure does not stop the others). */
export async function pushDataSwitches(db: Db, carrier: CarrierProvider, now: number): Promise<number> {
  const due = await cardsAwaitingDataSwitch(db.db, 200);
  let failed: unknown = null;
  for (const { id } of due) {
    try {
      await pushDataSwitch(db, carrier, id, now);
    } catch (err) {
      failed ??= err;
    }
  }
  // Reported once the others were tried: the job's runner logs it, and the next run tries again.
  if (failed) throw failed;
  return due.length;
}

/** Days back before a card's last synchronisation the sync job asks figures for (carriers close a day hours after it ends). */
const LATE_DAYS = 2;

/**
 * Synchronises the cards `ids` (at most a few batches of the carrier's size) with `carrier`: their
 * day figures are read in batches, outside any transaction, then the cards are synchronised together
 * in one transaction (their rows, packages, marks and day figures read at once, their changes
 * written in a few statements), `within` running in the same transaction (the scheduler moves its
 * cursor there, so a batch is done and recorded together); a data switch a card needs is made at
 * the carrier after the commit. Should that transaction fail, each card is synchronised in a
 * transaction of its own, so that one card's failure does not stop the others. Returns how many
 * were; each card's failure is pushed onto `errors`, a failed read of figures onto `readErrors`
 * (the usage is then charged late, from the next figures).
 */
export async function syncCards(
  db: Db,
  carrier: CarrierProvider,
  ids: readonly number[],
  now: number,
  errors: unknown[],
  readErrors?: unknown[],
  within?: (trx: Trx, synced: number) => Promise<void>,
): Promise<number> {
  if (ids.length === 0) {
    if (within) await db.db.transaction().execute((trx) => within(trx, 0));
    return 0;
  }
  const maxDays = Math.min(MAX_SPAN_DAYS, carrier.limits.dayHistory);
  const cards = await db.db
    .selectFrom('iot_sims')
    .select(['id', 'sim_no', 'iccid', 'operator_type', 'usage_synced_at'])
    .where('id', 'in', [...ids])
    .execute();
  const from = Math.min(now - LATE_DAYS * DAY_MS, ...cards.map((c) => Number(c.usage_synced_at) || now));
  const carrierCards = cards.map((c) => ({ simNo: c.sim_no, iccid: c.iccid, operatorType: c.operator_type }));
  const cycleOnly = carrier.limits.dayFigures === false;
  const figures = cycleOnly
    ? []
    : await readFigures(carrier, carrierCards, spanDays(Math.min(from, now), now + 1, maxDays), now, readErrors);
  // A cycle counter only: the batch's readings (none when they could not be read: usage late, not lost).
  const cycles = cycleOnly
    ? await carrier.usageMonths(carrierCards, [chinaMonth(now)], now).catch((err) => {
        readErrors?.push(err);
        return [];
      })
    : [];
  const cycleOf = new Map(cycles.map((c) => [c.iccid, c]));
  const byIccid = new Map<string, DayUsage[]>();
  for (const f of figures) {
    const list = byIccid.get(f.iccid);
    if (list) list.push(f);
    else byIccid.set(f.iccid, [f]);
  }
  const iccidOf = new Map(cards.map((c) => [c.id, c.iccid]));
  const readOf = (id: number) => {
    const iccid = iccidOf.get(id) ?? '';
    return cycleOnly ? { cycle: cycleOf.get(iccid) ?? null } : { figures: byIccid.get(iccid) ?? [] };
  };
  if (!(carrier instanceof RoutedCarrier)) {
    const batchErrors: unknown[] = [];
    let done: { card: Card; internet: number }[] | null = null;
    try {
      done = await db.db.transaction().execute(async (trx) => {
        const synced = await syncBatchIn(trx, db.dialect, carrier, ids, readOf, now, batchErrors);
        await within?.(trx, synced.length);
        return synced;
      });
    } catch {
      // One card's rows the batch could not write: each card on its own below.
    }
    if (done) {
      errors.push(...batchErrors);
      for (const { card, internet } of done) {
        try {
          await pushDataSwitchOf(db, carrier, card, internet, now);
        } catch (err) {
          // A refused or unanswered switch is tried again by the data-switch job.
          errors.push(err);
        }
      }
      return done.length;
    }
  }
  let count = 0;
  for (const id of ids) {
    try {
      if (await syncSim(db, carrier, id, now, readOf(id))) count++;
    } catch (err) {
      // One card's failure (its data switch refused, say) does not stop the others.
      errors.push(err);
    }
  }
  if (within) await db.db.transaction().execute((trx) => within(trx, count));
  return count;
}

/**
 * Synchronises cards together in the caller's transaction: their rows (locked, in id order), live
 * packages, usage marks and the day figures their spans start on are read in one query each, each
 * card's plan computed from them (no read per card), and the plans written by `applySyncs`. A card
 * whose plan fails is left out (its error pushed onto `errors`). Returns the synchronised cards as
 * they were before, with whether their data should be on.
 */
async function syncBatchIn(
  trx: Trx,
  dialect: Db['dialect'],
  carrier: CarrierProvider,
  ids: readonly number[],
  readOf: (id: number) => SyncOptions,
  now: number,
  errors: unknown[],
): Promise<{ card: Card; internet: number }[]> {
  const sims = await lockCardsForSync(trx, dialect, ids);
  if (sims.length === 0) return [];
  const simIds = sims.map((s) => s.id);
  const packagesOf = new Map<number, PackageState[]>();
  const packageRows = await trx
    .selectFrom('iot_sim_packages')
    .select(['id', 'sim_id', 'kind', 'unlimited', 'flow_mb', 'used_mb', 'starts_at', 'ends_at', 'status'])
    .where('sim_id', 'in', simIds)
    .where('status', 'in', ['pending', 'active'])
    .orderBy('id')
    .execute();
  for (const row of packageRows) {
    const list = packagesOf.get(Number(row.sim_id));
    if (list) list.push(toState(row));
    else packagesOf.set(Number(row.sim_id), [toState(row)]);
  }
  const marksOf = new Map<number, Map<string, UsageMark>>();
  const markRows = await trx
    .selectFrom('iot_carrier_usage_marks')
    .select(['sim_id', 'day', 'carrier_mb', 'as_of', 'final'])
    .where('sim_id', 'in', simIds)
    .where('day', '>=', chinaDay(now - carrier.limits.dayHistory * DAY_MS))
    .execute();
  for (const r of markRows) {
    const simId = Number(r.sim_id);
    let marks = marksOf.get(simId);
    if (!marks) {
      marks = new Map();
      marksOf.set(simId, marks);
    }
    marks.set(r.day, { day: r.day, mb: r.carrier_mb, asOf: Number(r.as_of), final: r.final === 1 });
  }
  // The day each span starts on, when the card does not hold that day's usage itself.
  const firstDayOf = (sim: Card) => chinaDay(Math.min(Number(sim.usage_synced_at) > 0 ? Number(sim.usage_synced_at) : now, now));
  const needing = sims.filter((sim) => sim.usage_day !== firstDayOf(sim));
  const dayUse = new Map<string, number>();
  if (needing.length > 0) {
    const rows = await trx
      .selectFrom('iot_usage_daily')
      .select(['sim_id', 'day', 'flow_mb'])
      .where(
        'sim_id',
        'in',
        needing.map((s) => s.id),
      )
      .where('day', 'in', [...new Set(needing.map(firstDayOf))])
      .execute();
    for (const r of rows) dayUse.set(`${r.sim_id}:${r.day}`, Number(r.flow_mb));
  }
  const rule = await dayFlowRule(trx);
  const plans: SyncPlan[] = [];
  for (const sim of sims) {
    try {
      const loaded: LoadedForSync = {
        marks: marksOf.get(sim.id) ?? new Map(),
        dayUse: (day) => dayUse.get(`${sim.id}:${day}`) ?? 0,
        rule,
      };
      plans.push(await planSync(trx, carrier, sim, packagesOf.get(sim.id) ?? [], now, { ...readOf(sim.id), loaded }));
    } catch (err) {
      errors.push(err);
    }
  }
  const internet = await applySyncs(trx, plans, now);
  return plans.map((plan, i) => ({ card: plan.sim, internet: internet[i]! }));
}

/**
 * Synchronises every card that is not cancelled or disabled, in id order; returns how many. With
 * operator accounts (a RoutedCarrier), only the cards on the built-in carrier: the accounts' cards
 * are swept by their own scheduler, at each account's rate.
 */
export async function syncAll(db: Db, carrier: CarrierProvider, now: number, batch = 200): Promise<number> {
  let after = 0;
  let count = 0;
  const errors: unknown[] = [];
  const own = carrier instanceof RoutedCarrier ? carrier.fallback : carrier;
  await db.db
    .deleteFrom('iot_carrier_usage_marks')
    .where('day', '<', chinaDay(now - (carrier.limits.dayHistory + 1) * DAY_MS))
    .execute();
  // Cycle marks of the months before the last one (a cycle counter restarts each month).
  await db.db
    .deleteFrom('iot_carrier_usage_marks')
    .where('day', '>=', 'cycle:')
    .where('day', '<', cycleKey(chinaMonth(now - 40 * DAY_MS)))
    .execute();
  for (;;) {
    const ids = (await liveCardIds(db.db, after, batch)).map((r) => r.id);
    if (ids.length === 0) {
      // Reported once the others were tried: the job's runner logs it, and the next run tries again.
      if (errors.length > 0) throw errors[0];
      return count;
    }
    for (const chunk of batches(ids, own.limits.batchSize)) {
      after = chunk[chunk.length - 1]!;
      let mine = chunk;
      if (carrier instanceof RoutedCarrier) {
        const refs = await db.db
          .selectFrom('iot_sims')
          .select(['id', 'sim_no', 'iccid', 'operator_type'])
          .where('id', 'in', chunk)
          .execute();
        const groups = await carrier.split(refs.map((r) => ({ simNo: r.sim_no, iccid: r.iccid, operatorType: r.operator_type })));
        const builtIn = new Set((groups.get(carrier.fallback) ?? []).map((c) => c.iccid));
        mine = refs
          .filter((r) => builtIn.has(r.iccid))
          .map((r) => r.id)
          .sort((a, b) => a - b);
      }
      count += await syncCards(db, own, mine, now, errors);
    }
  }
}

/** Up to when the card's latest carrier figure counts (null: none yet), for the holder's "updated … ago". */
export async function figuresAsOf(db: Kysely<Database>, simId: number): Promise<number | null> {
  const row = await db
    .selectFrom('iot_carrier_usage_marks')
    .select((eb) => eb.fn.max('as_of').as('as_of'))
    .where('sim_id', '=', simId)
    .executeTakeFirst();
  return row?.as_of === null || row?.as_of === undefined ? null : Number(row.as_of);
}

/** The carrier's jobs: usage and state synchronisation, and data switches the carrier has not confirmed yet. */
export function carrierJobs(db: Db, carrier: CarrierProvider): Job[] {
  return [
    { name: 'iot.carrier-sync', everyMs: 5 * 60_000, run: (now) => syncAll(db, carrier, now) },
    { name: 'iot.carrier-data', everyMs: 10_000, run: (now) => pushDataSwitches(db, carrier, now) },
  ];
}

/** What the SIM view shows of a card's break rule and volume package, in one read (none when it has neither). */
export async function breakAndVolume(
  db: Kysely<Database>,
  breakRuleId: number | null,
  volumePackageId: number | null,
): Promise<{
  rule: { tips: string; no_close: number; allow_remove: number; popup_attr: string } | null;
  volume: { used_mb: number; g_price: number } | null;
}> {
  if (breakRuleId === null && volumePackageId === null) return { rule: null, volume: null };
  const rule = <C extends 'tips' | 'no_close' | 'allow_remove' | 'popup_attr'>(column: C) =>
    db
      .selectFrom('iot_break_rules')
      .select(column)
      .where('id', '=', breakRuleId ?? -1);
  const volume = <C extends 'used_mb' | 'g_price'>(column: C) =>
    db
      .selectFrom('iot_sim_packages')
      .select(column)
      .where('id', '=', volumePackageId ?? -1);
  const row = await db
    .selectNoFrom([
      rule('tips').as('r_tips'),
      rule('no_close').as('r_no_close'),
      rule('allow_remove').as('r_allow_remove'),
      rule('popup_attr').as('r_popup_attr'),
      volume('used_mb').as('v_used_mb'),
      volume('g_price').as('v_g_price'),
    ])
    .executeTakeFirstOrThrow();
  return {
    rule:
      row.r_allow_remove === null
        ? null
        : { tips: row.r_tips ?? '', no_close: row.r_no_close ?? 0, allow_remove: row.r_allow_remove, popup_attr: row.r_popup_attr ?? '' },
    volume: row.v_used_mb === null ? null : { used_mb: row.v_used_mb, g_price: row.v_g_price ?? 0 },
  };
}

/** Whether the break rule lets the holder remove the break. */
export async function breakRemovable(db: Kysely<Database>, breakRuleId: number): Promise<boolean> {
  const rule = await db.selectFrom('iot_break_rules').select('allow_remove').where('id', '=', breakRuleId).executeTakeFirstOrThrow();
  return rule.allow_remove === 1;
}

/** Closes the card's open break records as removed by its holder, in the caller's transaction. */
export async function closeBreaks(trx: Kysely<Database>, simId: number, now: number): Promise<void> {
  await trx
    .updateTable('iot_sim_breaks')
    .set({ removed_at: now, removed_by: 'holder' })
    .where('sim_id', '=', simId)
    .where('removed_at', 'is', null)
    .execute();
}

/** Daily usage of a card between two UTC+8 days (inclusive), oldest first; days without use are absent. */
export function usageDays(db: Kysely<Database>, simId: number, fromDay: string, toDay: string) {
  return db
    .selectFrom('iot_usage_daily')
    .select(['day', 'flow_mb'])
    .where('sim_id', '=', simId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .orderBy('day')
    .execute();
}

/** The MB charged to each of `simIds` on each of `days` (UTC+8), by card id then day; days without use are absent. */
export async function chargedOnDays(
  db: Kysely<Database>,
  simIds: readonly number[],
  days: readonly string[],
): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (simIds.length === 0 || days.length === 0) return out;
  const rows = await db
    .selectFrom('iot_usage_daily')
    .select(['sim_id', 'day', 'flow_mb'])
    .where('sim_id', 'in', [...simIds])
    .where('day', 'in', [...days])
    .execute();
  for (const r of rows) {
    const id = Number(r.sim_id);
    if (!out.has(id)) out.set(id, new Map());
    out.get(id)!.set(r.day, Number(r.flow_mb));
  }
  return out;
}

/** A card's packages and restrictions over time, for its timeline. */
export { cardHistory } from './history.ts';
/** The card's packages, for the modules that buy, open and close them (this module owns the table). */
export {
  addProvisioningPackage,
  baseServiceEnd,
  closeSimPackage,
  findOpenVolume,
  findSimPackage,
  holdsVolumePackage,
  livePackagesOfCard,
  packageInEffectUntil,
  packageWindows,
  type SimPackageRow,
  settleProvisioning,
} from './packages.ts';
