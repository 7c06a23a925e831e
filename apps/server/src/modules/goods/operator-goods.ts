import type { saveCategoryBody, saveGoodsBody } from '@simshop/contract/admin-catalogue';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { invalid } from '../../lib/errors.ts';
import { containsText } from '../../lib/like.ts';

/** General goods as the operator console edits them (names as stored, in Simplified Chinese). */

export interface OperatorSku {
  id: number;
  name: string;
  price: number;
  originalPrice: number;
  stock: number;
  sold: number;
}

export interface OperatorGoods {
  id: number;
  promoterId: number;
  categoryId: number;
  categoryName: string;
  kind: 'sim_bundle' | 'device' | 'accessory';
  name: string;
  summary: string;
  description: string;
  images: string[];
  status: 'on_sale' | 'off_sale';
  sort: number;
  skus: OperatorSku[];
  updatedAt: number;
}

export interface OperatorGoodsFilter {
  reach: number[] | 'all';
  promoterId?: number | undefined;
  status?: 'on_sale' | 'off_sale' | undefined;
  keyword?: string | undefined;
}

type Db = Kysely<Database>;

function filtered(db: Db, f: OperatorGoodsFilter) {
  let q = db.selectFrom('goods');
  if (f.reach !== 'all') q = q.where('promoter_id', 'in', f.reach.length > 0 ? f.reach : [-1]);
  if (f.promoterId !== undefined) q = q.where('promoter_id', '=', f.promoterId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.keyword) q = q.where(containsText('name', f.keyword));
  return q;
}

async function withSkus(db: Db, rows: Awaited<ReturnType<typeof goodsRows>>): Promise<OperatorGoods[]> {
  const ids = rows.map((g) => g.id);
  const [skus, categories] = await Promise.all([
    ids.length === 0 ? [] : db.selectFrom('goods_skus').selectAll().where('goods_id', 'in', ids).orderBy('sort').orderBy('id').execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('goods_categories')
          .select(['id', 'name'])
          .where(
            'id',
            'in',
            rows.map((g) => g.category_id),
          )
          .execute(),
  ]);
  return rows.map((g) => ({
    id: Number(g.id),
    promoterId: Number(g.promoter_id),
    categoryId: Number(g.category_id),
    categoryName: categories.find((c) => c.id === g.category_id)?.name ?? '',
    kind: g.kind as OperatorGoods['kind'],
    name: g.name,
    summary: g.summary,
    description: g.description,
    images: JSON.parse(g.images) as string[],
    status: g.status as OperatorGoods['status'],
    sort: Number(g.sort),
    updatedAt: Number(g.updated_at),
    skus: skus
      .filter((s) => s.goods_id === g.id)
      .map((s) => ({
        id: Number(s.id),
        name: s.name,
        price: Number(s.price),
        originalPrice: Number(s.original_price),
        stock: Number(s.stock),
        sold: Number(s.sold),
      })),
  }));
}

function goodsRows(db: Db, f: OperatorGoodsFilter, offset: number, limit: number) {
  return filtered(db, f).selectAll().orderBy('promoter_id').orderBy('sort').orderBy('id').offset(offset).limit(limit).execute();
}

/** A page of goods of the storefronts within reach, with their specs. */
export async function operatorGoodsList(db: Db, f: OperatorGoodsFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    goodsRows(db, f, (page - 1) * pageSize, pageSize),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: await withSkus(db, rows), total: Number(count.n) };
}

/** One good with its specs, or null. */
export async function operatorGoods(db: Db, id: number): Promise<OperatorGoods | null> {
  const rows = await db.selectFrom('goods').selectAll().where('id', '=', id).execute();
  return (await withSkus(db, rows))[0] ?? null;
}

/** The categories of a storefront, in their order. */
export async function categoriesOf(db: Db, promoterId: number) {
  const rows = await db
    .selectFrom('goods_categories')
    .selectAll()
    .where('promoter_id', '=', promoterId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((c) => ({ id: Number(c.id), promoterId: Number(c.promoter_id), name: c.name, sort: Number(c.sort) }));
}

export async function categoryById(db: Db, id: number) {
  const c = await db.selectFrom('goods_categories').selectAll().where('id', '=', id).executeTakeFirst();
  return c ? { id: Number(c.id), promoterId: Number(c.promoter_id), name: c.name, sort: Number(c.sort) } : null;
}

/** Adds a category, or renames and reorders one of the same storefront; answers its id. */
export async function saveCategory(db: Db, input: z.output<typeof saveCategoryBody>): Promise<number> {
  if (input.id === undefined) {
    const row = await db
      .insertInto('goods_categories')
      .values({ promoter_id: input.promoterId, name: input.name, sort: input.sort })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const done = await db
    .updateTable('goods_categories')
    .set({ name: input.name, sort: input.sort })
    .where('id', '=', input.id)
    .where('promoter_id', '=', input.promoterId)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw invalid('id', 'catalogue.noSuchCategory');
  return input.id;
}

/**
 * Adds goods with their specs, or edits goods: its fields, the specs listed (a listed id must be
 * one of its specs) and new specs. A spec's stock is set only where it still is what the form
 * showed (`expectedStock`): an order that took or gave back units meanwhile makes it refuse, and
 * the whole edit with it. Answers the goods' id.
 */
export async function saveGoods(db: Db, input: z.output<typeof saveGoodsBody>, now: number): Promise<number> {
  const category = await categoryById(db, input.categoryId);
  if (category?.promoterId !== input.promoterId) throw invalid('categoryId', 'catalogue.noSuchCategory');
  const fields = {
    category_id: input.categoryId,
    kind: input.kind,
    name: input.name,
    summary: input.summary,
    description: input.description,
    images: JSON.stringify(input.images),
    status: input.status,
    sort: input.sort,
    updated_at: now,
  };
  return db.transaction().execute(async (trx) => {
    let id: number;
    if (input.id === undefined) {
      const row = await trx
        .insertInto('goods')
        .values({ ...fields, promoter_id: input.promoterId, popup_title: '', popup_content: '', created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = Number(row.id);
    } else {
      id = input.id;
      const done = await trx
        .updateTable('goods')
        .set(fields)
        .where('id', '=', id)
        .where('promoter_id', '=', input.promoterId)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) throw invalid('id', 'goods.noSuchGoods');
    }
    for (const [i, s] of input.skus.entries()) {
      const values = { name: s.name, price: s.price, original_price: s.originalPrice, sort: i };
      if (s.id === undefined) {
        await trx
          .insertInto('goods_skus')
          .values({ ...values, goods_id: id, stock: s.stock, sold: 0 })
          .execute();
        continue;
      }
      const own = await trx.selectFrom('goods_skus').select('stock').where('id', '=', s.id).where('goods_id', '=', id).executeTakeFirst();
      if (!own) throw invalid('skus', 'catalogue.noSuchSku');
      let q = trx
        .updateTable('goods_skus')
        .set({ ...values, stock: s.stock })
        .where('id', '=', s.id)
        .where('goods_id', '=', id);
      // Reserve-then-check: the stock is set only where no order moved it since the form was read.
      if (s.stock !== Number(own.stock) || s.expectedStock !== undefined) q = q.where('stock', '=', s.expectedStock ?? Number(own.stock));
      if (Number((await q.executeTakeFirst()).numUpdatedRows) === 0) throw invalid('skus', 'catalogue.stockChanged');
    }
    return id;
  });
}

/** Puts goods on or off sale; false when there are no such goods. */
export async function setGoodsStatus(db: Db, id: number, status: 'on_sale' | 'off_sale', now: number): Promise<boolean> {
  const done = await db.updateTable('goods').set({ status, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
