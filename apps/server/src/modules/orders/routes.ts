import { envelope, page } from '@simshop/contract/envelope';
import { fastNumberApplyBody, fastNumberCertBody, fastNumberProducts, fastNumberProductsQuery } from '@simshop/contract/fast-number';
import { createGoodsOrderBody } from '@simshop/contract/goods';
import {
  createOrderBody,
  orderDetail,
  orderListQuery,
  orderLogistics,
  orderNoBody,
  orderNoQuery,
  orderSummary,
} from '@simshop/contract/orders';
import { paymentView, payOrderBody, payResult } from '@simshop/contract/payments';
import type { FastifyRequest } from 'fastify';
import { shopperOf } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import { idempotent } from '../../lib/idempotency.ts';
import type { App } from '../../lib/route.ts';
import { currentLogin, signInAs } from '../auth/service.ts';
import type { Uploads } from '../uploads/service.ts';
import { applyFastNumber, attachCert, fastNumberProducts as productsOf } from './fast-number-orders.ts';
import { createGoodsOrder } from './goods-orders.ts';
import * as orders from './service.ts';

export function orderRoutes(deps: orders.OrderDeps, uploads: Uploads) {
  return async (app: App): Promise<void> => {
    const { db } = deps;
    const tags = ['orders'];

    const ownerOf = async (req: FastifyRequest): Promise<orders.Owner> => ({
      mobile: (await currentLogin(deps, req.ctx.sessionId))?.mobile ?? null,
      session: orders.orderSessionHash(req.ctx.orderSessionId),
      language: req.ctx.language,
    });
    /** Idempotency keys are scoped to the caller, so nobody can replay another's result. */
    const scopeOf = (req: FastifyRequest, what: string) => `${what}:${req.ctx.sessionId}:${req.ctx.orderSessionId}`;

    app.post(
      '/api/shop/order/create',
      {
        schema: {
          tags,
          summary: 'Order a vanity number; holds it for the configured minutes (32001 when taken). Header idempotency-key replays.',
          body: createOrderBody,
          response: { 200: envelope(orderDetail) },
        },
      },
      async (req) => {
        const owner = await ownerOf(req);
        const { promoCode, agreed: _agreed, ...input } = req.body;
        const result = await idempotent(db, scopeOf(req, 'number-order.create'), req.ctx.idempotencyKey, req.body, async () =>
          orders.createOrder(deps, owner, await app.site.resolvePromoter(promoCode), input),
        );
        return ok(result);
      },
    );

    app.post(
      '/api/shop/goodsOrder/create',
      {
        schema: {
          tags,
          summary:
            'Order units of a general good; takes them from its stock (30001 when not enough are left). Header idempotency-key replays.',
          body: createGoodsOrderBody,
          response: { 200: envelope(orderDetail) },
        },
      },
      async (req) => {
        const owner = await ownerOf(req);
        const { promoCode, agreed: _agreed, ...input } = req.body;
        const result = await idempotent(db, scopeOf(req, 'goods-order.create'), req.ctx.idempotencyKey, req.body, async () =>
          createGoodsOrder(deps, owner, await app.site.resolvePromoter(promoCode), input),
        );
        return ok(result);
      },
    );

    app.get(
      '/api/shop/fastNumber/products',
      {
        schema: {
          tags,
          summary: 'Operators and the packages a new number can be applied for with',
          querystring: fastNumberProductsQuery,
          response: { 200: envelope(fastNumberProducts) },
        },
      },
      async (req) => ok(await productsOf(deps, req.ctx.language)),
    );

    app.post(
      '/api/shop/fastNumber/apply',
      {
        schema: {
          tags,
          summary:
            'Apply for a new number (an F order, state submitted); the mobile is proven by its SMS code (scene apply), and a session not yet logged in is then logged in as it. Header idempotency-key replays.',
          body: fastNumberApplyBody,
          response: { 200: envelope(orderDetail) },
        },
      },
      async (req) => {
        const owner = await ownerOf(req);
        const { promoCode, agreed: _agreed, ...input } = req.body;
        const result = await idempotent(db, scopeOf(req, 'fast-number.apply'), req.ctx.idempotencyKey, req.body, async () =>
          applyFastNumber(deps, owner, await app.site.resolvePromoter(promoCode), input),
        );
        if (!owner.mobile && req.ctx.sessionId)
          await signInAs({ ...deps, site: app.site }, input.mobile, req.ctx.sessionId, req.ctx.language);
        return ok(result);
      },
    );

    app.post(
      '/api/shop/fastNumber/cert',
      {
        schema: {
          tags,
          summary:
            "Add the ID photos (the caller's own uploads, purposes idFront and idBack) to an application of the logged-in caller until it is decided (61 when not logged in)",
          body: fastNumberCertBody,
          response: { 200: envelope(orderDetail) },
        },
      },
      async (req) => ok(await attachCert(deps, uploads, await ownerOf(req), req.body)),
    );

    app.get(
      '/api/shop/order/list',
      {
        schema: {
          tags,
          summary: "The logged-in mobile's orders, or before login this browser's order session's; newest first",
          querystring: orderListQuery,
          response: { 200: envelope(page(orderSummary)) },
        },
      },
      async (req) =>
        ok(await orders.listOrders(deps, await ownerOf(req), req.query.status || undefined, req.query.page, req.query.pageSize)),
    );

    app.get(
      '/api/shop/order/detail',
      { schema: { tags, summary: 'One order of the caller', querystring: orderNoQuery, response: { 200: envelope(orderDetail) } } },
      async (req) => ok(await orders.orderDetail(deps, await ownerOf(req), req.query.orderNo)),
    );

    app.post(
      '/api/shop/order/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel an order awaiting payment; frees the number',
          body: orderNoBody,
          response: { 200: envelope(orderDetail) },
        },
      },
      async (req) => ok(await orders.cancelOrder(deps, await ownerOf(req), req.body.orderNo)),
    );

    app.post(
      '/api/shop/order/pay',
      {
        schema: {
          tags,
          summary: "Open (or reuse) a payment for an order with one of the storefront's methods; payUrl opens the cashier",
          body: payOrderBody,
          response: { 200: envelope(paymentView) },
        },
      },
      async (req) => {
        const owner = await ownerOf(req);
        const result = await idempotent(db, scopeOf(req, 'number-order.pay'), req.ctx.idempotencyKey, req.body, async () =>
          orders.payOrder(
            deps,
            owner,
            await app.site.resolvePromoter(req.body.promoCode),
            req.body.orderNo,
            req.body.method,
            shopperOf(req),
          ),
        );
        return ok(result);
      },
    );

    app.get(
      '/api/shop/order/payResult',
      {
        schema: {
          tags,
          summary: "The order's payment state (asks the provider while pending)",
          querystring: orderNoQuery,
          response: { 200: envelope(payResult) },
        },
      },
      async (req) => ok(await orders.payResult(deps, await ownerOf(req), req.query.orderNo)),
    );

    app.get(
      '/api/shop/order/logistics',
      {
        schema: {
          tags,
          summary: 'Carrier, tracking number and event timeline of a shipped order',
          querystring: orderNoQuery,
          response: { 200: envelope(orderLogistics) },
        },
      },
      async (req) => ok(await orders.orderLogistics(deps, await ownerOf(req), req.query.orderNo, req.ctx.language)),
    );
  };
}
