import type { Job } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';
import { CarrierSimulator } from '../providers/carrier/simulator.ts';
import type { CarrierProvider } from '../providers/carrier/types.ts';
import { guardSimScope } from './iot-auth/guard.ts';
import { simLoginRoutes, simSessionRoutes } from './iot-auth/routes.ts';
import { carrierJobs } from './iot-carrier/service.ts';
import { layoutPublicRoutes } from './iot-layout/routes.ts';
import { type MoneyDeps, orderJobs, registerIotOrderType } from './iot-money/orders.ts';
import { renewalJobs } from './iot-money/renewal.ts';
import { moneyRoutes } from './iot-money/routes.ts';
import { simRoutes } from './iot-sims/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The carrier provider of the iot modules (tests reach the simulator's failure modes here). */
    iotCarrier: CarrierProvider;
    /** The iot modules' background jobs by name (tests run them by hand with a fixed clock). */
    iotJobs: Record<string, Job>;
  }
}

/**
 * Registers the iot modules' routes; returns their background jobs. Everything under /api/iot/ sits
 * in one scope whose guard answers 34061 without a valid SIM session.
 */
export async function registerIot(app: App, carrier: CarrierProvider = new CarrierSimulator()): Promise<Job[]> {
  app.decorateRequest('sim', null as never);
  const money: MoneyDeps = { db: app.db, carrier, payments: app.payments, config: app.config, now: () => app.config.now(), log: app.log };
  registerIotOrderType(money);
  await app.register(async (scope) => {
    await simLoginRoutes(scope, carrier);
    await layoutPublicRoutes(scope);
  });
  await app.register(async (scope) => {
    guardSimScope(scope);
    await simSessionRoutes(scope);
    await simRoutes(scope, carrier);
    await moneyRoutes(money)(scope);
  });
  const jobs = [...carrierJobs(app.db, carrier), ...orderJobs(money), ...renewalJobs(money)];
  app.decorate('iotCarrier', carrier);
  app.decorate('iotJobs', Object.fromEntries(jobs.map((j) => [j.name, j])));
  return jobs;
}
