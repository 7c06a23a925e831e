import { createHash, randomInt } from 'node:crypto';

/**
 * A carrier's tracking service: the built-in simulator, Kuaidi100 (kuaidi100.ts), or none. An event
 * carries a status code and the six-digit division code of where it happened, which every reader
 * sees in their own language; the carrier's own words are kept apart, with their language.
 */

export type LogisticsStatus = 'collected' | 'in_transit' | 'arrived' | 'out_for_delivery' | 'delivered' | 'problem' | 'returned';

export interface LogisticsEvent {
  at: number;
  status: LogisticsStatus;
  /** Six-digit division code of the place (province, city or county), '' when unknown. */
  areaCode: string;
  /** The carrier's own description, '' when it gives none (the simulator). */
  text: string;
  /** The carrier's own name of the place, '' when none. */
  place: string;
}

/** The same event reported twice (a repeated push, a query after a push) has the same key. */
export function eventKey(e: LogisticsEvent): string {
  return createHash('sha256').update(`${e.at}\n${e.status}\n${e.areaCode}\n${e.text}`).digest('base64url').slice(0, 24);
}

export interface ShipmentRef {
  trackingNo: string;
  companyCode: string;
  /** Six-digit division codes of where the parcel leaves from and goes to ('' when unknown). */
  fromArea: string;
  toArea: string;
  /** Their names, as the carrier is told them. */
  fromCity: string;
  toCity: string;
  createdAt: number;
}

/** Why a call to the tracking service failed: its answer, or no answer. */
export class LogisticsError extends Error {
  constructor(
    /** auth: the key or the signature was refused; unknown: no such parcel; throttled; refused: the request itself; unavailable: no or a broken answer. */
    readonly reason: 'auth' | 'unknown' | 'throttled' | 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'LogisticsError';
  }
}

export interface LogisticsProvider {
  readonly name: 'simulator' | 'kuaidi100' | 'none';
  /** The language of the carrier's own words ('' when it writes none). */
  readonly textLanguage: 'zh-Hans' | '';
  /** The carrier pushes new events once subscribed: queries are then only the fallback of late pushes. */
  readonly pushes: boolean;
  /** Books a shipment with a carrier and returns its tracking number (the one given, when the parcel already has one). */
  book(
    input: { reference: string; fromCity: string; toCity: string; trackingNo?: string },
    now: number,
  ): Promise<{ companyCode: string; companyName: string; trackingNo: string }>;
  /** Asks the carrier to push the parcel's events (an outside call: never inside a transaction). */
  subscribe(shipment: ShipmentRef): Promise<void>;
  /** Every event of the shipment up to now, oldest first (an outside call: never inside a transaction). */
  track(shipment: ShipmentRef, now: number): Promise<LogisticsEvent[]>;
}

const HOUR = 3_600_000;

/** The simulator's route: each event comes at a fixed time after collection, at the origin or the destination. */
const SCRIPT: { after: number; status: LogisticsStatus; at: 'from' | 'to' }[] = [
  { after: 0, status: 'collected', at: 'from' },
  { after: 3 * HOUR, status: 'in_transit', at: 'from' },
  { after: 14 * HOUR, status: 'arrived', at: 'to' },
  { after: 20 * HOUR, status: 'out_for_delivery', at: 'to' },
  { after: 24 * HOUR, status: 'delivered', at: 'to' },
];

/**
 * A carrier whose parcels take a day: deterministic, so any moment's timeline can be checked. It
 * writes no text of its own: a status code and a place, which every reader sees in their language.
 */
export function logisticsSimulator(): LogisticsProvider {
  return {
    name: 'simulator',
    textLanguage: '',
    pushes: false,
    async book(input) {
      return {
        companyCode: 'SIMEX',
        companyName: 'SimExpress',
        trackingNo: input.trackingNo ?? `SE${String(randomInt(0, 1e12)).padStart(12, '0')}`,
      };
    },
    async subscribe() {},
    async track(s, now) {
      // Only its own parcels (an installation that moved to a real service keeps the older ones).
      if (s.companyCode !== 'SIMEX') return [];
      return SCRIPT.filter((e) => s.createdAt + e.after <= now).map((e) => ({
        at: s.createdAt + e.after,
        status: e.status,
        areaCode: e.at === 'from' ? s.fromArea : s.toArea,
        text: '',
        place: '',
      }));
    },
  };
}

/** No tracking service (production without LOGISTICS_PROVIDER): parcels keep the tracking number the operator gives. */
export function noLogistics(): LogisticsProvider {
  return {
    name: 'none',
    textLanguage: '',
    pushes: false,
    async book(input) {
      if (!input.trackingNo) throw new LogisticsError('refused', 'a tracking number is needed: no tracking service books parcels');
      return { companyCode: 'OTHER', companyName: '', trackingNo: input.trackingNo };
    },
    async subscribe() {},
    async track() {
      return [];
    },
  };
}
