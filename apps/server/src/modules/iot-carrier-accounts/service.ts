/**
 * Operator accounts of the storefronts (decision 0077): which operator platform each card is read
 * and changed at, the accounts' credentials encrypted at rest, a connection test, and the sync
 * scheduler that sweeps each account's cards at the account's rate, from a cursor kept in the
 * database, under a lease so that one instance sweeps an account at a time.
 *
 * A card is on the account it was moved onto (iot_carrier_card_accounts), else on its storefront's
 * default account, else on the built-in carrier (the simulator by default: no setup).
 */
import { randomUUID } from 'node:crypto';
import type {
  CarrierAccount,
  CarrierAccountKind,
  CarrierAccountUpdateBody,
  CarrierFreshness,
  CarrierProblem,
  CarrierTestReply,
} from '@simshop/contract/carrier-accounts';
import { CARRIER_PROBLEMS, carrierAccountKind } from '@simshop/contract/carrier-accounts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import type { IotCarrierAccountTables } from '../../db/schema-iot-carrier-accounts.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { chinaDay, DAY_MS } from '../../lib/flow-math.ts';
import type { OperationStore } from '../../providers/carrier/operation-store.ts';
import type { CarrierResolver } from '../../providers/carrier/routed.ts';
import { type CarrierCard, CarrierError, type CarrierProvider } from '../../providers/carrier/types.ts';
import { figuresAsOf, syncCards } from '../iot-carrier/service.ts';
import { type CardRef, cardRefsByIccid, cardRefsByIds, liveCardRefsByIds, liveCardRefsOfPromoCode } from '../iot-sims/service.ts';
import { accountCarrier, CARRIER_KINDS } from './kinds.ts';
import { carrierSecretKey, seal, unseal } from './secret-box.ts';

export { CARRIER_KINDS } from './kinds.ts';
export { carrierSecretKey, seal, unseal } from './secret-box.ts';

type AccountRow = Selectable<IotCarrierAccountTables['iot_carrier_accounts']>;

export interface CarrierAccountsDeps {
  db: Kysely<Database>;
  /** The database with its dialect, for the card synchronisation. */
  store: Db;
  config: { carrierSecretKey: Buffer | null; dataDir: string };
  now: () => number;
  log: FastifyBaseLogger;
  promoterById(id: number): Promise<{ id: number; name: string; promoCode: string } | null>;
  promoterIdOf(promoCode: string): Promise<number | null>;
  /** The built-in carrier's name (simulator or none), for cards on no account. */
  builtInName: string;
  /** Where the accounts' adapters keep the changes they ask (iot_carrier_operations). */
  operations: OperationStore;
}

export interface AccountInput {
  promoterId: number;
  kind: CarrierAccountKind;
  name: string;
  baseUrl: string;
  appId: string;
  secret: string;
  callsPerSecond: number;
  isDefault: boolean;
}

/** How often the cards' routes are read again (other instances' changes, new cards of a storefront with a default account). */
export const ROUTES_REFRESH_MS = 30_000;
/**
 * How often the default accounts' cards are all read again (in between, only the cards added): a
 * card that changed storefront reaches its new account's route within this time.
 */
export const ROUTES_FULL_MS = 10 * 60_000;
/** How often the scheduler runs; each run sweeps the share of each account's cards its rate allows. */
export const SYNC_TICK_MS = 10_000;
/** The share of an account's calls the sweep may take (the rest is for purchases, refreshes and switches). */
const SWEEP_SHARE = 0.5;
/** Calls a batch of cards costs the sweep: day figures of the span and the two days before. */
const CALLS_PER_BATCH = 3;
/** Cards a run sweeps per account at most (a run stays short whatever the rate). */
const MAX_CARDS_PER_TICK = 2_000;
/**
 * Carrier batches synchronised in one transaction (their figures read before it): the statements a
 * transaction costs are shared by more cards, and SQLite's writer is held for tens of milliseconds.
 */
const BATCHES_PER_TRANSACTION = 5;
/** How long a run holds an account's sweep without renewing it (a dead instance's lease runs out). */
const LEASE_MS = 60_000;
/** Figures older than this are shown to the holder as stale. */
export const STALE_AFTER_MS = 60 * 60_000;

