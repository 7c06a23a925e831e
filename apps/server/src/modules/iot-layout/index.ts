import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { layoutPublicRoutes } from './routes.ts';
import { Layouts } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIM layouts, notices and agreements per promoter. */
    iotLayouts: Layouts;
  }
}

/** The IoT app's per-promoter layouts, notices, agreements and login page configuration. */
export const iotLayoutPlugin = fp(
  async (app: App) => {
    const layouts = new Layouts({ db: app.db.db, site: app.site, now: () => app.config.now(), previewSecret: app.config.paymentSecret });
    app.decorate('iotLayouts', layouts);
    await app.register(async (scope) => layoutPublicRoutes(scope, layouts));
  },
  { name: 'iot-layout', dependencies: ['site'] },
);
