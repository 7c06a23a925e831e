import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { openCodeRoutes, simCodeRoutes } from './routes.ts';
import { Codes } from './service.ts';

/** Wi-Fi cards (a network behind a link, with a join QR) and one-machine-one-code recharge pages. */
export const iotCodesPlugin = fp(
  async (app: App) => {
    const codes = new Codes({ db: app.db, sims: app.iotSims, topups: app.iotTopups, now: () => app.config.now() });
    await app.register(async (scope) => openCodeRoutes(scope, codes, app.iotSessions));
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await simCodeRoutes(scope, codes);
    });
  },
  { name: 'iot-codes', dependencies: ['iot-sessions', 'iot-sims', 'iot-money'] },
);
