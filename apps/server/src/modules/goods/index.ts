import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { goodsRoutes } from './routes.ts';
import { Goods } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** General goods and their stock; orders take and give back stock through it. */
    goods: Goods;
  }
}

/** General goods: categories, goods and specs with their own price and stock. */
export const goodsPlugin = fp(
  async (app: App) => {
    const goods = new Goods({ db: app.db.db, site: app.site });
    app.decorate('goods', goods);
    await app.register(async (scope) => goodsRoutes(scope, goods));
  },
  { name: 'goods', dependencies: ['site'] },
);
