import type { Job } from '../lib/jobs.ts';
import { nullableSerializerCompiler } from '../lib/nullable-serializer.ts';
import type { App } from '../lib/route.ts';
import { CarrierSimulator } from '../providers/carrier/simulator.ts';
import type { CarrierProvider } from '../providers/carrier/types.ts';
import { guardSimScope } from './iot-auth/guard.ts';
import { simLoginRoutes, simSessionRoutes } from './iot-auth/routes.ts';
import { carrierJobs } from './iot-carrier/service.ts';
import { layoutPublicRoutes, layoutRoutes } from './iot-layout/routes.ts';
import { simRoutes } from './iot-sims/routes.ts';

/**
 * Registers the iot modules' routes; returns their background jobs. Everything under /api/iot/ sits
 * in one scope whose guard answers 34061 without a valid SIM session.
 */
export async function registerIot(app: App, carrier: CarrierProvider = new CarrierSimulator()): Promise<Job[]> {
  app.decorateRequest('sim', null as never);
  await app.register(async (scope) => {
    scope.setSerializerCompiler(nullableSerializerCompiler);
    await simLoginRoutes(scope, carrier);
    await layoutPublicRoutes(scope);
  });
  await app.register(async (scope) => {
    scope.setSerializerCompiler(nullableSerializerCompiler);
    guardSimScope(scope);
    await simSessionRoutes(scope);
    await simRoutes(scope, carrier);
    await layoutRoutes(scope);
  });
  return carrierJobs(app.db, carrier);
}
