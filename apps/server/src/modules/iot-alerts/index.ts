import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { alertRoutes } from './routes.ts';
import { alertJobs } from './service.ts';

/** Run-out forecast and usage alerts of SIM cards. */
export const iotAlertsPlugin = fp(
  async (app: App) => {
    const deps = {
      db: app.db.db,
      sims: app.iotSims,
      renewals: app.iotRenewals,
      sms: app.sms,
      webhooks: app.webhooks,
      promoterIdOf: async (promoCode: string) => (await app.site.findPromoter(promoCode))?.id ?? null,
      log: app.log,
      now: () => app.config.now(),
    };
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await scope.register(alertRoutes(deps));
    });
    addJobs(app.jobs, alertJobs(deps));
  },
  { name: 'iot-alerts', dependencies: ['jobs', 'iot-sessions', 'iot-sims', 'iot-money', 'sms', 'site', 'webhooks'] },
);
