/** The carrier connector's tables (iot-carrier module, migrations 0070 and 0078). */
export interface IotCarrierTables {
  /**
   * Per card and UTC+8 day, the carrier's day figure the card's usage was last charged from: `carrier_mb`
   * MB counted up to `as_of` (null: the card was first followed at `as_of` and the carrier had not
   * given a figure yet). Usage the carrier reports beyond it is what the next synchronisation charges.
   */
  iot_carrier_usage_marks: {
    sim_id: number;
    /** The UTC+8 day (`YYYY-MM-DD`), or `cycle:YYYY-MM` for a cycle counter's reading (decision 0075). */
    day: string;
    carrier_mb: number | null;
    as_of: number;
    /** The carrier's figure was final: the day is closed. */
    final: number;
    updated_at: number;
  };
  /**
   * The changes asked of a carrier (decision 0075), keyed by the adapter and the operation key:
   * written `sending` before the outside call, then `pending` (accepted, under way), `done` or
   * `failed`. `request` is what was asked, as JSON in the adapter's words.
   */
  iot_carrier_operations: {
    carrier: string;
    op_key: string;
    iccid: string;
    sim_no: string;
    kind: string;
    request: string;
    status: string;
    operator_ref: string | null;
    reason: string | null;
    created_at: number;
    updated_at: number;
  };
}
