/**
 * Kuaidi100 (快递100), from its public API documentation: the subscribe call (`POST /poll`, form
 * `schema=json` and `param` JSON with company, number, from, to, key and `parameters.callbackurl`,
 * `salt`, `resultv2`), its push to our callback (form `param` JSON and `sign` = MD5(param + salt) in
 * upper case; answered `{ result: true, returnCode: "200" }`), and the real-time query (`POST
 * /poll/query.do`, form `customer`, `sign` = MD5(param + key + customer) upper case, `param` JSON
 * with com and num) used when pushes are late. Times are China time (UTC+8), `yyyy-MM-dd HH:mm:ss`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpFailure, httpExchange } from '../../lib/http-client.ts';
import { LogisticsError, type LogisticsEvent, type LogisticsProvider, type LogisticsStatus, type ShipmentRef } from './provider.ts';

export interface Kuaidi100Settings {
  baseUrl: string;
  key: string;
  customer: string;
  /** Signs the pushes (MD5(param + salt)). */
  salt: string;
  /** Where Kuaidi100 posts the pushes (PUBLIC_URL + the callback route). */
  callbackUrl: string;
  /** The company code of parcels shipped without one (e.g. shunfeng). */
  company: string;
  timeoutMs?: number;
}

export function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The push callback route (mounted only with LOGISTICS_PROVIDER=kuaidi100). */
export const KUAIDI100_CALLBACK_PATH = '/api/logistics/kuaidi100/push';

/** A data item of a Kuaidi100 track (resultv2=1 adds status, areaCode, areaName). */
interface TrackItem {
  time?: string;
  ftime?: string;
  context?: string;
  status?: string;
  areaCode?: string;
  areaName?: string;
}

/** The status names of resultv2 and the numeric `state` of a whole track. */
const STATUS_NAMES: Record<string, LogisticsStatus> = {
  在途: 'in_transit',
  揽收: 'collected',
  疑难: 'problem',
  签收: 'delivered',
  退签: 'returned',
  派件: 'out_for_delivery',
  退回: 'returned',
  转投: 'in_transit',
  清关: 'in_transit',
  拒签: 'returned',
};
const STATES: Record<string, LogisticsStatus> = {
  '0': 'in_transit',
  '1': 'collected',
  '2': 'problem',
  '3': 'delivered',
  '4': 'returned',
  '5': 'out_for_delivery',
  '6': 'returned',
  '7': 'in_transit',
  '8': 'in_transit',
  '14': 'returned',
};

/** `yyyy-MM-dd HH:mm:ss` in China time, as epoch milliseconds (NaN when it is not one). */
export function chinaTime(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - 8 * 3_600_000;
}

/** The six-digit division code of an area code (`CN440305000000`, `440305000000`): '' when none. */
function sixDigitArea(code: string | undefined): string {
  const digits = (code ?? '').replace(/^CN/i, '');
  return /^\d{6}/.test(digits) ? digits.slice(0, 6) : '';
}

/** The events of a track (`data`, newest first), oldest first; the newest takes the track's state when its item has none. */
export function eventsOfTrack(track: { data?: unknown; state?: unknown; ischeck?: unknown }): LogisticsEvent[] {
  const items = Array.isArray(track.data) ? (track.data as TrackItem[]) : [];
  const events: LogisticsEvent[] = [];
  items.forEach((item, i) => {
    const at = chinaTime(String(item.ftime ?? item.time ?? ''));
    if (!Number.isFinite(at)) return;
    const named = item.status ? STATUS_NAMES[item.status] : undefined;
    const status =
      named ??
      (i === 0 ? (String(track.ischeck) === '1' ? 'delivered' : (STATES[String(track.state ?? '')] ?? 'in_transit')) : 'in_transit');
    events.push({
      at,
      status,
      areaCode: sixDigitArea(item.areaCode),
      text: String(item.context ?? '').slice(0, 500),
      place: String(item.areaName ?? '').slice(0, 100),
    });
  });
  return events.reverse();
}

/** A push that passed its signature check. */
export interface Kuaidi100Push {
  companyCode: string;
  trackingNo: string;
  /** polling (still tracked), shutdown (ended: signed for), abort (stopped: e.g. no news for days), updateall. */
  pushStatus: string;
  events: LogisticsEvent[];
}

/**
 * Reads a push (the form's `param` and `sign`): null when the signature is not MD5(param + salt)
 * in upper case or the param is not a track.
 */
