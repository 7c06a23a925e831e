import { layoutPreviewQuery, layoutPreviewReply } from '@simshop/contract/admin-layouts';
import { envelope } from '@simshop/contract/envelope';
import { simLoginConfig, simLoginConfigQuery } from '@simshop/contract/iot-login';
import { loginProtocolQuery, protocol } from '@simshop/contract/iot-sims';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { Layouts } from './service.ts';

/** Calls of the login page, before any session. */
export async function layoutPublicRoutes(app: App, layouts: Layouts): Promise<void> {
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
    async (req) => ok(await layouts.getLoginConfig(req.query.promoCode, req.ctx.language)),
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
    async (req) => ok(await layouts.getProtocol(req.query.promoCode, 'login', req.query.language ?? req.ctx.language)),
  );

  app.get(
    '/api/layoutPreview',
    {
      schema: {
        tags: ['iot'],
        summary:
          'The SIM dashboard of a layout preview (spec §2 iotPreview): the draft (or published layout) a console preview token names, with demo card facts under the preview SIM number (simNo, the digits of iotPreview); no SIM session. The token expires after 15 minutes and opens nothing else.',
        querystring: layoutPreviewQuery,
        response: { 200: envelope(layoutPreviewReply) },
      },
    },
    async (req) => ok(await layouts.preview(req.query.token, req.ctx.language, req.query.simNo)),
  );

  app.get(
    '/api/site/loginProtocol',
    {
      schema: {
        tags: ['site'],
        summary: "The storefront's user agreement of a promoter, in the language asked",
        querystring: loginProtocolQuery,
        response: { 200: envelope(protocol) },
      },
    },
    async (req) => ok(await layouts.getProtocol(req.query.promoCode, 'shopLogin', req.query.language ?? req.ctx.language)),
  );
}
