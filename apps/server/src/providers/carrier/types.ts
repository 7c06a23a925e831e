/**
 * The carrier (mobile operator) as the platform sees it, shaped on what the operators' IoT
 * connectivity platforms really offer (China Mobile OneLink, China Unicom and China Telecom CMP):
 *
 * - usage as day and month aggregates, for many cards per call, each figure saying up to which
 *   instant it counts (operators report hours late; a day's figure is final once the day is over
 *   and the operator has closed it);
 * - the card's status (lifecycle, data service, online) with the reason it is stopped;
 * - real-name registration status and the IMEI binding (machine-card separation);
 * - changes (data off / on, suspend / resume, a package or offering, a speed profile) answered with
 *   an operation to poll, each keyed by the caller: a repeat with the same key is the same operation.
 *
 * The built-in simulator implements it with no setup; an adapter per operator platform implements
 * it over HTTP (see decision 0070). A batch call takes at most `limits.batchSize` cards.
 */
export interface CarrierCard {
  simNo: string;
  iccid: string;
  operatorType: number;
}

/** Up to which instant a figure or state counts (UTC ms): what the operator knew then. */
export interface Fresh {
  asOf: number;
}

/** A card's usage on one UTC+8 day (`YYYY-MM-DD`), in MB, counted up to `asOf`. */
export interface DayUsage extends Fresh {
  iccid: string;
  day: string;
  mb: number;
  /** The day is over and the operator will not add to it any more. */
  final: boolean;
}

/** A card's usage in one UTC+8 month (`YYYY-MM`), in MB, counted up to `asOf`. */
export interface MonthUsage extends Fresh {
  iccid: string;
  month: string;
  mb: number;
  final: boolean;
}

/** Where a card is in the operator's lifecycle. */
export type CardLifecycle = 'test' | 'inventory' | 'pending' | 'active' | 'suspended' | 'cancelling' | 'cancelled' | 'unknown';

/** Why the operator stopped a card or its data (none: it is not stopped). */
export type StopReason =
  | 'none'
  /** The owner (or the platform, for the owner) asked for it. */
  | 'requested'
  /** The account's balance is owed. */
  | 'arrears'
  /** Used in a device other than the one it is bound to. */
  | 'separated'
  /** Not registered under the holder's real name in time. */
  | 'real-name'
  /** The month's allowance at the operator is used up. */
  | 'quota'
  /** The operator's own control (abnormal use, regulation). */
  | 'operator'
  | 'other';

export interface CardStatus extends Fresh {
  iccid: string;
  lifecycle: CardLifecycle;
  /** Mobile data service on at the operator (null: the operator did not say). */
  dataOn: boolean | null;
  /** 1 online (a data session is up), 2 offline, 3 unknown. */
  onlineStatus: number;
  stopReason: StopReason;
  /** The operator's own words or code for the reason, for the console. */
  stopDetail: string | null;
}

export interface RealNameStatus extends Fresh {
  iccid: string;
  state: 'registered' | 'unregistered' | 'reviewing' | 'unknown';
}

export interface ImeiBinding extends Fresh {
  iccid: string;
  /** The IMEI the card is bound to at the operator (null: none). */
  boundImei: string | null;
  /** The IMEI the card was last seen in (null: not known). */
  seenImei: string | null;
  /** The card is in a device other than its bound one (the operator may stop it for that). */
  separated: boolean;
}

/** An asked change as the operator has it: accepted and under way, done, or refused (nothing changed). */
export interface CarrierOperation extends Fresh {
  opKey: string;
  state: 'pending' | 'done' | 'failed';
  /** The operator's reference of the operation (order or job number), once it has one. */
  ref: string | null;
  /** Why it failed, in the operator's words. */
  reason: string | null;
}

export type StateAction = 'data-off' | 'data-on' | 'suspend' | 'resume';

