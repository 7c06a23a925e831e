import fp from 'fastify-plugin';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { carrierRealnameRoutes, carrierRealnameUrl } from '../../providers/carrier/realname-page.ts';
import { accountRoutes } from './routes.ts';
import { Account, reviewJob } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card holder's account: real-name requests (`decide` for operators and tests) and the bound phone. */
    iotAccount: Account;
  }
}

/** Real-name verification (platform and carrier) and binding a phone to a card. */
export const iotAccountPlugin = fp(
  async (app: App) => {
    const account = new Account({
      db: app.db,
      sims: app.iotSims,
      login: app.iotLogin,
      uploads: app.uploads,
      now: () => app.config.now(),
      reviewMs: app.config.realnameReviewMs,
      // The carrier's real-name page: the simulator's own (no real carrier adapter has one yet).
      carrierRealnameUrl: app.iotCarrier.name === 'simulator' ? carrierRealnameUrl : null,
      privacyVersion: async (simId) =>
        (await app.iotLayouts.getProtocol((await app.iotSims.cardPromoCode(simId)) ?? '', 'privacy', 'en')).version,
    });
    // ID and face photos of a card only after its holder agreed to the privacy policy in force.
    app.uploads.addSimCheck(async (simId, purpose) => {
      if (purpose !== 'document') await account.requireConsent(simId, 'photo');
    });
    app.decorate('iotAccount', account);
    addJobs(app.jobs, [reviewJob(account)]);
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await accountRoutes(scope, account, app.iotSims);
    });
    // The built-in carrier simulator's page calls the platform back with each submission; it exists
    // only with the simulator (never in production unless CARRIER_PROVIDER=simulator).
    if (app.iotCarrier.name === 'simulator') {
      await app.register(async (scope) =>
        carrierRealnameRoutes(scope, (iccid, name, idNumber) => account.officialSubmitted(iccid, name, idNumber)),
      );
    }
  },
  { name: 'iot-account', dependencies: ['jobs', 'iot-sessions', 'iot-sims', 'iot-auth', 'uploads', 'iot-carrier', 'iot-layout'] },
);
