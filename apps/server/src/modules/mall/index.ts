import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import type { MallDeps } from './deps.ts';
import { mallJobs, registerMallHandlers } from './orders.ts';
import { mallRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The points mall's dependencies, for its service functions (shipping, pick-up). */
    mall: MallDeps;
  }
}

/** The points mall: goods for points (and money), addresses, pick-up points, orders and their parcels. */
export const mallPlugin = fp(
  async (app: App) => {
    const deps: MallDeps = { ...depsOf(app), payments: app.payments, logistics: app.logistics, site: app.site, sims: app.iotSims };
    app.decorate('mall', deps);
    registerMallHandlers(deps);
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await mallRoutes(deps)(scope);
    });
    addJobs(app.jobs, mallJobs(deps));
  },
  { name: 'mall', dependencies: ['jobs', 'site', 'payments', 'logistics', 'iot-sessions', 'iot-sims'] },
);
