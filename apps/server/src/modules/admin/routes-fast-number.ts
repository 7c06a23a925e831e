import {
  adminFastNumberDetail,
  adminFastNumberDetailQuery,
  adminFastNumberPage,
  adminFastNumberQuery,
  advanceFastNumberBody,
} from '@simshop/contract/admin-fast-number';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as orders from '../orders/service.ts';
import type * as uploads from '../uploads/service.ts';
import { security, tags } from './routes.ts';
import type { OrdersConsoleDeps } from './routes-orders.ts';
import * as admin from './service.ts';

export interface FastNumberConsoleDeps extends OrdersConsoleDeps {
  uploads: uploads.Uploads;
}

/** Fast-number applications in the console: reviewed, decided, shipped and activated by the storefront's operators. */
export function adminFastNumberRoutes(deps: FastNumberConsoleDeps) {
  // An operator's bearer token may read the ID photos of an application within its reach.
  deps.uploads.addReader(async (req, file) => {
    if (file.purpose !== 'idFront' && file.purpose !== 'idBack') return false;
    const op = await admin
      .authenticate(deps, admin.bearerOf(req.headers.authorization))
      .then((s) => s.operator)
      .catch(() => null);
    if (!op) return false;
    const reach = await admin.reachOf(deps, op, 'orders').catch(() => [] as number[]);
    const promoters = await orders.promotersOfCert(deps, file.id);
    return promoters.some((p) => reach === 'all' || reach.includes(p));
  });

  /** The application with its storefront's code, refused like a missing one outside the operator's reach. */
  const reachable = async (op: admin.Operator, orderNo: string, language: Language) => {
    const found = await orders.operatorFastNumber(deps, orderNo, language);
    if (!found) throw invalid('orderNo', 'admin.noSuchObject');
    await admin.requireObject(deps, op, 'orders', found.promoterId);
    const promoter = await deps.site.promoterById(found.promoterId);
    return { ...found, promoCode: promoter?.promoCode ?? '' };
  };

  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/fastNumber',
      {
        schema: {
          tags,
          security,
          summary:
            'Fast-number applications of the storefronts within reach (owners all, agents their own and direct downstream, staff their own), newest first: by state, storefront, order number, applicant or mobile.',
          querystring: adminFastNumberQuery,
          response: { 200: envelope(adminFastNumberPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'orders');
        if (q.promoterId !== undefined && reach !== 'all' && !reach.includes(q.promoterId))
          throw invalid('promoterId', 'admin.noSuchObject');
        const { list, total } = await orders.operatorFastNumberList(
          deps,
          { reach, promoterId: q.promoterId, status: q.status || undefined, keyword: q.keyword?.trim() || undefined },
          q.page,
          q.pageSize,
          req.ctx.language,
        );
        const codes = new Map((await deps.site.allPromoters()).map((p) => [p.id, p.promoCode]));
        return ok({
          list: list.map((o) => ({ ...o, promoCode: codes.get(o.promoterId) ?? '' })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        });
      },
    );
    app.get(
      '/api/admin/fastNumber/detail',
      {
        schema: {
          tags,
          security,
          summary:
            'One application within reach: the ID number in full, the ID photos (served at /api/files/{id} to the bearer), its states and parcel.',
          querystring: adminFastNumberDetailQuery,
          response: { 200: envelope(adminFastNumberDetail) },
        },
      },
      async (req) => ok(await reachable(req.operator, req.query.orderNo, req.ctx.language)),
    );
    app.post(
      '/api/admin/fastNumber/advance',
      {
        schema: {
          tags,
          security,
          summary:
            'Moves an application on: submitted → reviewing → approved or rejected (with the reason the applicant sees) → shipped (with the number given; the parcel is booked) → activated. Any other move, or one already made, is refused. Audited.',
          body: advanceFastNumberBody,
          response: { 200: envelope(adminFastNumberDetail) },
        },
      },
      async (req) => {
        const { orderNo, to, reason, assignedNumber } = req.body;
        const before = await reachable(req.operator, orderNo, req.ctx.language);
        await orders.advanceFastNumberOrder(deps, orderNo, to, { reason, assignedNumber });
        const after = await reachable(req.operator, orderNo, req.ctx.language);
        await admin.audit(deps, req.operator, {
          action: 'fastNumber.advance',
          objectType: 'fastNumber',
          objectId: orderNo,
          promoterId: after.promoterId,
          before: { status: before.status },
          after: {
            status: after.status,
            reason: after.application.rejectReason || undefined,
            assignedNumber: after.assignedNumber || undefined,
          },
        });
        return ok(after);
      },
    );
  };
}
