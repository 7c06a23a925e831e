import type { Kysely } from 'kysely';
import { columns, type DialectName } from '../dialect.ts';

/**
 * The security centre of a portable Wi-Fi (module iot-device): which clients the device refuses
 * and their traffic, its AP isolation and night Wi-Fi schedule as it last stated them, and the text
 * messages its SIM received. Frozen once shipped.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const c = columns(dialect);
  await db.schema
    .alterTable('iot_device_terminals')
    .addColumn('blocked', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('iot_device_terminals')
    .addColumn('band', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('iot_device_terminals')
    .addColumn('traffic_kb', c.timeType, (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('iot_device_status')
    .addColumn('ap_isolation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // JSON {enabled, off, on, days} as the device last stated it; empty until it does.
  await db.schema
    .alterTable('iot_device_status')
    .addColumn('wifi_schedule', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('iot_device_sms')
    .addColumn('id', c.idType, c.id)
    .addColumn('device_id', c.idType, (col) => col.notNull().references('iot_devices.id'))
    // The device's own id of the message (a second delivery of it is ignored).
    .addColumn('sms_id', 'text', (col) => col.notNull())
    .addColumn('sender', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('received_at', c.timeType, (col) => col.notNull())
    .addColumn('read_at', c.timeType)
    .addColumn('created_at', c.timeType, (col) => col.notNull())
    .addUniqueConstraint('iot_device_sms_device_sms', ['device_id', 'sms_id'])
    .execute();
  await db.schema.createIndex('iot_device_sms_device').on('iot_device_sms').columns(['device_id', 'received_at']).execute();
}
