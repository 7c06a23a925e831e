import fp from 'fastify-plugin';
import { depsOf } from '../../lib/deps.ts';
import type { App } from '../../lib/route.ts';
import { reviewRoutes } from './routes.ts';

/** Reviews of completed number orders. */
export const reviewsPlugin = fp(async (app: App) => app.register(reviewRoutes(depsOf(app))), { name: 'reviews', dependencies: ['site'] });
