import { envelope } from '@simshop/contract/envelope';
import { Header, LANGUAGES, type Language } from '@simshop/contract/headers';
import type { z } from 'zod';
import { type FakeRoute, fakeRoutes } from './fake-routes.ts';

/**
 * An in-test stand-in for the server's HTTP boundary: `fetch` answers the app's calls the way the
 * server does (the contract's envelope, data in the caller's language, each reply checked against
 * the contract's schema), from data each test makes for itself. Only the server is replaced: the
 * pages, the router, the translator and lib/request.ts run as they ship.
 */

export interface FakeRequest {
  method: string;
  /** Path without the query, e.g. `/api/iot/simInfo`. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
  /** The language the app asked in (accept-language), as the server maps it. */
  language: Language;
}

/** What a handler may answer besides the data itself. */
export interface FakeReply {
  status?: number;
  code?: number;
  message?: string;
  data?: unknown;
}

export type FakeHandler = (req: FakeRequest) => unknown | Promise<unknown>;

/** A reply a handler builds explicitly (a refusal, an HTTP status) rather than data. */
export class Reply {
  constructor(readonly reply: FakeReply) {}
}

export const refuse = (code: number, message: string, status = 200) => new Reply({ code, message, status, data: null });

export interface FakeServer {
  fetch: typeof fetch;
  /** Every call, in order. */
  readonly calls: FakeRequest[];
  /** Calls nothing answers (`METHOD /path`): the app asked for something the server does not serve. */
  readonly unhandled: string[];
  /** Replies of the fake that break the contract's schema (a mistake in the test data). */
  readonly invalid: string[];
  /** Calls not answered yet. */
  inFlight(): number;
  /** Answers `METHOD /path` with `handler` instead of the default reply. */
  on(route: string, handler: FakeHandler): void;
  /** The default reply to a call (for a handler that changes only some answers). */
  defaultReply(req: FakeRequest): unknown;
  /** Holds the replies of a route until the returned function is called. */
  hold(route: string): () => void;
  /** Calls of a route (`METHOD /path`). */
  callsTo(route: string): FakeRequest[];
}

function languageOf(header: string | undefined): Language {
  const lang = decodeURIComponent(header ?? '');
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : 'en';
}

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

/** The envelope schema of each reply schema, made once (zod compiles a schema on its first use). */
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function envelopeOf(schema: z.ZodType): z.ZodType {
  let e = envelopes.get(schema);
  if (!e) {
    e = envelope(schema);
    envelopes.set(schema, e);
  }
  return e;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface FakeServerOptions {
  /** Milliseconds each reply takes (a real server is never instant). */
  latencyMs?: number;
}

export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  const routes = new Map<string, FakeRoute>(Object.entries(fakeRoutes()));
  const overrides = new Map<string, FakeHandler>();
  const held = new Map<string, Promise<void>>();
  const calls: FakeRequest[] = [];
  const unhandled: string[] = [];
  const invalid: string[] = [];
  let pending = 0;

  const answer = async (key: string, req: FakeRequest): Promise<Response> => {
    const wait = held.get(key);
    if (wait) await wait;
    const override = overrides.get(key);
    const route = routes.get(key) ?? routes.get(key.replace(/\/[^/]+\.json$/, '/{code}.json'));
    if (!override && !route) {
      unhandled.push(key);
      return json(404, { code: -1, message: `Not found: ${key}`, data: null });
    }
    const out = override ? await override(req) : await route!.reply(req);
    if (out instanceof Reply) {
      const { status = 200, code = 0, message = '', data = null } = out.reply;
      return json(status, { code, message, data });
    }
    if (route?.raw) return json(200, out);
    const body = { code: 0, message: '', data: out };
    if (route) {
      const checked = envelopeOf(route.schema).safeParse(body);
      if (!checked.success) invalid.push(`${key}: ${checked.error.message.slice(0, 600)}`);
    }
    return json(200, body);
  };

  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.href);
    const headers = headersOf(init);
    const req: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: bodyOf(init),
      headers,
      language: languageOf(headers[Header.language]),
    };
    calls.push(req);
    pending += 1;
    try {
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      return await answer(`${req.method} ${req.path}`, req);
    } finally {
      pending -= 1;
    }
  };

  return {
    fetch: fakeFetch as typeof fetch,
    calls,
    unhandled,
    invalid,
    inFlight: () => pending,
    on: (route, handler) => {
      overrides.set(route, handler);
    },
    hold: (route) => {
      let release: () => void = () => undefined;
      held.set(
        route,
        new Promise<void>((resolve) => {
          release = () => {
            held.delete(route);
            resolve();
          };
        }),
      );
      return () => release();
    },
    callsTo: (route) => calls.filter((c) => `${c.method} ${c.path}` === route),
    defaultReply: (req) => {
      const route = routes.get(`${req.method} ${req.path}`);
      if (!route) throw new Error(`no default reply to ${req.method} ${req.path}`);
      return route.reply(req);
    },
  };
}
