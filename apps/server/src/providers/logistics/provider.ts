import { randomInt } from 'node:crypto';

/** A carrier's tracking service (the simulator now; Kuaidi100 / SF Express APIs later). */

export type LogisticsStatus = 'collected' | 'in_transit' | 'arrived' | 'out_for_delivery' | 'delivered';

export interface LogisticsEvent {
  at: number;
  status: LogisticsStatus;
  description: string;
  location: string;
}

export interface ShipmentRef {
  trackingNo: string;
  companyCode: string;
  fromCity: string;
  toCity: string;
  createdAt: number;
}

export interface LogisticsProvider {
  readonly name: string;
  /** Books a shipment with a carrier and returns its tracking number (the one given, when the parcel already has one). */
  book(
    input: { reference: string; fromCity: string; toCity: string; trackingNo?: string },
    now: number,
  ): Promise<{ companyCode: string; companyName: string; trackingNo: string }>;
  /** Every event of the shipment up to now, oldest first. */
  track(shipment: ShipmentRef, now: number): Promise<LogisticsEvent[]>;
}

const HOUR = 3_600_000;

/** The simulator's route: each event comes at a fixed time after collection. */
const SCRIPT: { after: number; status: LogisticsStatus; text: (s: ShipmentRef) => string; where: (s: ShipmentRef) => string }[] = [
  { after: 0, status: 'collected', text: (s) => `【${s.fromCity}】快件已揽收 Parcel collected`, where: (s) => s.fromCity },
  {
    after: 3 * HOUR,
    status: 'in_transit',
    text: (s) => `快件已从【${s.fromCity}转运中心】发出 Left the ${s.fromCity} hub`,
    where: (s) => s.fromCity,
  },
  {
    after: 14 * HOUR,
    status: 'arrived',
    text: (s) => `快件已到达【${s.toCity}转运中心】Arrived at the ${s.toCity} hub`,
    where: (s) => s.toCity,
  },
  { after: 20 * HOUR, status: 'out_for_delivery', text: (s) => `【${s.toCity}】快递员正在派件 Out for delivery`, where: (s) => s.toCity },
  { after: 24 * HOUR, status: 'delivered', text: () => '快件已签收，感谢使用 Delivered, signed for', where: (s) => s.toCity },
];

/** A carrier whose parcels take a day: deterministic, so any moment's timeline can be checked. */
export function logisticsSimulator(): LogisticsProvider {
  return {
    name: 'simulator',
    async book(input) {
      return {
        companyCode: 'SIMEX',
        companyName: '模拟速运 SimExpress',
        trackingNo: input.trackingNo ?? `SE${String(randomInt(0, 1e12)).padStart(12, '0')}`,
      };
    },
    async track(s, now) {
      return SCRIPT.filter((e) => s.createdAt + e.after <= now).map((e) => ({
        at: s.createdAt + e.after,
        status: e.status,
        description: e.text(s),
        location: e.where(s),
      }));
    },
  };
}
