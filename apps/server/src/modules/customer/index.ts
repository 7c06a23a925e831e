import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { customerRoutes } from './routes.ts';
import { CustomerService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The help centre's questions and answers. */
    customer: CustomerService;
  }
}

/** Customer service: the help centre's questions and answers. */
export const customerPlugin = fp(
  async (app: App) => {
    const customer = new CustomerService({ db: app.db.db, site: app.site, now: () => app.config.now() });
    app.decorate('customer', customer);
    await customerRoutes(app, customer);
  },
  { name: 'customer', dependencies: ['site'] },
);
