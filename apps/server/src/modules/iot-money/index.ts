import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import type { SessionCompanion } from '../iot-auth/service.ts';
import type { MoneyDeps } from './deps.ts';
import { orderJobs } from './expiry.ts';
import { registerIotOrderType } from './payment-handlers.ts';
import { provisioningJobs } from './provisioning.ts';
import { type ComingRenewal, renewalJobs, renewalsComing } from './renewal.ts';
import { buyPackageRoute, moneyRoutes } from './routes.ts';
import type { MoneyTopups } from './service.ts';
import { MoneyCache } from './settings.ts';
import { createTopup, topupChoose } from './topups.ts';
import { orderDetails } from './views.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Balance top-ups for modules that take them without a SIM session (machine codes). */
    iotTopups: MoneyTopups;
    /** Auto-renewals coming within a time, for the notice their holders get ahead. */
    iotRenewals: { coming(now: number, withinMs: number): Promise<ComingRenewal[]> };
  }
}

/** IoT money: packages, top-ups, ledgers, renewals and the pay password of a card. */
export const iotMoneyPlugin = fp(
  async (app: App) => {
    const now = () => app.config.now();
    const deps: MoneyDeps = {
      db: app.db,
      carrier: app.iotRoutedCarrier,
      payments: app.payments,
      site: app.site,
      sims: app.iotSims,
      simLogin: app.iotLogin,
      config: app.config,
      now,
      log: app.log,
      cache: new MoneyCache(now),
      firstTries: new Map(),
      webhooks: app.webhooks,
    };
    registerIotOrderType(deps);
    app.decorate('iotTopups', {
      choose: (simId, language) => topupChoose(deps, simId, 'balance', language),
      create: (caller, body, returnUrl) => createTopup(deps, caller, 'balance', body, returnUrl),
      details: (simId, orderNo, language) => orderDetails(deps, simId, orderNo, language),
    } satisfies MoneyTopups);
    app.decorate('iotRenewals', { coming: (at: number, withinMs: number) => renewalsComing(deps, at, withinMs) });
    await app.register(async (scope) => {
      app.guardSimScope(scope, app.iotSims.cardCompanion as SessionCompanion<unknown>);
      await buyPackageRoute(deps)(scope);
    });
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await moneyRoutes(deps)(scope);
    });
    addJobs(app.jobs, [...orderJobs(deps), ...provisioningJobs(deps), ...renewalJobs(deps)]);
  },
  { name: 'iot-money', dependencies: ['jobs', 'site', 'payments', 'iot-sessions', 'iot-carrier', 'iot-sims', 'iot-auth', 'webhooks'] },
);
