import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { numberRoutes } from './routes.ts';
import { Numbers } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The vanity-number inventory; orders hold and sell numbers through it. */
    numbers: Numbers;
  }
}

/** The vanity-number inventory: search, details, packages, holds and sales (for orders). */
export const numbersPlugin = fp(
  async (app: App) => {
    const numbers = new Numbers({ db: app.db.db, site: app.site, now: () => app.config.now() });
    app.decorate('numbers', numbers);
    await app.register(async (scope) => numberRoutes(scope, numbers));
  },
  { name: 'numbers', dependencies: ['site'] },
);
