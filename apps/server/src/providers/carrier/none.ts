import {
  type CardStatus,
  type CarrierCard,
  CarrierError,
  type CarrierLimits,
  type CarrierOperation,
  type CarrierProvider,
  type DayUsage,
  type ImeiBinding,
  type MonthUsage,
  type ProvisionRequest,
  type RealNameStatus,
  type SpeedRequest,
  type StateChange,
} from './types.ts';

/**
 * No carrier (CARRIER_PROVIDER=none, the production default until a real adapter is configured):
 * packages and speed profiles are refused, so a paid order is refunded at once; no usage or status
 * is reported (no figure, not zero), and data switches are only recorded by the platform.
 */
export class NoCarrier implements CarrierProvider {
  readonly name = 'none';
  readonly limits: CarrierLimits = { batchSize: 100, callsPerSecond: 100, dayHistory: 1, inProcess: true };
  readonly #operations = new Map<string, CarrierOperation>();

  #answer(card: CarrierCard, opKey: string, now: number, reason: string | null): CarrierOperation {
    const op: CarrierOperation = { opKey, state: reason ? 'failed' : 'done', ref: null, reason, asOf: now };
    this.#operations.set(`${card.iccid}/${opKey}`, op);
    return op;
  }

  async usageDays(): Promise<DayUsage[]> {
    return [];
  }

  async usageMonths(): Promise<MonthUsage[]> {
    return [];
  }

  async status(): Promise<CardStatus[]> {
    return [];
  }

  async realName(): Promise<RealNameStatus[]> {
    return [];
  }

  async imei(): Promise<ImeiBinding[]> {
    return [];
  }

  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    return this.#answer(card, change.opKey, now, null);
  }

  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    return this.#answer(card, request.orderNo, now, `no carrier is configured to open packages on ${card.iccid}`);
  }

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    return this.#answer(card, request.opKey, now, `no carrier is configured to change the speed of ${card.iccid}`);
  }

  async operation(card: CarrierCard, opKey: string): Promise<CarrierOperation> {
    const op = this.#operations.get(`${card.iccid}/${opKey}`);
    if (!op) throw new CarrierError('invalid', `no operation ${opKey} on ${card.iccid}`);
    return op;
  }
}
