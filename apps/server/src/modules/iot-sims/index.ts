import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import type { SessionCompanion } from '../iot-auth/service.ts';
import { simInfoRoute, simRoutes } from './routes.ts';
import { Sims } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIM cards and devices: SIM info (cached a second per instance), login targets, breaks. */
    iotSims: Sims;
  }
}

/** The SIM dashboard: SIM info, refresh, history, the SIMs of a device, breaks, the card's layout. */
export const iotSimsPlugin = fp(
  async (app: App) => {
    const sims = new Sims({
      db: app.db,
      carrier: app.iotRoutedCarrier,
      site: app.site,
      layouts: app.iotLayouts,
      capabilities: app.iotCapabilities,
      now: () => app.config.now(),
      bus: app.shared.bus,
    });
    app.decorate('iotSims', sims);
    await app.register(async (scope) => {
      app.guardSimScope(scope, sims.sessionCompanion as SessionCompanion<unknown>);
      await simInfoRoute(scope, sims);
    });
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await simRoutes(scope, sims, app.iotLayouts);
    });
  },
  { name: 'iot-sims', dependencies: ['site', 'iot-sessions', 'iot-carrier', 'iot-layout', 'iot-capabilities'] },
);
