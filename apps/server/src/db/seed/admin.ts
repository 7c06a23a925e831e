/**
 * Demo operators of the console, one per role (public demo values: replace them in a real
 * deployment). Passwords are stored as scrypt hashes made once from the documented passwords.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export const DEMO_OPERATORS = [
  {
    mobile: '13700000001',
    name: '店主',
    role: 'owner',
    promoCode: null,
    password: 'Owner#2026',
    hash: 'scrypt$16384$8$1$OH33bA3ONd-noFONfIn4qA$QRsW4W0O_vrGDRV_uJbdgsvCjyK2rdKmfF5GgMIakhU',
    totpSecret: 'SIMSHOPOWNERDEMOTOTPKEYAAAAAAAAA',
  },
  {
    mobile: '13700000002',
    name: '代理 agent01',
    role: 'agent',
    promoCode: 'agent01',
    password: 'Agent#2026',
    hash: 'scrypt$16384$8$1$bVO6YKrK9E10U3T4_ct-ig$rCt6vYaQdMgnfwqpp60ORGySw4zHBwd-bUg4XTuUOrw',
    totpSecret: 'SIMSHOPAGENTDEMOTOTPKEYAAAAAAAAA',
  },
  {
    mobile: '13700000003',
    name: '客服 demo',
    role: 'staff',
    promoCode: 'demo',
    password: 'Staff#2026',
    hash: 'scrypt$16384$8$1$YKgmj8rg281mbP9Yatc-Gg$-hurn9f-kVD4bM8vUiuV53Ew6bf3TPU29CWearT70CA',
    totpSecret: 'SIMSHOPSTAFFDEMOTOTPKEYAAAAAAAAA',
  },
] as const;

export async function seedAdmin(db: Kysely<Database>, now: number): Promise<void> {
  const promoters = await db.selectFrom('promoters').select(['id', 'promo_code']).execute();
  const id = new Map(promoters.map((p) => [p.promo_code, Number(p.id)]));
  await db
    .insertInto('admin_operators')
    .values(
      DEMO_OPERATORS.map((o) => ({
        mobile: o.mobile,
        name: o.name,
        role: o.role,
        promoter_id: o.promoCode === null ? null : (id.get(o.promoCode) ?? null),
        password_hash: o.hash,
        totp_secret: o.totpSecret,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