export interface StateChange {
  /** The operation key: a repeat with the same key is the same operation. */
  opKey: string;
  action: StateAction;
}

/** A package to open on the card at the carrier (a purchase or a renewal); the order number is the operation key. */
export interface ProvisionRequest {
  orderNo: string;
  name: string;
  kind: 'base' | 'addon' | 'volume';
  flowMb: number;
  unlimited: boolean;
  startsAt: number;
  endsAt: number;
  /** The operator's offering code for the package, when the catalogue maps one. */
  offeringCode?: string | null;
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

/** What went wrong at the carrier, in our words (each adapter maps its operator's codes onto these). */
export type CarrierErrorCode =
  /** The operator refused the change: nothing changed (repeating it is refused again). */
  | 'refused'
  /** The operator does not know the card (or it belongs to another account). */
  | 'unknown-card'
  /** Our request was malformed for the operator (a bug or a bad setting). */
  | 'invalid'
  /** The account's credentials were refused. */
  | 'auth'
  /** Too many calls: wait and try again. */
  | 'throttled'
  /** No answer, or a failure at the operator: the outcome is unknown, try again (same key). */
  | 'unavailable'
  /** The operator answered something we cannot read. */
  | 'protocol';

export class CarrierError extends Error {
  constructor(
    readonly code: CarrierErrorCode,
    message: string,
    /** The operator's own error code, for the logs and the console. */
    readonly operatorCode: string | null = null,
  ) {
    super(message);
    this.name = 'CarrierError';
  }

  /** Whether the same call may succeed later (the outcome of a change is unknown until then). */
  get retryable(): boolean {
    return this.code === 'throttled' || this.code === 'unavailable' || this.code === 'protocol';
  }
}

/** The carrier refused or could not open a package (or a speed profile); nothing was changed. */
export class ProvisionError extends CarrierError {
  constructor(message: string, operatorCode: string | null = null) {
    super('refused', message, operatorCode);
    this.name = 'ProvisionError';
  }
}

export interface CarrierLimits {
  /** Cards per batch call. */
  batchSize: number;
  /** Calls per second the operator allows the account (the adapter keeps to it). */
  callsPerSecond: number;
  /** Days back the operator keeps day figures for (today included). */
  dayHistory: number;
  /**
   * False when the operator gives no day figures, only a billing-cycle counter (Control Center:
   * `usageDays` answers none, `usageMonths` the current cycle). Absent: it gives them.
   */
  dayFigures?: boolean;
  /**
   * True when the carrier answers in this process (the simulator, no carrier): its figures may be
   * read inside a database transaction. Absent: an operator over the network, read only outside one.
   */
  inProcess?: boolean;
}

export interface CarrierProvider {
  readonly name: string;
  readonly limits: CarrierLimits;
  /**
   * Day usage of each card on each of `days`; a card or day the operator has no figure for yet is
   * absent (not zero). Figures only grow; the last one of a day with `final` is the day's total.
   */
  usageDays(cards: readonly CarrierCard[], days: readonly string[], now: number): Promise<DayUsage[]>;
  /** Month usage of each card in each of `months`, as `usageDays`. */
  usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]>;
  /** Status of each card the operator knows (unknown cards are absent). */
  status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]>;
  /** Real-name status of each card the operator knows. */
  realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]>;
  /** IMEI binding of each card the operator knows. */
  imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]>;
  /**
   * Asks a change of the card's state. Asking for the state the card is in is done at once.
   * Rejects with a CarrierError (retryable ones: outcome unknown, repeat with the same key).
   */
  changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation>;
  /** Opens a package (an offering) on the card; the order number is the operation key. */
  changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation>;
  /** Applies a speed profile to the card (or restores its own speed). */
  setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation>;
  /** The operation asked earlier with `opKey` on the card, as it stands (unknown key: CarrierError 'invalid'). */
  operation(card: CarrierCard, opKey: string, now: number): Promise<CarrierOperation>;
}
