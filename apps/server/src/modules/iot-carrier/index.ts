import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { carrierFor } from '../../providers/carrier/select.ts';
import type { CarrierProvider } from '../../providers/carrier/types.ts';
import { DbOperationStore, pollOperations } from './operations.ts';
import { carrierJobs } from './service.ts';
import { CardSpeeds } from './speed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The carrier provider of the iot modules (tests reach the simulator's failure modes here). */
    iotCarrier: CarrierProvider;
    /** A card's speed at the carrier, decided from what the modules want of it (speed-ups, slow-downs). */
    iotSpeeds: CardSpeeds;
  }
}

/** The carrier: provisioning and usage of IoT cards, synchronised by background jobs. */
export const iotCarrierPlugin = fp(
  async (app: App) => {
    // The simulator only when the config names it (its default outside production); a real carrier
    // keeps the changes it asks in the operations table, so a restart polls them, never asks twice.
    const operations = new DbOperationStore(app.db.db);
    const carrier: CarrierProvider = carrierFor(app.config.carrier, app.config.carrierAccount, operations);
    app.decorate('iotCarrier', carrier);
    app.decorate('iotSpeeds', new CardSpeeds(carrier, app.shared.locks));
    addJobs(app.jobs, [
      ...carrierJobs(app.db, carrier),
      { name: 'iot.carrier-operations', everyMs: 60_000, run: (now) => pollOperations(operations, carrier, now) },
    ]);
  },
  { name: 'iot-carrier', dependencies: ['jobs'] },
);
