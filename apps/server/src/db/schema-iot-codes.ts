import type { Generated } from 'kysely';

/** Tables of the iot-codes module (Wi-Fi cards and machine codes). */
export interface IotCodesTables {
  iot_wifi_shares: {
    id: Generated<number>;
    token_hash: string;
    owner_key_hash: string;
    source: 'site' | 'device';
    device_id: number | null;
    wifi_type: Generated<string>;
    ssid: string;
    password: Generated<string>;
    encryption: string;
    hidden: Generated<number>;
    title: Generated<string>;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  iot_one_codes: {
    id: Generated<number>;
    code: string;
    machine_key: string | null;
    device_id: number | null;
    sim_id: number | null;
    promo_code: string;
    created_at: number;
    revoked_at: number | null;
  };
  iot_one_code_blocks: {
    id: Generated<number>;
    promo_code: string;
    type: string;
    sort: Generated<number>;
    title: Generated<string>;
    content: Generated<string>;
    url: Generated<string>;
    phone: Generated<string>;
    enabled: Generated<number>;
    created_at: number;
    updated_at: number;
  };
}
