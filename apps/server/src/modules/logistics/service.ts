import type { Kysely, Transaction } from 'kysely';
import { forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Job } from '../../lib/jobs.ts';
import type { LogisticsEvent, LogisticsProvider } from '../../providers/logistics/provider.ts';

type Trx = Kysely<Database> | Transaction<Database>;

export interface ShipmentView {
  company: string;
  companyCode: string;
  trackingNo: string;
  status: 'in_transit' | 'delivered';
  /** Newest first. */
  events: LogisticsEvent[];
}

/** Called in the transaction that records the delivery (e.g. to complete the order). */
export type DeliveredHandler = (trx: Transaction<Database>, orderId: number, now: number) => Promise<void>;

/** Shipments of any order type, tracked through a logistics provider. */
export class Logistics {
  private readonly onDelivered = new Map<string, DeliveredHandler>();

  constructor(
    private readonly deps: Deps,
    private readonly provider: LogisticsProvider,
  ) {}

  registerOrderType(orderType: string, handler: DeliveredHandler): void {
    this.onDelivered.set(orderType, handler);
  }

  /**
   * Books a shipment for an order; call inside the transaction that marks the order shipped. A
   * tracking number the operator got from the carrier is kept; without one the provider books one.
   */
  async ship(
    trx: Trx,
    input: { orderType: string; orderId: number; reference: string; fromCity: string; toCity: string; trackingNo?: string },
    now: number,
  ) {
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
        status: 'in_transit',
        delivered_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return booked;
  }

  /** Stores the events the carrier reports since the last look; a delivery is applied once. */
  async sync(shipmentId: number, now: number): Promise<void> {
    const { db, dialect } = this.deps;
    await db.transaction().execute(async (trx) => {
      const s = await forUpdate(dialect, trx.selectFrom('shipments').selectAll().where('id', '=', shipmentId)).executeTakeFirst();
      if (s?.status !== 'in_transit') return;
      const events = await this.provider.track(
        { trackingNo: s.tracking_no, companyCode: s.company_code, fromCity: s.from_city, toCity: s.to_city, createdAt: s.created_at },
        now,
      );
      const known = await trx
        .selectFrom('shipment_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('shipment_id', '=', s.id)
        .executeTakeFirstOrThrow();
      const fresh = events.slice(Number(known.n)).map((e, i) => ({ shipment_id: s.id, seq: Number(known.n) + i + 1, ...e }));
      if (fresh.length > 0) await trx.insertInto('shipment_events').values(fresh).execute();
      const delivered = events.find((e) => e.status === 'delivered');
      if (!delivered) return;
      const res = await trx
        .updateTable('shipments')
        .set({ status: 'delivered', delivered_at: delivered.at, updated_at: now })
        .where('id', '=', s.id)
        .where('status', '=', 'in_transit')
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) await this.onDelivered.get(s.order_type)?.(trx, s.order_id, now);
    });
  }

  /** The shipment of an order, brought up to date, or null when it has none. */
  async forOrder(orderType: string, orderId: number): Promise<ShipmentView | null> {
    const { db } = this.deps;
    const find = () =>
      db.selectFrom('shipments').selectAll().where('order_type', '=', orderType).where('order_id', '=', orderId).executeTakeFirst();
    const before = await find();
    if (!before) return null;
    if (before.status === 'in_transit') await this.sync(before.id, this.deps.now());
    const s = (await find()) ?? before;
    const events = await db.selectFrom('shipment_events').selectAll().where('shipment_id', '=', s.id).orderBy('seq', 'desc').execute();
    return {
      company: s.company_name,
      companyCode: s.company_code,
      trackingNo: s.tracking_no,
      status: s.status as ShipmentView['status'],
      events: events.map((e) => ({
        at: e.at,
        status: e.status as LogisticsEvent['status'],
        description: e.description,
        location: e.location,
      })),
    };
  }

  /** The simulator's clock: brings every shipment in transit up to date. */
  async advance(now: number): Promise<number> {
    const open = await this.deps.db
      .selectFrom('shipments')
      .select('id')
      .where('status', '=', 'in_transit')
      .orderBy('id')
      .limit(200)
      .execute();
    for (const s of open) await this.sync(s.id, now);
    return open.length;
  }

  jobs(): Job[] {
    return [{ name: 'logistics.advance', everyMs: 60_000, run: (now) => this.advance(now) }];
  }
}
