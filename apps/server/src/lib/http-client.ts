/**
 * The server's outgoing HTTP calls (payment providers, SMS, the sandbox's notifications, webhooks):
 * `fetch` of undici, the library behind Node's global `fetch`, taken from the `undici` package so that
 * a call may bring its own dispatcher (the webhooks' Agent, whose DNS lookup refuses private
 * addresses) of the same version as the `fetch` that uses it (decision 0062).
 */
import { type Dispatcher, fetch } from 'undici';

export interface HttpExchange {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, from the connection to the answer's end, in milliseconds at most. */
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the rest is not waited for. */
  maxBytes?: number;
  /** The connection pool to use (the webhooks' one checks where a name resolves); undici's default otherwise. */
  dispatcher?: Dispatcher;
}

export interface HttpAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/**
 * Why an exchange did not complete: `timeout`, or the connection's error code (`ECONNREFUSED`,
 * `ECONNRESET` when it closed before the answer's end, `ENOTFOUND`, a lookup's own code…), or `error`.
 */
export class HttpFailure extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** The HttpFailure of what fetch (or reading its body) threw. */
function failureOf(err: unknown, timeoutMs: number): HttpFailure {
  const e = err as Error & { cause?: Error & { code?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new HttpFailure('timeout', `no answer within ${timeoutMs} ms`);
  // fetch rejects with TypeError('fetch failed' or 'terminated') and the connection's error as its cause.
  const cause = e?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  // undici's "other side closed": the connection ended before the answer did.
  if (code === 'UND_ERR_SOCKET') return new HttpFailure('ECONNRESET', `the connection closed before the answer's end (${cause!.message})`);
  if (code) return new HttpFailure(code, cause!.message || code);
  return new HttpFailure('error', cause?.message || e?.message || String(err));
}

/** One HTTP exchange; the redirects are not followed. Rejects with an `HttpFailure`. */
export async function httpExchange(url: string, x: HttpExchange): Promise<HttpAnswer> {
  try {
    new URL(url);
  } catch {
    throw new HttpFailure('error', `not an address: ${url.slice(0, 100)}`);
  }
  const maxBytes = x.maxBytes ?? 1024 * 1024;
  try {
    // The signal's time limit covers the connection, the answer's head and the reading of its body.
    const res = await fetch(url, {
      method: x.method,
      headers: x.headers ?? {},
      ...(x.method === 'POST' ? { body: x.body ?? '' } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(x.timeoutMs),
      ...(x.dispatcher ? { dispatcher: x.dispatcher } : {}),
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of res.headers) headers[name] = Object.hasOwn(headers, name) ? `${headers[name]}, ${value}` : value;
    const chunks: Uint8Array[] = [];
    let read = 0;
    if (res.body) {
      const reader = res.body.getReader();
      while (read < maxBytes) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value.subarray(0, maxBytes - read));
        read += value.length;
      }
      // The rest of a long answer is not waited for: the connection is closed.
      if (read >= maxBytes) await reader.cancel().catch(() => {});
    }
    return { status: res.status, headers, text: Buffer.concat(chunks).toString('utf8') };
  } catch (err) {
    throw failureOf(err, x.timeoutMs);
  }
}
