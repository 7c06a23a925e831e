import { createHash, randomBytes } from 'node:crypto';
import type {
  ApiScope,
  ApiToken,
  ApiTokenCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEvent,
} from '@simshop/contract/webhooks';
import type { Kysely } from 'kysely';
import { deleteInBatches, PURGE_BATCH } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/deps.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { hit } from '../../lib/rate-limit.ts';
import * as repo from './repository.ts';
import { type SendResult, send, signatureOf, urlProblem, WEBHOOK_HEADERS } from './sender.ts';

export { isPrivateAddress, signatureOf, urlProblem, verifySignature } from './sender.ts';

/** Delivery rules: tries, the wait before the first retry (doubled each time), the lease of a try, the batch of a run. */
export const DELIVERY_RULES = {
  maxAttempts: 6,
  firstRetryMs: 30_000,
  leaseMs: 60_000,
  batch: 20,
  /** The job's interval. */
  everyMs: 5_000,
  /** How long finished deliveries, and the events no delivery names any more, are kept. */
  keepMs: 30 * 86_400_000,
} as const;

/** The read API's limit per token. */
export const TOKEN_RULES = { perMinute: 60, windowMs: 60_000 } as const;

/** The wait after the `attempt`-th failed try: 30 s, 1 min, 2 min, 4 min, 8 min. */
export const retryDelay = (attempt: number) => DELIVERY_RULES.firstRetryMs * 2 ** (attempt - 1);

/** An event a module records in its own transaction; delivered later to the storefront's endpoints. */
export interface WebhookEventInput {
  promoterId: number;
  type: WebhookEvent;
  data: Record<string, unknown>;
}

/** What other modules use: recording events (the outbox) without knowing the endpoints. */
export interface WebhookEmitter {
  emit(trx: Kysely<Database>, event: WebhookEventInput, now: number): Promise<void>;
}

const tokenHash = (token: string) => createHash('sha256').update(`agent-api:${token}`).digest('hex');
const list = (s: string) => (s === '' ? [] : s.split(','));

type EndpointRow = NonNullable<Awaited<ReturnType<typeof repo.endpointById>>>;
type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repo.deliveryById>>>;
type TokenRow = NonNullable<Awaited<ReturnType<typeof repo.tokenById>>>;

function endpointView(r: EndpointRow): WebhookEndpoint {
  return {
    id: Number(r.id),
    promoterId: Number(r.promoter_id),
    url: r.url,
    events: list(r.events) as WebhookEvent[],
    enabled: r.enabled === 1,
    secretHint: `${r.secret.slice(0, 10)}…`,
    createdAt: Number(r.created_at),
  };
}

