import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { logisticsSimulator } from '../../providers/logistics/provider.ts';
import { Logistics } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipments of any order type. */
    logistics: Logistics;
  }
}

/** Shipments through the logistics provider; order types register what a delivery does to their orders. */
export const logisticsPlugin = fp(
  async (app: App) => {
    const logistics = new Logistics(depsOf(app), logisticsSimulator());
    app.decorate('logistics', logistics);
    addJobs(app.jobs, logistics.jobs());
  },
  { name: 'logistics', dependencies: ['jobs'] },
);
