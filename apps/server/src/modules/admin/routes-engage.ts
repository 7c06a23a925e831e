import {
  type AdminMallCategory,
  type AdminMallGoods,
  adminAcceleratePlan,
  adminAcceleratePlanPage,
  adminEngageOrderPage,
  adminEngageOrderQuery,
  adminEngageQuery,
  adminEngageSettings,
  adminEngageSettingsQuery,
  adminExchangeItem,
  adminExchangeItemPage,
  adminMallCategoryList,
  adminMallGoods,
  adminMallGoodsPage,
  adminVipPlan,
  adminVipPlanPage,
  engageOnSaleBody,
  refundEngageOrderBody,
  refundEngageOrderReply,
  saveAcceleratePlanBody,
  saveEngageSettingsBody,
  saveExchangeItemBody,
  saveMallCategoryBody,
  saveMallGoodsBody,
  saveVipPlanBody,
} from '@simshop/contract/admin-engage';
import { envelope, pageQuery } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as engage from '../iot-engage/service.ts';
import * as sims from '../iot-sims/service.ts';
import * as mall from '../mall/service.ts';
import type { Promoter } from '../site/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

export interface EngageConsoleDeps extends admin.AdminDeps {
  engage: engage.EngageDeps;
}

/**
 * The storefronts whose engagement catalogue the operator manages: all for an owner, its reach for
 * an agent; staff (orders and customer service) none.
 */
async function catalogueReach(deps: admin.AdminDeps, op: admin.Operator): Promise<'all' | number[]> {
  if (op.role === 'staff') throw admin.forbidden();
  return admin.reachOf(deps, op, 'orders');
}

/** A storefront within the operator's catalogue reach, refused like a missing one otherwise. */
async function storefrontOf(deps: admin.AdminDeps, op: admin.Operator, promoterId: number, field: 'promoterId' | 'id'): Promise<Promoter> {
  const reach = await catalogueReach(deps, op);
  const p = await deps.site.promoterById(promoterId);
  if (!p || (reach !== 'all' && !reach.includes(promoterId))) throw invalid(field, 'admin.noSuchObject');
  return p;
}

/** The promo codes a list covers: one storefront (checked), or every one within reach. */
async function listCodes(deps: admin.AdminDeps, op: admin.Operator, promoterId: number | undefined): Promise<string[] | 'all'> {
  if (promoterId !== undefined) return [(await storefrontOf(deps, op, promoterId, 'promoterId')).promoCode];
  const reach = await catalogueReach(deps, op);
  if (reach === 'all') return 'all';
  return (await deps.site.allPromoters()).filter((p) => reach.includes(p.id)).map((p) => p.promoCode);
}

/** The mall is every storefront's: only owners edit it. */
function requireOwner(op: admin.Operator): void {
  if (op.role !== 'owner') throw admin.forbidden();
}

