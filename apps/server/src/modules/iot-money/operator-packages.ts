import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** IoT packages as the operator console lists and edits them (per storefront promo code). */
export interface OperatorPackage {
  id: number;
  promoCode: string;
  operatorType: number;
  kind: string;
  name: string;
  flowMb: number;
  unlimited: boolean;
  price: number;
  originalPrice: number;
  duration: number;
  durationUnit: number;
  onSale: boolean;
  sold: number;
}

export interface PackageEdit {
  price: number;
  originalPrice: number;
  flowMb: number;
  duration: number;
  onSale: boolean;
}

type Db = Kysely<Database>;

function filtered(db: Db, promoCodes: string[] | 'all', promoCode: string | undefined) {
  let q = db.selectFrom('iot_packages');
  if (promoCodes !== 'all') q = q.where('promo_code', 'in', promoCodes.length > 0 ? promoCodes : ['']);
  if (promoCode !== undefined) q = q.where('promo_code', '=', promoCode);
  return q;
}

function toView(p: Awaited<ReturnType<typeof rowsOf>>[number]): OperatorPackage {
  return {
    id: Number(p.id),
    promoCode: p.promo_code,
    operatorType: Number(p.operator_type),
    kind: p.kind,
    name: p.name,
    flowMb: Number(p.flow_mb),
    unlimited: Number(p.unlimited) === 1,
    price: Number(p.price),
    originalPrice: Number(p.original_price),
    duration: Number(p.duration),
    durationUnit: Number(p.duration_unit),
    onSale: Number(p.on_sale) === 1,
    sold: Number(p.sold),
  };
}

function rowsOf(db: Db, promoCodes: string[] | 'all', promoCode: string | undefined, offset: number, limit: number) {
  return filtered(db, promoCodes, promoCode)
    .selectAll()
    .orderBy('promo_code')
    .orderBy('sort')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
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
    rowsOf(db, promoCodes, promoCode, (page - 1) * pageSize, pageSize),
    filtered(db, promoCodes, promoCode)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toView), total: Number(count.n) };
}

export async function operatorPackage(db: Db, id: number): Promise<OperatorPackage | null> {
  const row = await db.selectFrom('iot_packages').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toView(row) : null;
}

/** Sets a package's price, original price, data, length and whether it is on sale (cards buy at the new price from then on). */
export async function editPackage(db: Db, id: number, e: PackageEdit, now: number): Promise<void> {
  await db
    .updateTable('iot_packages')
    .set({
      price: e.price,
      original_price: e.originalPrice,
      flow_mb: e.flowMb,
      duration: e.duration,
      on_sale: e.onSale ? 1 : 0,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
