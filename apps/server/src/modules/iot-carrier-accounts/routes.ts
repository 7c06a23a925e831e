import { carrierFreshness } from '@simshop/contract/carrier-accounts';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { CarrierAccounts } from './service.ts';

const security = [{ simToken: [] }];
const tags = ['iot'];

/** The holder's view: how fresh the card's figures are and which operator they come from. */
export function freshnessRoutes(accounts: CarrierAccounts) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/carrierFreshness',
      {
        schema: {
          tags,
          security,
          summary:
            "Which operator the card's usage comes from and up to when its figures count; stale when more than an hour old (operators report hours late)",
          response: { 200: envelope(carrierFreshness) },
        },
      },
      async (req) => ok(await accounts.freshness(req.sim.simId)),
    );
  };
}
