import type { Generated } from 'kysely';

/** Tables of the iot-device module (migrations 0020_iot_device, 0042_iot_device_security). Times epoch ms. */
export interface IotDeviceCommandsTable {
  id: Generated<number>;
  command_id: string;
  device_id: number;
  device_no: string;
  sim_id: number;
  kind: string;
  wifi_type: Generated<string>;
  params: Generated<string>;
  state: 'pending' | 'sent' | 'acked' | 'applied' | 'timedOut' | 'failed';
  error: Generated<string>;
  open_key: string | null;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  acked_at: number | null;
  applied_at: number | null;
  expires_at: number;
}

export interface IotDeviceStatusTable {
  device_id: number;
  online: Generated<number>;
  battery: Generated<number>;
  signal: Generated<number>;
  clients: Generated<number>;
  current_iccid: Generated<string>;
  sim_signals: Generated<string>;
  traffic_kb: Generated<number>;
  traffic_month: Generated<string>;
  ap_isolation: Generated<number>;
  wifi_schedule: Generated<string>;
  rebooting_until: number | null;
  reported_at: number | null;
  updated_at: number;
}

export interface IotDeviceTerminalsTable {
  id: Generated<number>;
  device_id: number;
  mac: string;
  name: Generated<string>;
  mobile: Generated<string>;
  authorized: Generated<number>;
  authorized_at: number | null;
  command_id: Generated<string>;
  seen_at: number;
  blocked: Generated<number>;
  band: Generated<string>;
  traffic_kb: Generated<number>;
}

/** Text messages a device's SIM received (migration 0042). */
export interface IotDeviceSmsTable {
  id: Generated<number>;
  device_id: number;
  sms_id: string;
  sender: string;
  body: string;
  received_at: number;
  read_at: number | null;
  created_at: number;
}

export interface IotDeviceTables {
  iot_device_commands: IotDeviceCommandsTable;
  iot_device_status: IotDeviceStatusTable;
  iot_device_terminals: IotDeviceTerminalsTable;
  iot_device_sms: IotDeviceSmsTable;
}
