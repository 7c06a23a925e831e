import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { numberWatchRoutes } from './routes.ts';
import { watchJobs } from './service.ts';

/** Number alerts: shoppers' saved searches, matched against numbers as they come on sale. */
export const numberWatchPlugin = fp(
  async (app: App) => {
    const deps = { ...depsOf(app), numbers: app.numbers, site: app.site, sms: app.sms };
    await app.register(numberWatchRoutes(deps));
    addJobs(app.jobs, watchJobs(deps));
  },
  { name: 'number-watch', dependencies: ['jobs', 'site', 'auth', 'numbers', 'sms'] },
);
