import { startJobs } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';
import { healthRoutes } from './health/routes.ts';
import { registerIot } from './iot.ts';
import { siteRoutes } from './site/routes.ts';
import { registerStorefront } from './storefront.ts';

/** Every domain module, registered once; background jobs start when the config allows. */
export async function registerModules(app: App): Promise<void> {
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  const jobs = [...(await registerStorefront(app)), ...(await registerIot(app))];
  if (app.config.jobs && jobs.length > 0) {
    let stop = () => {};
    app.addHook('onReady', async () => {
      stop = startJobs(jobs, app.log);
    });
    app.addHook('onClose', async () => stop());
  }
}
