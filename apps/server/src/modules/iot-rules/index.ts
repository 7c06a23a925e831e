import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { ruleRoutes } from './routes.ts';
import { type RuleDeps, ruleJobs, slowdownWant } from './service.ts';

/** Standing rules of SIM cards: auto top-up (asked, paid by the holder) and slow-down past a month's data. */
export const iotRulesPlugin = fp(
  async (app: App) => {
    const deps: RuleDeps = {
      db: app.db,
      speeds: app.iotSpeeds,
      topups: app.iotTopups,
      sms: app.sms,
      forgetSimInfo: (simId) => app.iotSims.forgetSimInfo(simId),
      log: app.log,
      now: () => app.config.now(),
    };
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await scope.register(ruleRoutes(deps));
    });
    // Below a paid speed-up (iot-engage, rank 2): a slow-down starting under one waits for its end.
    app.iotSpeeds.add(1, (simId, now) => slowdownWant(deps, simId, now));
    addJobs(app.jobs, ruleJobs(deps));
  },
  { name: 'iot-rules', dependencies: ['jobs', 'iot-sessions', 'iot-sims', 'iot-carrier', 'iot-money', 'sms'] },
);
