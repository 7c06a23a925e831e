import { envelope } from '@simshop/contract/envelope';
import {
  officialAuthQuery,
  officialAuthReply,
  realnameConsent,
  realnameConsentBody,
  realnameRequest,
  simBindMobileBody,
  simBindMobileCodeBody,
  simBindMobileReply,
  simPlatformAuthBody,
  simRealnameInfo,
} from '@simshop/contract/iot-account';
import { simLoginCodeReply } from '@simshop/contract/iot-login';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { Sims } from '../iot-sims/service.ts';
import type { Account } from './service.ts';

const tags = ['iot-account'];
const security = [{ simToken: [] }];

/** The card holder's real-name and bound-phone calls (registered in the SIM-guarded scope). */
export async function accountRoutes(app: App, account: Account, sims: Sims): Promise<void> {
  const now = () => app.config.now();

  app.get(
    '/api/iot/simRealnameInfo',
    {
      schema: {
        tags,
        summary: "The card's real-name states and its latest platform and carrier requests",
        security,
        response: { 200: envelope(simRealnameInfo) },
      },
    },
    async (req) => {
      const info = await sims.getSimInfoCached(req.sim.simId, now(), req.ctx.language);
      return ok(await account.realnameInfo(req.sim.simId, info.operatorTypeName));
    },
  );

  app.post(
    '/api/iot/realnameConsent',
    {
      schema: {
        tags,
        summary:
          'The holder agrees to the privacy policy in force (its version as shown) before ID and face photos: recorded with time, version and address',
        security,
        body: realnameConsentBody,
        response: { 200: envelope(realnameConsent) },
      },
    },
    async (req) => ok(await account.recordConsent(req.sim.simId, req.body, req.ip)),
  );

  app.post(
    '/api/iot/simPlatformAuth',
    {
      schema: {
        tags,
        summary:
          "Platform real-name: name, ID number (§5 and its check digit) and the ids of the card's uploaded face, ID front and ID back photos",
        security,
        body: simPlatformAuthBody,
        response: { 200: envelope(realnameRequest) },
      },
    },
    async (req) => ok(await account.submitPlatform(req.sim.simId, req.body)),
  );

  const official = (summary: string) => ({
    schema: { tags, summary, security, querystring: officialAuthQuery, response: { 200: envelope(officialAuthReply) } },
  });
  app.get('/api/iot/simOfficialAuth', official("The carrier's real-name page for the card, with its ICCID"), async (req) =>
    ok(await account.officialUrl(req.sim.simId, undefined, req.query.back, req.ctx.language)),
  );
  app.get(
    '/api/iot/deviceOfficialAuth',
    official("The carrier's real-name page for a SIM of the card's device (`simNo`, default the session's), with its ICCID"),
    async (req) => ok(await account.officialUrl(req.sim.simId, req.query.simNo, req.query.back, req.ctx.language)),
  );

  app.post(
    '/api/iot/simBindMobileCode',
    {
      schema: {
        tags,
        summary: 'Send a code to the phone being bound (the login-code limits apply)',
        security,
        body: simBindMobileCodeBody,
        response: { 200: envelope(simLoginCodeReply) },
      },
    },
    async (req) =>
      ok(
        await account.sendBindCode(req.sim.simId, req.body.mobile, {
          ip: req.ip,
          now: now(),
          language: req.ctx.language,
          log: req.log,
          echo: app.config.smsDevCode,
        }),
      ),
  );

  app.post(
    '/api/iot/simBindMobile',
    {
      schema: {
        tags,
        summary: "Bind a phone by its code; replacing a bound phone also needs the old phone's login code (oldCode) or the pay password",
        security,
        body: simBindMobileBody,
        response: { 200: envelope(simBindMobileReply) },
      },
    },
    async (req) => ok(await account.bindMobile(req.sim.simId, req.body, req.ip)),
  );
}
