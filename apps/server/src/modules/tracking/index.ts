import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { trackingRoutes } from './routes.ts';
import { Tracking } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Page views and clicks per promoter (the operator console reads the counts here). */
    tracking: Tracking;
  }
}

/** The storefront's page-view and click reports. */
export const trackingPlugin = fp(
  async (app: App) => {
    const tracking = new Tracking({ db: app.db.db, site: app.site, now: () => app.config.now() });
    app.decorate('tracking', tracking);
    await trackingRoutes(app, tracking);
  },
  { name: 'tracking', dependencies: ['site'] },
);
