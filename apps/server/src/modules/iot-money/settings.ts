/**
 * Money settings of a promoter and catalogue rows, read on every purchase and changed rarely: kept
 * in one per-instance cache owned by the module (settings 5 s, a catalogue row 1 s). Stock is never
 * decided from the cache: a conditional update takes it.
 */
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { findPackage, type PackageRow } from './catalogue.ts';

export const DEFAULT_SETTINGS = {
  realname_required: 0,
  allow_custom_topup: 1,
  topup_min: 100,
  topup_max: 500_000,
  renew_ahead_ms: 86_400_000,
};

export async function settingsFor(db: Kysely<Database>, promoCode: string) {
  const row = await db.selectFrom('iot_money_settings').selectAll().where('promo_code', '=', promoCode).executeTakeFirst();
  return row ?? { promo_code: promoCode, ...DEFAULT_SETTINGS, updated_at: 0 };
}

export type Settings = Awaited<ReturnType<typeof settingsFor>>;

const SETTINGS_TTL_MS = 5_000;
const PACKAGE_TTL_MS = 1_000;

export class MoneyCache {
  readonly #lru: LRUCache<string, Settings | PackageRow>;

  /** `now` is the app's clock (lib/cache.ts), so a fixed clock in tests fixes the cache too. */
  constructor(now: () => number) {
    this.#lru = ttlCache<string, Settings | PackageRow>({ ttlMs: SETTINGS_TTL_MS, max: 5_000, now });
  }

  async settings(db: Kysely<Database>, promoCode: string): Promise<Settings> {
    const key = `settings:${promoCode}`;
    const hit = this.#lru.get(key) as Settings | undefined;
    if (hit) return hit;
    const row = await settingsFor(db, promoCode);
    this.#lru.set(key, row);
    return row;
  }

  async package(db: Kysely<Database>, id: number): Promise<PackageRow | undefined> {
    const key = `package:${id}`;
    const hit = this.#lru.get(key) as PackageRow | undefined;
    if (hit) return hit;
    const row = await findPackage(db, id);
    if (row) this.#lru.set(key, row, { ttl: PACKAGE_TTL_MS - 1 });
    return row;
  }
}
