import type { Generated } from 'kysely';

/** Operator accounts of the storefronts and the cards assigned to them (iot-carrier-accounts module, migration 0082). */
export interface IotCarrierAccountTables {
  iot_carrier_accounts: {
    id: Generated<number>;
    promoter_id: number;
    /** The adapter kind (simulator, onelink...). */
    kind: string;
    name: string;
    base_url: Generated<string>;
    app_id: Generated<string>;
    /** The password or key, AES-256-GCM encrypted (empty: none set). */
    secret_enc: Generated<string>;
    calls_per_second: number;
    enabled: Generated<number>;
    is_default: Generated<number>;
    cursor_sim_id: Generated<number>;
    sweep_started_at: number | null;
    sweep_cards: Generated<number>;
    lease_owner: string | null;
    lease_until: Generated<number>;
    last_success_at: number | null;
    last_sweep_started_at: number | null;
    cards_synced: Generated<number>;
    last_error: string | null;
    last_error_at: number | null;
    errors_in_sweep: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  /** A card moved onto an account other than its storefront's default. */
  iot_carrier_card_accounts: {
    sim_id: number;
    account_id: number;
    updated_at: number;
  };
}
