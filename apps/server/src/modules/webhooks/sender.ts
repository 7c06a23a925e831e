import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { WEBHOOK_HEADERS } from '@simshop/contract/webhooks';
import { Agent } from 'undici';
import { type HttpFailure, httpExchange } from '../../lib/http-client.ts';
import { isPrivateAddress, publicLookup } from '../../lib/ip-address.ts';

export { isPrivateAddress };

/** How a delivery is sent: at most this long, and this much of the answer is read and kept. */
export const SEND_RULES = { timeoutMs: 5_000, readBytes: 16_384, keptChars: 500 } as const;

/** The signature of a delivery: `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` keyed with the endpoint's secret. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A receiver's check of a delivery (as documented): the signature matches and the timestamp is within `toleranceS`. */
export function verifySignature(secret: string, header: string, timestamp: string, body: string, nowMs: number, toleranceS = 300): boolean {
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowMs / 1000 - ts) > toleranceS) return false;
  const expected = Buffer.from(signatureOf(secret, ts, body));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why an endpoint address is refused, or null: not a URL, credentials in it, not HTTPS (plain HTTP
 * only to this machine outside production), or in production an address literal that is private.
 */
export function urlProblem(raw: string, production: boolean): 'format' | 'https' | 'private' | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'format';
  }
  if (u.username || u.password || u.hash) return 'format';
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'https';
  const local = LOCAL_HOSTS.has(u.hostname) || u.hostname.endsWith('.localhost');
  if (u.protocol === 'http:' && (production || !local)) return 'https';
  if (production) {
    if (local) return 'private';
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isPrivateAddress(host)) return 'private';
  }
  return null;
}

/**
 * The connections of production deliveries: each is opened to an address `publicLookup` (lib/ip-address.ts) found
 * public, the one it connects to (no second resolution between the check and the connection). An
 * address literal is not looked up: `urlProblem` refused the private ones when the endpoint was saved.
 */
let publicAgent: Agent | undefined;
const publicDispatcher = () => {
  publicAgent ??= new Agent({ connect: { lookup: publicLookup } });
  return publicAgent;
};

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer, or the problem. */
  response: string;
  ok: boolean;
}

/**
 * POSTs a signed delivery: five seconds at most for the whole exchange, redirects not followed, at
 * most 16 KiB of the answer read. In production the address must resolve to public addresses only.
 */
export async function send(url: string, headers: Record<string, string>, body: string, production: boolean): Promise<SendResult> {
  const started = performance.now();
  const result = (statusCode: number | null, text: string): SendResult => ({
    statusCode,
    response: text.slice(0, SEND_RULES.keptChars),
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const answer = await httpExchange(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'simshop-webhooks/1', ...headers },
      body,
      timeoutMs: SEND_RULES.timeoutMs,
      maxBytes: SEND_RULES.readBytes,
      ...(production ? { dispatcher: publicDispatcher() } : {}),
    });
    return result(answer.status, answer.text);
  } catch (err) {
    const failure = err as HttpFailure;
    if (failure.reason === 'timeout') return result(null, `no answer within ${SEND_RULES.timeoutMs / 1000} s`);
    return result(null, failure.reason === 'EPRIVATE' || failure.reason === 'error' ? failure.message : failure.reason);
  }
}

export { WEBHOOK_HEADERS };
