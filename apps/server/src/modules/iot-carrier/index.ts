import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { NoCarrier } from '../../providers/carrier/none.ts';
import { RoutedCarrier } from '../../providers/carrier/routed.ts';
import { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { carrierJobs } from './service.ts';
import { CardSpeeds } from './speed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in carrier: cards on no operator account (tests reach the simulator's failure modes here). */
    iotCarrier: CarrierProvider;
    /** The carrier of the iot modules: each card's operator account, or the built-in carrier. */
    iotRoutedCarrier: RoutedCarrier;
    /** A card's speed at the carrier, decided from what the modules want of it (speed-ups, slow-downs). */
    iotSpeeds: CardSpeeds;
  }
}

/** The carrier: provisioning and usage of IoT cards, synchronised by background jobs. */
export const iotCarrierPlugin = fp(
  async (app: App) => {
    // The simulator only when the config names it (its default outside production).
    const builtIn: CarrierProvider = app.config.carrier === 'simulator' ? new CarrierSimulator() : new NoCarrier();
    const carrier = new RoutedCarrier(builtIn);
    app.decorate('iotCarrier', builtIn);
    app.decorate('iotRoutedCarrier', carrier);
    app.decorate('iotSpeeds', new CardSpeeds(carrier, app.shared.locks));
    addJobs(app.jobs, carrierJobs(app.db, carrier));
  },
  { name: 'iot-carrier', dependencies: ['jobs'] },
);
