import { Code, SILENT_CODES } from '@simshop/contract/codes';
import { APP_VERSION, Header, PLATFORM_SOURCE } from '@simshop/contract/headers';
import { Dialog, Toast } from './feedback.ts';
import { currentLanguage, t } from './i18n.ts';
import { HOME, LOGIN, reLaunch, resolveUrl, SIM_LOGIN, switchTab } from './nav.ts';
import { stringifyQuery } from './query.ts';
import { useSession } from './session.ts';

/** Product request timeout (spec §9). */
export const REQUEST_TIMEOUT_MS = 180_000;

const METHODS = ['GET', 'OPTIONS', 'HEAD', 'POST', 'PUT', 'DELETE', 'TRACE', 'CONNECT', 'PATCH'] as const;
export type Method = (typeof METHODS)[number];

/** The one call whose payload is sent unchanged, empty values included (spec §5). */
const SEND_UNCHANGED = /saveLowerAgentCustomPrice/i;

export interface RequestOptions {
  url: string;
  method?: Method;
  data?: unknown;
  /** Do not toast HTTP errors (non-2xx other than 500). */
  hideErrorToast?: boolean;
  /**
   * Business codes the caller shows itself in place (no §8 toast or dialog for them). 61 and 34061
   * cannot be among them: they always end the session and open the login page.
   */
  quietCodes?: readonly number[];
  /** Sent as the Idempotency-Key header on calls that create orders or payments. */
  idempotencyKey?: string;
  timeoutMs?: number;
}

/**
 * A refused call: `code` is the business code, or -1 for transport and HTTP failures; `field` names
 * the request field a refusal is about (the server's x-error-field header), in any language.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
    readonly field = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function isEmpty(value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}

/** Removes empty, null and undefined values and empty objects and arrays, recursively (spec §5). */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripEmpty).filter((v) => !isEmpty(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const s = stripEmpty(v);
      if (!isEmpty(s)) out[k] = s;
    }
    return out as T;
  }
  return value;
}

