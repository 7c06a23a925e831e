import type { App } from '../../lib/route.ts';
import type { AuthedSim, SessionCompanion, SimSessions } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SIM session of an IoT call (set by the guard of the /api/iot scope). */
    sim: AuthedSim & { simNo: string };
    /**
     * What the scope's session companion read with the session in this request (see
     * `guardSimScope`); undefined when the session came from the cache or the scope has none.
     */
    simCompanion: unknown;
  }
}

/**
 * Guards every route registered in `scope`: runs on request, before the body is read, so a call
 * without a valid SIM session always answers 34061. With a `companion`, a session not in the cache
 * is read with the companion's columns in one statement, left for the route in `req.simCompanion`.
 */
export function guardSimScope(scope: App, sessions: SimSessions, companion?: SessionCompanion<unknown>): void {
  const readWith = companion ? sessions.companionReader(companion) : undefined;
  scope.addHook('onRequest', (req, _reply, done) => {
    const check = () => {
      const { simToken, simNo } = req.ctx;
      const now = scope.config.now();
      try {
        // A session read in the last second is checked without waiting on the database.
        const cached = sessions.authenticateCached(simToken, simNo, now);
        if (cached) {
          req.sim = cached;
          return done();
        }
      } catch (error) {
        return done(error as Error);
      }
      if (readWith) {
        readWith(simToken, simNo, now).then((read) => {
          req.sim = read.sim;
          req.simCompanion = read.companion;
          done();
        }, done);
        return;
      }
      sessions.authenticate(simToken, simNo, now).then((sim) => {
        req.sim = sim;
        done();
      }, done);
    };
    // With several instances, revocations made anywhere before this request are applied first.
    const settled = sessions.settled();
    if (settled) settled.then(check);
    else check();
  });
}
