import { envelope } from '@simshop/contract/envelope';
import { numberWatchCreateBody, numberWatchIdBody, numberWatchList, numberWatchListQuery } from '@simshop/contract/number-watch';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as watch from './service.ts';

export function numberWatchRoutes(deps: watch.WatchDeps) {
  return async (app: App): Promise<void> => {
    const tags = ['numbers'];
    app.get(
      '/api/shop/numberWatch/list',
      {
        schema: {
          tags,
          summary: "The logged-in shopper's number alerts with the numbers found for each (code 61 without a login)",
          querystring: numberWatchListQuery,
          response: { 200: envelope(numberWatchList) },
        },
      },
      async (req) => ok(await watch.listWatches(deps, req.ctx.sessionId)),
    );
    app.get(
      '/api/shop/numberWatch/unseen',
      {
        schema: {
          tags,
          summary: 'How many numbers found for the alerts the shopper has not looked at yet',
          response: { 200: envelope(z.object({ unseen: z.number().int() })) },
        },
      },
      async (req) => ok({ unseen: await watch.unseen(deps, req.ctx.sessionId) }),
    );
    app.post(
      '/api/shop/numberWatch/create',
      {
        schema: {
          tags,
          summary: 'Saves a number alert: an ending or a pattern, with an operator, region and top price if wanted (at most 10)',
          body: numberWatchCreateBody,
          response: { 200: envelope(z.object({ id: z.number().int() })) },
        },
      },
      async (req) => ok(await watch.createWatch(deps, req.ctx.sessionId, req.body, req.ctx.language)),
    );
    app.post(
      '/api/shop/numberWatch/delete',
      {
        schema: { tags, summary: 'Deletes a number alert of the shopper', body: numberWatchIdBody, response: { 200: envelope(z.null()) } },
      },
      async (req) => {
        await watch.deleteWatch(deps, req.ctx.sessionId, req.body.id);
        return ok(null);
      },
    );
    app.post(
      '/api/shop/numberWatch/seen',
      {
        schema: { tags, summary: 'Marks every number found for the alerts as seen', response: { 200: envelope(z.null()) } },
      },
      async (req) => {
        await watch.markSeen(deps, req.ctx.sessionId);
        return ok(null);
      },
    );
  };
}
