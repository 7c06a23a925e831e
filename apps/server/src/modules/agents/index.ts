import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import type { App } from '../../lib/route.ts';
import { agentRoutes } from './routes.ts';
import { goodsPricing, numberPricing } from './service.ts';

/**
 * Agents and their direct downstream agents: sales figures, custom prices (spec §6, 33001), and the
 * prices a downstream's shoppers see, through the numbers and goods modules' pricing hooks.
 */
export const agentsPlugin = fp(
  async (app: App) => {
    const deps = { ...depsOf(app), site: app.site };
    app.numbers.usePricing((promoter) => numberPricing(deps, promoter));
    app.goods.usePricing((promoter) => goodsPricing(deps, promoter));
    await app.register(agentRoutes(deps));
  },
  { name: 'agents', dependencies: ['site', 'auth', 'numbers', 'goods', 'orders'] },
);
