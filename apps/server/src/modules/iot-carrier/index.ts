import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import type { OperationStore } from '../../providers/carrier/operation-store.ts';
import { RoutedCarrier } from '../../providers/carrier/routed.ts';
import { carrierFor } from '../../providers/carrier/select.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { DbOperationStore, pollOperations } from './operations.ts';
import { carrierJobs } from './service.ts';
import { CardSpeeds } from './speed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in carrier: cards on no operator account (tests reach the simulator's failure modes here). */
    iotCarrier: CarrierProvider;
    /** The carrier of the iot modules: each card's operator account, or the built-in carrier. */
    iotRoutedCarrier: RoutedCarrier;
    /** The carrier operations under way (iot_carrier_operations): every adapter asks its changes through it. */
    iotCarrierOperations: OperationStore;
    /** A card's speed at the carrier, decided from what the modules want of it (speed-ups, slow-downs). */
    iotSpeeds: CardSpeeds;
  }
}

/** The carrier: provisioning and usage of IoT cards, synchronised by background jobs. */
export const iotCarrierPlugin = fp(
  async (app: App) => {
    // The carrier the config names (the simulator by default outside production); a real carrier
    // keeps the changes it asks in the operations table, so a restart polls them, never asks twice.
    // Cards on a storefront's operator account go to that account's carrier (iot-carrier-accounts).
    const operations = new DbOperationStore(app.db.db);
    const builtIn: CarrierProvider = carrierFor(app.config.carrier, app.config.carrierAccount, operations);
    const carrier = new RoutedCarrier(builtIn);
    app.decorate('iotCarrierOperations', operations);
    app.decorate('iotCarrier', builtIn);
    app.decorate('iotRoutedCarrier', carrier);
    app.decorate('iotSpeeds', new CardSpeeds(carrier, app.shared.locks));
    addJobs(app.jobs, [
      ...carrierJobs(app.db, carrier),
      { name: 'iot.carrier-operations', everyMs: 60_000, run: (now) => pollOperations(operations, carrier, now) },
    ]);
  },
  { name: 'iot-carrier', dependencies: ['jobs'] },
);
