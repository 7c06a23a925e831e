import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { carrierJobs } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The carrier provider of the iot modules (tests reach the simulator's failure modes here). */
    iotCarrier: CarrierProvider;
  }
}

/** The carrier: provisioning and usage of IoT cards, synchronised by background jobs. */
export const iotCarrierPlugin = fp(
  async (app: App) => {
    const carrier: CarrierProvider = new CarrierSimulator();
    app.decorate('iotCarrier', carrier);
    addJobs(app.jobs, carrierJobs(app.db, carrier));
  },
  { name: 'iot-carrier', dependencies: ['jobs'] },
);
