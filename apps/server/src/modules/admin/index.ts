import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { adminAuthRoutes, adminCoreRoutes, guarded } from './routes.ts';
import { adminAgentRoutes } from './routes-agents.ts';
import { adminCapabilityRoutes } from './routes-capabilities.ts';
import { adminCarrierAccountRoutes } from './routes-carrier-accounts.ts';
import { adminReconRoutes } from './routes-carrier-recon.ts';
import { adminCatalogueRoutes } from './routes-catalogue.ts';
import { adminContentRoutes } from './routes-content.ts';
import { adminEngageRoutes } from './routes-engage.ts';
import { adminFastNumberRoutes } from './routes-fast-number.ts';
import { adminIotMoneyRoutes } from './routes-iot-money.ts';
import { adminLayoutRoutes } from './routes-layouts.ts';
import { adminNumberPackageRoutes } from './routes-number-packages.ts';
import { adminNumberRoutes } from './routes-numbers.ts';
import { adminOrderRoutes } from './routes-orders.ts';
import { adminPromoterRoutes } from './routes-promoters.ts';
import { adminDashboardRoutes, adminReportRoutes } from './routes-reports.ts';
import { adminSimRoutes } from './routes-sims.ts';
import { adminWebhookRoutes } from './routes-webhooks.ts';
import { purgeJob } from './service.ts';

/**
 * The operator console's API (`/api/admin/*`): operators, their sessions (password, then TOTP),
 * per-object authorisation and the audit log. Writes go through the owning modules' services.
 */
export const adminPlugin = fp(
  async (app: App) => {
    const deps = {
      ...depsOf(app),
      site: app.site,
      numbers: app.numbers,
      goods: app.goods,
      payments: app.payments,
      logistics: app.logistics,
    };
    await app.register(adminAuthRoutes(deps));
    await app.register(
      guarded(deps, async (scope) => {
        await adminCoreRoutes(deps)(scope);
        await adminOrderRoutes(deps)(scope);
        await adminFastNumberRoutes({ ...deps, uploads: app.uploads })(scope);
        await adminNumberRoutes(deps)(scope);
        await adminNumberPackageRoutes(deps)(scope);
        await adminAgentRoutes(deps)(scope);
        await adminPromoterRoutes(deps)(scope);
        await adminReportRoutes(deps)(scope);
        await adminDashboardRoutes(deps)(scope);
        await adminCatalogueRoutes(deps)(scope);
        await adminIotMoneyRoutes(deps)(scope);
        await adminSimRoutes({
          ...deps,
          store: app.db,
          sims: app.iotSims,
          account: app.iotAccount,
          devices: app.iotDevice,
          uploads: app.uploads,
        })(scope);
        await adminCapabilityRoutes({ ...deps, store: app.db, sims: app.iotSims, capabilities: app.iotCapabilities })(scope);
        await adminEngageRoutes({ ...deps, engage: app.iotEngage })(scope);
        await adminLayoutRoutes({ ...deps, iotLayouts: app.iotLayouts, customer: app.customer })(scope);
        await adminWebhookRoutes({ ...deps, webhooks: app.webhooks })(scope);
        await adminCarrierAccountRoutes({ ...deps, carrierAccounts: app.iotCarrierAccounts })(scope);
        await adminReconRoutes({ ...deps, recon: app.iotCarrierRecon })(scope);
        await adminContentRoutes({ ...deps, iotLayouts: app.iotLayouts, singlePages: app.singlePages })(scope);
      }),
    );
    addJobs(app.jobs, [purgeJob(deps)]);
  },
  {
    name: 'admin',
    dependencies: [
      'jobs',
      'site',
      'numbers',
      'goods',
      'payments',
      'logistics',
      'orders',
      'agents',
      'iot-sims',
      'iot-carrier-accounts',
      'iot-carrier-recon',
      'iot-capabilities',
      'iot-money',
      'iot-layout',
      'customer',
      'webhooks',
      'iot-engage',
      'mall',
      'single-page',
      'uploads',
    ],
  },
);
