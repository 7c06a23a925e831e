/**
 * China Unicom's IoT connectivity platform (CMP, a Cisco Control Center / Jasper platform) behind
 * the carrier interface (decision 0075), built to the Control Center REST shape:
 *
 * - `/rws/api/v1/...`, HTTP Basic with the user name and the account's API key, JSON both ways;
 *   one call at a time and at most 5 a second; an error answers 4xx with `{ errorCode, errorMessage }`
 *   (10000024 and HTTP 429: rate limit exceeded);
 * - `GET devices/{iccid}`: the device (status ACTIVATED, DEACTIVATED, INVENTORY, ACTIVATION_READY,
 *   TEST_READY, RETIRED…, its rate plan, communication plan, IMEI and custom fields);
 * - `GET devices/{iccid}/ctdUsages`: usage of the current billing cycle so far (`ctdDataUsage`, bytes);
 * - `PUT devices/{iccid}`: a change of status, rate plan or communication plan, done by the platform
 *   afterwards; `GET devices/{iccid}/auditTrails`: who changed what; `.../sessionInfo`: the session.
 *
 * What Control Center has no call for is read as the account is set up (decision 0075): data on and
 * off and speed profiles are communication plans, an offering is a rate plan, the real-name state
 * and the bound IMEI are operator custom fields. Usage is a cycle counter: month figures only, no
 * day figures (`limits.dayFigures` false).
 */
import { chinaMonth } from '../../lib/flow-math.ts';
import { MemoryOperationStore, OperationBook, type OperationStore, type StoredOperation } from './operation-store.ts';
import { eachCard } from './operations.ts';
import { RateLimiter } from './rate-limit.ts';
import {
  type CardLifecycle,
  type CardStatus,
  type CarrierCard,
  CarrierError,
  type CarrierErrorCode,
  type CarrierLimits,
  type CarrierOperation,
  type CarrierProvider,
  type DayUsage,
  type ImeiBinding,
  type MonthUsage,
  ProvisionError,
  type ProvisionRequest,
  type RealNameStatus,
  type SpeedRequest,
  type StateAction,
  type StateChange,
  type StopReason,
} from './types.ts';

export interface UnicomOptions {
  /** e.g. `https://api.10646.cn` (the `/rws/api/v1/...` paths are added). */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Control Center documents at most 5 a second (the default). */
  callsPerSecond?: number;
  timeoutMs?: number;
  retries?: number;
  operations?: OperationStore;
  /** The communication plan of a card with data on, and the one without data. */
  dataOnPlan?: string;
  dataOffPlan?: string;
  /** Operator custom fields holding the real-name state (0 / 1 / 2) and the bound IMEI. */
  realNameField?: string;
  boundImeiField?: string;
}

/** Control Center's errorCodes, mapped to ours (HTTP 401 is auth, 429 throttled). */
export const UNICOM_ERRORS: Record<string, CarrierErrorCode> = {
  '10000001': 'auth',
  '10000003': 'invalid',
  '10000024': 'throttled',
  '20000001': 'unknown-card',
  '30000001': 'refused',
};

export const UNICOM_LIFECYCLE: Record<string, CardLifecycle> = {
  TEST_READY: 'test',
  INVENTORY: 'inventory',
  ACTIVATION_READY: 'pending',
  ACTIVATED: 'active',
  DEACTIVATED: 'suspended',
  RETIRED: 'cancelled',
  PURGED: 'cancelled',
  REPLACED: 'cancelled',
};

type Row = Record<string, unknown>;

