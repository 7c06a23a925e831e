/**
 * Demo of Wi-Fi cards and machine codes:
 *
 * | what                      | value                                                                     |
 * |---------------------------|---------------------------------------------------------------------------|
 * | machine code of MF0000000001 | DemoMF01TopUpCode7qXw2: /shop/#/pages-sub/iot/machineCode/index?code=DemoMF01TopUpCode7qXw2 |
 * | Wi-Fi card "Corner Café"  | token DemoWiFiCardCornerCafe (owner key DemoOwnerKeyCornerCafe), 90 days  |
 * | recharge page of `demo`   | number, amounts, notes (rich text), scan code, self-service, service, hotline |
 *
 * The demo values are known to anyone who reads this: a real deployment replaces the machine code
 * (oneCodeRenew) and withdraws the card (wifiRevoke), or starts without the demo.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DAY_MS } from '../../lib/flow-math.ts';
import type { Database } from '../schema.ts';
import { DEMO } from './iot.ts';

export const DEMO_CODES = {
  machineCode: 'DemoMF01TopUpCode7qXw2',
  wifiToken: 'DemoWiFiCardCornerCafe',
  wifiOwnerKey: 'DemoOwnerKeyCornerCafe',
} as const;

const NOTES = '<p>充值实时到账，可用于购买套餐和抵扣欠费。</p><p>扫码充值无需登录，只能为本设备的卡充值。</p>';

export const IOT_CODES_ENGLISH: Readonly<Record<string, string>> = {
  充值说明: 'About top-ups',
  [NOTES]:
    '<p>Top-ups are credited at once and pay for packages and arrears.</p><p>Topping up by scanning needs no login and only tops up the card of this device.</p>',
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export async function seedIotCodes(db: Kysely<Database>, now: number): Promise<void> {
  const device = await db.selectFrom('iot_devices').select('id').where('device_no', '=', DEMO.device).executeTakeFirstOrThrow();
  await db
    .insertInto('iot_one_codes')
    .values({
      code: DEMO_CODES.machineCode,
      machine_key: `d:${device.id}`,
      device_id: device.id,
      sim_id: null,
      promo_code: 'demo',
      created_at: now,
      revoked_at: null,
    })
    .execute();
  await db
    .insertInto('iot_wifi_shares')
    .values({
      token_hash: sha256(DEMO_CODES.wifiToken),
      owner_key_hash: sha256(DEMO_CODES.wifiOwnerKey),
      source: 'site',
      device_id: null,
      wifi_type: '',
      ssid: 'CornerCafe-Guest',
      password: 'coffee2026',
      encryption: 'WPA',
      hidden: 0,
      title: 'Corner Café',
      created_at: now,
      expires_at: now + 90 * DAY_MS,
      revoked_at: null,
    })
    .execute();
  const blocks: { type: string; title?: string; content?: string; url?: string; phone?: string }[] = [
    { type: 'RechargeNo' },
    { type: 'BtnRecharge' },
    { type: 'CustomRichText', title: '充值说明', content: NOTES },
    { type: 'ScanRecharge' },
    { type: 'AppRecharge', url: '/pages/iot/login/index' },
    { type: 'OnlineService', url: '/pages/customer/index' },
    { type: 'PhoneService', phone: '400-800-1234' },
  ];
  await db
    .insertInto('iot_one_code_blocks')
    .values(
      blocks.map((b, i) => ({
        promo_code: 'demo',
        type: b.type,
        sort: i + 1,
        title: b.title ?? '',
        content: b.content ?? '',
        url: b.url ?? '',
        phone: b.phone ?? '',
        enabled: 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
