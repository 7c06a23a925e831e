import type { savePackageBody } from '@simshop/contract/admin-catalogue';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { IotPackagesTable } from '../../db/schema-iot-money.ts';
import { invalid } from '../../lib/errors.ts';
import { allTextsOf, replaceTextsOf, type Tri, translationsOf, trisOf } from '../i18n-texts/service.ts';

/** IoT packages as the operator console lists and edits them (per storefront promo code). */
export interface OperatorPackage {
  id: number;
  promoCode: string;
  operatorType: number;
  kind: 'base' | 'addon' | 'volume';
  name: string;
  names: Tri;
  description: string;
  flowMb: number;
  unlimited: boolean;
  price: number;
  originalPrice: number;
  duration: number;
  durationUnit: number;
  renewable: boolean;
  couponDeductMax: number;
  sort: number;
  perCardLimit: number;
  stock: number | null;
  sold: number;
  left: number | null;
  isSeckill: boolean;
  seckillStartsAt: number | null;
  seckillEndsAt: number | null;
  onSale: boolean;
  updatedAt: number;
}

export type PackageInput = z.output<typeof savePackageBody>;

type Db = Kysely<Database>;
type Row = Selectable<IotPackagesTable>;

function filtered(db: Db, promoCodes: string[] | 'all', promoCode: string | undefined) {
  let q = db.selectFrom('iot_packages');
  if (promoCodes !== 'all') q = q.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  if (promoCode !== undefined) q = q.where('promo_code', '=', promoCode);
  return q;
}

const num = (v: number | null) => (v === null ? null : Number(v));

async function toViews(db: Db, rows: Row[]): Promise<OperatorPackage[]> {
  const tris = await trisOf(
    db,
    'iot_package',
    rows.map((p) => ({ id: Number(p.id), name: p.name })),
    ['name'] as const,
  );
  return rows.map((p) => {
    const stock = num(p.stock);
    const sold = Number(p.sold);
    return {
      id: Number(p.id),
      promoCode: p.promo_code,
      operatorType: Number(p.operator_type),
      kind: p.kind,
      name: p.name,
      names: tris.get(Number(p.id))!.name,
      description: p.description,
      flowMb: Number(p.flow_mb),
      unlimited: Number(p.unlimited) === 1,
      price: Number(p.price),
      originalPrice: Number(p.original_price),
      duration: Number(p.duration),
      durationUnit: Number(p.duration_unit),
      renewable: Number(p.renewable) === 1,
      couponDeductMax: Number(p.coupon_deduct_max),
      sort: Number(p.sort),
      perCardLimit: Number(p.per_card_limit),
      stock,
      sold,
      left: stock === null ? null : Math.max(0, stock - sold),
      isSeckill: Number(p.is_seckill) === 1,
      seckillStartsAt: num(p.seckill_starts_at),
      seckillEndsAt: num(p.seckill_ends_at),
      onSale: Number(p.on_sale) === 1,
      updatedAt: Number(p.updated_at),
    };
  });
}

/** A page of the packages of these storefronts (or all), in their order. */
export async function operatorPackageList(
  db: Db,
  promoCodes: string[] | 'all',
  promoCode: string | undefined,
  page: number,
  pageSize: number,
) {
  const [rows, count] = await Promise.all([
    filtered(db, promoCodes, promoCode)
      .selectAll()
      .orderBy('promo_code')
      .orderBy('sort')
      .orderBy('id')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .execute(),
    filtered(db, promoCodes, promoCode)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: await toViews(db, rows), total: Number(count.n) };
}

export async function operatorPackage(db: Db, id: number): Promise<OperatorPackage | null> {
  const row = await db.selectFrom('iot_packages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await toViews(db, [row]))[0]! : null;
}

/**
 * Adds a package to a storefront (no id), or edits every field of one; its name's translations are
 * written in the same transaction. `stock` is the units left for sale: an edit sets the package's
 * stock to the units sold plus that, only where the units left are still `expectedStock` (what the
 * form showed; else what was just read), so a sale made meanwhile refuses the edit instead of being
 * overwritten. Cards buy on the new terms from then on. Answers the package's id.
 */
export async function savePackage(db: Db, promoCode: string, input: PackageInput, now: number): Promise<number> {
  const fields = {
    operator_type: input.operatorType,
    kind: input.kind,
    name: input.names['zh-Hans'],
    description: input.description,
    flow_mb: input.unlimited || input.kind === 'volume' ? 0 : input.flowMb,
    unlimited: input.unlimited ? 1 : 0,
    price: input.price,
    original_price: input.originalPrice,
    duration: input.duration,
    duration_unit: input.durationUnit,
    renewable: input.renewable && input.kind === 'base' && !input.isSeckill ? 1 : 0,
    coupon_deduct_max: input.couponDeductMax,
    sort: input.sort,
    per_card_limit: input.perCardLimit,
    is_seckill: input.isSeckill ? 1 : 0,
    seckill_starts_at: input.isSeckill ? input.seckillStartsAt : null,
    seckill_ends_at: input.isSeckill ? input.seckillEndsAt : null,
    on_sale: input.onSale ? 1 : 0,
    updated_at: now,
  };
  const names = translationsOf({ name: input.names });
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (input.id === undefined) {
      const row = await trx
        .insertInto('iot_packages')
        .values({ ...fields, promo_code: promoCode, stock: input.stock, sold: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    } else {
      id = input.id;
      const own = await trx.selectFrom('iot_packages').select(['stock', 'sold']).where('id', '=', id).executeTakeFirst();
      if (!own) throw invalid('id', 'admin.noSuchObject');
      const stock = num(own.stock);
      const left = stock === null ? null : Math.max(0, stock - Number(own.sold));
      const expected = input.expectedStock === undefined ? left : input.expectedStock;
      let q = trx.updateTable('iot_packages').set(fields).where('id', '=', id);
      if (input.stock !== left || input.expectedStock !== undefined) {
        // Reserve-then-check: the stock is set only where no order moved it since the form was read.
        q = trx
          .updateTable('iot_packages')
          .set((eb) => ({ ...fields, stock: input.stock === null ? null : eb('sold', '+', input.stock) }))
          .where('id', '=', id)
          .where((eb) => (expected === null ? eb('stock', 'is', null) : eb(eb('stock', '-', eb.ref('sold')), '=', expected)));
      }
      if (Number((await q.executeTakeFirst()).numUpdatedRows) === 0) throw invalid('stock', 'catalogue.stockChanged');
    }
    const others = [...(await allTextsOf(trx, 'iot_package', id))]
      .filter(([field]) => field !== 'name')
      .flatMap(([field, byLanguage]) =>
        [...byLanguage].map(([language, text]) => ({ field, language: language as 'en' | 'zh-Hant', text })),
      );
    await replaceTextsOf(trx, 'iot_package', id, [...others, ...names]);
    return id;
  });
}