/** The engagement catalogue (VIP, speed-up, exchange, rewards), the points mall, and VIP and speed-up orders in the console. */
export function adminEngageRoutes(deps: EngageConsoleDeps) {
  const db = deps.db;
  const idOf = async () => new Map((await deps.site.allPromoters()).map((p) => [p.promoCode, p.id]));
  const withStorefront = async <T extends { promoCode: string }>(list: T[]) => {
    const ids = await idOf();
    return list.map((x) => ({ ...x, promoterId: ids.get(x.promoCode) ?? 0 }));
  };
  /** A row of a storefront within reach (by its promo code), else refused like a missing one. */
  const reachable = async <T extends { promoCode: string }>(op: admin.Operator, row: T | null): Promise<T & { promoterId: number }> => {
    const p = row && (await deps.site.findPromoter(row.promoCode));
    if (!row || !p) throw invalid('id', 'admin.noSuchObject');
    await storefrontOf(deps, op, p.id, 'id');
    return { ...row, promoterId: p.id };
  };
  const omitTimes = <T extends { updatedAt: number; label: string }>({ updatedAt: _u, label: _l, ...rest }: T) => rest;
  /** A page of a storefront catalogue: of one storefront (checked), else of every one within reach. */
  const cataloguePage = async <T extends { promoCode: string }>(
    op: admin.Operator,
    q: { promoterId?: number | undefined; page: number; pageSize: number },
    read: (codes: string[] | 'all') => Promise<{ list: T[]; total: number }>,
  ) => {
    const { list, total } = await read(await listCodes(deps, op, q.promoterId));
    return ok({ list: await withStorefront(list), total, page: q.page, pageSize: q.pageSize });
  };
  /**
   * Adds a row to a storefront's catalogue or changes one (never moving it to another storefront),
   * audited as `<type>.create` or `<type>.edit`; the row as saved.
   */
  const saveInStorefront = async <R extends { promoterId: number }>(
    op: admin.Operator,
    b: { id?: number | undefined; promoterId: number },
    type: string,
    find: (id: number) => Promise<R>,
    write: (promoCode: string) => Promise<number>,
    facts: (row: R) => unknown,
  ): Promise<R> => {
    const shop = await storefrontOf(deps, op, b.promoterId, 'promoterId');
    const before = b.id === undefined ? null : await find(b.id);
    if (before && before.promoterId !== shop.id) throw invalid('promoterId', 'admin.noSuchObject');
    const id = await write(shop.promoCode);
    const after = await find(id);
    await admin.auditSave(deps, op, type, {
      objectType: type,
      objectId: id,
      promoterId: shop.id,
      before: before && facts(before),
      after: facts(after),
    });
    return after;
  };
  /** Puts a row on or off sale, audited as `<type>.onSale`; the row as changed. */
  const switchOnSale = async <R extends { id: number; onSale: boolean; promoterId?: number }>(
    op: admin.Operator,
    id: number,
    type: string,
    find: (id: number) => Promise<R>,
    write: (id: number) => Promise<unknown>,
  ): Promise<R> => {
    const before = await find(id);
    await write(before.id);
    const after = await find(before.id);
    const e = { action: `${type}.onSale`, objectType: type, objectId: before.id, promoterId: before.promoterId ?? null };
    await admin.auditSwitch(deps, op, e, 'onSale', before, after);
    return after;
  };

  return async (app: App): Promise<void> => {
    // ── VIP plans ──────────────────────────────────────────────────────────────────────────
    const vipOf = async (op: admin.Operator, id: number, language: Language) =>
      reachable(op, await engage.operatorVipPlan(db, id, language));
    app.get(
      '/api/admin/engage/vip',
      {
        schema: {
          tags,
          security,
          summary: 'VIP plans of the storefronts within reach (owners all, agents their reach), on sale or not, in their order; paged.',
          querystring: adminEngageQuery,
          response: { 200: envelope(adminVipPlanPage) },
        },
      },
      async (req) =>
        cataloguePage(req.operator, req.query, (codes) =>
          engage.operatorVipPlans(db, codes, req.query.page, req.query.pageSize, req.ctx.language),
        ),
    );
    app.post(
      '/api/admin/engage/vip/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a VIP plan to a storefront or changes one (name in three languages, price, days, points multiplier, package discount, on sale); cards buy at the new terms from then on, orders keep theirs. Audited.',
          body: saveVipPlanBody,
          response: { 200: envelope(adminVipPlan) },
        },
      },
      async (req) => {
        const b = req.body;
        const find = (id: number) => vipOf(req.operator, id, req.ctx.language);
        return ok(
          await saveInStorefront(req.operator, b, 'vipPlan', find, (code) => engage.saveVipPlan(db, code, b, deps.now()), omitTimes),
        );
      },
    );
    app.post(
      '/api/admin/engage/vip/onSale',
      {
        schema: {
          tags,
          security,
          summary: 'Puts a VIP plan on or off sale (off sale: cards no longer see or buy it; VIPs bought keep running). Audited.',
          body: engageOnSaleBody,
          response: { 200: envelope(adminVipPlan) },
        },
      },
      async (req) => {
        const find = (id: number) => vipOf(req.operator, id, req.ctx.language);
        const write = (id: number) => engage.setCatalogueOnSale(db, 'vip', id, req.body.onSale, deps.now());
        return ok(await switchOnSale(req.operator, req.body.id, 'vipPlan', find, write));
      },
    );

    // ── Speed-up plans ─────────────────────────────────────────────────────────────────────
    const accelerateOf = async (op: admin.Operator, id: number, language: Language) =>
      reachable(op, await engage.operatorAcceleratePlan(db, id, language));
    app.get(
      '/api/admin/engage/accelerate',
      {
        schema: {
          tags,
          security,
          summary: 'Speed-up plans of the storefronts within reach, on sale or not, in their order; paged.',
          querystring: adminEngageQuery,
          response: { 200: envelope(adminAcceleratePlanPage) },
        },
      },
      async (req) =>
        cataloguePage(req.operator, req.query, (codes) =>
          engage.operatorAcceleratePlans(db, codes, req.query.page, req.query.pageSize, req.ctx.language),
        ),
    );
    app.post(
      '/api/admin/engage/accelerate/save',
      {
        schema: {
          tags,
          security,
          summary:
            "Adds a speed-up plan to a storefront or changes one (name in three languages, the carrier's speed profile, hours, price, on sale). Audited.",
          body: saveAcceleratePlanBody,
          response: { 200: envelope(adminAcceleratePlan) },
        },
      },
      async (req) => {
        const b = req.body;
        const find = (id: number) => accelerateOf(req.operator, id, req.ctx.language);
        return ok(
          await saveInStorefront(
            req.operator,
            b,
            'acceleratePlan',
            find,
            (code) => engage.saveAcceleratePlan(db, code, b, deps.now()),
            omitTimes,
          ),
        );
      },
    );
    app.post(
      '/api/admin/engage/accelerate/onSale',
      {
        schema: {
          tags,
          security,
          summary: 'Puts a speed-up plan on or off sale (speed-ups bought keep running). Audited.',
          body: engageOnSaleBody,
          response: { 200: envelope(adminAcceleratePlan) },
        },
      },
      async (req) => {
        const find = (id: number) => accelerateOf(req.operator, id, req.ctx.language);
        const write = (id: number) => engage.setCatalogueOnSale(db, 'accelerate', id, req.body.onSale, deps.now());
        return ok(await switchOnSale(req.operator, req.body.id, 'acceleratePlan', find, write));
      },
    );

    // ── Coupon exchange items ──────────────────────────────────────────────────────────────
    const itemOf = async (op: admin.Operator, id: number) => reachable(op, await engage.operatorExchangeItem(db, id));
    const itemFacts = ({ updatedAt: _u, ...rest }: engage.OperatorExchangeItem & { promoterId: number }) => rest;
    app.get(
      '/api/admin/engage/exchange',
      {
        schema: {
          tags,
          security,
          summary: 'Coupon exchange items of the storefronts within reach, with units left and exchanged; paged.',
          querystring: adminEngageQuery,
          response: { 200: envelope(adminExchangeItemPage) },
        },
      },
      async (req) =>
        cataloguePage(req.operator, req.query, (codes) => engage.operatorExchangeItems(db, codes, req.query.page, req.query.pageSize)),
    );
    app.post(
      '/api/admin/engage/exchange/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a coupon exchange item to a storefront or changes one. The units left change only if exchanges did not move them since the form was read (expectedStock; refused otherwise, field stock). Audited.',
          body: saveExchangeItemBody,
          response: { 200: envelope(adminExchangeItem) },
        },
      },
      async (req) => {
        const b = req.body;
        const find = (id: number) => itemOf(req.operator, id);
        return ok(
          await saveInStorefront(
            req.operator,
            b,
            'exchangeItem',
            find,
            (code) => engage.saveExchangeItem(db, code, b, deps.now()),
            itemFacts,
          ),
        );
      },
    );
    app.post(
      '/api/admin/engage/exchange/onSale',
      {
        schema: {
          tags,
          security,
          summary: 'Puts a coupon exchange item on or off sale. Audited.',
          body: engageOnSaleBody,
          response: { 200: envelope(adminExchangeItem) },
        },
      },
      async (req) => {
        const find = (id: number) => itemOf(req.operator, id);
        const write = (id: number) => engage.setCatalogueOnSale(db, 'exchange', id, req.body.onSale, deps.now());
        return ok(await switchOnSale(req.operator, req.body.id, 'exchangeItem', find, write));
      },
    );

    // ── Sign-in and task rewards ───────────────────────────────────────────────────────────
    app.get(
      '/api/admin/engage/settings',
      {
        schema: {
          tags,
          security,
          summary:
            "A storefront's sign-in points (7-day cycle) and one-off tasks (offered, order, points); the built-in values until saved.",
          querystring: adminEngageSettingsQuery,
          response: { 200: envelope(adminEngageSettings) },
        },
      },
      async (req) => {
        const shop = await storefrontOf(deps, req.operator, req.query.promoterId, 'promoterId');
        return ok({ promoterId: shop.id, ...(await engage.engageSettings(db, shop.promoCode)) });
      },
    );
    app.post(
      '/api/admin/engage/settings/save',
      {
        schema: {
          tags,
          security,
          summary:
            "Sets a storefront's sign-in points and its one-off tasks (which are offered, in which order, for how many points); sign-ins and tasks claimed from then on get them. Audited.",
          body: saveEngageSettingsBody,
          response: { 200: envelope(adminEngageSettings) },
        },
      },
      async (req) => {
        const b = req.body;
        const shop = await storefrontOf(deps, req.operator, b.promoterId, 'promoterId');
        const before = await engage.engageSettings(db, shop.promoCode);
        const after = await engage.saveEngageSettings(db, shop.promoCode, b, deps.now());
        await admin.audit(deps, req.operator, {
          action: 'engageSettings.save',
          objectType: 'engageSettings',
          objectId: shop.id,
          promoterId: shop.id,
          before: { signInRewards: before.signInRewards, tasks: before.tasks },
          after: { signInRewards: after.signInRewards, tasks: after.tasks },
        });
        return ok({ promoterId: shop.id, ...after });
      },
    );

    // ── Points-mall goods (owners) ─────────────────────────────────────────────────────────
    const mallGoodsOf = async (id: number, language: Language) => {
      const g = await mall.operatorMallGoods(db, id, language);
      if (!g) throw invalid('id', 'admin.noSuchObject');
      return g;
    };
    const goodsFacts = ({ updatedAt: _u, label: _l, categoryName: _c, ...rest }: AdminMallGoods) => rest;
    app.get(
      '/api/admin/mall/goods',
      {
        schema: {
          tags,
          security,
          summary: 'Points-mall goods (every storefront sells them: owners only), on sale or not, with units left and sold; paged.',
          querystring: pageQuery,
          response: { 200: envelope(adminMallGoodsPage) },
        },
      },
      async (req) => {
        requireOwner(req.operator);
        const q = req.query;
        const { list, total } = await mall.operatorMallGoodsList(db, q.page, q.pageSize, req.ctx.language);
        return ok({ list, total, page: q.page, pageSize: q.pageSize });
      },
    );
    app.get(
      '/api/admin/mall/categories',
      {
        schema: { tags, security, summary: 'Points-mall categories (owners).', response: { 200: envelope(adminMallCategoryList) } },
      },
      async (req) => {
        requireOwner(req.operator);
        return ok({ list: await mall.operatorMallCategories(db, req.ctx.language) });
      },
    );
    app.post(
      '/api/admin/mall/categories/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a points-mall category or changes one (owners): its name in the three languages, its place and whether the mall shows it as a tab. Audited.',
          body: saveMallCategoryBody,
          response: { 200: envelope(adminMallCategoryList) },
        },
      },
      async (req) => {
        requireOwner(req.operator);
        const b = req.body;
        const facts = ({ names, sort, enabled }: AdminMallCategory) => ({ names, sort, enabled });
        const all = await mall.operatorMallCategories(db, req.ctx.language);
        const before = b.id === undefined ? null : all.find((c) => c.id === b.id);
        if (before === undefined) throw invalid('id', 'catalogue.noSuchCategory');
        const id = await mall.saveMallCategory(db, b);
        const list = await mall.operatorMallCategories(db, req.ctx.language);
        await admin.auditSave(deps, req.operator, 'mallCategory', {
          objectType: 'mallCategory',
          objectId: id,
          promoterId: null,
          before: before && facts(before),
          after: facts(list.find((c) => c.id === id)!),
        });
        return ok({ list });
      },
    );
    app.post(
      '/api/admin/mall/goods/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds points-mall goods or changes them (owners). The units left change only if orders did not move them since the form was read (expectedStock; refused otherwise, field stock). Audited.',
          body: saveMallGoodsBody,
          response: { 200: envelope(adminMallGoods) },
        },
      },
      async (req) => {
        requireOwner(req.operator);
        const b = req.body;
        const before = b.id === undefined ? null : await mallGoodsOf(b.id, req.ctx.language);
        const id = await mall.saveMallGoods(db, b, deps.now());
        const after = await mallGoodsOf(id, req.ctx.language);
        await admin.auditSave(deps, req.operator, 'mallGoods', {
          objectType: 'mallGoods',
          objectId: id,
          promoterId: null,
          before: before && goodsFacts(before),
          after: goodsFacts(after),
        });
        return ok(after);
      },
    );
    app.post(
      '/api/admin/mall/goods/onSale',
      {
        schema: {
          tags,
          security,
          summary: 'Puts points-mall goods on or off sale (owners; orders placed keep their pieces). Audited.',
          body: engageOnSaleBody,
          response: { 200: envelope(adminMallGoods) },
        },
      },
      async (req) => {
        requireOwner(req.operator);
        const find = (id: number) => mallGoodsOf(id, req.ctx.language);
        const write = (id: number) => mall.setMallGoodsOnSale(db, id, req.body.onSale, deps.now());
        return ok(await switchOnSale(req.operator, req.body.id, 'mallGoods', find, write));
      },
    );

    // ── VIP and speed-up orders ────────────────────────────────────────────────────────────
    /** A card within the operator's SIM reach, refused like a missing one otherwise. */
    const reachableCard = async (op: admin.Operator, simId: number, field: 'simId' | 'orderSn') => {
      const card = await sims.operatorCardFacts(db, simId);
      const p = card && (await deps.site.findPromoter(card.promoCode));
      if (!card) throw invalid(field, 'admin.noSuchObject');
      const reach = await admin.reachOf(deps, op, 'sims');
      if (reach !== 'all' && (!p || !reach.includes(p.id))) throw invalid(field, 'admin.noSuchObject');
      return { ...card, promoterId: p?.id ?? null };
    };
    const withCards = async (list: engage.OperatorOrder[]) => {
      const cards = new Map((await sims.operatorCardsByIds(db, [...new Set(list.map((o) => o.simId))])).map((c) => [c.id, c]));
      return list.map((o) => ({ ...o, simNo: cards.get(o.simId)?.simNo ?? '', promoCode: cards.get(o.simId)?.promoCode ?? '' }));
    };
    app.get(
      '/api/admin/engage/orders',
      {
        schema: {
          tags,
          security,
          summary:
            'VIP or speed-up orders (kind) of one card (simId) or of the storefronts within reach (promoterId, else all within reach), newest first, with whether each can be refunded; paged.',
          querystring: adminEngageOrderQuery,
          response: { 200: envelope(adminEngageOrderPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'sims');
        let simIds: number[] | 'all';
        if (q.simId !== undefined) {
          simIds = [(await reachableCard(req.operator, q.simId, 'simId')).id];
        } else if (q.promoterId !== undefined) {
          const p = await deps.site.promoterById(q.promoterId);
          if (!p || (reach !== 'all' && !reach.includes(p.id))) throw invalid('promoterId', 'admin.noSuchObject');
          simIds = await sims.simIdsOf(db, [p.promoCode]);
        } else if (reach === 'all') {
          simIds = 'all';
        } else {
          const codes = (await deps.site.allPromoters()).filter((p) => reach.includes(p.id)).map((p) => p.promoCode);
          simIds = await sims.simIdsOf(db, codes);
        }
        const { list, total } = await engage.operatorOrders(deps.engage, q.kind, simIds, q.page, q.pageSize, req.ctx.language);
        return ok({ list: await withCards(list), total, page: q.page, pageSize: q.pageSize });
      },
    );
    app.post(
      '/api/admin/engage/orders/refund',
      {
        schema: {
          tags,
          security,
          summary:
            "Refunds a paid VIP or speed-up order in full, once (the same refundKey answers the same refund): paid at the cashier, through its payment provider (the window ends when the provider confirms); paid from the balance, back to the card's balance through its ledger at once. The VIP window or speed-up ends (the card's speed is restored). Audited.",
          body: refundEngageOrderBody,
          response: { 200: envelope(refundEngageOrderReply) },
        },
      },
      async (req) => {
        const b = req.body;
        const before = await engage.operatorOrder(deps.engage, b.kind, b.orderSn, req.ctx.language);
        if (!before) throw invalid('orderSn', 'admin.noSuchObject');
        const card = await reachableCard(req.operator, before.simId, 'orderSn');
        const refund = await engage.refundOrder(deps.engage, b.kind, b.orderSn, b.reason, b.refundKey);
        const after = (await engage.operatorOrder(deps.engage, b.kind, b.orderSn, req.ctx.language))!;
        const facts = (o: engage.OperatorOrder) => ({ status: o.status, endAt: o.endAt, refundMoney: o.refundMoney });
        if (!refund.replay)
          await admin.audit(deps, req.operator, {
            action: b.kind === 'vip' ? 'vipOrder.refund' : 'accelerateOrder.refund',
            objectType: 'sim',
            objectId: card.id,
            promoterId: card.promoterId,
            before: { orderSn: b.orderSn, ...facts(before) },
            after: {
              orderSn: b.orderSn,
              ...facts(after),
              refundNo: refund.refundNo,
              amount: refund.amount,
              state: refund.state,
              reason: b.reason,
            },
          });
        return ok({
          orderSn: b.orderSn,
          state: refund.state,
          amount: refund.amount,
          refundNo: refund.refundNo,
          order: (await withCards([after]))[0]!,
        });
      },
    );
  };
}