function deviceInfo(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return JSON.stringify({
    ua: nav?.userAgent.slice(0, 200) ?? '',
    screen: typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}`,
    lang: nav?.language ?? '',
  });
}

/**
 * The page URL of the §7 headers: the route and query the address shows, the home page (§2: `/`
 * is its alias) while the address has no hash route yet, as on a first visit of /shop/.
 */
export function currentPageUrl(): string {
  const route = typeof location === 'undefined' ? '' : location.hash.replace(/^#/, '');
  return resolveUrl(route || '/', '/').slice(0, 2000);
}

/** The §7 headers of every call. */
export function requestHeaders(): Record<string, string> {
  const s = useSession.getState();
  const headers: Record<string, string> = {
    [Header.platform]: 'h5',
    [Header.hostname]: location.hostname,
    [Header.deviceInfo]: deviceInfo(),
    [Header.app]: `simshop/${APP_VERSION}`,
    [Header.sessionId]: s.sessionId,
    [Header.orderSessionId]: s.orderSessionId,
    [Header.platformSource]: String(PLATFORM_SOURCE),
    [Header.platformOpenId]: s.platformOpenId,
    [Header.appShowOptions]: JSON.stringify(s.carried),
    [Header.pageUrl]: currentPageUrl(),
    [Header.simNo]: s.simNo,
    [Header.simToken]: s.token,
    [Header.language]: currentLanguage(),
  };
  // Header values must be Latin-1: encode anything else.
  for (const [k, v] of Object.entries(headers)) headers[k] = /^[\x20-\x7e]*$/.test(v) ? v : encodeURIComponent(v);
  return headers;
}

function toast(content: string, duration = 2000): void {
  Toast.show({ content, duration });
}

function dialog(content: string, confirmKey: string, onConfirm: () => void) {
  Dialog.show({
    content,
    closeOnAction: true,
    actions: [
      [
        { key: 'service', text: t('request.contactService'), onClick: () => void switchTab('/pages/customer/index') },
        { key: 'confirm', text: t(confirmKey), bold: true, onClick: onConfirm },
      ],
    ],
  });
}

/** Codes that end a session (§8): whichever call meets one, the session ends and its login page opens. */
const SESSION_CODES: readonly number[] = [Code.LOGIN_TIMEOUT, Code.SIM_LOGIN_TIMEOUT];

/** The login page being opened after a timeout: other calls that meet the same code meanwhile add nothing. */
let loginOpening = '';

function openLogin(page: string, url: string): void {
  if (loginOpening === page) return;
  loginOpening = page;
  toast(t('request.loginTimeout'));
  reLaunch(url)
    .catch(() => undefined)
    .finally(() => {
      if (loginOpening === page) loginOpening = '';
    });
}

function loginTimeout(): void {
  useSession.getState().logoutUser();
  const back = location.hash.replace(/^#/, '') || HOME;
  // Already on the login page: it stays, with the way back it has.
  openLogin(LOGIN, back.split('?')[0] === LOGIN ? back : `${LOGIN}?redirect=${encodeURIComponent(back)}`);
}

function simLoginTimeout(): void {
  useSession.getState().clearIotSession();
  openLogin(SIM_LOGIN, SIM_LOGIN);
}

function agentNotDirect(): void {
  Dialog.show({
    content: t('request.agentNotDirect'),
    closeOnAction: true,
    actions: [
      [
        { key: 'ok', text: t('request.gotIt') },
        { key: 'agents', text: t('request.backToDownstream'), bold: true, onClick: () => void reLaunch('/pages/index/agent/index') },
      ],
    ],
  });
}

/** What the app shows for each refused code (spec §8); codes not listed toast their message. */
const behaviours: Record<number, (message: string) => void> = {
  [Code.FAILED]: (message) => toast(message || t('request.operationFailed')),
  [Code.LOGIN_TIMEOUT]: loginTimeout,
  [Code.SIM_LOGIN_TIMEOUT]: simLoginTimeout,
  [Code.SOLD_OUT]: () => dialog(t('request.soldOut'), 'request.backToShop', () => void switchTab(`${HOME}?indexFirstGroup=2`)),
  [Code.ORDER_FAILED]: () => dialog(t('request.orderFailed'), 'request.ok', () => undefined),
  [Code.NUMBER_RESERVED]: () =>
    dialog(t('request.numberReserved'), 'request.backToShop', () => void switchTab(`${HOME}?indexFirstGroup=1`)),
  [Code.MODULE_CLOSED]: () => toast(t('request.moduleClosed')),
  [Code.AGENT_NOT_DIRECT]: agentNotDirect,
};

/** Shows what the §8 table says for a refused code; 41001 and 41002 pass silently to the caller. */
export function handleCode(code: number, message: string): void {
  if (SILENT_CODES.includes(code)) return;
  const behaviour = behaviours[code] ?? ((m: string) => toast(m || t('request.otherError')));
  behaviour(message);
}

/** Calls the API with the §7 headers and applies the §8 behaviours; resolves with `data`. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  if (!METHODS.includes(method)) throw new ApiError(Code.FAILED, `method: ${method} is not an HTTP method`);
  const data = SEND_UNCHANGED.test(options.url) ? options.data : stripEmpty(options.data);
  let url = options.url;
  const headers = requestHeaders();
  let body: string | undefined;
  if (method === 'GET' || method === 'HEAD') {
    if (data && typeof data === 'object') url += (url.includes('?') ? '&' : '?') + stringifyQuery(data as Record<string, string>).slice(1);
  } else if (data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(data);
  }
  if (options.idempotencyKey) headers[Header.idempotencyKey] = options.idempotencyKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: controller.signal });
  } catch {
    toast(t('request.transportError'));
    throw new ApiError(Code.FAILED, t('request.transportError'), 0);
  } finally {
    clearTimeout(timer);
  }

  let json: { code?: number; message?: string; data?: T } | undefined;
  try {
    json = (await res.json()) as typeof json;
  } catch {
    json = undefined;
  }

  if (res.status === 401) throw new ApiError(Code.FAILED, json?.message ?? '', 401);
  // Rate limited: a friendly message in the app's language; the page offers its retry.
  if (res.status === 429) {
    if (!options.hideErrorToast) toast(t('request.tooMany'));
    throw new ApiError(Code.FAILED, t('request.tooMany'), 429);
  }
  if (res.status >= 500) {
    toast(t('request.serverError'));
    throw new ApiError(Code.FAILED, t('request.serverError'), res.status);
  }
  if (res.status < 200 || res.status >= 300) {
    const message = json?.message || t('request.requestError');
    if (!options.hideErrorToast) toast(message);
    throw new ApiError(json?.code ?? Code.FAILED, message, res.status);
  }
  if (!json || typeof json.code !== 'number') {
    toast(t('request.dataAbnormal'));
    throw new ApiError(Code.FAILED, t('request.dataAbnormal'));
  }
  if (json.code === Code.OK) {
    if (!('data' in json)) {
      toast(t('request.dataAbnormal'));
      throw new ApiError(Code.FAILED, t('request.dataAbnormal'));
    }
    return json.data as T;
  }
  if (SESSION_CODES.includes(json.code) || !options.quietCodes?.includes(json.code)) handleCode(json.code, json.message ?? '');
  throw new ApiError(json.code, json.message ?? '', res.status, res.headers.get('x-error-field') ?? '');
}

export const get = <T>(url: string, data?: unknown, extra: Partial<RequestOptions> = {}) =>
  request<T>({ url, data, ...extra, method: 'GET' });
export const post = <T>(url: string, data?: unknown, extra: Partial<RequestOptions> = {}) =>
  request<T>({ url, data, ...extra, method: 'POST' });
