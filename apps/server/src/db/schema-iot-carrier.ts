/** The carrier connector's tables (iot-carrier module, migration 0070). */
export interface IotCarrierTables {
  /**
   * Per card and UTC+8 day, the carrier's day figure the card's usage was last charged from: `carrier_mb`
   * MB counted up to `as_of` (null: the card was first followed at `as_of` and the carrier had not
   * given a figure yet). Usage the carrier reports beyond it is what the next synchronisation charges.
   */
  iot_carrier_usage_marks: {
    sim_id: number;
    day: string;
    carrier_mb: number | null;
    as_of: number;
    /** The carrier's figure was final: the day is closed. */
    final: number;
    updated_at: number;
  };
}