export function readKuaidi100Push(form: Record<string, unknown>, salt: string): Kuaidi100Push | null {
  const param = typeof form.param === 'string' ? form.param : '';
  const sign = typeof form.sign === 'string' ? form.sign : '';
  if (!param || !/^[0-9A-Fa-f]{32}$/.test(sign)) return null;
  const expected = Buffer.from(md5Upper(param + salt));
  if (!timingSafeEqual(expected, Buffer.from(sign.toUpperCase()))) return null;
  let body: { status?: unknown; lastResult?: { com?: unknown; nu?: unknown; data?: unknown; state?: unknown; ischeck?: unknown } };
  try {
    body = JSON.parse(param);
  } catch {
    return null;
  }
  const last = body?.lastResult;
  if (!last || typeof last.nu !== 'string' || typeof last.com !== 'string') return null;
  return { companyCode: last.com, trackingNo: last.nu, pushStatus: String(body.status ?? ''), events: eventsOfTrack(last) };
}

/** What Kuaidi100 expects back from a push. */
export const PUSH_RECEIVED = { result: true, returnCode: '200', message: '成功' };
export const PUSH_REFUSED = { result: false, returnCode: '500', message: '签名验证失败' };

/** The error of an answer's returnCode (subscribe and query codes). */
function errorOf(returnCode: string, message: string): LogisticsError {
  const m = `Kuaidi100 ${returnCode}: ${message}`.slice(0, 300);
  // 600 not a subscriber (bad key), 601 key expired or no balance, 503 bad signature (query)
  if (returnCode === '600' || returnCode === '601' || returnCode === '503') return new LogisticsError('auth', m);
  // query: 500 no result yet; subscribe: 702 the number's company not recognised
  if (returnCode === '500' || returnCode === '702') return new LogisticsError('unknown', m);
  // 502 busy: too many calls
  if (returnCode === '502') return new LogisticsError('throttled', m);
  return new LogisticsError('refused', m);
}

export class Kuaidi100 implements LogisticsProvider {
  readonly name = 'kuaidi100' as const;
  readonly textLanguage = 'zh-Hans' as const;
  readonly pushes = true;

  constructor(private readonly settings: Kuaidi100Settings) {}

  async book(input: { trackingNo?: string }) {
    if (!input.trackingNo) throw new LogisticsError('refused', 'Kuaidi100 tracks parcels: the tracking number must be given');
    return { companyCode: this.settings.company, companyName: '', trackingNo: input.trackingNo };
  }

  private async post(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    let answer: Awaited<ReturnType<typeof httpExchange>>;
    try {
      answer = await httpExchange(`${this.settings.baseUrl.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        timeoutMs: this.settings.timeoutMs ?? 10_000,
        maxBytes: 512 * 1024,
      });
    } catch (err) {
      throw new LogisticsError('unavailable', `Kuaidi100 unreachable: ${err instanceof HttpFailure ? err.reason : String(err)}`);
    }
    if (answer.status === 429) throw new LogisticsError('throttled', 'Kuaidi100 429: too many calls');
    if (answer.status !== 200) throw new LogisticsError('unavailable', `Kuaidi100 answered HTTP ${answer.status}`);
    try {
      const body = JSON.parse(answer.text);
      if (body && typeof body === 'object') return body as Record<string, unknown>;
    } catch {}
    throw new LogisticsError('unavailable', 'Kuaidi100 answered no JSON');
  }

  private where(s: ShipmentRef) {
    return { ...(s.fromCity ? { from: s.fromCity } : {}), ...(s.toCity ? { to: s.toCity } : {}) };
  }

  async subscribe(s: ShipmentRef): Promise<void> {
    const param = JSON.stringify({
      company: s.companyCode,
      number: s.trackingNo,
      ...this.where(s),
      key: this.settings.key,
      parameters: { callbackurl: this.settings.callbackUrl, salt: this.settings.salt, resultv2: '1' },
    });
    const body = await this.post('/poll', { schema: 'json', param });
    const code = String(body.returnCode ?? '');
    // 501: already subscribed, which is what we asked for (a retry after a lost answer).
    if (body.result === true || code === '200' || code === '501') return;
    throw errorOf(code, String(body.message ?? ''));
  }

  async track(s: ShipmentRef): Promise<LogisticsEvent[]> {
    const param = JSON.stringify({ com: s.companyCode, num: s.trackingNo, ...this.where(s), resultv2: '1' });
    const body = await this.post('/poll/query.do', {
      customer: this.settings.customer,
      sign: md5Upper(param + this.settings.key + this.settings.customer),
      param,
    });
    if (String(body.status ?? '') === '200' && Array.isArray(body.data)) return eventsOfTrack(body);
    throw errorOf(String(body.returnCode ?? body.status ?? ''), String(body.message ?? ''));
  }
}
