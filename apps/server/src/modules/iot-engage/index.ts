import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { accelerateJobs, currentAccelerateOrder, registerAccelerateOrderType, speedUpWant } from './accelerate.ts';
import type { ShopDeps } from './online.ts';
import { engageRoutes } from './routes.ts';
import { closeUnpaidVip, currentVipOrder, packageDiscountOf, registerVipOrderType } from './vip.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Engagement's dependencies, for its service functions (the operator console). */
    iotEngage: ShopDeps;
  }
}

/** IoT engagement: daily sign-in and tasks, coupon exchange, VIP and speed-ups, moving money and points through iot-money's ledger. */
export const iotEngagePlugin = fp(
  async (app: App) => {
    const deps: ShopDeps = {
      db: app.db.db,
      dialect: app.db.dialect,
      sims: app.iotSims,
      now: () => app.config.now(),
      payments: app.payments,
      site: app.site,
      speeds: app.iotSpeeds,
      log: app.log,
      holdMs: app.config.orderHoldMinutes * 60_000,
    };
    app.decorate('iotEngage', deps);
    app.iotSims.useVipOrders((simId, now, language) => currentVipOrder(deps, simId, now, language));
    app.iotSims.useAccelerateOrders((simId, now, language) => currentAccelerateOrder(deps, simId, now, language));
    app.iotSims.usePackageDiscount(packageDiscountOf);
    registerVipOrderType(deps);
    registerAccelerateOrderType(deps);
    // A paid speed-up outranks the holder's slow-down rule (iot-rules, rank 1) while it runs.
    app.iotSpeeds.add(2, (simId, now) => speedUpWant(deps, simId, now));
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await engageRoutes(deps)(scope);
    });
    addJobs(app.jobs, [...accelerateJobs(deps), { name: 'iot.vip.closeUnpaid', everyMs: 60_000, run: (now) => closeUnpaidVip(deps, now) }]);
  },
  { name: 'iot-engage', dependencies: ['jobs', 'site', 'payments', 'iot-sessions', 'iot-carrier', 'iot-sims', 'iot-money'] },
);
