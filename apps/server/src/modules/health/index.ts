import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { healthRoutes } from './routes.ts';

/** GET /healthz: the process answers, its database takes a write and its upload directory a file. */
export const healthPlugin = fp(async (app: App) => healthRoutes(app), { name: 'health', dependencies: ['uploads'] });
