import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import type { App } from '../../lib/route.ts';
import { currentLogin, loginTimeout } from '../auth/service.ts';
import { simUploadRoutesOf, uploadRoutes } from './routes.ts';
import { buyerOwner, simOwner, Uploads } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images: `save`, `ownedBy`, `read`, and `addReader` for who else may see a file. */
    uploads: Uploads;
  }
}

/**
 * Uploads of the card holder (SIM session) and of the storefront buyer (login); a file is served
 * to its owner, and to whoever a reader added by another module allows.
 */
export const uploadsPlugin = fp(
  async (app: App) => {
    const deps = depsOf(app);
    const uploads = new Uploads({ db: app.db.db, dir: app.config.uploadDir, maxBytes: app.config.uploadMaxBytes, now: deps.now });
    app.decorate('uploads', uploads);
    await app.register(multipart);

    // The owners themselves: the card of a valid SIM session, the buyer of a live login.
    uploads.addReader(async (req, file) => {
      if (!file.owner.startsWith('sim:') || !req.ctx.simToken) return false;
      const sim = await app.iotSessions.authenticate(req.ctx.simToken, req.ctx.simNo, deps.now()).catch(() => null);
      return sim !== null && file.owner === simOwner(sim.simId);
    });
    uploads.addReader(async (req, file) => {
      if (!file.owner.startsWith('buyer:')) return false;
      const login = await currentLogin(deps, req.ctx.sessionId);
      return login !== null && file.owner === buyerOwner(login.mobile);
    });

    await app.register(async (scope) => {
      app.guardSimScope(scope);
      simUploadRoutesOf(scope, uploads);
    });
    await app.register(async (scope) =>
      uploadRoutes(scope, uploads, async (req) => {
        const login = await currentLogin(deps, req.ctx.sessionId);
        if (!login) throw loginTimeout();
        return buyerOwner(login.mobile);
      }),
    );
  },
  { name: 'uploads', dependencies: ['iot-sessions', 'auth'] },
);
