import { envelope } from '@simshop/contract/envelope';
import { goodsDetail, goodsDetailQuery, goodsListQuery, goodsListReply } from '@simshop/contract/goods';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { Goods } from './service.ts';

export async function goodsRoutes(app: App, goods: Goods): Promise<void> {
  const tags = ['goods'];

  app.get(
    '/api/shop/goodsList',
    {
      schema: {
        tags,
        summary: "The storefront's general goods on sale (SIM bundles, devices, accessories) with its categories, paged",
        querystring: goodsListQuery,
        response: { 200: envelope(goodsListReply) },
      },
    },
    async (req) => ok(await goods.list(await app.site.resolvePromoter(req.query.promoCode), req.query, req.ctx.language)),
  );

  app.get(
    '/api/shop/goodsDetail',
    {
      schema: {
        tags,
        summary: 'One good of the storefront with its images, specs (price and stock each) and popup',
        querystring: goodsDetailQuery,
        response: { 200: envelope(goodsDetail) },
      },
    },
    async (req) => ok(await goods.detail(await app.site.resolvePromoter(req.query.promoCode), req.query.id, req.ctx.language)),
  );
}
