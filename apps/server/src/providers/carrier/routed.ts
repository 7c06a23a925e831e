/**
 * The carrier of the platform when cards belong to different operator accounts: each call goes to
 * the adapter of the card's account, batch calls split by account (and by each adapter's batch
 * size), and cards on no account go to the built-in carrier (the simulator by default). Which
 * account a card is on is the resolver's answer (the iot-carrier-accounts module).
 */
import { batches } from './operations.ts';
import type {
  CardStatus,
  CarrierCard,
  CarrierLimits,
  CarrierOperation,
  CarrierProvider,
  DayUsage,
  ImeiBinding,
  MonthUsage,
  ProvisionRequest,
  RealNameStatus,
  SpeedRequest,
  StateChange,
} from './types.ts';

/** The carrier of each card that is on an operator account, by ICCID (absent: the built-in carrier). */
export type CarrierResolver = (cards: readonly CarrierCard[]) => Promise<ReadonlyMap<string, CarrierProvider>>;

export class RoutedCarrier implements CarrierProvider {
  readonly name: string;
  readonly limits: CarrierLimits;
  #resolve: CarrierResolver = async () => new Map();

  constructor(
    /** The built-in carrier: cards on no account. */
    readonly fallback: CarrierProvider,
  ) {
    this.name = fallback.name;
    this.limits = fallback.limits;
  }

  /** Sets who says which cards are on an operator account (until then, every card is on the built-in carrier). */
  route(resolver: CarrierResolver): void {
    this.#resolve = resolver;
  }

  /** The cards grouped by the carrier that answers for them. */
  async split(cards: readonly CarrierCard[]): Promise<Map<CarrierProvider, CarrierCard[]>> {
    const routes = cards.length === 0 ? new Map<string, CarrierProvider>() : await this.#resolve(cards);
    const groups = new Map<CarrierProvider, CarrierCard[]>();
    for (const card of cards) {
      const carrier = routes.get(card.iccid) ?? this.fallback;
      const group = groups.get(carrier);
      if (group) group.push(card);
      else groups.set(carrier, [card]);
    }
    return groups;
  }

  /** The carrier that answers for the card. */
  async carrierOf(card: CarrierCard): Promise<CarrierProvider> {
    return (await this.#resolve([card])).get(card.iccid) ?? this.fallback;
  }

  async #batched<T>(cards: readonly CarrierCard[], call: (carrier: CarrierProvider, batch: CarrierCard[]) => Promise<T[]>): Promise<T[]> {
    const out: T[] = [];
    for (const [carrier, group] of await this.split(cards)) {
      for (const batch of batches(group, carrier.limits.batchSize)) out.push(...(await call(carrier, batch)));
    }
    return out;
  }

  usageDays(cards: readonly CarrierCard[], days: readonly string[], now: number): Promise<DayUsage[]> {
    return this.#batched(cards, (c, b) => c.usageDays(b, days, now));
  }
  usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]> {
    return this.#batched(cards, (c, b) => c.usageMonths(b, months, now));
  }
  status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]> {
    return this.#batched(cards, (c, b) => c.status(b, now));
  }
  realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]> {
    return this.#batched(cards, (c, b) => c.realName(b, now));
  }
  imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]> {
    return this.#batched(cards, (c, b) => c.imei(b, now));
  }
  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    return (await this.carrierOf(card)).changeState(card, change, now);
  }
  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    return (await this.carrierOf(card)).changeOffering(card, request, now);
  }
  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    return (await this.carrierOf(card)).setSpeed(card, request, now);
  }
  async operation(card: CarrierCard, opKey: string, now: number): Promise<CarrierOperation> {
    return (await this.carrierOf(card)).operation(card, opKey, now);
  }
}
