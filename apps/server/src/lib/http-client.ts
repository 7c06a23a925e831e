/**
 * The server's outgoing HTTP calls (payment providers, SMS, the sandbox's notifications, webhooks),
 * over `node:http` and `node:https`. Not `fetch`: its first call loads undici and compiles its
 * WebAssembly parser, about 15 MB held for the life of the process, and each exchange allocates
 * several times what this does (decision 0058).
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface HttpExchange {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, from the connection to the answer's end, in milliseconds at most. */
  timeoutMs: number;
  /** At most this many bytes of the answer are read; the rest is not waited for. */
  maxBytes?: number;
  /** The DNS lookup of the connection (the webhooks' refuses private addresses). */
  lookup?: LookupFunction;
}

export interface HttpAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

/** Why an exchange did not complete: `timeout`, or the socket's error code (`ECONNREFUSED`…), or `error`. */
export class HttpFailure extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** One HTTP exchange; the redirects are not followed. Rejects with an `HttpFailure`. */
export function httpExchange(url: string, x: HttpExchange): Promise<HttpAnswer> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.reject(new HttpFailure('error', `not an address: ${url.slice(0, 100)}`));
  }
  return new Promise((resolve, reject) => {
    const body = x.body ?? '';
    const maxBytes = x.maxBytes ?? 1024 * 1024;
    let settled = false;
    const settle = (error: HttpFailure | null, answer?: HttpAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const req = (u.protocol === 'https:' ? https : http).request(
      u,
      {
        method: x.method,
        headers: { ...(x.method === 'POST' ? { 'content-length': String(Buffer.byteLength(body)) } : {}), ...x.headers },
        ...(x.lookup ? { lookup: x.lookup } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          settle(null, { status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        };
        res.on('data', (chunk: Buffer) => {
          if (read >= maxBytes) return;
          chunks.push(chunk.subarray(0, maxBytes - read));
          read += chunk.length;
          if (read >= maxBytes) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', (err: NodeJS.ErrnoException) => settle(new HttpFailure(err.code ?? 'error', err.message)));
      },
    );
    const timer = setTimeout(() => {
      settle(new HttpFailure('timeout', `no answer within ${x.timeoutMs} ms`));
      req.destroy();
    }, x.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => settle(new HttpFailure(err.code ?? 'error', err.message)));
    req.end(x.method === 'POST' ? body : undefined);
  });
}
