import { Header, type Language } from '@simshop/contract/headers';
import type { FastifyRequest } from 'fastify';

/** The §7 headers of a call, parsed once per request. */
export interface RequestContext {
  platform: string;
  sessionId: string;
  orderSessionId: string;
  platformSource: string;
  platformOpenId: string;
  pageUrl: string;
  simNo: string;
  simToken: string;
  language: Language;
  idempotencyKey: string;
}

const HEX32 = /^[0-9a-f]{32}$/;

function header(req: FastifyRequest, name: string, max = 256): string {
  const v = req.headers[name];
  const s = Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
  return s.length > max ? '' : s;
}

/** Maps an Accept-Language value to the app's languages with the §1 rule. */
export function languageOf(value: string): Language {
  const first = value.split(',')[0]?.trim().toLowerCase() ?? '';
  if (!first.startsWith('zh')) return 'en';
  return /(tw|hk|mo|cht|hant)/.test(first) ? 'zh-Hant' : 'zh-Hans';
}

export function parseContext(req: FastifyRequest): RequestContext {
  const sessionId = header(req, Header.sessionId).toLowerCase();
  const orderSessionId = header(req, Header.orderSessionId).toLowerCase();
  return {
    platform: header(req, Header.platform, 32),
    sessionId: HEX32.test(sessionId) ? sessionId : '',
    orderSessionId: HEX32.test(orderSessionId) ? orderSessionId : '',
    platformSource: header(req, Header.platformSource, 8),
    platformOpenId: header(req, Header.platformOpenId, 128),
    pageUrl: header(req, Header.pageUrl, 2048),
    simNo: header(req, Header.simNo, 32),
    simToken: header(req, Header.simToken, 128),
    language: languageOf(header(req, Header.language)),
    // Kept whole: a malformed key is refused (checkIdempotencyKey), never silently dropped.
    idempotencyKey: header(req, Header.idempotencyKey, Number.POSITIVE_INFINITY),
  };
}

/**
 * The person behind a request, as a payment provider needs them: WeChat Pay's H5 trades carry the
 * shopper's address, and inside WeChat a shopper the shop knows pays by JSAPI. Passed down from the
 * route to the payment (no request-wide async context: that would slow every request's promises).
 */
export interface Shopper {
  ip: string;
  userAgent: string;
  /** The storefront login session (x-session-id), '' without one. */
  sessionId: string;
}

/** The shopper of a request. */
export function shopperOf(req: FastifyRequest): Shopper {
  return { ip: req.ip, userAgent: req.headers['user-agent'] ?? '', sessionId: req.ctx.sessionId };
}

/** The shopper of work no person's request started (a scheduled top-up): no address, no WeChat. */
export const NO_SHOPPER: Shopper = { ip: '127.0.0.1', userAgent: '', sessionId: '' };

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
