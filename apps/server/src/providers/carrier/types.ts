/**
 * The carrier (mobile operator) as the platform sees it: usage it reports, the state of the card
 * on its network, and switching data on or off. The built-in simulator behaves like an operator's
 * IoT connectivity API; a real adapter (e.g. an operator's OneLink-style API) implements the same.
 */
export interface CarrierCard {
  simNo: string;
  iccid: string;
  operatorType: number;
}

export interface CarrierCardState {
  /** 1 online, 2 offline, 3 unknown. */
  onlineStatus: number;
}

/** A package to open on the card at the carrier (a purchase or a renewal). */
export interface ProvisionRequest {
  orderNo: string;
  name: string;
  kind: 'base' | 'addon' | 'volume';
  flowMb: number;
  unlimited: boolean;
  startsAt: number;
  endsAt: number;
}

/** The carrier refused or could not open a package; nothing was opened. */
export class ProvisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProvisionError';
  }
}

/** A speed profile to hold on the card (a speed-up), or the card's own speed again (`null`). */
export interface SpeedRequest {
  /** The operation key: a repeat with the same key is the same operation. */
  opKey: string;
  /** The carrier's profile code (e.g. `5G_300M`), or null to restore the card's own speed. */
  speedCode: string | null;
  /** When the profile ends at the latest (the carrier falls back by itself then). */
  until: number | null;
}

export interface CarrierProvider {
  readonly name: string;
  /**
   * MB the card used in [from, to), a span within one UTC+8 day during which its data was on.
   * Deterministic for a card and a span; adding the spans of a day gives the day's usage.
   */
  usage(card: CarrierCard, from: number, to: number): Promise<number>;
  /** Network state of the card at `now`. */
  state(card: CarrierCard, now: number): Promise<CarrierCardState>;
  /** Switches mobile data on or off (resume / suspend data service) at the carrier. */
  setData(card: CarrierCard, on: boolean, now: number): Promise<void>;
  /**
   * Opens a package on the card; resolves with the carrier's reference, or rejects with a
   * ProvisionError (nothing opened); any other rejection means the outcome is unknown (timeout, outage)
   * and the call may be repeated. Idempotent per orderNo: a repeat is the same operation, never a
   * second package.
   */
  provision(card: CarrierCard, request: ProvisionRequest, now: number): Promise<{ ref: string }>;
  /**
   * Applies a speed profile to the card (or restores its own speed). Rejects with a ProvisionError
   * when the carrier refuses it (nothing changed); any other rejection means no answer and the call
   * may be repeated. Idempotent per opKey.
   */
  setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<void>;
}
