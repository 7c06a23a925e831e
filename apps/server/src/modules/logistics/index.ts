import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { KUAIDI100_CALLBACK_PATH, Kuaidi100, PUSH_RECEIVED, PUSH_REFUSED, readKuaidi100Push } from '../../providers/logistics/kuaidi100.ts';
import { type LogisticsProvider, logisticsSimulator, noLogistics } from '../../providers/logistics/provider.ts';
import { Logistics } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shipments of any order type. */
    logistics: Logistics;
  }
}

/** The tracking service named by the configuration (LOGISTICS_PROVIDER). */
export function logisticsProviderFor(config: Config): LogisticsProvider {
  const k = config.logistics.kuaidi100;
  if (config.logistics.provider === 'kuaidi100' && k) {
    return new Kuaidi100({
      ...k,
      callbackUrl: `${(config.publicUrl ?? '').replace(/\/$/, '')}${KUAIDI100_CALLBACK_PATH}`,
    });
  }
  return config.logistics.provider === 'simulator' ? logisticsSimulator() : noLogistics();
}

/**
 * Shipments through the logistics provider; order types register what a delivery does to their
 * orders. With Kuaidi100, its signed pushes are received at KUAIDI100_CALLBACK_PATH (mounted only then).
 */
export const logisticsPlugin = fp(
  async (app: App) => {
    const logistics = new Logistics(depsOf(app), logisticsProviderFor(app.config));
    app.decorate('logistics', logistics);
    addJobs(app.jobs, logistics.jobs());
    const salt = app.config.logistics.kuaidi100?.salt;
    if (logistics.provider.name !== 'kuaidi100' || !salt) return;
    await app.register(async (scope: App) => {
      // Kuaidi100 posts a form: param (JSON) and sign = MD5(param + salt).
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      scope.post(
        KUAIDI100_CALLBACK_PATH,
        {
          config: { rateLimit: false },
          schema: { tags: ['logistics'], summary: "Kuaidi100's push of a parcel's track (signed with the subscription's salt)" },
        },
        async (req, reply) => {
          const form = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
          const push = readKuaidi100Push(form, salt);
          if (!push) {
            req.log.warn('logistics: a Kuaidi100 push with a bad signature was refused');
            return reply.status(400).send(PUSH_REFUSED);
          }
          await logistics.receivePush(push, app.config.now());
          return reply.send(PUSH_RECEIVED);
        },
      );
    });
  },
  { name: 'logistics', dependencies: ['jobs'] },
);
