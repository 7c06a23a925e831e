import { z } from 'zod';
import { page, pageQuery } from './envelope.ts';

/**
 * Agent webhooks and the agent read API.
 *
 * An agent (or the owner, for any storefront) registers HTTPS endpoints in the console for events of
 * its storefront. Each delivery is a POST of JSON `{ id, type, createdAt, data }` with the headers:
 * - `X-Simshop-Event`: the event type;
 * - `X-Simshop-Delivery`: the delivery's id (a replay is a new delivery of the same event id);
 * - `X-Simshop-Timestamp`: seconds since the epoch when the request was signed;
 * - `X-Simshop-Signature`: `v1=` and the lowercase hex HMAC-SHA256, keyed with the endpoint's secret,
 *   of `<timestamp>.<raw body>`.
 * A receiver recomputes the HMAC over the raw bytes it received, compares in constant time and
 * refuses a timestamp more than five minutes away from its clock. A 2xx answer within five seconds
 * counts as delivered; anything else is retried with exponential backoff.
 *
 * The read API (`/api/agent/v1/*`) takes `Authorization: Bearer <token>` of a token made in the
 * console, and answers the token's storefront's own cards (scope `cards:read`) and orders
 * (`orders:read`).
 */

export const WEBHOOK_EVENTS = ['order.paid', 'card.lowBalance', 'package.ending', 'device.offline'] as const;

/** `card.lowBalance`: a balance purchase takes a card's balance from at least this (fen) to below it. */
export const LOW_BALANCE_FEN = 1_000;
export const webhookEvent = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const API_SCOPES = ['cards:read', 'orders:read'] as const;
export const apiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof apiScope>;

/** Signature headers of a delivery (lowercase, as Node presents them). */
export const WEBHOOK_HEADERS = {
  event: 'x-simshop-event',
  delivery: 'x-simshop-delivery',
  timestamp: 'x-simshop-timestamp',
  signature: 'x-simshop-signature',
} as const;

const url = z.string().trim().min(8).max(500);
const events = z.array(webhookEvent).min(1).max(WEBHOOK_EVENTS.length);

/** The storefront of a console call: an owner names it; an agent's is its own. */
const storefront = z.object({ promoterId: z.coerce.number().int().min(1).optional() });

export const webhookEndpoint = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  url: z.string(),
  events: z.array(webhookEvent),
  enabled: z.boolean(),
  /** The first characters of the secret, to tell secrets apart. */
  secretHint: z.string(),
  createdAt: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({ list: z.array(webhookEndpoint) });
export const webhookEndpointsQuery = storefront;
export const webhookEndpointBody = storefront.extend({ url, events });
/** The endpoint just made, with its signing secret: shown this once. */
export const webhookEndpointCreated = webhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreated>;
export const webhookEndpointUpdateBody = z.object({ id: z.number().int().min(1), enabled: z.boolean(), events });

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  url: z.string(),
  eventId: z.number().int(),
  event: webhookEvent,
  state: z.enum(DELIVERY_STATES),
  /** Tries made so far. */
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The start of the endpoint's answer (at most 500 characters) or the network problem. */
  response: z.string(),
  nextAt: z.number().int().nullable(),
  /** The delivery this one replays, if any. */
  replayOf: z.number().int().nullable(),
  createdAt: z.number().int(),
  lastAt: z.number().int().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryPage = page(webhookDelivery);
export const webhookDeliveriesQuery = pageQuery.extend(storefront.shape).extend({
  endpointId: z.coerce.number().int().min(1).optional(),
});
export const webhookReplayBody = z.object({ id: z.number().int().min(1) });

export const apiToken = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  name: z.string(),
  /** The token's first characters, to recognise it. */
  prefix: z.string(),
  scopes: z.array(apiScope),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  revokedAt: z.number().int().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;
export const apiTokenList = z.object({ list: z.array(apiToken) });
export const apiTokensQuery = storefront;
export const apiTokenBody = storefront.extend({
  name: z.string().trim().min(1).max(50),
  scopes: z.array(apiScope).min(1).max(API_SCOPES.length),
});
/** The token just made: the whole token is shown this once (only its hash is kept). */
export const apiTokenCreated = apiToken.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
export const apiTokenRevokeBody = z.object({ id: z.number().int().min(1) });

// ── The read API ─────────────────────────────────────────────────────────────────────────

export const agentApiPageQuery = pageQuery;
export const agentCard = z.object({
  simNo: z.string(),
  iccid: z.string(),
  /** The carrier's state of the card. */
  simStatus: z.number().int(),
  /** Balance in fen. */
  balance: z.number().int(),
  /** The current package's end (epoch ms), if any. */
  endAt: z.number().int().nullable(),
  deviceNo: z.string().nullable(),
  createdAt: z.number().int(),
});
export const agentCardPage = page(agentCard);
export const agentOrder = z.object({
  kind: z.enum(['number', 'goods']),
  orderNo: z.string(),
  status: z.string(),
  item: z.string(),
  /** Amount in fen. */
  amount: z.number().int(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  shippedAt: z.number().int().nullable(),
});
export const agentOrderPage = page(agentOrder);
