import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { orderRoutes } from './routes.ts';
import { orderJobs, registerOrderHandlers } from './service.ts';

/** Orders of numbers and general goods: holds and stock, payment through the payments module, shipping through logistics. */
export const ordersPlugin = fp(
  async (app: App) => {
    const deps = { ...depsOf(app), numbers: app.numbers, goods: app.goods, payments: app.payments, logistics: app.logistics };
    registerOrderHandlers(deps);
    await app.register(orderRoutes(deps));
    addJobs(app.jobs, orderJobs(deps));
  },
  { name: 'orders', dependencies: ['jobs', 'site', 'numbers', 'goods', 'payments', 'logistics'] },
);
