/**
 * Reconciliation with the operators (decision 0090): per card and day, what the card's operator
 * reports (a closed day's usage, the card's state and stop reason, its real-name state) against
 * what our ledgers and the card say. A sweep over the cards in service (a job, once across
 * instances, from a cursor kept in the database so a restart goes on where it stopped) reads the
 * operator in batches, outside any transaction, and records each difference in iot_carrier_recon,
 * one row per card, day and kind, until it is resolved: found agreeing again, resynchronised,
 * resumed at the operator, or explained by a person.
 */
import type { ReconItem, ReconKind, ReconResolution, StopReasonCode } from '@simshop/contract/carrier-recon';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import type { IotCarrierReconTables } from '../../db/schema-iot-carrier-recon.ts';
import { fail } from '../../lib/errors.ts';
import { chinaDay, DAY_MS, dayStartOf } from '../../lib/flow-math.ts';
import { RoutedCarrier } from '../../providers/carrier/routed.ts';
import type { CardStatus, CarrierCard, CarrierProvider, DayUsage, RealNameStatus } from '../../providers/carrier/types.ts';
import { chargedOnDays, syncSim } from '../iot-carrier/service.ts';
import { cardForRecon, confirmCarrierData, liveCardsForRecon } from '../iot-sims/service.ts';

type Row = Selectable<IotCarrierReconTables['iot_carrier_recon']>;
export type ReconCard = NonNullable<Awaited<ReturnType<typeof cardForRecon>>>;

/** A sweep starts at most this often (each reads every card's state, real name and figures once). */
export const RECON_EVERY_MS = 6 * 3_600_000;
/** How often the job looks whether a sweep is due or under way. */
export const RECON_TICK_MS = 60_000;
/** Closed days a sweep compares (yesterday and the days before it: operators close a day hours after it ends). */
export const RECON_DAYS = 3;
/** A day's usage differs when the two figures are further apart than this many MB … */
export const USAGE_TOLERANCE_MB = 2;
/** … and than this share of the larger one (rounding, an operator's KB to MB). */
export const USAGE_TOLERANCE_SHARE = 0.02;
/** Cards read per batch (the routed carrier splits a batch by account and by each adapter's own size). */
const BATCH = 100;
/** Cards one run of the job checks at most (a run stays short; the next run goes on from the cursor). */
const MAX_CARDS_PER_RUN = 2_000;

/** A difference found between a card's operator and us. */
export interface Difference {
  day: string;
  kind: ReconKind;
  ours: string;
  theirs: string;
  stopReason: StopReasonCode | null;
  detail: string | null;
}

/** What was read of a card at its operator (absent: the read failed or the operator does not know the card). */
export interface OperatorView {
  status?: CardStatus;
  realName?: RealNameStatus;
  /** Day figures of the days compared (a day without a figure is not compared). */
  figures?: readonly DayUsage[];
}

/** What the comparison could look at: usage on these days, state, real name (a read that failed checks nothing). */
export interface Checked {
  usageDays: readonly string[];
  state: boolean;
  realName: boolean;
}

const realNameOfCard = (authStatus: number) => (authStatus === 1 ? 'registered' : authStatus === 2 ? 'reviewing' : 'unregistered');

/** Whether two MB figures of a day differ beyond the tolerance. */
export function usageDiffers(ours: number, theirs: number): boolean {
  const gap = Math.abs(ours - theirs);
  return gap > USAGE_TOLERANCE_MB && gap > USAGE_TOLERANCE_SHARE * Math.max(ours, theirs);
}

/**
 * Compares one card with what its operator reports (no reads, no writes). Usage is compared on a
 * closed day (the operator's figure final) the card was in service and activated for all of and
 * synchronised after; the state only when no data switch of ours is under way (the card's wanted data state is
 * the one the operator last confirmed); the real-name state when the operator knows it.
 */
