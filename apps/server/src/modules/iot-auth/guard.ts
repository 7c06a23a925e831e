import type { App } from '../../lib/route.ts';
import { type AuthedSim, authenticate } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The SIM session of an IoT call (set by the guard of the /api/iot scope). */
    sim: AuthedSim;
  }
}

/**
 * Guards every route registered in `scope`: runs on request, before the body is read, so a call
 * without a valid SIM session always answers 34061.
 */
export function guardSimScope(scope: App): void {
  scope.addHook('onRequest', async (req) => {
    req.sim = await authenticate(scope.db.db, req.ctx.simToken, req.ctx.simNo, scope.config.now());
  });
}
