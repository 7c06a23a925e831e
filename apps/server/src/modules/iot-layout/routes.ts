import { envelope } from '@simshop/contract/envelope';
import { simLayoutReply } from '@simshop/contract/iot';
import { simLoginConfig, simLoginConfigQuery } from '@simshop/contract/iot-login';
import { loginProtocolQuery, protocol, protocolQuery } from '@simshop/contract/iot-sims';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as sims from '../iot-sims/service.ts';
import * as layouts from './service.ts';

const security = [{ simToken: [] }];

/** Calls of the login page, before any session. */
export async function layoutPublicRoutes(app: App): Promise<void> {
  app.get(
    '/api/simLoginConfig',
    {
      schema: {
        tags: ['iot-login'],
        summary: 'Configuration of the SIM login page',
        querystring: simLoginConfigQuery,
        response: { 200: envelope(simLoginConfig) },
      },
    },
    async (req) => ok(await layouts.getLoginConfig(app.db.db, req.query.promoCode, app.config.now())),
  );

  app.get(
    '/api/site/iotLoginProtocol',
    {
      schema: {
        tags: ['iot-login'],
        summary: 'The SIM login agreement of a promoter, in the language asked',
        querystring: loginProtocolQuery,
        response: { 200: envelope(protocol) },
      },
    },
    async (req) =>
      ok(await layouts.getProtocol(app.db.db, req.query.promoCode, 'login', req.query.language ?? req.ctx.language, app.config.now())),
  );
}

/** Layout and agreements of the session's promoter; registered inside the guarded /api/iot scope. */
export async function layoutRoutes(app: App): Promise<void> {
  const promoCodeOf = async (simId: number) => (await sims.cardPromoCode(app.db.db, simId)) ?? '';

  app.get(
    '/api/iot/simLayout',
    {
      schema: {
        tags: ['iot'],
        summary: "The Sim layout of the card's promoter (spec §3) and the notices in force",
        security,
        response: { 200: envelope(simLayoutReply) },
      },
    },
    async (req) => ok(await layouts.getLayout(app.db.db, await promoCodeOf(req.sim.simId), app.config.now())),
  );

  app.get(
    '/api/iot/protocol',
    {
      schema: {
        tags: ['iot'],
        summary: "An agreement of the card's promoter: service, privacy, login or task rules",
        security,
        querystring: protocolQuery,
        response: { 200: envelope(protocol) },
      },
    },
    async (req) =>
      ok(
        await layouts.getProtocol(
          app.db.db,
          await promoCodeOf(req.sim.simId),
          req.query.type,
          req.query.language ?? req.ctx.language,
          app.config.now(),
        ),
      ),
  );
}
