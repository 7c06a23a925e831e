import { envelope } from '@simshop/contract/envelope';
import { singlePageInfo, singlePageQuery } from '@simshop/contract/single-page';
import fp from 'fastify-plugin';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { SinglePages } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Featured landing pages (single pages) of the promoters. */
    singlePages: SinglePages;
  }
}

/** Featured landing pages (single pages) of the promoters. */
export const singlePagePlugin = fp(
  async (app: App) => {
    const pages = new SinglePages({ db: app.db.db, site: app.site, now: () => app.config.now() });
    app.decorate('singlePages', pages);
    app.get(
      '/api/shop/singlePageInfo',
      {
        schema: {
          tags: ['single-page'],
          summary: "A promoter's featured landing page by its page code",
          querystring: singlePageQuery,
          response: { 200: envelope(singlePageInfo) },
        },
      },
      async (req) => ok(await pages.info(req.query.pageCode, req.query.promoCode, req.ctx.language)),
    );
  },
  { name: 'single-page', dependencies: ['site'] },
);