function tokenView(r: TokenRow): ApiToken {
  return {
    id: Number(r.id),
    promoterId: Number(r.promoter_id),
    name: r.name,
    prefix: r.prefix,
    scopes: list(r.scopes) as ApiScope[],
    createdAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

const num = (v: number | null) => (v === null ? null : Number(v));

/**
 * Agent webhooks and API tokens. Events are recorded in the transaction of the change that causes
 * them (`emit`); the delivery job makes one delivery per event and subscribed endpoint, and sends
 * due deliveries outside any transaction, signed, retrying failures with exponential backoff.
 */
export class Webhooks implements WebhookEmitter {
  /** Called after a write that made a delivery due (replay): runs the job soon when jobs run here. */
  #kick: () => void = () => {};

  constructor(private readonly deps: Deps) {}

  onDue(kick: () => void): void {
    this.#kick = kick;
  }

  async emit(trx: Kysely<Database>, e: WebhookEventInput, now: number): Promise<void> {
    await repo.insertEvent(trx, { promoter_id: e.promoterId, type: e.type, payload: JSON.stringify(e.data), created_at: now });
  }

  // ── Endpoints ───────────────────────────────────────────────────────────────────────────

  checkUrl(url: string): void {
    const problem = urlProblem(url, this.deps.config.production);
    if (problem === 'format') throw invalid('url', 'webhooks.badUrl');
    if (problem === 'https') throw invalid('url', 'webhooks.httpsOnly');
    if (problem === 'private') throw invalid('url', 'webhooks.privateAddress');
  }

  async createEndpoint(promoterId: number, url: string, events: WebhookEvent[]): Promise<WebhookEndpointCreated> {
    this.checkUrl(url);
    const now = this.deps.now();
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const id = await repo.insertEndpoint(this.deps.db, {
      promoter_id: promoterId,
      url,
      events: [...new Set(events)].join(','),
      secret,
      enabled: 1,
      created_at: now,
      updated_at: now,
    });
    return { ...endpointView((await repo.endpointById(this.deps.db, id))!), secret };
  }

  async endpoint(id: number): Promise<WebhookEndpoint | null> {
    const r = await repo.endpointById(this.deps.db, id);
    return r ? endpointView(r) : null;
  }

  async endpoints(promoterId: number | null): Promise<WebhookEndpoint[]> {
    return (await repo.endpointsOf(this.deps.db, promoterId)).map(endpointView);
  }

  async updateEndpoint(id: number, enabled: boolean, events: WebhookEvent[]): Promise<WebhookEndpoint> {
    await repo.updateEndpoint(this.deps.db, id, {
      enabled: enabled ? 1 : 0,
      events: [...new Set(events)].join(','),
      updated_at: this.deps.now(),
    });
    return endpointView((await repo.endpointById(this.deps.db, id))!);
  }

  // ── Deliveries ──────────────────────────────────────────────────────────────────────────

  async deliveries(f: { promoterId: number | null; endpointId?: number | undefined }, page: number, pageSize: number) {
    const { rows, total } = await repo.deliveriesOf(this.deps.db, f, (page - 1) * pageSize, pageSize);
    const [events, endpoints] = await Promise.all([
      repo.eventsByIds(this.deps.db, [...new Set(rows.map((r) => Number(r.event_id)))]),
      repo.endpointsByIds(this.deps.db, [...new Set(rows.map((r) => Number(r.endpoint_id)))]),
    ]);
    const typeOf = new Map(events.map((e) => [Number(e.id), e.type as WebhookEvent]));
    const urlOf = new Map(endpoints.map((e) => [Number(e.id), e.url]));
    return { list: rows.map((r) => this.deliveryView(r, typeOf, urlOf)), total, page, pageSize };
  }

  private deliveryView(r: DeliveryRow, typeOf: Map<number, WebhookEvent>, urlOf: Map<number, string>): WebhookDelivery {
    return {
      id: Number(r.id),
      endpointId: Number(r.endpoint_id),
      url: urlOf.get(Number(r.endpoint_id)) ?? '',
      eventId: Number(r.event_id),
      event: typeOf.get(Number(r.event_id)) ?? 'order.paid',
      state: r.state as WebhookDelivery['state'],
      attempt: Number(r.attempt),
      statusCode: num(r.status_code),
      durationMs: num(r.duration_ms),
      response: r.response,
      nextAt: r.state === 'pending' ? num(r.next_at) : null,
      replayOf: num(r.replay_of),
      createdAt: Number(r.created_at),
      lastAt: num(r.last_at),
    };
  }

  /** The storefront of a delivery, for the caller's reach check; null when there is none. */
  async deliveryPromoter(id: number): Promise<number | null> {
    const r = await repo.deliveryById(this.deps.db, id);
    return r ? Number(r.promoter_id) : null;
  }

  /** Sends the event of a delivery again, as a new delivery to the same endpoint (tried by the job at once). */
  async replay(id: number): Promise<WebhookDelivery> {
    const d = await repo.deliveryById(this.deps.db, id);
    if (!d) throw fail('admin.noSuchObject');
    const now = this.deps.now();
    const [newId] = await repo.insertDeliveries(this.deps.db, [
      {
        endpoint_id: d.endpoint_id,
        event_id: d.event_id,
        promoter_id: d.promoter_id,
        state: 'pending',
        next_at: now,
        replay_of: d.id,
        created_at: now,
      },
    ]);
    this.#kick();
    const made = await this.deliveries({ promoterId: Number(d.promoter_id), endpointId: Number(d.endpoint_id) }, 1, 1);
    return made.list.find((x) => x.id === newId) ?? made.list[0]!;
  }

  /** Makes the deliveries of recorded events: one per enabled endpoint of the storefront that takes the event's type. */
  async fanOut(now: number): Promise<number> {
    let made = 0;
    for (const e of await repo.waitingEvents(this.deps.db, 200)) {
      made += await this.deps.db.transaction().execute(async (trx) => {
        if (!(await repo.claimEvent(trx, Number(e.id)))) return 0;
        const endpoints = (await repo.enabledEndpointsOf(trx, Number(e.promoter_id))).filter((p) => list(p.events).includes(e.type));
        const ids = await repo.insertDeliveries(
          trx,
          endpoints.map((p) => ({
            endpoint_id: p.id,
            event_id: e.id,
            promoter_id: e.promoter_id,
            state: 'pending',
            next_at: now,
            replay_of: null,
            created_at: now,
          })),
        );
        return ids.length;
      });
    }
    return made;
  }

  /** Tries every due delivery once (several at a time), each outside any transaction. */
  async deliverDue(now: number): Promise<number> {
    await this.fanOut(now);
    const due = await repo.dueDeliveries(this.deps.db, now, DELIVERY_RULES.batch);
    const results = await Promise.all(due.map((d) => this.tryDelivery(Number(d.id), Number(d.next_at), now)));
    return results.filter(Boolean).length;
  }

  private async tryDelivery(id: number, dueAt: number, now: number): Promise<boolean> {
    const lease = now + DELIVERY_RULES.leaseMs;
    if (!(await repo.claimDelivery(this.deps.db, id, dueAt, lease))) return false;
    const d = (await repo.deliveryById(this.deps.db, id))!;
    const [endpoint, event] = await Promise.all([repo.endpointById(this.deps.db, d.endpoint_id), repo.eventById(this.deps.db, d.event_id)]);
    const attempt = Number(d.attempt) + 1;
    let result: SendResult;
    if (!endpoint || !event || endpoint.enabled !== 1) {
      result = { statusCode: null, durationMs: 0, response: 'the endpoint is disabled', ok: false };
    } else {
      const body = JSON.stringify({
        id: Number(event.id),
        type: event.type,
        createdAt: Number(event.created_at),
        data: JSON.parse(event.payload),
      });
      const timestamp = Math.floor(now / 1000);
      result = await send(
        endpoint.url,
        {
          [WEBHOOK_HEADERS.event]: event.type,
          [WEBHOOK_HEADERS.delivery]: String(id),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signatureOf(endpoint.secret, timestamp, body),
        },
        body,
        this.deps.config.production,
      );
    }
    const gaveUp = !result.ok && (attempt >= DELIVERY_RULES.maxAttempts || endpoint?.enabled !== 1);
    await repo.recordTry(this.deps.db, id, lease, {
      state: result.ok ? 'delivered' : gaveUp ? 'failed' : 'pending',
      attempt,
      next_at: result.ok || gaveUp ? null : now + retryDelay(attempt),
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      response: result.response,
      last_at: now,
    });
    if (!result.ok) this.deps.log.info({ delivery: id, attempt, status: result.statusCode }, 'webhook delivery failed');
    return true;
  }

  jobs(): Job[] {
    return [
      {
        name: 'webhooks.deliver',
        everyMs: DELIVERY_RULES.everyMs,
        run: (now) => this.deliverDue(now),
        depth: () => repo.pendingCount(this.deps.db),
      },
      { name: 'webhooks.purge', everyMs: 3_600_000, run: (now) => this.purge(now) },
    ];
  }

  /**
   * Drops what is older than `DELIVERY_RULES.keepMs`: finished deliveries, then the events that no
   * delivery names (an event of a storefront without endpoints has none from the start). A pending
   * delivery, and so its event, stays until it is finished. Each batch is its own short statement.
   */
  async purge(now: number): Promise<number> {
    const before = now - DELIVERY_RULES.keepMs;
    const deliveries = await deleteInBatches(PURGE_BATCH, () => repo.purgeDeliveries(this.deps.db, before, PURGE_BATCH));
    return deliveries + (await deleteInBatches(PURGE_BATCH, () => repo.purgeEvents(this.deps.db, before, PURGE_BATCH)));
  }

  // ── API tokens ──────────────────────────────────────────────────────────────────────────

  async createToken(promoterId: number, name: string, scopes: ApiScope[]): Promise<ApiTokenCreated> {
    const token = `sst_${randomBytes(24).toString('base64url')}`;
    const id = await repo.insertToken(this.deps.db, {
      promoter_id: promoterId,
      name,
      prefix: token.slice(0, 10),
      token_hash: tokenHash(token),
      scopes: [...new Set(scopes)].join(','),
      created_at: this.deps.now(),
      last_used_at: null,
      revoked_at: null,
    });
    return { ...tokenView((await repo.tokenById(this.deps.db, id))!), token };
  }

  async tokens(promoterId: number | null): Promise<ApiToken[]> {
    return (await repo.tokensOf(this.deps.db, promoterId)).map(tokenView);
  }

  async token(id: number): Promise<ApiToken | null> {
    const r = await repo.tokenById(this.deps.db, id);
    return r ? tokenView(r) : null;
  }

  async revokeToken(id: number): Promise<ApiToken> {
    await repo.revokeToken(this.deps.db, id, this.deps.now());
    return tokenView((await repo.tokenById(this.deps.db, id))!);
  }

  /**
   * The storefront of a read API call: the token must exist, be unrevoked and carry the scope, and
   * its calls stay within the limit per minute (counted for all instances together).
   */
  async authorise(bearer: string, scope: ApiScope): Promise<{ promoterId: number }> {
    const r = bearer ? await repo.tokenByHash(this.deps.db, tokenHash(bearer)) : undefined;
    if (!r || r.revoked_at !== null) {
      const e = fail('agentApi.badToken');
      e.status = 401;
      throw e;
    }
    if (!list(r.scopes).includes(scope)) {
      const e = fail('agentApi.scope', { scope });
      e.status = 403;
      throw e;
    }
    const now = this.deps.now();
    const limit = await hit(this.deps.db, `agent-api:${r.id}`, TOKEN_RULES.perMinute, TOKEN_RULES.windowMs, now);
    if (!limit.allowed) {
      const e = fail('request.tooMany', { seconds: Math.ceil(limit.retryAfterMs / 1000) });
      e.status = 429;
      throw e;
    }
    if (r.last_used_at === null || now - Number(r.last_used_at) > 60_000) await repo.touchToken(this.deps.db, Number(r.id), now);
    return { promoterId: Number(r.promoter_id) };
  }
}
