import type { Generated } from 'kysely';

/** Reconciliation with the operators (iot-carrier-recon module, migration 0090, decision 0090). */
export interface IotCarrierReconTables {
  /** A difference between a card's operator and us, per card, day and kind (one row each). */
  iot_carrier_recon: {
    id: Generated<number>;
    sim_id: number;
    iccid: string;
    sim_no: string;
    /** The carrier the card was read at (an account's adapter, or the built-in one). */
    operator: string;
    /** The card's storefront when the difference was seen (null: none). */
    promoter_id: number | null;
    day: string;
    kind: string;
    ours: string;
    theirs: string;
    stop_reason: string | null;
    detail: string | null;
    detected_at: number;
    checked_at: number;
    resolved_at: number | null;
    resolved_by: string | null;
    resolution: string | null;
    note: string | null;
  };
  /** The reconciliation sweep: where the one under way is, and when the last one started. */
  iot_carrier_recon_sweep: {
    id: number;
    cursor_sim_id: number;
    started_at: number | null;
    last_started_at: number | null;
    last_finished_at: number | null;
    updated_at: number;
  };
}