export function compareCard(
  card: ReconCard,
  charged: ReadonlyMap<string, number>,
  view: OperatorView,
  days: readonly string[],
  now: number,
): { found: Difference[]; checked: Checked } {
  const found: Difference[] = [];
  const usageDays: string[] = [];
  // Usage of a card not activated yet is the operator's test period (not charged to the holder): not compared.
  if (view.figures && card.sim_status === 2) {
    for (const day of days) {
      const start = dayStartOf(day);
      const figure = view.figures.filter((f) => f.day === day && f.final).sort((a, b) => b.asOf - a.asOf)[0];
      if (!figure || Number(card.created_at) > start || Number(card.usage_synced_at) < start + DAY_MS) continue;
      usageDays.push(day);
      const ours = charged.get(day) ?? 0;
      if (usageDiffers(ours, figure.mb))
        found.push({ day, kind: 'usage', ours: String(ours), theirs: String(figure.mb), stopReason: null, detail: null });
    }
  }
  const today = chinaDay(now);
  const s = view.status;
  const stateChecked = s !== undefined && card.internet_status === card.carrier_data && s.lifecycle !== 'unknown';
  if (stateChecked) {
    const stopped = s.lifecycle === 'suspended' || s.lifecycle === 'cancelling' || s.lifecycle === 'cancelled' || s.dataOn === false;
    if (card.internet_status === 1 && stopped) {
      const reason: StopReasonCode = s.stopReason === 'none' ? 'other' : s.stopReason;
      // The operator's own allowance used up while we sell data left: the offering there is not what we sell.
      const left = card.is_infinite_flow === 1 ? 'unlimited' : String(Math.max(0, Number(card.total_flow) - Number(card.use_flow)));
      found.push(
        reason === 'quota'
          ? { day: today, kind: 'package', ours: left, theirs: 'stopped', stopReason: reason, detail: s.stopDetail }
          : { day: today, kind: 'state', ours: 'active', theirs: 'stopped', stopReason: reason, detail: s.stopDetail },
      );
    } else if (card.internet_status === 0 && !stopped && s.dataOn === true && s.lifecycle === 'active') {
      found.push({ day: today, kind: 'state', ours: 'data-off', theirs: 'active', stopReason: null, detail: null });
    }
  }
  const r = view.realName;
  const realNameChecked = r !== undefined && r.state !== 'unknown';
  if (realNameChecked) {
    const ours = realNameOfCard(card.auth_status);
    if (ours !== r.state) found.push({ day: today, kind: 'realname', ours, theirs: r.state, stopReason: null, detail: null });
  }
  return { found, checked: { usageDays, state: stateChecked, realName: realNameChecked } };
}

export interface ReconDeps {
  db: Kysely<Database>;
  store: Db;
  /** The iot modules' carrier: each card's operator account, or the built-in carrier. */
  carrier: CarrierProvider;
  now: () => number;
  log: FastifyBaseLogger;
  promoterIdOf(promoCode: string): Promise<number | null>;
  promoterById(id: number): Promise<{ name: string } | null>;
}

/** Who closes the differences a check no longer finds. */
interface Closer {
  resolution: ReconResolution;
  by: string;
}

export interface ReconFilter {
  promoterId: number | null;
  kind?: ReconKind;
  day?: string;
  open: boolean;
  page: number;
  pageSize: number;
}

const cardOf = (c: Pick<ReconCard, 'sim_no' | 'iccid' | 'operator_type'>): CarrierCard => ({
  simNo: c.sim_no,
  iccid: c.iccid,
  operatorType: c.operator_type,
});

/** The last `RECON_DAYS` closed UTC+8 days before `now`, oldest first. */
export function closedDays(now: number): string[] {
  const days: string[] = [];
  for (let i = RECON_DAYS; i >= 1; i--) days.push(chinaDay(now - i * DAY_MS));
  return days;
}

export class Reconciliation {
  constructor(private readonly deps: ReconDeps) {}

  // ── The sweep ─────────────────────────────────────────────────────────────────────────────

