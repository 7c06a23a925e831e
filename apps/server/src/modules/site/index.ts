import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { siteRoutes } from './routes.ts';
import { Site } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Promoters, settings and dictionaries: every storefront and IoT module reads promoters here. */
    site: Site;
  }
}

/** The site module: promoters and their storefront configuration, dictionaries, divisions, app domains. */
export const sitePlugin = fp(
  async (app: App) => {
    const site = new Site({ db: app.db.db, dialect: app.db.dialect, now: () => app.config.now() });
    app.decorate('site', site);
    await siteRoutes(app, site);
  },
  { name: 'site' },
);
