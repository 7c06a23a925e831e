import { envelope } from '@simshop/contract/envelope';
import { agentApiPageQuery, agentCardPage, agentOrderPage } from '@simshop/contract/webhooks';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as sims from '../iot-sims/service.ts';
import { type OrderDeps, operatorOrderList } from '../orders/service.ts';
import type { Site } from '../site/service.ts';
import type { Webhooks } from './service.ts';

const tags = ['agent-api'];
const security = [{ agentToken: [] }];

const bearerOf = (header: string | undefined) => /^Bearer\s+(sst_[A-Za-z0-9_-]{20,100})$/.exec(header ?? '')?.[1] ?? '';

/**
 * The agent read API: a storefront's own cards and orders for the holder of one of its API tokens
 * (made in the console, scopes cards:read and orders:read, limited per minute). A missing, unknown
 * or revoked token answers 401, a token without the scope 403, too many calls 429.
 */
export function agentApiRoutes(deps: OrderDeps & { site: Site; webhooks: Webhooks }) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/agent/v1/cards',
      {
        schema: {
          tags,
          security,
          summary: "The token's storefront's SIM cards, newest first (scope cards:read).",
          querystring: agentApiPageQuery,
          response: { 200: envelope(agentCardPage) },
        },
      },
      async (req) => {
        const { promoterId } = await deps.webhooks.authorise(bearerOf(req.headers.authorization), 'cards:read');
        const p = await deps.site.promoterById(promoterId);
        const { rows, total } = await sims.operatorSimList(
          deps.db,
          { reach: p ? [p.promoCode] : [], sort: 'createdAt', order: 'desc' },
          req.query.page,
          req.query.pageSize,
        );
        return ok({
          list: rows.map((r) => ({
            simNo: r.simNo,
            iccid: r.iccid,
            simStatus: r.simStatus,
            balance: r.balance,
            endAt: r.endAt,
            deviceNo: r.deviceNo === '' ? null : r.deviceNo,
            createdAt: r.createdAt,
          })),
          total,
          page: req.query.page,
          pageSize: req.query.pageSize,
        });
      },
    );
    app.get(
      '/api/agent/v1/orders',
      {
        schema: {
          tags,
          security,
          summary: "The token's storefront's orders of numbers and goods, newest first (scope orders:read).",
          querystring: agentApiPageQuery,
          response: { 200: envelope(agentOrderPage) },
        },
      },
      async (req) => {
        const { promoterId } = await deps.webhooks.authorise(bearerOf(req.headers.authorization), 'orders:read');
        const { list, total } = await operatorOrderList(
          deps,
          { reach: [promoterId], sort: 'createdAt', order: 'desc' },
          req.query.page,
          req.query.pageSize,
        );
        return ok({
          list: list.map((o) => ({
            kind: o.kind,
            orderNo: o.orderNo,
            status: o.status,
            item: o.item,
            amount: o.amount,
            createdAt: o.createdAt,
            paidAt: o.paidAt,
            shippedAt: o.shippedAt,
          })),
          total,
          page: req.query.page,
          pageSize: req.query.pageSize,
        });
      },
    );
  };
}
