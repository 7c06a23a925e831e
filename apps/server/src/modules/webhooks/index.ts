import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { agentApiRoutes } from './routes.ts';
import { Webhooks } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agent webhooks: other modules record events here (`emit`, in their transaction); the console manages endpoints and tokens. */
    webhooks: Webhooks;
  }
}

/**
 * Agent webhooks: the event outbox, endpoints, signed deliveries retried by a job, API tokens.
 * It depends on no domain module, so every module may record events through it.
 */
export const webhooksPlugin = fp(
  async (app: App) => {
    const deps = depsOf(app);
    const webhooks = new Webhooks(deps);
    app.decorate('webhooks', webhooks);
    const job = webhooks.jobs();
    addJobs(app.jobs, job);
    // A replay is tried at once when this instance runs jobs (the job's next tick would do it too).
    webhooks.onDue(() => {
      if (app.config.jobs)
        setImmediate(() => webhooks.deliverDue(deps.now()).catch((err) => app.log.error({ err }, 'webhook delivery failed')));
    });
  },
  { name: 'webhooks', dependencies: ['jobs'] },
);

/** The agent read API (`/api/agent/v1/*`): a storefront's cards and orders for its API tokens. */
export const agentApiPlugin = fp(
  async (app: App) => {
    const deps = {
      ...depsOf(app),
      numbers: app.numbers,
      goods: app.goods,
      payments: app.payments,
      logistics: app.logistics,
      site: app.site,
      webhooks: app.webhooks,
    };
    await app.register(agentApiRoutes(deps));
  },
  { name: 'agent-api', dependencies: ['webhooks', 'site', 'numbers', 'goods', 'payments', 'logistics', 'orders', 'iot-sims'] },
);
