import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * Device control (module iot-device): the commands sent to devices with their states, each
 * device's last report, and the phones (terminals) that joined a device's Wi-Fi with their
 * authorisation. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .createTable('iot_device_commands')
    .addColumn('id', c.idType, c.id)
    // The id the device sees and answers with (random, 32 hex characters).
    .addColumn('command_id', 'text', (col) => col.notNull().unique())
    .addColumn('device_id', c.idType, (col) => col.notNull().references('iot_devices.id'))
    .addColumn('device_no', 'text', (col) => col.notNull())
    // The card whose holder gave the command.
    .addColumn('sim_id', c.idType, (col) => col.notNull().references('iot_sims.id'))
    // setWifi | setDisplay | restart | wifiSwitch | reset | switchSim | networkMode | terminalAuth
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('wifi_type', 'text', (col) => col.notNull().defaultTo(''))
    // JSON of the command's parameters, as sent.
    .addColumn('params', 'text', (col) => col.notNull().defaultTo('{}'))
    // pending → sent → acked → applied; or timedOut / failed
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('error', 'text', (col) => col.notNull().defaultTo(''))
    // 1 while the command is not final (pending, sent, acked): one in flight per device and kind group.
    .addColumn('open_key', 'text')
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .addColumn('sent_at', c.timeType)
    .addColumn('acked_at', c.timeType)
    .addColumn('applied_at', c.timeType)
    .addColumn('expires_at', c.timeType, (col) => col.notNull())
    .execute();
  // At most one open command per device and group (`open_key` is null once final).
  await db.schema.createIndex('iot_device_commands_open').on('iot_device_commands').column('open_key').unique().execute();
  await db.schema.createIndex('iot_device_commands_device').on('iot_device_commands').columns(['device_id', 'id']).execute();
  await db.schema.createIndex('iot_device_commands_expiry').on('iot_device_commands').columns(['state', 'expires_at']).execute();

  await db.schema
    .createTable('iot_device_status')
    .addColumn('device_id', c.idType, (col) => col.primaryKey().references('iot_devices.id'))
    .addColumn('online', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('battery', 'integer', (col) => col.notNull().defaultTo(-1))
    .addColumn('signal', 'integer', (col) => col.notNull().defaultTo(-1))
    .addColumn('clients', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('current_iccid', 'text', (col) => col.notNull().defaultTo(''))
    // JSON: signal bars by ICCID of every SIM the device holds.
    .addColumn('sim_signals', 'text', (col) => col.notNull().defaultTo('{}'))
    // The device's own traffic counter this month, in KB, and the month it counts (UTC+8 yyyy-mm).
    .addColumn('traffic_kb', c.timeType, (col) => col.notNull().defaultTo(0))
    .addColumn('traffic_month', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('rebooting_until', c.timeType)
    .addColumn('reported_at', c.timeType)
    .addColumn('updated_at', c.timeType, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('iot_device_terminals')
    .addColumn('id', c.idType, c.id)
    .addColumn('device_id', c.idType, (col) => col.notNull().references('iot_devices.id'))
    .addColumn('mac', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('mobile', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('authorized', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('authorized_at', c.timeType)
    .addColumn('command_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('seen_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_device_terminals_mac', ['device_id', 'mac'])
    .execute();
}