  async #sweepRow() {
    const found = await this.deps.db.selectFrom('iot_carrier_recon_sweep').selectAll().where('id', '=', 1).executeTakeFirst();
    if (found) return found;
    await this.deps.db
      .insertInto('iot_carrier_recon_sweep')
      .values({ id: 1, cursor_sim_id: 0, started_at: null, last_started_at: null, last_finished_at: null, updated_at: this.deps.now() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return this.deps.db.selectFrom('iot_carrier_recon_sweep').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  }

  /**
   * One run of the job: starts a sweep when the last one started RECON_EVERY_MS ago or more, then
   * checks the next cards after the cursor, batch by batch, moving the cursor after each (only if
   * no other runner moved it meanwhile). Returns the cards checked.
   */
  async run(now: number): Promise<number> {
    let sweep = await this.#sweepRow();
    if (sweep.started_at === null) {
      if (sweep.last_started_at !== null && now - Number(sweep.last_started_at) < RECON_EVERY_MS) return 0;
      const claimed = await this.deps.db
        .updateTable('iot_carrier_recon_sweep')
        .set({ started_at: now, cursor_sim_id: 0, updated_at: now })
        .where('id', '=', 1)
        .where('started_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return 0;
      sweep = await this.#sweepRow();
    }
    let cursor = Number(sweep.cursor_sim_id);
    let done = 0;
    while (done < MAX_CARDS_PER_RUN) {
      const cards = await liveCardsForRecon(this.deps.db, cursor, BATCH);
      if (cards.length === 0) {
        await this.deps.db
          .updateTable('iot_carrier_recon_sweep')
          .set((eb) => ({
            cursor_sim_id: 0,
            last_started_at: eb.ref('started_at'),
            started_at: null,
            last_finished_at: now,
            updated_at: now,
          }))
          .where('id', '=', 1)
          .where('cursor_sim_id', '=', cursor)
          .execute();
        break;
      }
      await this.check(cards, now, closedDays(now), { resolution: 'agreed', by: 'job' });
      const next = cards[cards.length - 1]!.id;
      const moved = await this.deps.db
        .updateTable('iot_carrier_recon_sweep')
        .set({ cursor_sim_id: next, updated_at: now })
        .where('id', '=', 1)
        .where('cursor_sim_id', '=', cursor)
        .executeTakeFirst();
      done += cards.length;
      // Another runner moved the cursor (two at once): it goes on from there.
      if (Number(moved.numUpdatedRows) !== 1) break;
      cursor = next;
    }
    return done;
  }

  /**
   * Reads the cards at their operators (outside any transaction; a failed read checks nothing of
   * that kind), compares each with our side and records what differs; open differences of a kind
   * that was checked and no longer differs are closed by `closer`.
   */
  async check(cards: readonly ReconCard[], now: number, days: readonly string[], closer: Closer): Promise<void> {
    if (cards.length === 0) return;
    const carrierCards = cards.map(cardOf);
    const { carrier, log } = this.deps;
    const failed = (what: string) => (err: unknown) => {
      log.warn({ err }, `reconciliation: cannot read the cards' ${what}`);
      return undefined;
    };
    const [statuses, realNames, figures] = await Promise.all([
      carrier.status(carrierCards, now).catch(failed('status')),
      carrier.realName(carrierCards, now).catch(failed('real-name state')),
      days.length === 0 ? Promise.resolve([]) : carrier.usageDays(carrierCards, days, now).catch(failed('day figures')),
    ]);
    const charged = await chargedOnDays(
      this.deps.db,
      cards.map((c) => c.id),
      days,
    );
    const statusOf = new Map((statuses ?? []).map((s) => [s.iccid, s]));
    const realNameOf = new Map((realNames ?? []).map((r) => [r.iccid, r]));
    const figuresOf = new Map<string, DayUsage[]>();
    for (const f of figures ?? []) figuresOf.set(f.iccid, [...(figuresOf.get(f.iccid) ?? []), f]);
    const promoters = new Map<string, number | null>();
    for (const card of cards) {
      const view: OperatorView = {
        ...(statusOf.has(card.iccid) ? { status: statusOf.get(card.iccid) } : {}),
        ...(realNameOf.has(card.iccid) ? { realName: realNameOf.get(card.iccid) } : {}),
        ...(figures ? { figures: figuresOf.get(card.iccid) ?? [] } : {}),
      };
      const { found, checked } = compareCard(card, charged.get(card.id) ?? new Map(), view, days, now);
      if (!promoters.has(card.promo_code)) promoters.set(card.promo_code, await this.deps.promoterIdOf(card.promo_code));
      const operator = (carrier instanceof RoutedCarrier ? await carrier.carrierOf(cardOf(card)) : carrier).name;
      for (const d of found) await this.#record(card, promoters.get(card.promo_code) ?? null, operator, d, now);
      await this.#closeAgreed(card.id, found, checked, now, closer);
    }
  }

  /** Checks one card now, as a sweep does (the differences it no longer finds are closed as agreed). */
  async checkCard(simId: number, now: number): Promise<void> {
    const card = await cardForRecon(this.deps.db, simId);
    if (card) await this.check([card], now, closedDays(now), { resolution: 'agreed', by: 'job' });
  }

  async #record(card: ReconCard, promoterId: number | null, operator: string, d: Difference, now: number) {
    const values = { ours: d.ours, theirs: d.theirs, stop_reason: d.stopReason, detail: d.detail, checked_at: now };
    await this.deps.db
      .insertInto('iot_carrier_recon')
      .values({
        sim_id: card.id,
        iccid: card.iccid,
        sim_no: card.sim_no,
        operator,
        promoter_id: promoterId,
        day: d.day,
        kind: d.kind,
        detected_at: now,
        ...values,
      })
      .onConflict((oc) => oc.columns(['sim_id', 'day', 'kind']).doNothing())
      .execute();
    // Seen again: the figures of now, and open again unless a person explained it.
    await this.deps.db
      .updateTable('iot_carrier_recon')
      .set({ ...values, operator, resolved_at: null, resolved_by: null, resolution: null })
      .where('sim_id', '=', card.id)
      .where('day', '=', d.day)
      .where('kind', '=', d.kind)
      .where((eb) => eb.or([eb('resolution', 'is', null), eb('resolution', '!=', 'explained')]))
      .execute();
  }

  async #closeAgreed(simId: number, found: readonly Difference[], checked: Checked, now: number, closer: Closer) {
    const still = new Set(found.map((d) => `${d.kind}:${d.day}`));
    const open = await this.deps.db
      .selectFrom('iot_carrier_recon')
      .select(['id', 'kind', 'day'])
      .where('sim_id', '=', simId)
      .where('resolved_at', 'is', null)
      .execute();
    const agreed = open.filter((o) => {
      if (still.has(`${o.kind}:${o.day}`)) return false;
      if (o.kind === 'usage') return checked.usageDays.includes(o.day);
      if (o.kind === 'realname') return checked.realName && !found.some((d) => d.kind === 'realname');
      // A stopped card is one difference at a time, of state or package (the day it was seen).
      return checked.state && !found.some((d) => d.kind === 'state' || d.kind === 'package');
    });
    if (agreed.length === 0) return;
    await this.deps.db
      .updateTable('iot_carrier_recon')
      .set({ resolved_at: now, resolved_by: closer.by, resolution: closer.resolution })
      .where(
        'id',
        'in',
        agreed.map((o) => Number(o.id)),
      )
      .where('resolved_at', 'is', null)
      .execute();
  }

