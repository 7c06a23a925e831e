import type { Generated } from 'kysely';

/** Usage alerts of SIM cards (iot-alerts module, migration 0034). */
export interface IotAlertTables {
  iot_usage_alert_settings: { sim_id: number; thresholds: string; ending_days: number; sms: number; language: string; updated_at: number };
  iot_usage_alerts: {
    id: Generated<number>;
    sim_id: number;
    period_end: number;
    kind: string;
    superseded: Generated<number>;
    texted: Generated<number>;
    created_at: number;
    read_at: number | null;
  };
}
