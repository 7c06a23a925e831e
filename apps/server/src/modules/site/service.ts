import {
  type BaseConfig,
  baseConfig,
  type DictOption,
  type Front,
  front as frontSchema,
  type GenericConfig,
  genericConfig,
  normalisePromoCode,
} from '@simshop/contract/site';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, PromotersTable } from '../../db/schema.ts';
import { fail, invalid } from '../../lib/errors.ts';
import * as repo from './repository.ts';

export type Promoter = {
  id: number;
  promoCode: string;
  name: string;
  isAgent: boolean;
  parentId: number | null;
  defaultProvince: string;
  defaultCity: string;
  config: BaseConfig;
};

type PromoterRow = Omit<PromotersTable, 'id'> & { id: number };

function toPromoter(row: PromoterRow): Promoter {
  const front: Front = frontSchema.parse(JSON.parse(row.front));
  const config = baseConfig.parse({
    front,
    promoCode: row.promo_code,
    promoName: row.name,
    isAgent: row.is_agent === 1,
    domain: row.domain,
    inviteCode: row.invite_code,
    douyinMpImId: row.douyin_mp_im_id,
    kuaishouMpImId: row.kuaishou_mp_im_id,
    showPaymentType: JSON.parse(row.show_payment_type),
    shopMenu: JSON.parse(row.shop_menu),
  });
  return {
    id: row.id,
    promoCode: row.promo_code,
    name: row.name,
    isAgent: row.is_agent === 1,
    parentId: row.parent_id,
    defaultProvince: row.default_province,
    defaultCity: row.default_city,
    config,
  };
}

/** Promoter configuration changes rarely; each instance keeps it for a few seconds. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, Map<string, { at: number; promoter: Promoter }>>();

/**
 * The promoter of a promo code; an empty, `undefined`, `null` or unknown code gets the default
 * storefront.
 */
export async function resolvePromoter(db: Kysely<Database>, rawPromoCode: unknown, now = Date.now()): Promise<Promoter> {
  const promoCode = normalisePromoCode(rawPromoCode);
  let byCode = cache.get(db);
  if (!byCode) {
    byCode = new Map();
    cache.set(db, byCode);
  }
  const hit = byCode.get(promoCode);
  if (hit && now - hit.at < CACHE_MS) return hit.promoter;

  const row = (promoCode && (await repo.findPromoterByCode(db, promoCode))) || (await repo.findDefaultPromoter(db));
  if (!row) throw fail('site.notConfigured');
  const promoter = toPromoter(row);
  if (byCode.size > 10_000) byCode.clear();
  byCode.set(promoCode, { at: now, promoter });
  return promoter;
}

/** Forgets cached promoters (after an operator edits them, and in tests). */
export function forgetPromoters(db: Kysely<Database>): void {
  cache.delete(db);
}

export async function getBaseConfig(db: Kysely<Database>, promoCode: unknown): Promise<BaseConfig> {
  return (await resolvePromoter(db, promoCode)).config;
}

const genericDefaults: GenericConfig = { orderQueryMode: 1, loginAvatar: '' };

export async function getGenericConfig(db: Kysely<Database>): Promise<GenericConfig> {
  const settings = await repo.readSettings(db, ['generic.orderQueryMode', 'generic.loginAvatar']);
  return genericConfig.parse({
    orderQueryMode: Number(settings.get('generic.orderQueryMode') ?? genericDefaults.orderQueryMode),
    loginAvatar: settings.get('generic.loginAvatar') ?? genericDefaults.loginAvatar,
  });
}

export async function getDictOptions(db: Kysely<Database>, types: string[]): Promise<Record<string, DictOption[]>> {
  const unique = [...new Set(types)];
  const rows = await repo.dictOptions(db, unique);
  const result: Record<string, DictOption[]> = Object.fromEntries(unique.map((t) => [t, []]));
  for (const r of rows) {
    result[r.dict_type]?.push({ label: r.label, value: r.value, key: `${r.dict_type}:${r.value}`, listClass: r.list_class });
  }
  return result;
}

export async function getAppDomain(db: Kysely<Database>, packageName: string): Promise<string> {
  const row = await repo.findAppDomain(db, packageName);
  if (!row) throw invalid('packageName', 'site.unknownApplication');
  if (row.enabled !== 1) throw fail('system.busy');
  return row.domain;
}

const reportSchema = z.object({ platform: z.string(), packageName: z.string(), error: z.string() });

export async function reportClientError(db: Kysely<Database>, input: z.infer<typeof reportSchema>, ip: string, now = Date.now()) {
  await repo.insertErrorReport(db, {
    platform: input.platform,
    package_name: input.packageName,
    error: input.error,
    ip,
    created_at: now,
  });
}
