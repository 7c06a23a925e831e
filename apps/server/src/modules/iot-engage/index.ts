import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { engageRoutes } from './routes.ts';
import type { EngageDeps } from './tasks.ts';
import { currentVipOrder } from './vip.ts';

/** IoT engagement: daily sign-in and tasks, coupon exchange and VIP, moving money and points through iot-money's ledger. */
export const iotEngagePlugin = fp(
  async (app: App) => {
    const deps: EngageDeps = { db: app.db.db, dialect: app.db.dialect, sims: app.iotSims, now: () => app.config.now() };
    app.iotSims.useVipOrders((simId, now, language) => currentVipOrder(deps, simId, now, language));
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await engageRoutes(deps)(scope);
    });
  },
  { name: 'iot-engage', dependencies: ['iot-sessions', 'iot-sims', 'iot-money'] },
);
