import type { Language } from '@simshop/contract/headers';
import type { z } from 'zod';
import { iotRoutes } from './fake-routes-iot.ts';
import { shopRoutes } from './fake-routes-shop.ts';
import type { FakeRequest, Reply } from './fake-server.ts';

export interface FakeRoute {
  schema: z.ZodType;
  reply: (req: FakeRequest) => unknown;
  /** Answered as is, without the envelope (static files such as /provinces/{code}.json). */
  raw?: boolean;
}

/**
 * A route of the fake server: `route(schema)(reply)`; its reply is typed by, and checked against,
 * the contract's schema. `raw`: answered without the envelope (static files).
 */
export function route<S extends z.ZodType>(schema: S, raw = false) {
  return (reply: (req: FakeRequest, language: Language) => z.infer<S> | Reply | Promise<z.infer<S> | Reply>): FakeRoute => ({
    schema,
    reply: (req) => reply(req, req.language),
    raw,
  });
}

/** Every route the pages call, keyed `METHOD /path`, with fresh data (times relative to now). */
export function fakeRoutes(now = Date.now()): Record<string, FakeRoute> {
  return { ...shopRoutes(now), ...iotRoutes(now) };
}
