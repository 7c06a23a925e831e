/** Helpers of the device tests (imported by *.test.ts only). */
import { randomInt } from 'node:crypto';
import { hashSecret } from '../../lib/password.ts';
import type { App } from '../../lib/route.ts';
import { makeCard, uniqueMobile } from '../iot-money/test-kit.ts';

/** A device number no other test's device has. */
/** The device simulator answering in a fraction of a second (tests that watch commands apply). */
export const FAST_DEVICE = {
  provider: 'simulator' as const,
  mqttUrl: '',
  commandTimeoutMs: 10_000,
  simulator: { reportMs: 0, rebootMs: 300, switchMs: 200, applyMs: 150 },
};

export const uniqueDeviceNo = () => `MT${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(0, 10)}`;

export interface DeviceSpec {
  fiveG?: boolean;
  /** The device's model (defaults to 'MiFi test'). */
  model?: string;
  /** The second SIM: real-named, with a package (defaults true). */
  secondRealnamed?: boolean;
  secondPackage?: boolean;
  payPassword?: string;
  now?: number;
}

/**
 * A portable Wi-Fi of the test's own holding two SIMs: the first in use (real-named, with a
 * package, the one the tests log in with), the second in slot 2.
 */
export async function makeDevice(app: App, spec: DeviceSpec = {}) {
  const now = spec.now ?? Date.now();
  const deviceNo = uniqueDeviceNo();
  const device = await app.db.db
    .insertInto('iot_devices')
    .values({
      device_no: deviceNo,
      promo_code: 'demo',
      model: spec.model ?? 'MiFi test',
      wifi_encrypt: 'WPA2-PSK',
      network_mode: 1,
      online_status: 1,
      wifi24_name: 'Test-2.4G',
      wifi24_pass: 'test2400',
      wifi24_max_conn: 10,
      wifi5_name: spec.fiveG === false ? '' : 'Test-5G',
      wifi5_pass: spec.fiveG === false ? '' : 'test5000',
      wifi5_max_conn: 16,
      warranty_expire_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pkg = [{ flowMb: 10_240 }];
  const first = await makeCard(app, { mobile: uniqueMobile(), packages: pkg, now });
  const second = await makeCard(app, {
    mobile: uniqueMobile(),
    operatorType: 2,
    realname: spec.secondRealnamed ?? true,
    packages: spec.secondPackage === false ? [] : pkg,
    now,
  });
  await app.db.db
    .updateTable('iot_sims')
    .set({ device_id: device.id, device_slot: 1, device_in_use: 1 })
    .where('id', '=', first.id)
    .execute();
  await app.db.db
    .updateTable('iot_sims')
    .set({ device_id: device.id, device_slot: 2, device_in_use: 0 })
    .where('id', '=', second.id)
    .execute();
  if (spec.payPassword) {
    await app.db.db
      .updateTable('iot_sims')
      .set({ pay_password_hash: await hashSecret(spec.payPassword) })
      .where('id', '=', first.id)
      .execute();
  }
  return { deviceNo, deviceId: device.id, first, second };
}
