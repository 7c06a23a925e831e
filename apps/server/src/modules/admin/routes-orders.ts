import { adminOrderPage, adminOrderQuery, shipOrderBody, shippedOrder } from '@simshop/contract/admin';
import { cancelledOrder, cancelOrderBody } from '@simshop/contract/admin-reports';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import * as orders from '../orders/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

export type OrdersConsoleDeps = admin.AdminDeps & orders.OrderDeps;

async function promoCodes(deps: OrdersConsoleDeps): Promise<Map<number, string>> {
  return new Map((await deps.site.allPromoters()).map((p) => [p.id, p.promoCode]));
}

/** Storefront orders in the console: the list within the operator's reach, shipping and cancelling. */
export function adminOrderRoutes(deps: OrdersConsoleDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/orders',
      {
        schema: {
          tags,
          security,
          summary:
            'Storefront orders (numbers and goods) of the storefronts within reach: all for an owner, its own and direct downstream for an agent, its own for staff; filtered, sorted, paged.',
          querystring: adminOrderQuery,
          response: { 200: envelope(adminOrderPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'orders');
        if (q.promoterId !== undefined && reach !== 'all' && !reach.includes(q.promoterId))
          throw invalid('promoterId', 'admin.noSuchObject');
        const { list, total } = await orders.operatorOrderList(
          deps,
          {
            reach,
            promoterId: q.promoterId,
            status: q.status || undefined,
            kind: q.kind || undefined,
            keyword: q.keyword?.trim() || undefined,
            sort: q.sort,
            order: q.order,
          },
          q.page,
          q.pageSize,
        );
        const codes = await promoCodes(deps);
        return ok({
          list: list.map((o) => ({ ...o, promoCode: codes.get(o.promoterId) ?? '' })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        });
      },
    );
    app.post(
      '/api/admin/orders/ship',
      {
        schema: {
          tags,
          security,
          summary: "Ships a paid order with the carrier's tracking number (the buyer's order page then shows it); audited.",
          body: shipOrderBody,
          response: { 200: envelope(shippedOrder) },
        },
      },
      async (req) => {
        const { orderNo, trackingNo } = req.body;
        const before = await orders.operatorOrder(deps, orderNo);
        if (!before) throw invalid('orderNo', 'admin.noSuchObject');
        await admin.requireObject(deps, req.operator, 'orders', before.promoterId);
        await orders.shipOrder(deps, orderNo, deps.now(), trackingNo);
        const after = (await orders.operatorOrder(deps, orderNo))!;
        await admin.audit(deps, req.operator, {
          action: 'order.ship',
          objectType: 'order',
          objectId: orderNo,
          promoterId: before.promoterId,
          before: { status: before.status, trackingNo: before.trackingNo },
          after: { status: after.status, trackingNo: after.trackingNo },
        });
        const codes = await promoCodes(deps);
        return ok({ ...after, promoCode: codes.get(after.promoterId) ?? '' });
      },
    );
    app.post(
      '/api/admin/orders/cancel',
      {
        schema: {
          tags,
          security,
          summary:
            'Cancels an order: one awaiting payment is cancelled and its number or stock released; a paid one not shipped yet is refunded in full through its payment provider (asking again answers the same refund) and, once the provider confirms, refunded with its number or stock released; audited.',
          body: cancelOrderBody,
          response: { 200: envelope(cancelledOrder) },
        },
      },
      async (req) => {
        const { orderNo, reason } = req.body;
        const before = await orders.operatorOrder(deps, orderNo);
        if (!before) throw invalid('orderNo', 'admin.noSuchObject');
        await admin.requireObject(deps, req.operator, 'orders', before.promoterId);
        const { refund } = await orders.operatorCancel(deps, orderNo, reason.trim());
        const after = (await orders.operatorOrder(deps, orderNo))!;
        const refundView = refund && { refundNo: refund.refundNo, amount: refund.amount, state: refund.state };
        await admin.audit(deps, req.operator, {
          action: 'order.cancel',
          objectType: 'order',
          objectId: orderNo,
          promoterId: before.promoterId,
          before: { status: before.status },
          after: { status: after.status, reason: reason.trim(), refund: refundView },
        });
        const { trackingNo: _, ...view } = after;
        const codes = await promoCodes(deps);
        return ok({ ...view, promoCode: codes.get(after.promoterId) ?? '', refund: refundView });
      },
    );
  };
}
