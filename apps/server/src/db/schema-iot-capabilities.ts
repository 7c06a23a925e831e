/** The capability table (iot-capabilities module, migration 0040). */
export interface IotCapabilityTables {
  iot_capabilities: {
    scope: 'model' | 'operator';
    subject: string;
    capability: string;
    enabled: number;
    updated_at: number;
  };
}
