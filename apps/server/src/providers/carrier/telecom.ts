/**
 * China Telecom's IoT connection management platform (物联网自管理门户 / CMP, the `m2m_ec` API)
 * behind the carrier interface (decision 0075). Built from the shapes public clients show:
 *
 * - every call is a GET of `/m2m_ec/query.do?method=…` with `user_id`, `passWord` (the account's
 *   password encrypted with the account key) and `sign` (the call's values in natural order, joined
 *   by commas, encrypted with the same key), the card by `iccid`; the key comes in three parts of
 *   three characters (key1, key2, key3);
 * - usage answers are XML with `TOTAL_BYTES_CNT` in MB with decimals (`123.45MB`): per day with
 *   `queryTrafficByDate` (days up to yesterday), the current month with `queryTraffic`;
 * - other answers are JSON `{ resultCode, resultMsg, … }`, "0" when it went well; a request the
 *   platform cannot take is answered with a bare negative code (`-1` … `-5`);
 * - stop and resume (`disabledNumber`, orderTypeId 19 / 20) and cutting data (`singleCutNet`,
 *   action ADD / DEL) are accepted and done later, each with a `GROUP_TRANSACTIONID`.
 *
 * Where the public material is thin (decision 0075), the codes are kept in one table each.
 */
import { createCipheriv } from 'node:crypto';
import { chinaDay, chinaMonth, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';
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

export interface TelecomOptions {
  /** e.g. `http://api.ct10649.com:9001` (the `/m2m_ec/query.do` path is added). */
  baseUrl: string;
  userId: string;
  password: string;
  /** The account's key: 9 characters, the three 3-character parts key1, key2, key3. */
  key: string;
  callsPerSecond?: number;
  timeoutMs?: number;
  retries?: number;
  operations?: OperationStore;
}

/** The bare codes the platform answers a request it cannot take with, and its resultCodes, mapped to ours. */
export const TELECOM_ERRORS: Record<string, CarrierErrorCode> = {
  '-1': 'invalid',
  '-2': 'auth',
  '-3': 'auth',
  '-4': 'unknown-card',
  '-5': 'throttled',
  '1001': 'unknown-card',
  '1002': 'refused',
  '1003': 'invalid',
  '9999': 'unavailable',
};

/** productMainStatusCd of queryCardMainStatus. */
export const TELECOM_LIFECYCLE: Record<string, CardLifecycle> = {
  '1': 'pending',
  '2': 'test',
  '3': 'inventory',
  '4': 'active',
  '5': 'suspended',
  '6': 'suspended',
  '7': 'cancelled',
};

/** The stop reason in productStatusName (the platform's own words), by the words it contains. */
const STOP_WORDS: [string, StopReason][] = [
  ['欠费', 'arrears'],
  ['机卡分离', 'separated'],
  ['实名', 'real-name'],
  ['达量', 'quota'],
  ['违章', 'operator'],
  ['管控', 'operator'],
  ['报停', 'requested'],
  ['主动', 'requested'],
];

const DAYS_KEPT = 31;
/** The methods that change something at the operator. */
const CHANGES = new Set(['disabledNumber', 'singleCutNet', 'orderFlowPackage', 'speedLimitAction']);
const DISABLE = '19';
const ENABLE = '20';

type Row = Record<string, unknown>;

/** The platform's encryption: 3DES (ECB, PKCS#7) under key1 | key2 | key3, each padded to 8 bytes, upper-case hex. */
export function telecomEncrypt(text: string, key: string): string {
  const parts = [key.slice(0, 3), key.slice(3, 6), key.slice(6, 9)].map((p) => {
    const b = Buffer.alloc(8);
    Buffer.from(p, 'utf8').copy(b);
    return b;
  });
  const cipher = createCipheriv('des-ede3', Buffer.concat(parts), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
    .toString('hex')
    .toUpperCase();
}

/** The values signed: every parameter but the signature and the encrypted password, plus the plain password, in natural order. */
export function telecomSignText(params: Record<string, string>, password: string): string {
  return [
    ...Object.entries(params)
      .filter(([k]) => k !== 'sign' && k !== 'passWord')
      .map(([, v]) => v),
    password,
  ]
    .sort()
    .join(',');
}

/** `123.45MB` (or `2.5GB`, `512KB`) as whole MB, rounded down. */
export function telecomMb(text: string | null): number | null {
  const m = /^\s*([\d.]+)\s*(KB|MB|GB)?\s*$/i.exec(text ?? '');
  if (!m) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? 'MB').toUpperCase();
  return Math.floor(unit === 'GB' ? n * 1024 : unit === 'KB' ? n / 1024 : n);
}

const ymd = (day: string) => day.replaceAll('-', '');

export class TelecomCarrier implements CarrierProvider {
  readonly name = 'telecom';
  readonly limits: CarrierLimits;
  readonly #limiter: RateLimiter;
  readonly #book: OperationBook;

  constructor(private readonly options: TelecomOptions) {
    this.limits = { batchSize: 100, callsPerSecond: options.callsPerSecond ?? 10, dayHistory: 7 };
    this.#limiter = new RateLimiter(this.limits.callsPerSecond);
    this.#book = new OperationBook(this.name, options.operations ?? new MemoryOperationStore());
  }

  /** One call's raw answer (no retries). */
  async #fetch(method: string, params: Record<string, string>): Promise<string> {
    const all: Record<string, string> = { method, user_id: this.options.userId, ...params };
    all.passWord = telecomEncrypt(this.options.password, this.options.key);
    all.sign = telecomEncrypt(telecomSignText(all, this.options.password), this.options.key);
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/m2m_ec/query.do?${new URLSearchParams(all)}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000) });
    } catch (err) {
      throw new CarrierError('unavailable', `Telecom ${method}: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (res.status === 429) {
      this.#limiter.pause(1000);
      throw new CarrierError('throttled', `Telecom ${method}: throttled (HTTP 429)`);
    }
    if (res.status >= 500) throw new CarrierError('unavailable', `Telecom ${method}: HTTP ${res.status}`);
    const text = (await res.text()).trim();
    if (/^-\d+$/.test(text)) throw this.#error(method, text, `the platform answered ${text}`);
    return text;
  }

  #error(method: string, code: string, message: string): CarrierError {
    const ours = TELECOM_ERRORS[code] ?? 'unavailable';
    const text = `Telecom ${method}: ${message} (${code})`;
    if (ours === 'throttled') this.#limiter.pause(1000);
    return ours === 'refused' ? new ProvisionError(text, code) : new CarrierError(ours, text, code);
  }

  /** One call, paced to the account's rate; throttled and unanswered calls tried again with backoff. */
  async #call(method: string, params: Record<string, string>): Promise<string> {
    const retries = this.options.retries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        await this.#limiter.take();
        return await this.#fetch(method, params);
      } catch (err) {
        if (!(err instanceof CarrierError) || !err.retryable || attempt >= retries) throw err;
        // A change without an answer may have been taken: not sent again (its record is polled instead).
        if (CHANGES.has(method) && err.code !== 'throttled') throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      }
    }
  }

  /** A JSON call: its body when resultCode is "0". */
  async #json(method: string, params: Record<string, string>): Promise<Row> {
    const text = await this.#call(method, params);
    let body: Row;
    try {
      body = JSON.parse(text) as Row;
    } catch {
      throw new CarrierError('protocol', `Telecom ${method}: the answer is not JSON`);
    }
    const code = String(body.resultCode ?? body.RESULT ?? '');
    if (code === '') throw new CarrierError('protocol', `Telecom ${method}: the answer has no resultCode`);
    if (code !== '0') throw this.#error(method, code, String(body.resultMsg ?? body.SMSG ?? 'error'));
    return body;
  }

  /** An XML usage call: its TOTAL_BYTES_CNT in MB (null: the platform has no figure). */
  async #traffic(method: string, params: Record<string, string>): Promise<number | null> {
    const text = await this.#call(method, params);
    const result = /<IRESULT>\s*(-?\d+)\s*<\/IRESULT>/.exec(text)?.[1];
    if (result === undefined) throw new CarrierError('protocol', `Telecom ${method}: the answer is not the usage XML`);
    if (result !== '0') {
      const msg = /<SMSG>([^<]*)<\/SMSG>/.exec(text)?.[1] ?? 'error';
      throw this.#error(method, result, msg);
    }
    return telecomMb(/<TOTAL_BYTES_CNT>([^<]*)<\/TOTAL_BYTES_CNT>/.exec(text)?.[1] ?? null);
  }

  async usageDays(cards: readonly CarrierCard[], days: readonly string[], now: number): Promise<DayUsage[]> {
    const today = dayStart(now);
    // Day figures up to yesterday, for the days the platform keeps.
    const kept = days.filter((d) => dayStartOf(d) + DAY_MS <= today && dayStartOf(d) >= today - DAYS_KEPT * DAY_MS);
    const perCard = await eachCard(cards, 4, async (card) => {
      const out: DayUsage[] = [];
      for (const day of kept) {
        const mb = await this.#traffic('queryTrafficByDate', { iccid: card.iccid, startDate: ymd(day), endDate: ymd(day), needDtl: '0' });
        const end = dayStartOf(day) + DAY_MS;
        if (mb !== null) out.push({ iccid: card.iccid, day, mb, asOf: end, final: today - end >= DAY_MS });
      }
      return out;
    });
    return perCard.flat();
  }

  async usageMonths(cards: readonly CarrierCard[], months: readonly string[], now: number): Promise<MonthUsage[]> {
    const today = dayStart(now);
    const current = chinaMonth(now);
    const perCard = await eachCard(cards, 4, async (card) => {
      const out: MonthUsage[] = [];
      for (const month of months) {
        if (month > current) continue;
        const start = dayStartOf(`${month}-01`);
        const end = month === current ? today : nextMonthStart(month);
        if (end <= start || start < today - DAYS_KEPT * 6 * DAY_MS) continue;
        const mb = await this.#traffic('queryTrafficByDate', {
          iccid: card.iccid,
          startDate: ymd(chinaDay(start)),
          endDate: ymd(chinaDay(end - DAY_MS)),
          needDtl: '0',
        });
        if (mb !== null) out.push({ iccid: card.iccid, month, mb, asOf: end, final: month < current && today - end >= DAY_MS });
      }
      return out;
    });
    return perCard.flat();
  }

  async #main(card: CarrierCard): Promise<Row> {
    return this.#json('queryCardMainStatus', { iccid: card.iccid });
  }

  async #dataOn(card: CarrierCard): Promise<boolean> {
    const row = await this.#json('queryNetBlockStatus', { iccid: card.iccid });
    return String(row.netBlockStatus ?? '0') !== '1';
  }

  async status(cards: readonly CarrierCard[], now: number): Promise<CardStatus[]> {
    return eachCard(cards, 4, async (card) => {
      const main = await this.#main(card);
      const lifecycle = TELECOM_LIFECYCLE[String(main.productMainStatusCd ?? '')] ?? 'unknown';
      const dataOn = lifecycle === 'active' ? await this.#dataOn(card) : false;
      const detail = main.productStatusName ? String(main.productStatusName) : null;
      let stopReason: StopReason = 'none';
      if (lifecycle === 'suspended') {
        stopReason = STOP_WORDS.find(([w]) => detail?.includes(w))?.[1] ?? (main.productMainStatusCd === '6' ? 'operator' : 'other');
      } else if (!dataOn) {
        stopReason = 'requested';
      }
      let onlineStatus = 2;
      if (lifecycle === 'active' && dataOn) {
        const online = await this.#json('getOnlineStatus', { iccid: card.iccid });
        onlineStatus = String(online.onlineStatus ?? '') === '1' ? 1 : 2;
      }
      return {
        iccid: card.iccid,
        lifecycle,
        dataOn,
        onlineStatus,
        stopReason,
        stopDetail: stopReason === 'none' ? null : detail,
        asOf: now,
      };
    });
  }

  async realName(cards: readonly CarrierCard[], now: number): Promise<RealNameStatus[]> {
    const states: Record<string, RealNameStatus['state']> = { '0': 'unregistered', '1': 'registered', '2': 'reviewing' };
    return eachCard(cards, 4, async (card) => {
      const row = await this.#json('realNameQueryIot', { iccid: card.iccid });
      return { iccid: card.iccid, state: states[String(row.realNameStatus ?? '')] ?? 'unknown', asOf: now };
    });
  }

  async imei(cards: readonly CarrierCard[], now: number): Promise<ImeiBinding[]> {
    return eachCard(cards, 4, async (card) => {
      const row = await this.#json('queryBindDetection', { iccid: card.iccid });
      const separated = String(row.bindStatus ?? '0') === '1';
      const seenImei = row.imei ? String(row.imei) : null;
      const boundImei = row.bindImei ? String(row.bindImei) : separated ? null : seenImei;
      return { iccid: card.iccid, boundImei, seenImei, separated, asOf: now };
    });
  }

  async #inState(card: CarrierCard, action: StateAction): Promise<boolean> {
    if (action === 'data-on' || action === 'data-off') return (await this.#dataOn(card)) === (action === 'data-on');
    const main = await this.#main(card);
    return TELECOM_LIFECYCLE[String(main.productMainStatusCd ?? '')] === (action === 'suspend' ? 'suspended' : 'active');
  }

  #check(card: CarrierCard, op: Pick<StoredOperation, 'kind' | 'request'>): Promise<boolean> {
    if (op.kind === 'state') return this.#inState(card, op.request.action as StateAction);
    if (op.kind === 'offering') return this.#holds(card, op.request.offerId ?? '');
    return Promise.resolve(true);
  }

  async changeState(card: CarrierCard, change: StateChange, now: number): Promise<CarrierOperation> {
    const request = { action: change.action };
    const send = async () => {
      const row =
        change.action === 'data-on' || change.action === 'data-off'
          ? await this.#json('singleCutNet', { iccid: card.iccid, action: change.action === 'data-off' ? 'ADD' : 'DEL' })
          : await this.#json('disabledNumber', {
              iccid: card.iccid,
              orderTypeId: change.action === 'suspend' ? DISABLE : ENABLE,
              acctCd: '',
            });
      return { ref: row.GROUP_TRANSACTIONID ? String(row.GROUP_TRANSACTIONID) : null };
    };
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

  async #holds(card: CarrierCard, offerId: string): Promise<boolean> {
    const row = await this.#json('queryPakage', { iccid: card.iccid });
    const list = Array.isArray(row.offerList) ? (row.offerList as Row[]) : [];
    return list.some((o) => String(o.offerId) === offerId);
  }

  async changeOffering(card: CarrierCard, request: ProvisionRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.orderNo)) return this.operation(card, request.orderNo, now);
    const offerId = request.offeringCode;
    if (!offerId) throw new ProvisionError(`no China Telecom offer is mapped for package ${request.name}`);
    if (request.endsAt <= request.startsAt) throw new ProvisionError('the package ends before it starts');
    return this.#book.ask(card, request.orderNo, 'offering', { offerId }, now, async () => {
      const row = await this.#json('orderFlowPackage', { iccid: card.iccid, offerId });
      return { ref: row.GROUP_TRANSACTIONID ? String(row.GROUP_TRANSACTIONID) : null };
    });
  }

  async setSpeed(card: CarrierCard, request: SpeedRequest, now: number): Promise<CarrierOperation> {
    if (await this.#book.find(card, request.opKey)) return this.operation(card, request.opKey, now);
    if (request.speedCode !== null && request.until !== null && request.until <= now) {
      throw new ProvisionError('the speed-up ends before it starts');
    }
    return this.#book.ask(card, request.opKey, 'speed', { speedCode: request.speedCode }, now, async () => {
      const row = await this.#json('speedLimitAction', {
        iccid: card.iccid,
        action: request.speedCode === null ? 'DEL' : 'ADD',
        ...(request.speedCode === null ? {} : { speedValue: request.speedCode }),
      });
      // Accepted is done: the platform applies the profile by itself.
      return { ref: row.GROUP_TRANSACTIONID ? String(row.GROUP_TRANSACTIONID) : null, done: true };
    });
  }
}

function nextMonthStart(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return dayStartOf(`${next}-01`);
}
