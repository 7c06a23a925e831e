import { getToken, setToken } from './session.ts';

/** A refusal of the server: its code, its message (in the operator's language) and the field it names. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly field: string | undefined,
  ) {
    super(message);
  }
}

let language = 'zh-Hans';
let onSignedOut: () => void = () => {};

export function setApiLanguage(lng: string): void {
  language = lng;
}

/** Called when the server answers 61 (no session, expired or revoked). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

type Query = Record<string, string | number | undefined | null>;

/** Calls a console endpoint and unwraps the envelope; a refusal throws an ApiError. */
export async function api<T>(method: 'GET' | 'POST', path: string, options: { query?: Query; body?: unknown } = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const url = `/api/admin${path}${params.size > 0 ? `?${params}` : ''}`;
  const headers: Record<string, string> = { 'accept-language': language };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (method === 'POST') headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: method === 'POST' ? JSON.stringify(options.body ?? {}) : undefined });
  } catch {
    throw new ApiError(
      -1,
      language === 'en' ? 'network error, try again' : language === 'zh-Hant' ? '網路錯誤，請重試' : '网络错误，请重试',
      undefined,
    );
  }
  const reply = (await res.json().catch(() => null)) as { code: number; message: string; data: T } | null;
  if (!reply) throw new ApiError(-1, `HTTP ${res.status}`, undefined);
  if (reply.code === 61) {
    setToken('');
    onSignedOut();
  }
  if (reply.code !== 0) throw new ApiError(reply.code, reply.message, res.headers.get('x-error-field') ?? undefined);
  return reply.data;
}
