import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { healthRoutes } from './routes.ts';

/** GET /healthz: the process answers and its database does. */
export const healthPlugin = fp(async (app: App) => healthRoutes(app), { name: 'health' });
