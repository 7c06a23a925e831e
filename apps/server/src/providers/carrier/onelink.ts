/**
 * China Mobile OneLink (物联卡能力开放平台, EC API v5) behind the carrier interface. Built from the
 * shapes of the public documentation (decision 0070):
 *
 * - every call is a GET under `/v5/ec/...` with `transid` (appid + yyyyMMddHHmmss in UTC+8 + an
 *   8-digit sequence, unique per call) and `token`; the token comes from `/v5/ec/get/token` with the
 *   account's appid and password and lives `ttl` seconds;
 * - every answer is `{ status, message, result: [...] }`, status "0" when it went well; 12021 says
 *   the token expired or is unknown (a new one is taken and the call made once more);
 * - batch queries take at most 100 cards, joined by `_`; day figures cover the last 7 days up to
 *   yesterday and month figures the last 6 months, the current one up to yesterday: OneLink has no
 *   figure for today, so its figures are always at least as old as today's start;
 * - usage is in KB; state changes are asynchronous (the change is accepted, and done later), and a
 *   card's status is read card by card.
 */
import { chinaDay, chinaMonth, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';
import { MemoryOperationStore, OperationBook, type OperationStore, type StoredOperation } from './operation-store.ts';
import { batches, eachCard } from './operations.ts';
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

export interface OneLinkOptions {
  /** e.g. `https://api.iot.10086.cn` (the `/v5/ec/...` paths are added). */
  baseUrl: string;
  appid: string;
  password: string;
  /** Calls a second the account is allowed (OneLink sets it per account). */
  callsPerSecond?: number;
  /** How long a call may take before it counts as unanswered. */
  timeoutMs?: number;
  /** The APN whose data service is switched on and off. */
  apnName?: string;
  /** Further tries of a call the platform throttled or failed to answer. */
  retries?: number;
  /** Wall clock for `transid` and the token's expiry. */
  clock?: () => number;
  /** Where the changes asked are kept (the server's table; in memory by default). */
  operations?: OperationStore;
}

/** OneLink's answer codes, mapped to ours ("0" is success, 12021 an expired token). */
export const ONELINK_ERRORS: Record<string, CarrierErrorCode> = {
  '12002': 'auth',
  '12009': 'invalid',
  '12016': 'unknown-card',
  '12022': 'throttled',
  '12034': 'throttled',
  '12061': 'refused',
  '99999': 'unavailable',
};
export const ONELINK_TOKEN_EXPIRED = '12021';

/** cardStatus of OneLink-CT cards. */
const LIFECYCLE: Record<string, CardLifecycle> = {
  '1': 'pending',
  '2': 'active',
  '4': 'suspended',
  '6': 'test',
  '7': 'inventory',
  '8': 'cancelling',
  '9': 'cancelled',
};

/** stopReason codes of the stop-reason query. */
const STOP_REASONS: Record<string, StopReason> = {
  '01': 'requested',
  '02': 'arrears',
  '03': 'separated',
  '04': 'real-name',
  '05': 'quota',
  '06': 'operator',
};

interface Envelope {
  status: string;
  message: string;
  result?: unknown[];
}

type Row = Record<string, unknown>;

const DAYS_KEPT = 7;
const MONTHS_KEPT = 6;
/** A day's (or month's) figure is taken as final once today starts this long after its end (yesterday's may still grow). */
const CLOSED_AFTER_MS = DAY_MS;

const kbToMb = (kb: unknown) => Math.floor(Number(kb ?? 0) / 1024);

/** yyyyMMddHHmmss in UTC+8. */
function stamp(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export class OneLinkCarrier implements CarrierProvider {
  readonly name = 'onelink';
  readonly limits: CarrierLimits;
  readonly #limiter: RateLimiter;
  readonly #clock: () => number;
  #token: { value: string; expiresAt: number } | null = null;
  #tokenLoading: Promise<string> | null = null;
  #seq = Math.floor(Math.random() * 1e7);
  readonly #book: OperationBook;

  constructor(private readonly options: OneLinkOptions) {
    this.limits = { batchSize: 100, callsPerSecond: options.callsPerSecond ?? 10, dayHistory: DAYS_KEPT };
    this.#limiter = new RateLimiter(this.limits.callsPerSecond);
    this.#clock = options.clock ?? Date.now;
    this.#book = new OperationBook(this.name, options.operations ?? new MemoryOperationStore());
  }

  /** A new transaction id: appid, the time in UTC+8 and an 8-digit sequence. */
  transid(): string {
    this.#seq = (this.#seq + 1) % 1e8;
    return `${this.options.appid}${stamp(this.#clock())}${String(this.#seq).padStart(8, '0')}`;
  }

  async #fetch(path: string, params: Record<string, string>): Promise<Envelope> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/v5/ec/${path}?${new URLSearchParams(params)}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new CarrierError('unavailable', `OneLink ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status === 429) {
      const after = Number(res.headers.get('retry-after'));
      this.#limiter.pause(Number.isFinite(after) && after > 0 ? after * 1000 : 1000);
      throw new CarrierError('throttled', `OneLink ${path}: throttled (HTTP 429)`);
    }
    if (res.status >= 500) throw new CarrierError('unavailable', `OneLink ${path}: HTTP ${res.status}`);
    let body: Envelope;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      throw new CarrierError('protocol', `OneLink ${path}: the answer is not JSON (HTTP ${res.status})`);
    }
    if (typeof body?.status !== 'string' && typeof body?.status !== 'number') {
      throw new CarrierError('protocol', `OneLink ${path}: the answer has no status`);
    }
    return { ...body, status: String(body.status) };
  }

  async #tokenValue(): Promise<string> {
    if (this.#token && this.#token.expiresAt - 60_000 > this.#clock()) return this.#token.value;
    this.#tokenLoading ??= (async () => {
      try {
        await this.#limiter.take();
        const body = await this.#fetch('get/token', {
          appid: this.options.appid,
          password: this.options.password,
          transid: this.transid(),
        });
        if (body.status !== '0') throw this.#error('get/token', body);
        const row = (body.result?.[0] ?? {}) as Row;
        if (typeof row.token !== 'string') throw new CarrierError('protocol', 'OneLink get/token: no token in the answer');
        const ttl = Number(row.ttl ?? 3600);
        this.#token = { value: row.token, expiresAt: this.#clock() + (Number.isFinite(ttl) ? ttl : 3600) * 1000 };
        return row.token;
      } finally {
        this.#tokenLoading = null;
      }
    })();
    return this.#tokenLoading;
  }

  #error(path: string, body: Envelope): CarrierError {
    const code = ONELINK_ERRORS[body.status] ?? (body.status === ONELINK_TOKEN_EXPIRED ? 'auth' : 'unavailable');
    const message = `OneLink ${path}: ${body.message || 'error'} (${body.status})`;
    return code === 'refused' ? new ProvisionError(message, body.status) : new CarrierError(code, message, body.status);
  }

  /**
   * One call: rate-limited, with a fresh token (once more after an expired one), throttled and
   * unanswered calls tried again (a change only when throttled: one unanswered may have been taken).
   */
  async #call(path: string, params: Record<string, string>): Promise<Row[]> {
    const retries = this.options.retries ?? 2;
    let tokenRetried = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const token = await this.#tokenValue();
        await this.#limiter.take();
        const body = await this.#fetch(path, { transid: this.transid(), token, ...params });
        if (body.status === '0') return (body.result ?? []) as Row[];
        if (body.status === ONELINK_TOKEN_EXPIRED && !tokenRetried) {
          tokenRetried = true;
          this.#token = null;
          attempt--;
          continue;
        }
        const err = this.#error(path, body);
        if (err.code === 'throttled') this.#limiter.pause(1000);
        throw err;
      } catch (err) {
        if (!(err instanceof CarrierError) || !err.retryable || attempt >= retries) throw err;
        // A change without an answer may have been taken: not sent again (its record is polled instead).
        if (/^(change|operate)\//.test(path) && err.code !== 'throttled') throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  async usageDays(cards: readonly CarrierCard[], days: readonly string[], now: number): Promise<DayUsage[]> {
    const today = dayStart(now);
    const kept = days.filter((d) => dayStartOf(d) + DAY_MS <= today && dayStartOf(d) >= today - DAYS_KEPT * DAY_MS);
    const out: DayUsage[] = [];
    for (const batch of batches(cards, this.limits.batchSize)) {
      const bySimNo = new Map(batch.map((c) => [c.simNo, c]));
      for (const day of kept) {
        const rows = await this.#call('query/sim-data-usage-daily/batch', {
          msisdns: batch.map((c) => c.simNo).join('_'),
          queryDate: day.replaceAll('-', ''),
        });
        const end = dayStartOf(day) + DAY_MS;
        for (const item of amounts(rows)) {
          const card = bySimNo.get(String(item.msisdn));
          if (card) out.push({ iccid: card.iccid, day, mb: kbToMb(item.dataAmount), asOf: end, final: today - end >= CLOSED_AFTER_MS });
        }
      }
    }
    return out;
  }

  async usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]> {
    const today = dayStart(now);
    const current = chinaMonth(now);
    const oldest = chinaMonth(dayStartOf(`${current}-01`) - (MONTHS_KEPT - 1) * 28 * DAY_MS);
    // The current month has figures from its second day on (up to yesterday).
    const kept = months.filter((m) => m >= oldest && (m < current || chinaDay(today) !== `${current}-01`) && m <= current);
    const out: MonthUsage[] = [];
    for (const batch of batches(cards, this.limits.batchSize)) {
      const bySimNo = new Map(batch.map((c) => [c.simNo, c]));
      for (const month of kept) {
        const rows = await this.#call('query/sim-data-usage-monthly/batch', {
          msisdns: batch.map((c) => c.simNo).join('_'),
          queryDate: month.replace('-', ''),
        });
        const end = month === current ? today : nextMonthStart(month);
        for (const item of amounts(rows)) {
          const card = bySimNo.get(String(item.msisdn));
          if (card)
            out.push({
              iccid: card.iccid,
              month,
              mb: kbToMb(item.dataAmount),
              asOf: end,
              final: month < current && today - end >= CLOSED_AFTER_MS,
            });
        }
      }
    }
    return out;
  }

  async status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]> {
    return eachCard(cards, 4, async (card) => {
      const [row] = await this.#call('query/sim-status', { msisdn: card.simNo });
      const lifecycle = LIFECYCLE[String(row?.cardStatus ?? '')] ?? 'unknown';
      const dataOn = lifecycle === 'active' ? await this.#dataOn(card) : false;
      let stopReason: StopReason = 'none';
      let stopDetail: string | null = null;
      if (lifecycle === 'suspended') {
        const [why] = await this.#call('query/sim-stop-reason', { msisdn: card.simNo });
        stopReason = STOP_REASONS[String(why?.stopReason ?? '')] ?? 'other';
        stopDetail = why?.shutdownReasonDesc ? String(why.shutdownReasonDesc) : String(why?.stopReason ?? '') || null;
      } else if (dataOn === false) {
        stopReason = 'requested';
      }
      let onlineStatus = 2;
      if (lifecycle === 'active' && dataOn !== false) {
        const [session] = await this.#call('query/sim-session', { msisdn: card.simNo });
        const sessions = Array.isArray(session?.simSessionList) ? (session.simSessionList as Row[]) : [];
        onlineStatus = sessions.some((s) => String(s.status) === '01') ? 1 : 2;
      }
      return { iccid: card.iccid, lifecycle, dataOn, onlineStatus, stopReason, stopDetail, asOf: now };
    });
  }

  /** Whether the card's data APN is open (null: the platform did not list it). */
  async #dataOn(card: CarrierCard): Promise<boolean | null> {
    const [row] = await this.#call('query/apn-info', { msisdn: card.simNo });
    const apns = Array.isArray(row?.apnList) ? (row.apnList as Row[]) : [];
    const apn = apns.find((a) => a.apnName === (this.options.apnName ?? 'CMIOT')) ?? apns[0];
    return apn ? String(apn.status) === '0' : null;
  }

  async realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]> {
    const states: Record<string, RealNameStatus['state']> = { '0': 'unregistered', '1': 'registered', '2': 'reviewing' };
    return eachCard(cards, 4, async (card) => {
      const [row] = await this.#call('query/sim-real-name-status', { msisdn: card.simNo });
      return { iccid: card.iccid, state: states[String(row?.realNameStatus ?? '')] ?? 'unknown', asOf: now };
    });
  }

  async imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]> {
    return eachCard(cards, 4, async (card) => {
      const [seen] = await this.#call('query/sim-imei', { msisdn: card.simNo });
      const [bind] = await this.#call('query/card-bind-status', { msisdn: card.simNo, testType: '0' });
      const seenImei = seen?.imei ? String(seen.imei) : null;
      const separated = String(bind?.result ?? '0') === '1';
      const boundImei = bind?.bindImei ? String(bind.bindImei) : separated ? null : seenImei;
      return { iccid: card.iccid, boundImei, seenImei, separated, asOf: now };
    });
  }

  /** Whether the card is in the state an action asks for. */
  async #inState(card: CarrierCard, action: StateAction): Promise<boolean> {
    if (action === 'data-on' || action === 'data-off') return (await this.#dataOn(card)) === (action === 'data-on');
    const [row] = await this.#call('query/sim-status', { msisdn: card.simNo });
    return LIFECYCLE[String(row?.cardStatus ?? '')] === (action === 'suspend' ? 'suspended' : 'active');
  }

  /** Whether the card is as the stored operation asked. */
  #check(card: CarrierCard, op: Pick<StoredOperation, 'kind' | 'request'>): Promise<boolean> {
    if (op.kind === 'state') return this.#inState(card, op.request.action as StateAction);
    if (op.kind === 'offering') return this.#holds(card, op.request.offeringId ?? '');
    // Accepted is done: the platform applies a speed profile by itself and has no query of it.
    return Promise.resolve(true);
  }

  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    const request = { action: change.action };
    const send = async () => {
      const rows =
        change.action === 'data-on' || change.action === 'data-off'
          ? await this.#call('operate/sim-apn-function', {
              msisdn: card.simNo,
              operType: change.action === 'data-on' ? '0' : '1',
              apnName: this.options.apnName ?? 'CMIOT',
            })
          : await this.#call('change/sim-status', { msisdn: card.simNo, operType: change.action === 'suspend' ? '0' : '1' });
      return { ref: rows[0]?.orderNum ? String(rows[0].orderNum) : null };
    };
    const asked = await this.#book.find(card, change.opKey);
    if (asked) {
      // The same operation: polled while under way; asked again only if the card left that state since it was done.
      const op = await this.#book.poll(asked, now, () => this.#check(card, asked));
      if (op.state !== 'done' || asked.state !== 'done' || (await this.#inState(card, change.action))) return op;
      return this.#book.ask(card, change.opKey, 'state', request, now, send, asked);
    }
    // Idempotent by its target: a card already there is not asked again (OneLink refuses repeats within 30 minutes).
    if (await this.#inState(card, change.action)) return this.#book.done(card, change.opKey, 'state', request, now);
    return this.#book.ask(card, change.opKey, 'state', request, now, send);
  }

  async operation(card: CarrierCard, opKey: string, now: number): Promise<CarrierOperation> {
    const op = await this.#book.find(card, opKey);
    if (!op) throw new CarrierError('invalid', `no operation ${opKey} asked here`);
    return this.#book.poll(op, now, () => this.#check(card, op));
  }

  /** Whether the card holds the offering (its ordered offerings list it). */
  async #holds(card: CarrierCard, offeringId: string): Promise<boolean> {
    const [row] = await this.#call('query/ordered-offerings', { msisdn: card.simNo, queryType: '1' });
    const list = Array.isArray(row?.offeringInfoList) ? (row.offeringInfoList as Row[]) : [];
    return list.some((o) => String(o.offeringId) === offeringId);
  }

  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.orderNo)) return this.operation(card, request.orderNo, now);
    const offeringId = request.offeringCode;
    if (!offeringId) throw new ProvisionError(`no OneLink offering is mapped for package ${request.name}`);
    if (request.endsAt <= request.startsAt) throw new ProvisionError('the package ends before it starts');
    return this.#book.ask(card, request.orderNo, 'offering', { offeringId }, now, async () => {
      const rows = await this.#call('change/sim-offering', { msisdn: card.simNo, offeringId, operType: '1', effectType: '0' });
      return { ref: rows[0]?.orderNum ? String(rows[0].orderNum) : null };
    });
  }

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.opKey)) return this.operation(card, request.opKey, now);
    if (request.speedCode !== null && request.until !== null && request.until <= now) {
      throw new ProvisionError('the speed-up ends before it starts');
    }
    return this.#book.ask(card, request.opKey, 'speed', { speedCode: request.speedCode }, now, async () => {
      const rows = await this.#call('operate/network-speed', {
        msisdn: card.simNo,
        operType: request.speedCode === null ? '2' : '1',
        ...(request.speedCode === null ? {} : { speedLevel: request.speedCode }),
      });
      // Accepted is done: the platform applies the profile by itself and has no query of it.
      return { ref: rows[0]?.orderNum ? String(rows[0].orderNum) : null, done: true };
    });
  }
}

/** The `dataAmountList` rows of a batch usage answer. */
function amounts(rows: Row[]): Row[] {
  return rows.flatMap((r) => (Array.isArray(r.dataAmountList) ? (r.dataAmountList as Row[]) : []));
}

function nextMonthStart(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return dayStartOf(`${next}-01`);
}