export class UnicomCarrier implements CarrierProvider {
  readonly name = 'unicom';
  readonly limits: CarrierLimits;
  readonly #limiter: RateLimiter;
  readonly #book: OperationBook;
  /** Control Center takes one call at a time per user: calls wait their turn. */
  #line: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: UnicomOptions) {
    this.limits = { batchSize: 50, callsPerSecond: options.callsPerSecond ?? 5, dayHistory: 7, dayFigures: false };
    this.#limiter = new RateLimiter(this.limits.callsPerSecond);
    this.#book = new OperationBook(this.name, options.operations ?? new MemoryOperationStore());
  }

  get #dataOnPlan() {
    return this.options.dataOnPlan ?? 'IOT_DATA';
  }
  get #dataOffPlan() {
    return this.options.dataOffPlan ?? 'IOT_NO_DATA';
  }

  async #fetch(method: 'GET' | 'PUT', path: string, body?: Row): Promise<Row> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/rws/api/v1/${path}`;
    const auth = Buffer.from(`${this.options.username}:${this.options.apiKey}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { authorization: `Basic ${auth}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new CarrierError('unavailable', `Unicom ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status >= 500) throw new CarrierError('unavailable', `Unicom ${path}: HTTP ${res.status}`);
    let data: Row;
    try {
      data = (await res.json()) as Row;
    } catch {
      throw new CarrierError('protocol', `Unicom ${path}: the answer is not JSON (HTTP ${res.status})`);
    }
    if (res.ok) return data;
    const code = String(data.errorCode ?? '');
    const message = `Unicom ${path}: ${String(data.errorMessage ?? `HTTP ${res.status}`)} (${code || res.status})`;
    const ours: CarrierErrorCode =
      res.status === 429
        ? 'throttled'
        : (UNICOM_ERRORS[code] ?? (res.status === 401 ? 'auth' : res.status === 404 ? 'unknown-card' : 'invalid'));
    if (ours === 'throttled') this.#limiter.pause(1000);
    if (ours === 'refused') throw new ProvisionError(message, code);
    throw new CarrierError(ours, message, code || String(res.status));
  }

  /** One call: in line (one at a time), paced, throttled and unanswered calls tried again with backoff. */
  async #call(method: 'GET' | 'PUT', path: string, body?: Row): Promise<Row> {
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        const turn = this.#line.then(async () => {
          await this.#limiter.take();
          return this.#fetch(method, path, body);
        });
        this.#line = turn.catch(() => undefined);
        return await turn;
      } catch (err) {
        if (!(err instanceof CarrierError) || !err.retryable || attempt >= retries) throw err;
        // A change without an answer may have been taken: not sent again (its record is polled instead).
        if (method === 'PUT' && err.code !== 'throttled') throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  #device(card: CarrierCard): Promise<Row> {
    return this.#call('GET', `devices/${encodeURIComponent(card.iccid)}`);
  }

  /** Control Center counts usage per billing cycle only: no day figures. */
  async usageDays(_cards: readonly CarrierCard[], _days: readonly string[], _now: number): Promise<DayUsage[]> {
    return [];
  }

  /** The current month's usage from the cycle-to-date counter (cycles taken as calendar months in UTC+8). */
  async usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]> {
    const current = chinaMonth(now);
    if (!months.includes(current)) return [];
    return eachCard(cards, 1, async (card) => {
      const row = await this.#call('GET', `devices/${encodeURIComponent(card.iccid)}/ctdUsages`);
      const bytes = Number(row.ctdDataUsage ?? Number.NaN);
      if (!Number.isFinite(bytes)) return null;
      return { iccid: card.iccid, month: current, mb: Math.floor(bytes / 1_048_576), asOf: now, final: false };
    });
  }

  /** Why a deactivated card is: asked by this account (its own user in the audit trail) or by someone else. */
  async #stopReason(card: CarrierCard): Promise<{ reason: StopReason; detail: string | null }> {
    const row = await this.#call('GET', `devices/${encodeURIComponent(card.iccid)}/auditTrails?daysOfHistory=30`);
    const trails = Array.isArray(row.deviceAuditTrails) ? (row.deviceAuditTrails as Row[]) : [];
    const last = trails.filter((t) => t.field === 'Status' && t.value === 'DEACTIVATED').at(-1);
    if (!last) return { reason: 'other', detail: null };
    const who = String(last.userName ?? '');
    return { reason: who === this.options.username ? 'requested' : 'operator', detail: `DEACTIVATED by ${who || 'the operator'}` };
  }

  async status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]> {
    return eachCard(cards, 1, async (card) => {
      const d = await this.#device(card);
      const lifecycle = UNICOM_LIFECYCLE[String(d.status ?? '')] ?? 'unknown';
      const dataOn = lifecycle === 'active' ? d.communicationPlan !== this.#dataOffPlan : false;
      let stopReason: StopReason = 'none';
      let stopDetail: string | null = null;
      if (lifecycle === 'suspended') ({ reason: stopReason, detail: stopDetail } = await this.#stopReason(card));
      else if (!dataOn) stopReason = 'requested';
      let onlineStatus = 2;
      if (lifecycle === 'active' && dataOn) {
        const s = await this.#call('GET', `devices/${encodeURIComponent(card.iccid)}/sessionInfo`);
        onlineStatus = s.dateSessionStarted && !s.dateSessionEnded ? 1 : 2;
      }
      return { iccid: card.iccid, lifecycle, dataOn, onlineStatus, stopReason, stopDetail, asOf: now };
    });
  }

  async realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]> {
    const states: Record<string, RealNameStatus['state']> = { '0': 'unregistered', '1': 'registered', '2': 'reviewing' };
    const field = this.options.realNameField ?? 'operatorCustom1';
    return eachCard(cards, 1, async (card) => {
      const d = await this.#device(card);
      return { iccid: card.iccid, state: states[String(d[field] ?? '')] ?? 'unknown', asOf: now };
    });
  }

  async imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]> {
    const field = this.options.boundImeiField ?? 'operatorCustom2';
    return eachCard(cards, 1, async (card) => {
      const d = await this.#device(card);
      const seenImei = d.imei ? String(d.imei) : null;
      const boundImei = d[field] ? String(d[field]) : null;
      return {
        iccid: card.iccid,
        boundImei,
        seenImei,
        separated: boundImei !== null && seenImei !== null && boundImei !== seenImei,
        asOf: now,
      };
    });
  }

  /** The device fields an action sets. */
  #target(action: StateAction): Row {
    if (action === 'suspend') return { status: 'DEACTIVATED' };
    if (action === 'resume') return { status: 'ACTIVATED' };
    return { communicationPlan: action === 'data-on' ? this.#dataOnPlan : this.#dataOffPlan };
  }

  async #inState(card: CarrierCard, action: StateAction): Promise<boolean> {
    const d = await this.#device(card);
    return Object.entries(this.#target(action)).every(([k, v]) => d[k] === v);
  }

  #check(card: CarrierCard, op: Pick<StoredOperation, 'kind' | 'request'>): Promise<boolean> {
    if (op.kind === 'state') return this.#inState(card, op.request.action as StateAction);
    if (op.kind === 'offering') return this.#device(card).then((d) => d.ratePlan === op.request.ratePlan);
    return this.#device(card).then((d) => d.communicationPlan === (op.request.communicationPlan ?? this.#dataOnPlan));
  }

  async #put(card: CarrierCard, fields: Row): Promise<{ ref: string | null }> {
    await this.#call('PUT', `devices/${encodeURIComponent(card.iccid)}`, fields);
    // Control Center answers the ICCID only: the change has no reference of its own.
    return { ref: null };
  }

  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    const request = { action: change.action };
    const send = () => this.#put(card, this.#target(change.action));
    const asked = await this.#book.find(card, change.opKey);
    if (asked) {
      const op = await this.#book.poll(asked, now, () => this.#check(card, asked));
      if (op.state !== 'done' || asked.state !== 'done' || (await this.#inState(card, change.action))) return op;
      return this.#book.ask(card, change.opKey, 'state', request, now, send, asked);
    }
    if (await this.#inState(card, change.action)) return this.#book.done(card, change.opKey, 'state', request, now);
    return this.#book.ask(card, change.opKey, 'state', request, now, send);
  }

  async operation(card: CarrierCard, opKey: string, now: number): Promise<CarrierOperation> {
    const op = await this.#book.find(card, opKey);
    if (!op) throw new CarrierError('invalid', `no operation ${opKey} asked here`);
    return this.#book.poll(op, now, () => this.#check(card, op));
  }

  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.orderNo)) return this.operation(card, request.orderNo, now);
    const ratePlan = request.offeringCode;
    if (!ratePlan) throw new ProvisionError(`no China Unicom rate plan is mapped for package ${request.name}`);
    if (request.endsAt <= request.startsAt) throw new ProvisionError('the package ends before it starts');
    return this.#book.ask(card, request.orderNo, 'offering', { ratePlan }, now, () => this.#put(card, { ratePlan }));
  }

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.opKey)) return this.operation(card, request.opKey, now);
    if (request.speedCode !== null && request.until !== null && request.until <= now) {
      throw new ProvisionError('the speed-up ends before it starts');
    }
    const communicationPlan = request.speedCode ?? this.#dataOnPlan;
    return this.#book.ask(card, request.opKey, 'speed', { communicationPlan }, now, () => this.#put(card, { communicationPlan }));
  }
}
