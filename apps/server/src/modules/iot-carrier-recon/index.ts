import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { RECON_TICK_MS, Reconciliation } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reconciliation of the cards with their operators: the differences found and the actions on them. */
    iotCarrierRecon: Reconciliation;
  }
}

/**
 * Reconciliation with the operators (decision 0090): a sweep compares each card's operator with
 * our ledgers and the card, and records the differences (table iot_carrier_recon) for the console.
 */
export const iotCarrierReconPlugin = fp(
  async (app: App) => {
    const recon = new Reconciliation({
      db: app.db.db,
      store: app.db,
      carrier: app.iotRoutedCarrier,
      now: () => app.config.now(),
      log: app.log,
      promoterIdOf: async (promoCode) => (await app.site.findPromoter(promoCode))?.id ?? null,
      promoterById: (id) => app.site.promoterById(id),
    });
    app.decorate('iotCarrierRecon', recon);
    addJobs(app.jobs, [{ name: 'iot.carrier-recon', everyMs: RECON_TICK_MS, run: (now) => recon.run(now) }]);
  },
  { name: 'iot-carrier-recon', dependencies: ['jobs', 'site', 'iot-carrier', 'iot-sims', 'iot-carrier-accounts'] },
);
