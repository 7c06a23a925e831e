import type { Generated } from 'kysely';

/** Standing rules of SIM cards: auto top-up and slow-down (iot-rules module, migration 0041). */
export interface IotRuleTables {
  iot_topup_rules: {
    sim_id: number;
    below: number;
    amount: number;
    monthly_cap: number;
    method: string;
    paused: Generated<number>;
    month: string;
    used: Generated<number>;
    open_request_id: number | null;
    language: string;
    created_at: number;
    updated_at: number;
  };
  iot_topup_requests: {
    id: Generated<number>;
    sim_id: number;
    month: string;
    amount: number;
    balance: number;
    state: 'open' | 'paid' | 'unpaid' | 'failed';
    order_no: Generated<string>;
    pay_url: Generated<string>;
    message: Generated<string>;
    texted: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  iot_slowdown_rules: {
    sim_id: number;
    limit_mb: number;
    speed_code: string;
    paused: Generated<number>;
    removed: Generated<number>;
    state: 'none' | 'apply' | 'applied' | 'restore' | 'refused';
    month: Generated<string>;
    due_at: number | null;
    tries: Generated<number>;
    decided_at: number | null;
    op_id: Generated<string>;
    message: Generated<string>;
    created_at: number;
    updated_at: number;
  };
}