/** Cards one run sweeps of an account: the batches its rate allows in a tick, at the sweep's share. */
export function cardsPerTick(batchSize: number, callsPerSecond: number): number {
  const batchesPerTick = Math.max(1, Math.floor((callsPerSecond * (SYNC_TICK_MS / 1000) * SWEEP_SHARE) / CALLS_PER_BATCH));
  return Math.min(MAX_CARDS_PER_TICK, batchesPerTick * batchSize);
}

/** What went wrong at the operator, in our words and its own. */
export function problemOf(err: unknown): { problem: CarrierProblem; detail: string } {
  if (err instanceof CarrierError) {
    const problem = (CARRIER_PROBLEMS as readonly string[]).includes(err.code) ? (err.code as CarrierProblem) : 'protocol';
    return { problem, detail: err.message };
  }
  return { problem: 'unavailable', detail: err instanceof Error ? err.message : String(err) };
}

export class CarrierAccounts {
  readonly #key: Buffer;
  readonly #adapters = new Map<number, { updatedAt: number; carrier: CarrierProvider }>();
  /**
   * Which account each card on an account is on, by ICCID, read in the background (every
   * ROUTES_REFRESH_MS and after each change made here): the carrier is asked inside transactions
   * (a synchronisation reads day figures in its own), where a read on SQLite's one connection
   * would wait for the transaction forever, so routing a call never reads the database. The cards
   * moved onto an account are read again each time; the default accounts' storefront cards are
   * added as they come (see #defaultsRead), so a fleet of a million is not read every 30 s.
   */
  #routes: { accounts: Map<number, AccountRow>; moved: Map<string, number>; defaults: Map<string, number> } = {
    accounts: new Map(),
    moved: new Map(),
    defaults: new Map(),
  };
  /**
   * The default accounts' storefront cards read so far: the accounts they were read for (ids,
   * settings' times) and the last card id read per account, so that a refresh reads only the cards
   * added since; everything is read again when the accounts change and every ROUTES_FULL_MS.
   */
  #defaultsRead: { key: string; at: number; after: Map<number, number> } = { key: '', at: 0, after: new Map() };
  #routesLoading: Promise<void> | null = null;
  #routesTimer: NodeJS.Timeout | null = null;
  /** This instance's name in the accounts' leases. */
  readonly instanceId = randomUUID();

  constructor(private readonly deps: CarrierAccountsDeps) {
    this.#key = carrierSecretKey(deps.config);
  }

  // ── Accounts ──────────────────────────────────────────────────────────────────────────────

  async list(promoterId: number | null): Promise<CarrierAccount[]> {
    let q = this.deps.db.selectFrom('iot_carrier_accounts').selectAll().orderBy('id');
    if (promoterId !== null) q = q.where('promoter_id', '=', promoterId);
    const rows = await q.execute();
    const counts = new Map<number, number>();
    if (rows.length > 0) {
      const found = await this.deps.db
        .selectFrom('iot_carrier_card_accounts')
        .select(['account_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'account_id',
          'in',
          rows.map((r) => r.id),
        )
        .groupBy('account_id')
        .execute();
      for (const c of found) counts.set(Number(c.account_id), Number(c.n));
    }
    const names = new Map<number, string>();
    for (const r of rows)
      if (!names.has(r.promoter_id)) names.set(r.promoter_id, (await this.deps.promoterById(r.promoter_id))?.name ?? '');
    const now = this.deps.now();
    return rows.map((r) => this.#view(r, names.get(r.promoter_id) ?? '', counts.get(r.id) ?? 0, now));
  }

  async get(id: number): Promise<CarrierAccount | null> {
    const row = await this.#row(id);
    if (!row) return null;
    return (await this.list(row.promoter_id)).find((a) => a.id === id) ?? null;
  }

  /** The storefront an account belongs to (null: no such account). */
  async promoterOf(id: number): Promise<number | null> {
    return (await this.#row(id))?.promoter_id ?? null;
  }

  #row(id: number) {
    return this.deps.db.selectFrom('iot_carrier_accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  #view(r: AccountRow, promoterName: string, cards: number, now: number): CarrierAccount {
    const kind = carrierAccountKind.safeParse(r.kind);
    const lastError = r.last_error;
    const code = lastError?.match(/^\[([a-z-]+)\]/)?.[1];
    return {
      id: r.id,
      promoterId: r.promoter_id,
      promoterName,
      kind: kind.success ? kind.data : 'simulator',
      name: r.name,
      baseUrl: r.base_url,
      appId: r.app_id,
      secretSet: r.secret_enc !== '',
      callsPerSecond: r.calls_per_second,
      enabled: r.enabled === 1,
      isDefault: r.is_default === 1,
      cards,
      sync: {
        lastSuccessAt: r.last_success_at === null ? null : Number(r.last_success_at),
        lagMs: r.last_sweep_started_at === null ? null : Math.max(0, now - Number(r.last_sweep_started_at)),
        cardsSynced: r.cards_synced,
        cardsInSweep: r.sweep_cards,
        lastError: lastError === null ? null : lastError.replace(/^\[[a-z-]+\] /, ''),
        lastErrorCode: code && (CARRIER_PROBLEMS as readonly string[]).includes(code) ? (code as CarrierProblem) : null,
        lastErrorAt: r.last_error_at === null ? null : Number(r.last_error_at),
      },
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  }

  #checkSettings(kind: CarrierAccountKind, s: { baseUrl: string; appId: string; secretSet: boolean }) {
    if (!CARRIER_KINDS[kind].needsCredentials) return;
    if (s.baseUrl === '') throw invalid('baseUrl', 'validation.required');
    if (s.appId === '') throw invalid('appId', 'validation.required');
    if (!s.secretSet) throw invalid('secret', 'validation.required');
  }

  async create(input: AccountInput): Promise<CarrierAccount> {
    this.#checkSettings(input.kind, { baseUrl: input.baseUrl, appId: input.appId, secretSet: input.secret !== '' });
    const now = this.deps.now();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      if (input.isDefault) await this.#clearDefault(trx, input.promoterId, now);
      const made = await trx
        .insertInto('iot_carrier_accounts')
        .values({
          promoter_id: input.promoterId,
          kind: input.kind,
          name: input.name,
          base_url: input.baseUrl,
          app_id: input.appId,
          secret_enc: seal(this.#key, input.secret),
          calls_per_second: input.callsPerSecond,
          is_default: input.isDefault ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(made.id);
    });
    await this.refreshRoutes();
    return (await this.get(id))!;
  }

  async update(body: CarrierAccountUpdateBody): Promise<CarrierAccount> {
    const row = await this.#row(body.id);
    if (!row) throw fail('admin.noSuchObject');
    const kind = carrierAccountKind.parse(row.kind);
    const next = {
      baseUrl: body.baseUrl ?? row.base_url,
      appId: body.appId ?? row.app_id,
      secretSet: (body.secret ?? '') !== '' || row.secret_enc !== '',
    };
    this.#checkSettings(kind, next);
    const now = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      if (body.isDefault === true) await this.#clearDefault(trx, row.promoter_id, now);
      await trx
        .updateTable('iot_carrier_accounts')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          base_url: next.baseUrl,
          app_id: next.appId,
          ...(body.secret ? { secret_enc: seal(this.#key, body.secret) } : {}),
          ...(body.callsPerSecond !== undefined ? { calls_per_second: body.callsPerSecond } : {}),
          ...(body.isDefault !== undefined ? { is_default: body.isDefault ? 1 : 0 } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
          updated_at: Math.max(now, Number(row.updated_at) + 1),
        })
        .where('id', '=', row.id)
        .execute();
    });
    await this.refreshRoutes();
    return (await this.get(row.id))!;
  }

  async #clearDefault(trx: Kysely<Database>, promoterId: number, now: number) {
    await trx
      .updateTable('iot_carrier_accounts')
      .set({ is_default: 0, updated_at: now })
      .where('promoter_id', '=', promoterId)
      .where('is_default', '=', 1)
      .execute();
  }

  /** The account's password or key in the clear (the adapter's; never sent to the console). */
  secretOf(row: Pick<AccountRow, 'secret_enc'>): string {
    return unseal(this.#key, row.secret_enc);
  }

  /** A new adapter on the account's settings. */
  #makeAdapter(row: AccountRow): CarrierProvider {
    const kind = carrierAccountKind.parse(row.kind);
    return accountCarrier(
      kind,
      { baseUrl: row.base_url, appId: row.app_id, secret: this.secretOf(row), callsPerSecond: row.calls_per_second },
      this.deps.operations,
    );
  }

  /** The account's adapter, kept while its settings do not change (its token and its rate are the account's). */
  adapterOf(row: AccountRow): CarrierProvider {
    const kept = this.#adapters.get(row.id);
    if (kept && kept.updatedAt === Number(row.updated_at)) return kept.carrier;
    const carrier = this.#makeAdapter(row);
    this.#adapters.set(row.id, { updatedAt: Number(row.updated_at), carrier });
    return carrier;
  }

  // ── Cards ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Moves cards onto an account; each must be a card of the account's storefront. Returns how many
   * were moved and the ICCIDs that are not the storefront's cards.
   */
  async assign(accountId: number, iccids: readonly string[]): Promise<{ assigned: number; unknown: string[] }> {
    const row = await this.#row(accountId);
    if (!row) throw fail('admin.noSuchObject');
    const promoter = await this.deps.promoterById(row.promoter_id);
    const wanted = [...new Set(iccids)];
    const refs = await cardRefsByIccid(this.deps.db, wanted);
    const own = refs.filter((r) => promoter && r.promo_code === promoter.promoCode);
    const ownIccids = new Set(own.map((r) => r.iccid));
    const now = this.deps.now();
    for (const r of own) {
      await this.deps.db
        .insertInto('iot_carrier_card_accounts')
        .values({ sim_id: r.id, account_id: accountId, updated_at: now })
        .onConflict((oc) => oc.column('sim_id').doUpdateSet({ account_id: accountId, updated_at: now }))
        .execute();
    }
    await this.refreshRoutes();
    return { assigned: own.length, unknown: wanted.filter((i) => !ownIccids.has(i)) };
  }

  /** Cards by ICCID with the storefront each belongs to, for the console's checks. */
  async cardPromoters(iccids: readonly string[]): Promise<Map<string, { id: number; promoterId: number | null }>> {
    const refs = await cardRefsByIccid(this.deps.db, [...new Set(iccids)]);
    const out = new Map<string, { id: number; promoterId: number | null }>();
    for (const r of refs) out.set(r.iccid, { id: r.id, promoterId: await this.deps.promoterIdOf(r.promo_code) });
    return out;
  }

  /** Puts cards back on their storefront's default account. */
  async unassign(simIds: readonly number[]): Promise<number> {
    if (simIds.length === 0) return 0;
    const done = await this.deps.db
      .deleteFrom('iot_carrier_card_accounts')
      .where('sim_id', 'in', [...simIds])
      .executeTakeFirst();
    await this.refreshRoutes();
    return Number(done.numDeletedRows);
  }

  async #enabledAccounts(): Promise<Map<number, AccountRow>> {
    const rows = await this.deps.db.selectFrom('iot_carrier_accounts').selectAll().where('enabled', '=', 1).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Reads the cards' routes again, after any reading under way (which may have started before a change). */
  refreshRoutes(): Promise<void> {
    const read = async () => {
      const accounts = await this.#enabledAccounts();
      const key = [...accounts.values()].map((a) => `${a.id}:${a.updated_at}:${a.is_default}`).join(',');
      const at = Date.now();
      const full = key !== this.#defaultsRead.key || at - this.#defaultsRead.at >= ROUTES_FULL_MS;
      // A full read builds new maps (calls meanwhile use the old ones); otherwise the new cards are added.
      const defaults = full ? new Map<string, number>() : this.#routes.defaults;
      const after = full ? new Map<number, number>() : this.#defaultsRead.after;
      for (const a of accounts.values()) {
        if (a.is_default !== 1) continue;
        const promoter = await this.deps.promoterById(a.promoter_id);
        if (!promoter) continue;
        for (let last = after.get(a.id) ?? 0; ; ) {
          const cards = await liveCardRefsOfPromoCode(this.deps.db, promoter.promoCode, last, 5_000);
          if (cards.length === 0) break;
          for (const c of cards) defaults.set(c.iccid, a.id);
          last = cards[cards.length - 1]!.id;
          after.set(a.id, last);
        }
      }
      const moved = new Map<string, number>();
      if (accounts.size > 0) {
        const rows = await this.deps.db.selectFrom('iot_carrier_card_accounts').select(['sim_id', 'account_id']).execute();
        const accountOf = new Map(rows.map((m) => [Number(m.sim_id), Number(m.account_id)]));
        const ids = [...accountOf.keys()];
        for (let i = 0; i < ids.length; i += 1_000) {
          for (const c of await cardRefsByIds(this.deps.db, ids.slice(i, i + 1_000))) {
            const id = accountOf.get(c.id)!;
            // A card moved onto a disabled account keeps its storefront's default.
            if (accounts.has(id)) moved.set(c.iccid, id);
          }
        }
      }
      if (full) this.#defaultsRead = { key, at, after };
      this.#routes = { accounts, moved, defaults };
    };
    const next = (this.#routesLoading ?? Promise.resolve()).catch(() => undefined).then(read);
    this.#routesLoading = next;
    return next;
  }

  /** Reads the routes now and every ROUTES_REFRESH_MS until `stop`. */
  async start(): Promise<void> {
    await this.refreshRoutes();
    this.#routesTimer = setInterval(() => {
      this.refreshRoutes().catch((err) => this.deps.log.warn({ err }, 'cannot read the carrier accounts’ routes'));
    }, ROUTES_REFRESH_MS);
    this.#routesTimer.unref();
  }

  stop(): void {
    if (this.#routesTimer) clearInterval(this.#routesTimer);
    this.#routesTimer = null;
  }

  /** The enabled account each card is on (absent: the built-in carrier), by card id. */
  async #accountsOfCards(refs: readonly CardRef[]): Promise<Map<number, AccountRow>> {
    const out = new Map<number, AccountRow>();
    const accounts = await this.#enabledAccounts();
    if (accounts.size === 0 || refs.length === 0) return out;
    const moved = new Map(
      (
        await this.deps.db
          .selectFrom('iot_carrier_card_accounts')
          .select(['sim_id', 'account_id'])
          .where(
            'sim_id',
            'in',
            refs.map((r) => r.id),
          )
          .execute()
      ).map((m) => [Number(m.sim_id), Number(m.account_id)]),
    );
    const defaults = new Map<number, AccountRow>();
    for (const a of accounts.values()) if (a.is_default === 1) defaults.set(a.promoter_id, a);
    const promoterOfCode = new Map<string, number | null>();
    for (const r of refs) {
      const chosen = moved.has(r.id) ? accounts.get(moved.get(r.id)!) : undefined;
      if (chosen) {
        out.set(r.id, chosen);
        continue;
      }
      if (defaults.size === 0) continue;
      if (!promoterOfCode.has(r.promo_code)) promoterOfCode.set(r.promo_code, await this.deps.promoterIdOf(r.promo_code));
      const promoterId = promoterOfCode.get(r.promo_code);
      const fallback = promoterId === null || promoterId === undefined ? undefined : defaults.get(promoterId);
      if (fallback) out.set(r.id, fallback);
    }
    return out;
  }

  /** The routed carrier's resolver: the adapter of each card that is on an enabled account (from memory: see #routes). */
  readonly resolve: CarrierResolver = async (cards: readonly CarrierCard[]) => {
    const routes = new Map<string, CarrierProvider>();
    const { accounts, moved, defaults } = this.#routes;
    if (moved.size === 0 && defaults.size === 0) return routes;
    for (const c of cards) {
      const id = moved.get(c.iccid) ?? defaults.get(c.iccid);
      const account = id === undefined ? undefined : accounts.get(id);
      if (account) routes.set(c.iccid, this.adapterOf(account));
    }
    return routes;
  };

  /**
   * Cards in service on an account after `after`, in id order, at most `limit`: the cards moved onto
   * it, and for a default account its storefront's cards not moved elsewhere.
   */
  async cardsOf(row: AccountRow, after: number, limit: number): Promise<CardRef[]> {
    const movedHere = (
      await this.deps.db
        .selectFrom('iot_carrier_card_accounts')
        .select('sim_id')
        .where('account_id', '=', row.id)
        .where('sim_id', '>', after)
        .orderBy('sim_id')
        .limit(limit)
        .execute()
    ).map((r) => Number(r.sim_id));
    const found = await liveCardRefsByIds(this.deps.db, movedHere);
    if (row.is_default === 1) {
      const promoter = await this.deps.promoterById(row.promoter_id);
      if (promoter) {
        const own = await liveCardRefsOfPromoCode(this.deps.db, promoter.promoCode, after, limit);
        const elsewhere = new Set(
          own.length === 0
            ? []
            : (
                await this.deps.db
                  .selectFrom('iot_carrier_card_accounts')
                  .select('sim_id')
                  .where(
                    'sim_id',
                    'in',
                    own.map((r) => r.id),
                  )
                  .where('account_id', '!=', row.id)
                  .execute()
              ).map((r) => Number(r.sim_id)),
        );
        const have = new Set(found.map((r) => r.id));
        for (const r of own) if (!elsewhere.has(r.id) && !have.has(r.id)) found.push(r);
      }
    }
    return found.sort((a, b) => a.id - b.id).slice(0, limit);
  }

  // ── Connection test ───────────────────────────────────────────────────────────────────────

  /**
   * Asks the operator with the account's settings, on a new adapter (a new token): one of its cards'
   * status, or, with no card yet, yesterday's figures of a card it does not know (which proves the
   * credentials and the query path). OK, or what went wrong in our words and the operator's.
   */
  async test(id: number): Promise<CarrierTestReply> {
    const row = await this.#row(id);
    if (!row) throw fail('admin.noSuchObject');
    const started = performance.now();
    const now = this.deps.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const adapter = this.#makeAdapter(row);
      const [card] = await this.cardsOf(row, 0, 1);
      if (card) await adapter.status([{ simNo: card.sim_no, iccid: card.iccid, operatorType: card.operator_type }], now);
      else
        await adapter.usageDays([{ simNo: '00000000000', iccid: '00000000000000000000', operatorType: 4 }], [chinaDay(now - DAY_MS)], now);
      return { ok: true, problem: null, detail: null, tookMs: took() };
    } catch (err) {
      const { problem, detail } = problemOf(err);
      if (problem === 'unknown-card') return { ok: true, problem: null, detail: null, tookMs: took() };
      return { ok: false, problem, detail, tookMs: took() };
    }
  }

  // ── The holder's freshness ────────────────────────────────────────────────────────────────

  /** Which operator the card's figures come from and up to when they count. */
  async freshness(simId: number): Promise<CarrierFreshness> {
    const refs = await liveCardRefsByIds(this.deps.db, [simId]);
    const account = (await this.#accountsOfCards(refs)).get(simId);
    const asOf = await figuresAsOf(this.deps.db, simId);
    const now = this.deps.now();
    return {
      operator: account ? account.kind : this.deps.builtInName,
      asOf,
      stale: asOf !== null && now - asOf > STALE_AFTER_MS,
    };
  }

  // ── The scheduler ─────────────────────────────────────────────────────────────────────────

  /**
   * One run of the scheduler: for each enabled account this instance can lease, sweeps the next
   * cards of the account from its cursor, as many as the account's rate allows in a tick, and moves
   * the cursor after each batch (a restart goes on from there: no card is synchronised twice in a
   * sweep, none skipped). A finished sweep records its success, lag and count, and starts over at
   * the next run. Returns the cards synchronised.
   */
  async syncTick(now: number): Promise<number> {
    const accounts = await this.deps.db.selectFrom('iot_carrier_accounts').select('id').where('enabled', '=', 1).orderBy('id').execute();
    let total = 0;
    for (const { id } of accounts) total += await this.syncAccount(id, now);
    return total;
  }

  async #lease(id: number): Promise<boolean> {
    const at = this.deps.now();
    const got = await this.deps.db
      .updateTable('iot_carrier_accounts')
      .set({ lease_owner: this.instanceId, lease_until: at + LEASE_MS })
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('lease_until', '<', at), eb('lease_owner', '=', this.instanceId)]))
      .executeTakeFirst();
    return Number(got.numUpdatedRows) === 1;
  }

  /** Sweeps the next cards of one account if this instance holds (or takes) its lease. */
  async syncAccount(id: number, now: number): Promise<number> {
    if (!(await this.#lease(id))) return 0;
    let done = 0;
    try {
      const row = await this.#row(id);
      if (!row) return 0;
      const adapter = this.adapterOf(row);
      const budget = cardsPerTick(adapter.limits.batchSize, row.calls_per_second);
      let cursor = Number(row.cursor_sim_id);
      while (done < budget) {
        const cards = await this.cardsOf(row, cursor, Math.min(adapter.limits.batchSize * BATCHES_PER_TRANSACTION, budget - done));
        if (cards.length === 0) {
          await this.#finishSweep(id, now);
          break;
        }
        const errors: unknown[] = [];
        const readErrors: unknown[] = [];
        const last = cards[cards.length - 1]!.id;
        let kept = true;
        // The cursor moves in the cards' own transaction: a batch is synchronised and recorded together
        // (an instance that dies between the two neither repeats nor skips it).
        await syncCards(
          this.deps.store,
          adapter,
          cards.map((c) => c.id),
          now,
          errors,
          readErrors,
          async (trx, synced) => {
            const failure = readErrors[0] ?? errors[0];
            const problem = failure === undefined ? null : problemOf(failure);
            const at = this.deps.now();
            const moved = await trx
              .updateTable('iot_carrier_accounts')
              .set((eb) => ({
                cursor_sim_id: last,
                sweep_started_at: eb.fn.coalesce('sweep_started_at', eb.val(now)),
                sweep_cards: eb('sweep_cards', '+', synced),
                lease_until: at + LEASE_MS,
                ...(problem
                  ? {
                      last_error: `[${problem.problem}] ${problem.detail}`.slice(0, 500),
                      last_error_at: now,
                      errors_in_sweep: eb('errors_in_sweep', '+', 1),
                    }
                  : {}),
              }))
              .where('id', '=', id)
              .where('lease_owner', '=', this.instanceId)
              .executeTakeFirst();
            kept = Number(moved.numUpdatedRows) === 1;
          },
        );
        cursor = last;
        done += cards.length;
        const failure = readErrors[0] ?? errors[0];
        if (failure !== undefined) this.deps.log.warn({ err: failure, account: id }, 'carrier account sync: a batch failed');
        // Lost the lease (this run outlived it): another instance goes on from the cursor.
        if (!kept) break;
      }
    } finally {
      await this.deps.db
        .updateTable('iot_carrier_accounts')
        .set({ lease_until: 0 })
        .where('id', '=', id)
        .where('lease_owner', '=', this.instanceId)
        .execute();
    }
    return done;
  }

  async #finishSweep(id: number, now: number) {
    await this.deps.db
      .updateTable('iot_carrier_accounts')
      .set((eb) => ({
        cursor_sim_id: 0,
        cards_synced: eb.ref('sweep_cards'),
        sweep_cards: 0,
        last_sweep_started_at: eb.fn.coalesce('sweep_started_at', eb.val(now)),
        sweep_started_at: null,
        last_success_at: eb.case().when('errors_in_sweep', '=', 0).then(eb.val(now)).else(eb.ref('last_success_at')).end(),
        errors_in_sweep: 0,
      }))
      .where('id', '=', id)
      .where('lease_owner', '=', this.instanceId)
      .execute();
  }
}
