import type { Kysely, Transaction } from 'kysely';
import { forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import type { Language } from '../../lib/messages.ts';
import {
  eventKey,
  LogisticsError,
  type LogisticsEvent,
  type LogisticsProvider,
  type LogisticsStatus,
  type ShipmentRef,
} from '../../providers/logistics/provider.ts';
import { toTraditional } from '../i18n-texts/service.ts';
import { divisionNameIn } from '../site/service.ts';

type Trx = Kysely<Database> | Transaction<Database>;

/** An event as a reader sees it: the status code, the place in their language, the carrier's own words apart. */
export interface EventView {
  at: number;
  status: LogisticsStatus;
  /** The place in the reader's language, '' when unknown. */
  location: string;
  /** The carrier's own words ('' when it wrote none), in `descriptionLanguage`. */
  description: string;
  descriptionLanguage: '' | Language;
}

export interface ShipmentView {
  company: string;
  companyCode: string;
  trackingNo: string;
  status: 'in_transit' | 'delivered';
  /** Newest first. */
  events: EventView[];
}

/** Called in the transaction that records the delivery (e.g. to complete the order). */
export type DeliveredHandler = (trx: Transaction<Database>, orderId: number, now: number) => Promise<void>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A subscribed parcel with no push for this long is looked up with a query (pushes are late). */
export const PUSH_LATE_MS = 6 * HOUR;
/** Waits between subscription attempts: 1, 2, 4... minutes, at most an hour; refused for good after 12 tries. */
const SUBSCRIBE_TRIES = 12;

type ShipmentRow = Awaited<ReturnType<typeof shipmentById>>;
function shipmentById(db: Trx, id: number) {
  return db.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}

function refOf(s: NonNullable<ShipmentRow>): ShipmentRef {
  return {
    trackingNo: s.tracking_no,
    companyCode: s.company_code,
    fromArea: s.from_area,
    toArea: s.to_area,
    fromCity: s.from_city,
    toCity: s.to_city,
    createdAt: s.created_at,
  };
}

/** The carrier's words in the reader's script: Simplified Chinese is shown in Traditional to a Traditional reader. */
function carrierWords(text: string, lang: string, reader: Language): { description: string; descriptionLanguage: '' | Language } {
  if (!text || !lang) return { description: '', descriptionLanguage: '' };
  if (lang === 'zh-Hans' && reader === 'zh-Hant') return { description: toTraditional(text), descriptionLanguage: 'zh-Hant' };
  return { description: text, descriptionLanguage: lang as Language };
}

/** The place of an event in the reader's language: its division's name, else the carrier's name when it is in the reader's script. */
function placeIn(areaCode: string, place: string, lang: string, reader: Language): string {
  const named = areaCode ? divisionNameIn(areaCode, reader) : undefined;
  if (named) return named;
  if (!place || !lang) return '';
  if (reader === 'en') return '';
  return carrierWords(place, lang, reader).description;
}

/**
 * Shipments of any order type, tracked through a logistics provider. A carrier that pushes
 * (Kuaidi100) is subscribed to once the shipment is stored, outside any transaction; its pushes are
 * stored as they come, and a parcel whose pushes are late is looked up with a query. The simulator
 * is read on each look.
 */
export class Logistics {
  private readonly onDelivered = new Map<string, DeliveredHandler>();

  constructor(
    private readonly deps: Deps,
    readonly provider: LogisticsProvider,
  ) {}

  registerOrderType(orderType: string, handler: DeliveredHandler): void {
    this.onDelivered.set(orderType, handler);
  }

  /**
   * Books a shipment for an order; call inside the transaction that marks the order shipped. A
   * tracking number the operator got from the carrier is kept; without one the provider books one
   * (the simulator; a real tracking service needs the number). A pushing carrier is subscribed to
   * by the next `logistics.track` run, after the transaction.
   */
  async ship(
    trx: Trx,
    input: {
      orderType: string;
      orderId: number;
      reference: string;
      fromCity: string;
      toCity: string;
      fromArea?: string;
      toArea?: string;
      trackingNo?: string;
    },
    now: number,
  ) {
    if (!input.trackingNo && this.provider.name !== 'simulator') throw invalid('trackingNo', 'logistics.trackingNoNeeded');
    const booked = await this.provider.book(
      { reference: input.reference, fromCity: input.fromCity, toCity: input.toCity, trackingNo: input.trackingNo },
      now,
    );
    await trx
      .insertInto('shipments')
      .values({
        order_type: input.orderType,
        order_id: input.orderId,
        company_code: booked.companyCode,
        company_name: booked.companyName,
        tracking_no: booked.trackingNo,
        from_city: input.fromCity,
        to_city: input.toCity,
        from_area: input.fromArea ?? '',
        to_area: input.toArea ?? '',
        subscription: this.provider.pushes ? 'pending' : 'none',
        next_check_at: now,
        status: 'in_transit',
        delivered_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return booked;
  }

  /**
   * Stores the events a carrier reported (a push or a query), each once; the first delivery
   * event delivers the shipment and calls its order type's handler, in the same transaction.
   */
  async store(shipmentId: number, events: LogisticsEvent[], now: number, via: 'push' | 'query'): Promise<number> {
    const { db, dialect } = this.deps;
    return db.transaction().execute(async (trx) => {
      const s = await forUpdate(dialect, trx.selectFrom('shipments').selectAll().where('id', '=', shipmentId)).executeTakeFirst();
      if (!s) return 0;
      const known = await trx.selectFrom('shipment_events').select(['event_key', 'seq']).where('shipment_id', '=', s.id).execute();
      const keys = new Set(known.map((k) => k.event_key));
      let seq = known.reduce((m, k) => Math.max(m, k.seq), 0);
      const fresh = [];
      for (const e of [...events].sort((a, b) => a.at - b.at)) {
        const key = eventKey(e);
        if (keys.has(key)) continue;
        keys.add(key);
        seq += 1;
        fresh.push({
          shipment_id: s.id,
          seq,
          at: e.at,
          status: e.status,
          description: e.text,
          location: e.place,
          area_code: e.areaCode,
          text_language: e.text ? this.provider.textLanguage : '',
          event_key: key,
        });
      }
      if (fresh.length > 0) await trx.insertInto('shipment_events').values(fresh).execute();
      const later = via === 'push' ? { last_push_at: now, next_check_at: now + PUSH_LATE_MS } : {};
      await trx
        .updateTable('shipments')
        .set({ ...later, updated_at: now })
        .where('id', '=', s.id)
        .execute();
      const delivered = events.find((e) => e.status === 'delivered');
      if (delivered && s.status === 'in_transit') {
        const res = await trx
          .updateTable('shipments')
          .set({ status: 'delivered', delivered_at: delivered.at, updated_at: now })
          .where('id', '=', s.id)
          .where('status', '=', 'in_transit')
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 1) await this.onDelivered.get(s.order_type)?.(trx, s.order_id, now);
      }
      return fresh.length;
    });
  }

  /** Asks the carrier for the shipment's events (outside any transaction) and stores them. */
  async sync(shipmentId: number, now: number): Promise<void> {
    const s = await shipmentById(this.deps.db, shipmentId);
    if (s?.status !== 'in_transit') return;
    const events = await this.provider.track(refOf(s), now);
    await this.store(s.id, events, now, 'query');
  }

  /**
   * A push from the carrier, its signature already checked: the events of every shipment in
   * transit with that number at that company are stored. The number of shipments it matched.
   */
  async receivePush(push: { companyCode: string; trackingNo: string; events: LogisticsEvent[] }, now: number): Promise<number> {
    const shipments = await this.deps.db
      .selectFrom('shipments')
      .select('id')
      .where('tracking_no', '=', push.trackingNo)
      .where('company_code', '=', push.companyCode)
      .execute();
    for (const s of shipments) await this.store(s.id, push.events, now, 'push');
    return shipments.length;
  }

  /** The shipment of an order, brought up to date, with its events in the reader's language, or null when it has none. */
  async forOrder(orderType: string, orderId: number, language: Language = 'zh-Hans'): Promise<ShipmentView | null> {
    const { db } = this.deps;
    const find = () =>
      db.selectFrom('shipments').selectAll().where('order_type', '=', orderType).where('order_id', '=', orderId).executeTakeFirst();
    const before = await find();
    if (!before) return null;
    // The simulator is read on each look; a real carrier's events come by push (or the job's query).
    if (before.status === 'in_transit' && this.provider.name === 'simulator') await this.sync(before.id, this.deps.now());
    const s = (await find()) ?? before;
    const events = await db
      .selectFrom('shipment_events')
      .selectAll()
      .where('shipment_id', '=', s.id)
      .orderBy('at', 'desc')
      .orderBy('seq', 'desc')
      .execute();
    return {
      company: s.company_name,
      companyCode: s.company_code,
      trackingNo: s.tracking_no,
      status: s.status as ShipmentView['status'],
      events: events.map((e) => ({
        at: e.at,
        status: e.status as LogisticsStatus,
        location: placeIn(e.area_code, e.location, e.text_language, language),
        ...carrierWords(e.description, e.text_language, language),
      })),
    };
  }

  /** Subscribes the shipments waiting for it, outside any transaction; a refusal is retried later, a bad number is given up. */
  async subscribePending(now: number): Promise<number> {
    const { db } = this.deps;
    const due = await db
      .selectFrom('shipments')
      .selectAll()
      .where('subscription', '=', 'pending')
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(50)
      .execute();
    for (const s of due) {
      try {
        await this.provider.subscribe(refOf(s));
        await db
          .updateTable('shipments')
          .set({ subscription: 'subscribed', next_check_at: now + PUSH_LATE_MS, last_error: null, updated_at: now })
          .where('id', '=', s.id)
          .where('subscription', '=', 'pending')
          .execute();
      } catch (err) {
        const attempts = s.subscribe_attempts + 1;
        const reason = err instanceof LogisticsError ? err.reason : 'unavailable';
        const giveUp = attempts >= SUBSCRIBE_TRIES || reason === 'refused' || reason === 'unknown';
        await db
          .updateTable('shipments')
          .set({
            subscription: giveUp ? 'failed' : 'pending',
            subscribe_attempts: attempts,
            next_check_at: giveUp ? now + PUSH_LATE_MS : now + Math.min(HOUR, MINUTE * 2 ** (attempts - 1)),
            last_error: String((err as Error).message ?? err).slice(0, 300),
            updated_at: now,
          })
          .where('id', '=', s.id)
          .execute();
        this.deps.log.warn({ shipmentId: s.id, reason, attempts }, 'logistics: subscription failed');
        // A throttled or unreachable service is not asked again in this run.
        if (reason === 'throttled' || reason === 'unavailable' || reason === 'auth') break;
      }
    }
    return due.length;
  }

  /**
   * Looks up the shipments in transit whose news is late: every one with the simulator; with a
   * pushing carrier, those subscribed (or refused a subscription) with no push for PUSH_LATE_MS.
   */
  async queryLate(now: number): Promise<number> {
    const { db } = this.deps;
    let q = db.selectFrom('shipments').select('id').where('status', '=', 'in_transit');
    if (this.provider.pushes) q = q.where('subscription', 'in', ['subscribed', 'failed']).where('next_check_at', '<=', now);
    const late = await q
      .orderBy('id')
      .limit(this.provider.pushes ? 20 : 200)
      .execute();
    for (const s of late) {
      try {
        await this.sync(s.id, now);
        if (this.provider.pushes)
          await db
            .updateTable('shipments')
            .set({ next_check_at: now + PUSH_LATE_MS, last_error: null })
            .where('id', '=', s.id)
            .execute();
      } catch (err) {
        if (!(err instanceof LogisticsError)) throw err;
        await db
          .updateTable('shipments')
          .set({ next_check_at: now + HOUR, last_error: err.message.slice(0, 300) })
          .where('id', '=', s.id)
          .execute();
        this.deps.log.warn({ shipmentId: s.id, reason: err.reason }, 'logistics: query failed');
        if (err.reason !== 'unknown') break;
      }
    }
    return late.length;
  }

  /** The simulator's clock: brings every shipment in transit up to date. */
  async advance(now: number): Promise<number> {
    return this.queryLate(now);
  }

  jobs(): Job[] {
    const jobs: Job[] = [{ name: 'logistics.advance', everyMs: 60_000, run: (now) => this.queryLate(now) }];
    if (this.provider.pushes) jobs.push({ name: 'logistics.subscribe', everyMs: 30_000, run: (now) => this.subscribePending(now) });
    return jobs;
  }
}
