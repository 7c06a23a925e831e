import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { authRoutes } from './routes.ts';
import { purgeJob } from './service.ts';

/** Storefront login by mobile and SMS code; other modules ask `currentLogin` / `requireLogin` of its service. */
export const authPlugin = fp(
  async (app: App) => {
    const deps = { ...depsOf(app), sms: app.sms, site: app.site };
    await app.register(authRoutes(deps));
    addJobs(app.jobs, [purgeJob(deps)]);
  },
  { name: 'auth', dependencies: ['jobs', 'site', 'sms'] },
);
