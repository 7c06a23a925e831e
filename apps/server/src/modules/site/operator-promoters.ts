import type { CreateStorefrontBody, StorefrontSettings } from '@simshop/contract/admin-promoters';
import { type Front, front as frontSchema } from '@simshop/contract/site';
import type { Kysely, Transaction } from 'kysely';
import { type DialectName, forUpdate } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';

/**
 * Storefronts as the operator console creates and edits them (spec §6 chains): an upstream is an
 * agent storefront, never the storefront itself nor one of its downstream, and a chain holds at
 * most `MAX_CHAIN` storefronts (what the shop's upstream walk reads). Chain edits take one lock
 * (the first promoter's row), so two edits cannot make a cycle together.
 */

export const MAX_CHAIN = 10;

type Trx = Transaction<Database>;

/** A storefront's settings as stored, read for the console. */
export function settingsOf(row: { name: string; is_agent: number; parent_id: number | null; front: string }): StorefrontSettings {
  const f = frontSchema.parse(JSON.parse(row.front));
  return {
    name: row.name,
    isAgent: row.is_agent === 1,
    parentId: row.parent_id,
    title: f.title,
    kefuMobile: f.kefuMobile,
    kefuUrl: f.kefuUrl,
    bottomTips: f.bottomTips,
    suggest: f.suggest,
    indexSearch: f.indexSearch,
  };
}

function frontWith(base: Front, s: StorefrontSettings): Front {
  return {
    ...base,
    title: s.title,
    kefuMobile: s.kefuMobile,
    kefuUrl: s.kefuUrl,
    bottomTips: s.bottomTips,
    suggest: s.suggest,
    indexSearch: s.indexSearch,
  };
}

const EMPTY_FRONT: Front = {
  title: '',
  keywords: '',
  description: '',
  logo: '',
  indexCarousel: [],
  bottomTips: '',
  ipcCode: '',
  kefuUrl: '',
  kefuQr: '',
  kefuMobile: '',
  followQr: '',
  shopTemplate: 1,
  fastNav: [],
  suggest: false,
  indexSearch: true,
  indexFirstGroup: 1,
  showInviteRegister: 1,
};

/** Serialises chain edits: every one locks the first promoter's row (PostgreSQL; SQLite has one writer). */
async function lockChains(trx: Trx, dialect: DialectName): Promise<void> {
  await forUpdate(dialect, trx.selectFrom('promoters').select('id').orderBy('id').limit(1)).execute();
}

/** How many storefronts the chain above `parentId` holds, including it; refuses a chain through `selfId`. */
async function chainAbove(trx: Trx, parentId: number, selfId: number | null): Promise<number> {
  let levels = 0;
  for (let id: number | null = parentId; id !== null; ) {
    if (id === selfId || levels > MAX_CHAIN) throw invalid('parentId', 'storefronts.badParent');
    const row = await trx.selectFrom('promoters').select(['id', 'parent_id', 'is_agent']).where('id', '=', id).executeTakeFirst();
    if (!row) throw invalid('parentId', 'storefronts.badParent');
    if (levels === 0 && row.is_agent !== 1) throw invalid('parentId', 'storefronts.badParent');
    levels++;
    id = row.parent_id === null ? null : Number(row.parent_id);
  }
  return levels;
}

/** How many levels the storefront and its downstream span (1 for one without downstream). */
async function heightBelow(trx: Trx, id: number): Promise<number> {
  let level = [id];
  let height = 0;
  while (level.length > 0 && height <= MAX_CHAIN) {
    height++;
    const rows = await trx.selectFrom('promoters').select('id').where('parent_id', 'in', level).execute();
    level = rows.map((r) => Number(r.id));
  }
  return height;
}

async function checkChain(trx: Trx, parentId: number | null, selfId: number | null): Promise<void> {
  if (parentId === null) return;
  const above = await chainAbove(trx, parentId, selfId);
  const below = selfId === null ? 1 : await heightBelow(trx, selfId);
  if (above + below > MAX_CHAIN) throw invalid('parentId', 'storefronts.chainTooLong', { max: MAX_CHAIN });
}

/** A new storefront: the default storefront's presentation, payment methods and menu, with these settings. */
export async function createPromoter(
  db: Kysely<Database>,
  dialect: DialectName,
  input: CreateStorefrontBody,
  now: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockChains(trx, dialect);
    const taken = await trx.selectFrom('promoters').select('id').where('promo_code', '=', input.promoCode).executeTakeFirst();
    if (taken) throw invalid('promoCode', 'storefronts.promoCodeTaken');
    await checkChain(trx, input.parentId, null);
    const base = await trx.selectFrom('promoters').selectAll().where('is_default', '=', 1).orderBy('id').executeTakeFirst();
    const baseFront = base ? frontSchema.parse(JSON.parse(base.front)) : EMPTY_FRONT;
    const row = await trx
      .insertInto('promoters')
      .values({
        promo_code: input.promoCode,
        name: input.name,
        is_default: 0,
        is_agent: input.isAgent ? 1 : 0,
        parent_id: input.parentId,
        invite_code: input.promoCode,
        domain: base?.domain ?? '',
        douyin_mp_im_id: '',
        kuaishou_mp_im_id: '',
        show_payment_type: base?.show_payment_type ?? '["sandbox"]',
        shop_menu: base?.shop_menu ?? '[]',
        front: JSON.stringify(frontWith(baseFront, input)),
        default_province: base?.default_province ?? '',
        default_city: base?.default_city ?? '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** Edits a storefront's settings and upstream; its settings before and after, or null when it does not exist. */
export async function updatePromoter(
  db: Kysely<Database>,
  dialect: DialectName,
  id: number,
  input: StorefrontSettings,
  now: number,
): Promise<{ before: StorefrontSettings; after: StorefrontSettings } | null> {
  return db.transaction().execute(async (trx) => {
    await lockChains(trx, dialect);
    const row = await trx.selectFrom('promoters').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    await checkChain(trx, input.parentId, id);
    if (!input.isAgent) {
      const child = await trx.selectFrom('promoters').select('id').where('parent_id', '=', id).executeTakeFirst();
      if (child) throw invalid('isAgent', 'storefronts.hasDownstream');
    }
    const before = settingsOf(row);
    const front = frontWith(frontSchema.parse(JSON.parse(row.front)), input);
    await trx
      .updateTable('promoters')
      .set({ name: input.name, is_agent: input.isAgent ? 1 : 0, parent_id: input.parentId, front: JSON.stringify(front), updated_at: now })
      .where('id', '=', id)
      .execute();
    return {
      before,
      after: settingsOf({ name: input.name, is_agent: input.isAgent ? 1 : 0, parent_id: input.parentId, front: JSON.stringify(front) }),
    };
  });
}

/** A storefront's settings as stored (the console's form), or null. */
export async function promoterSettings(db: Kysely<Database>, id: number): Promise<(StorefrontSettings & { isDefault: boolean }) | null> {
  const row = await db
    .selectFrom('promoters')
    .select(['name', 'is_agent', 'parent_id', 'front', 'is_default'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...settingsOf(row), isDefault: row.is_default === 1 } : null;
}
