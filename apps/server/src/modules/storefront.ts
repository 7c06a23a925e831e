import type { AddressInfo } from 'node:net';
import type { Deps } from '../lib/deps.ts';
import type { Job } from '../lib/jobs.ts';
import type { App } from '../lib/route.ts';
import { logisticsSimulator } from '../providers/logistics/provider.ts';
import { createSandboxProvider } from '../providers/payment/sandbox.ts';
import { sandboxCashierRoutes } from '../providers/payment/sandbox-cashier.ts';
import { createSmsProvider } from '../providers/sms/provider.ts';
import { authRoutes } from './auth/routes.ts';
import { purgeJob } from './auth/service.ts';
import { Logistics } from './logistics/service.ts';
import { numberRoutes } from './numbers/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { orderJobs, registerOrderHandlers } from './orders/service.ts';
import { paymentRoutes } from './payments/routes.ts';
import { Payments } from './payments/service.ts';
import { reviewRoutes } from './reviews/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment module: other order types register their handlers here (registerOrderType). */
    payments: Payments;
    /** Shipments of any order type. */
    logistics: Logistics;
    /** The storefront's background jobs by name (tests run them by hand with a fixed clock). */
    storefrontJobs: Record<string, Job>;
  }
}

/** This server's own address as a provider reaches it: PUBLIC_URL, else the address it listens on. */
function baseUrl(app: App): string {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/$/, '');
  const address = app.server.address() as AddressInfo | null;
  const port = address && typeof address === 'object' ? address.port : app.config.port;
  return `http://127.0.0.1:${port}`;
}

/** Registers the storefront modules' routes; returns their background jobs. */
export async function registerStorefront(app: App): Promise<Job[]> {
  const deps: Deps = { db: app.db.db, dialect: app.db.dialect, config: app.config, now: () => app.config.now(), log: app.log };
  // The sandbox (and its cashier, whose Pay button anyone may press) only when configured.
  const sandbox =
    app.config.paymentProvider === 'sandbox'
      ? createSandboxProvider({ db: deps.db, secret: app.config.paymentSecret, log: app.log })
      : null;
  const payments = new Payments(deps, sandbox ? [sandbox] : [], () => baseUrl(app));
  const logistics = new Logistics(deps, logisticsSimulator());
  const orderDeps = { ...deps, payments, logistics };
  registerOrderHandlers(orderDeps);
  app.decorate('payments', payments);
  app.decorate('logistics', logistics);

  await app.register(numberRoutes);
  await app.register(authRoutes({ ...deps, sms: createSmsProvider(app.config.smsProvider, app.log) }));
  await app.register(orderRoutes(orderDeps));
  await app.register(paymentRoutes(payments));
  await app.register(reviewRoutes(deps));

  const jobs: Job[] = [...orderJobs(orderDeps), ...payments.jobs(), ...logistics.jobs(), purgeJob(deps)];
  if (sandbox) {
    // Outside the tests the sandbox delivers a notification right after the shopper pays.
    const kick = () => {
      if (app.config.jobs)
        setImmediate(() => sandbox.deliverDue(deps.now()).catch((err) => app.log.error({ err }, 'sandbox delivery failed')));
    };
    await app.register(sandboxCashierRoutes(sandbox, deps.now, kick));
    jobs.push({ name: 'sandbox.deliverNotifications', everyMs: 5_000, run: (now) => sandbox.deliverDue(now) });
  }
  app.decorate('storefrontJobs', Object.fromEntries(jobs.map((j) => [j.name, j])));
  return jobs;
}
