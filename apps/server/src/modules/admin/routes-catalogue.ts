import {
  adminCategoryList,
  adminCategoryQuery,
  adminGoods,
  adminGoodsPage,
  adminGoodsQuery,
  adminPackage,
  adminPackagePage,
  adminPackageQuery,
  goodsStatusBody,
  saveCategoryBody,
  saveGoodsBody,
  savePackageBody,
} from '@simshop/contract/admin-catalogue';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as goods from '../goods/service.ts';
import { textsFor } from '../i18n-texts/service.ts';
import * as money from '../iot-money/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

/**
 * The storefronts whose goods the operator manages: all for an owner, its reach for an agent;
 * staff (orders and customer service) none.
 */
export async function catalogueReach(deps: admin.AdminDeps, op: admin.Operator): Promise<'all' | number[]> {
  if (op.role === 'staff') throw admin.forbidden();
  return admin.reachOf(deps, op, 'orders');
}

/** Refuses a storefront outside the operator's catalogue reach like a missing one. */
export async function requireStorefront(deps: admin.AdminDeps, op: admin.Operator, promoterId: number, field: 'promoterId' | 'id') {
  const reach = await catalogueReach(deps, op);
  if (reach !== 'all' && !reach.includes(promoterId)) throw invalid(field, 'admin.noSuchObject');
  if (!(await deps.site.promoterById(promoterId))) throw invalid(field, 'admin.noSuchObject');
}