  // ── The console ───────────────────────────────────────────────────────────────────────────

  async list(filter: ReconFilter): Promise<{ list: ReconItem[]; total: number }> {
    let q = this.deps.db.selectFrom('iot_carrier_recon');
    if (filter.promoterId !== null) q = q.where('promoter_id', '=', filter.promoterId);
    if (filter.kind) q = q.where('kind', '=', filter.kind);
    if (filter.day) q = q.where('day', '=', filter.day);
    if (filter.open) q = q.where('resolved_at', 'is', null);
    const [{ n }] = [await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()];
    const rows = await q
      .selectAll()
      .orderBy('day', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return { list: await this.#items(rows), total: Number(n) };
  }

  async get(id: number): Promise<ReconItem | null> {
    const row = await this.#row(id);
    return row ? (await this.#items([row]))[0]! : null;
  }

  #row(id: number) {
    return this.deps.db.selectFrom('iot_carrier_recon').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async #items(rows: Row[]): Promise<ReconItem[]> {
    const names = new Map<number, string>();
    for (const r of rows) {
      const id = r.promoter_id === null ? null : Number(r.promoter_id);
      if (id !== null && !names.has(id)) names.set(id, (await this.deps.promoterById(id))?.name ?? '');
    }
    return rows.map((r) => {
      const promoterId = r.promoter_id === null ? null : Number(r.promoter_id);
      return {
        id: Number(r.id),
        simId: Number(r.sim_id),
        iccid: r.iccid,
        simNo: r.sim_no,
        promoterId,
        promoterName: promoterId === null ? '' : (names.get(promoterId) ?? ''),
        operator: r.operator,
        day: r.day,
        kind: r.kind as ReconKind,
        ours: r.ours,
        theirs: r.theirs,
        stopReason: r.stop_reason as StopReasonCode | null,
        detail: r.detail,
        detectedAt: Number(r.detected_at),
        checkedAt: Number(r.checked_at),
        resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
        resolvedBy: r.resolved_by,
        resolution: r.resolution as ReconResolution | null,
        note: r.note,
        canResume: r.resolved_at === null && (r.kind === 'state' || r.kind === 'package') && r.theirs === 'stopped',
      };
    });
  }

  async #openRow(id: number): Promise<Row> {
    const row = await this.#row(id);
    if (!row) throw fail('admin.noSuchObject');
    if (row.resolved_at !== null) throw fail('recon.alreadyResolved');
    return row;
  }

  async #card(row: Row): Promise<ReconCard> {
    const card = await cardForRecon(this.deps.db, Number(row.sim_id));
    if (!card) throw fail('admin.noSuchObject');
    return card;
  }

