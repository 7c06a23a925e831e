import { envelope } from '@simshop/contract/envelope';
import { createReviewBody, review, reviewListQuery, reviewListReply } from '@simshop/contract/orders';
import type { Deps } from '../../lib/deps.ts';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { requireLogin } from '../auth/service.ts';
import * as reviews from './service.ts';

export function reviewRoutes(deps: Deps) {
  return async (app: App): Promise<void> => {
    const tags = ['reviews'];
    app.get(
      '/api/shop/reviews',
      {
        schema: {
          tags,
          summary: "Reviews of a storefront's buyers, newest first",
          querystring: reviewListQuery,
          response: { 200: envelope(reviewListReply) },
        },
      },
      async (req) =>
        ok(await reviews.listReviews(deps, await app.site.resolvePromoter(req.query.promoCode), req.query.page, req.query.pageSize)),
    );
    app.post(
      '/api/shop/review',
      {
        schema: {
          tags,
          summary: 'Review a completed order (login required: 61)',
          body: createReviewBody,
          response: { 200: envelope(review) },
        },
      },
      async (req) => ok(await reviews.createReview(deps, await requireLogin(deps, req.ctx.sessionId), req.body)),
    );
  };
}
