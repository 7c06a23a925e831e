import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { currentLogin } from '../auth/service.ts';
import { isCertOf } from './fast-number-orders.ts';
import { orderRoutes } from './routes.ts';
import { orderJobs, registerOrderHandlers } from './service.ts';

/**
 * Orders of numbers and general goods (holds and stock, payment through the payments module,
 * shipping through logistics) and fast-number applications (ID photos through uploads).
 */
export const ordersPlugin = fp(
  async (app: App) => {
    const deps = {
      ...depsOf(app),
      numbers: app.numbers,
      goods: app.goods,
      payments: app.payments,
      logistics: app.logistics,
      webhooks: app.webhooks,
    };
    registerOrderHandlers(deps);
    // The ID photos of an application are served to whoever logged in may see the application.
    app.uploads.addReader(async (req, file) => {
      if (file.purpose !== 'idFront' && file.purpose !== 'idBack') return false;
      const login = await currentLogin(deps, req.ctx.sessionId);
      return login !== null && isCertOf(deps, file.id, login.mobile);
    });
    await app.register(orderRoutes(deps, app.uploads));
    addJobs(app.jobs, orderJobs(deps));
  },
  { name: 'orders', dependencies: ['jobs', 'site', 'auth', 'numbers', 'goods', 'payments', 'logistics', 'uploads', 'webhooks'] },
);