/** General goods in the console: categories, goods and their specs (price, stock), on and off sale; every write audited. */
export function adminCatalogueRoutes(deps: admin.AdminDeps) {
  const viewAll = async (list: goods.OperatorGoods[], language: Language) => {
    const [names, categories, specs] = await Promise.all([
      textsFor(
        deps.db,
        language,
        'goods',
        list.map((g) => g.id),
      ),
      textsFor(
        deps.db,
        language,
        'goods_category',
        list.map((g) => g.categoryId),
      ),
      textsFor(
        deps.db,
        language,
        'goods_sku',
        list.flatMap((g) => g.skus.map((s) => s.id)),
      ),
    ]);
    const codes = new Map((await deps.site.allPromoters()).map((p) => [p.id, p.promoCode]));
    return list.map((g) => ({
      ...g,
      promoCode: codes.get(g.promoterId) ?? '',
      label: names.text(g.id, 'name', g.name),
      categoryLabel: categories.text(g.categoryId, 'name', g.categoryName),
      skus: g.skus.map((s) => ({ ...s, label: specs.text(s.id, 'name', s.name) })),
    }));
  };
  const view = async (g: goods.OperatorGoods, language: Language) => (await viewAll([g], language))[0]!;
  const existing = async (op: admin.Operator, id: number) => {
    const g = await goods.operatorGoods(deps.db, id);
    if (!g) throw invalid('id', 'admin.noSuchObject');
    await requireStorefront(deps, op, g.promoterId, 'id');
    return g;
  };
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/goods',
      {
        schema: {
          tags,
          security,
          summary: 'General goods of the storefronts within reach (owners all, agents their reach), with their specs; filtered, paged.',
          querystring: adminGoodsQuery,
          response: { 200: envelope(adminGoodsPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await catalogueReach(deps, req.operator);
        if (q.promoterId !== undefined) await requireStorefront(deps, req.operator, q.promoterId, 'promoterId');
        const { list, total } = await goods.operatorGoodsList(
          deps.db,
          { reach, promoterId: q.promoterId, status: q.status || undefined, keyword: q.keyword?.trim() || undefined },
          q.page,
          q.pageSize,
        );
        return ok({ list: await viewAll(list, req.ctx.language), total, page: q.page, pageSize: q.pageSize });
      },
    );
    app.get(
      '/api/admin/goods/categories',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's goods categories, in their order.",
          querystring: adminCategoryQuery,
          response: { 200: envelope(adminCategoryList) },
        },
      },
      async (req) => {
        await requireStorefront(deps, req.operator, req.query.promoterId, 'promoterId');
        return ok({ list: await goods.categoriesOf(deps.db, req.query.promoterId) });
      },
    );
    app.post(
      '/api/admin/goods/categories/save',
      {
        schema: {
          tags,
          security,
          summary: 'Adds a goods category to a storefront, or renames and reorders one; audited.',
          body: saveCategoryBody,
          response: { 200: envelope(adminCategoryList) },
        },
      },
      async (req) => {
        const b = req.body;
        await requireStorefront(deps, req.operator, b.promoterId, 'promoterId');
        const before = b.id === undefined ? null : await goods.categoryById(deps.db, b.id);
        const id = await goods.saveCategory(deps.db, b);
        await admin.auditSave(deps, req.operator, 'goodsCategory', {
          objectType: 'goodsCategory',
          objectId: id,
          promoterId: b.promoterId,
          before: before && { name: before.name, sort: before.sort },
          after: { name: b.name, sort: b.sort },
        });
        return ok({ list: await goods.categoriesOf(deps.db, b.promoterId) });
      },
    );
    app.post(
      '/api/admin/goods/save',
      {
        schema: {
          tags,
          security,
          summary:
            "Adds goods with their specs to a storefront, or edits goods (fields, listed specs, new specs). A spec's stock changes only if orders did not move it since the form was read (refused otherwise, field skus); audited.",
          body: saveGoodsBody,
          response: { 200: envelope(adminGoods) },
        },
      },
      async (req) => {
        const b = req.body;
        await requireStorefront(deps, req.operator, b.promoterId, 'promoterId');
        const before = b.id === undefined ? null : await existing(req.operator, b.id);
        if (before && before.promoterId !== b.promoterId) throw invalid('promoterId', 'admin.noSuchObject');
        const id = await goods.saveGoods(deps.db, b, deps.now());
        const after = (await goods.operatorGoods(deps.db, id))!;
        const { updatedAt: _b, ...beforeFields } = before ?? { updatedAt: 0 };
        const { updatedAt: _a, ...afterFields } = after;
        await admin.auditSave(deps, req.operator, 'goods', {
          objectType: 'goods',
          objectId: id,
          promoterId: after.promoterId,
          before: before ? beforeFields : null,
          after: afterFields,
        });
        return ok(await view(after, req.ctx.language));
      },
    );
    app.post(
      '/api/admin/goods/status',
      {
        schema: {
          tags,
          security,
          summary: 'Puts goods on or off sale (off sale: shoppers no longer see or order it; orders placed keep their units); audited.',
          body: goodsStatusBody,
          response: { 200: envelope(adminGoods) },
        },
      },
      async (req) => {
        const before = await existing(req.operator, req.body.id);
        await goods.setGoodsStatus(deps.db, before.id, req.body.status, deps.now());
        const after = (await goods.operatorGoods(deps.db, before.id))!;
        await admin.auditSwitch(
          deps,
          req.operator,
          { action: 'goods.status', objectType: 'goods', objectId: before.id, promoterId: before.promoterId },
          'status',
          before,
          after,
        );
        return ok(await view(after, req.ctx.language));
      },
    );
    const packageViews = async (list: money.OperatorPackage[], language: Language) => {
      const all = await deps.site.allPromoters();
      const ids = new Map(all.map((p) => [p.promoCode, p.id]));
      return list.map(({ names, ...p }) => ({ ...p, names, promoterId: ids.get(p.promoCode) ?? 0, label: names[language] || p.name }));
    };
    /** A package within the operator's catalogue reach (by its storefront's promo code). */
    const existingPackage = async (op: admin.Operator, id: number) => {
      const p = await money.operatorPackage(deps.db, id);
      const owner = p && (await deps.site.findPromoter(p.promoCode));
      if (!p || !owner) throw invalid('id', 'admin.noSuchObject');
      await requireStorefront(deps, op, owner.id, 'id');
      return { p, promoterId: owner.id };
    };
    app.get(
      '/api/admin/packages',
      {
        schema: {
          tags,
          security,
          summary: 'IoT packages of the storefronts within reach (owners all, agents their reach), in their order; paged.',
          querystring: adminPackageQuery,
          response: { 200: envelope(adminPackagePage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await catalogueReach(deps, req.operator);
        const all = await deps.site.allPromoters();
        const codes = reach === 'all' ? 'all' : all.filter((p) => reach.includes(p.id)).map((p) => p.promoCode);
        let one: string | undefined;
        if (q.promoterId !== undefined) {
          await requireStorefront(deps, req.operator, q.promoterId, 'promoterId');
          one = all.find((p) => p.id === q.promoterId)?.promoCode ?? '';
        }
        const { list, total } = await money.operatorPackageList(deps.db, codes, one, q.page, q.pageSize);
        return ok({ list: await packageViews(list, req.ctx.language), total, page: q.page, pageSize: q.pageSize });
      },
    );
    app.post(
      '/api/admin/packages/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds an IoT package to a storefront (no id) or edits every field of one: kind, operator, name in three languages, data, price, length, renewal, coupon coins, order, per-card limit, stock and flash sale. The stock (units left) changes only if orders did not move it since the form was read (refused otherwise, field stock). Cards buy on the new terms from then on; audited.',
          body: savePackageBody,
          response: { 200: envelope(adminPackage) },
        },
      },
      async (req) => {
        const b = req.body;
        await requireStorefront(deps, req.operator, b.promoterId, 'promoterId');
        const promoter = (await deps.site.promoterById(b.promoterId))!;
        const before = b.id === undefined ? null : (await existingPackage(req.operator, b.id)).p;
        if (before && before.promoCode !== promoter.promoCode) throw invalid('promoterId', 'admin.noSuchObject');
        const id = await money.savePackage(deps.db, promoter.promoCode, b, deps.now());
        const after = (await money.operatorPackage(deps.db, id))!;
        const fields = (x: money.OperatorPackage) => {
          const { updatedAt: _u, sold: _s, left: _l, ...rest } = x;
          return rest;
        };
        await admin.auditSave(deps, req.operator, 'package', {
          objectType: 'iotPackage',
          objectId: id,
          promoterId: promoter.id,
          before: before && fields(before),
          after: fields(after),
        });
        return ok((await packageViews([after], req.ctx.language))[0]!);
      },
    );
  };
}
