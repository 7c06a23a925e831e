import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { guardSimScope } from './guard.ts';
import { simLoginRoutes, simSessionRoutes } from './routes.ts';
import { purgeJob, type SessionCompanion, SimLogin, SimSessions } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** SIM sessions: the guard of every /api/iot call. */
    iotSessions: SimSessions;
    /** SIM login, logout and switching; the pay password reuses its SMS codes. */
    iotLogin: SimLogin;
    /**
     * Guards every route of a scope: it answers 34061 without a valid SIM session. Every module
     * serving /api/iot/ registers those routes in a scope guarded by it.
     */
    guardSimScope(scope: App, companion?: SessionCompanion<unknown>): void;
  }
}

/** SIM sessions and the guard of the /api/iot scope (no dependencies: card modules need the guard). */
export const iotSessionsPlugin = fp(
  async (app: App) => {
    const sessions = new SimSessions({ db: app.db.db, dialect: app.db.dialect, now: () => app.config.now(), bus: app.shared.bus });
    app.decorate('iotSessions', sessions);
    app.decorateRequest('sim', null as never);
    app.decorateRequest('simCompanion', undefined);
    app.decorate('guardSimScope', (scope: App, companion?: SessionCompanion<unknown>) => guardSimScope(scope, sessions, companion));
  },
  { name: 'iot-sessions' },
);

/** SIM login by number, card password or SMS code; logout and switching SIM within a device. */
export const iotAuthPlugin = fp(
  async (app: App) => {
    const login = new SimLogin({ db: app.db, sims: app.iotSims, sessions: app.iotSessions, sms: app.sms });
    app.decorate('iotLogin', login);
    addJobs(app.jobs, [purgeJob(app.db)]);
    await app.register(async (scope) => simLoginRoutes(scope, login));
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await simSessionRoutes(scope, login);
    });
  },
  { name: 'iot-auth', dependencies: ['jobs', 'iot-sessions', 'iot-sims', 'sms'] },
);
