import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { timelineRoutes } from './routes.ts';

/** A card's timeline (the connection check shows it), read from the modules that keep each part. */
export const iotTimelinePlugin = fp(
  async (app: App) => {
    const deps = {
      db: app.db.db,
      commands: (simId: number) => app.iotDevice.commands(simId),
      now: () => app.config.now(),
    };
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await scope.register(timelineRoutes(deps));
    });
  },
  { name: 'iot-timeline', dependencies: ['iot-sessions', 'iot-sims', 'iot-money', 'iot-carrier', 'iot-device'] },
);