  /** The days a re-check of a difference compares: its own for usage, else the sweep's. */
  #daysOf(row: Row, now: number) {
    return row.kind === 'usage' ? [row.day] : closedDays(now);
  }

  /**
   * Pulls the card's figures and state from its operator again (a synchronisation of the card,
   * outside any transaction of ours around the calls), then compares: closed when both sides now agree.
   */
  async resync(id: number, by: string): Promise<{ item: ReconItem; pending: boolean }> {
    const row = await this.#openRow(id);
    const now = this.deps.now();
    await syncSim(this.deps.store, this.deps.carrier, Number(row.sim_id), now, { readState: true }).catch((err) => {
      this.deps.log.warn({ err }, 'reconciliation: the resynchronisation failed');
      throw fail('recon.carrierFailed');
    });
    await this.check([await this.#card(row)], now, this.#daysOf(row, now), { resolution: 'resynced', by });
    return { item: (await this.get(id))!, pending: false };
  }

  /**
   * A card we sell as active that the operator stopped: asks the operator to resume it (the card,
   * then its data) through its state-change operation, then compares again. Refused for any other
   * difference, or when we do not want the card's data on.
   */
  async resume(id: number, by: string): Promise<{ item: ReconItem; pending: boolean }> {
    const row = await this.#openRow(id);
    if (!((row.kind === 'state' || row.kind === 'package') && row.theirs === 'stopped')) throw fail('recon.notResumable');
    const card = await this.#card(row);
    if (card.internet_status !== 1) throw fail('recon.notResumable');
    const now = this.deps.now();
    const target = cardOf(card);
    const { carrier } = this.deps;
    const window = Math.floor(now / (30 * 60_000));
    const ask = async (action: 'resume' | 'data-on') => {
      const op = await carrier.changeState(target, { opKey: `recon:${row.id}:${action}:${window}`, action }, now).catch((err) => {
        this.deps.log.warn({ err }, 'reconciliation: the operator did not take the change');
        throw fail('recon.carrierFailed');
      });
      if (op.state === 'failed') throw fail('recon.carrierRefused', { reason: op.reason ?? '' });
      return op.state === 'done';
    };
    const read = async () => {
      const [s] = await carrier.status([target], now).catch(() => {
        throw fail('recon.carrierFailed');
      });
      if (!s) throw fail('recon.carrierFailed');
      return s;
    };
    let status = await read();
    if (status.lifecycle === 'suspended') {
      if (!(await ask('resume'))) return { item: (await this.get(id))!, pending: true };
      status = await read();
    }
    if (status.dataOn === false) {
      if (!(await ask('data-on'))) return { item: (await this.get(id))!, pending: true };
    }
    await confirmCarrierData(this.deps.db, card.id, 1);
    await this.check([await this.#card(row)], now, [], { resolution: 'resumed', by });
    return { item: (await this.get(id))!, pending: false };
  }

  /** Closes a difference a person explained, with the note. */
  async explain(id: number, note: string, by: string): Promise<ReconItem> {
    await this.#openRow(id);
    await this.deps.db
      .updateTable('iot_carrier_recon')
      .set({ resolved_at: this.deps.now(), resolved_by: by, resolution: 'explained', note })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
    return (await this.get(id))!;
  }
}
