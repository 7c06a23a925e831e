import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { freshnessRoutes } from './routes.ts';
import { CarrierAccounts, SYNC_TICK_MS } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator accounts of the storefronts, the cards on them and their sync scheduler. */
    iotCarrierAccounts: CarrierAccounts;
  }
}

/**
 * Operator accounts per storefront: the iot modules' carrier sends each card's calls to its
 * account's adapter; the scheduler sweeps each account's cards at its rate (decision 0077).
 */
export const iotCarrierAccountsPlugin = fp(
  async (app: App) => {
    const accounts = new CarrierAccounts({
      db: app.db.db,
      store: app.db,
      config: app.config,
      now: () => app.config.now(),
      log: app.log,
      promoterById: (id) => app.site.promoterById(id),
      promoterIdOf: async (promoCode) => (await app.site.findPromoter(promoCode))?.id ?? null,
      builtInName: app.iotCarrier.name,
      operations: app.iotCarrierOperations,
    });
    app.decorate('iotCarrierAccounts', accounts);
    app.iotRoutedCarrier.route(accounts.resolve);
    app.addHook('onReady', () => accounts.start());
    app.addHook('onClose', async () => accounts.stop());
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await scope.register(freshnessRoutes(accounts));
    });
    addJobs(app.jobs, [{ name: 'iot.carrier-accounts-sync', everyMs: SYNC_TICK_MS, run: (now) => accounts.syncTick(now) }]);
  },
  { name: 'iot-carrier-accounts', dependencies: ['jobs', 'site', 'iot-carrier', 'iot-sessions', 'iot-sims'] },
);
