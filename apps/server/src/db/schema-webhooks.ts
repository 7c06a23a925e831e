import type { Generated } from 'kysely';

/** Agent webhooks and API tokens (webhooks module, migration 0039). */
export interface WebhookTables {
  webhook_endpoints: {
    id: Generated<number>;
    promoter_id: number;
    url: string;
    events: string;
    secret: string;
    enabled: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  webhook_events: {
    id: Generated<number>;
    promoter_id: number;
    type: string;
    payload: string;
    fanned_out: Generated<number>;
    created_at: number;
  };
  webhook_deliveries: {
    id: Generated<number>;
    endpoint_id: number;
    event_id: number;
    promoter_id: number;
    state: string;
    attempt: Generated<number>;
    next_at: number | null;
    status_code: number | null;
    duration_ms: number | null;
    response: Generated<string>;
    replay_of: number | null;
    created_at: number;
    last_at: number | null;
  };
  api_tokens: {
    id: Generated<number>;
    promoter_id: number;
    name: string;
    prefix: string;
    token_hash: string;
    scopes: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
  };
}
