import fp from 'fastify-plugin';
import type { App } from '../../lib/route.ts';
import { Capabilities } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The capability table: what each device model and operator offers a card. */
    iotCapabilities: Capabilities;
  }
}

/** The capability table of device models and operators (read by the SIM info, edited in the console). */
export const iotCapabilitiesPlugin = fp(
  async (app: App) => {
    app.decorate('iotCapabilities', new Capabilities({ db: app.db.db, now: () => app.config.now() }));
  },
  { name: 'iot-capabilities' },
);
