import { envelope } from '@simshop/contract/envelope';
import {
  changeSimBody,
  simLoginBody,
  simLoginCodeBody,
  simLoginCodeReply,
  simProveBody,
  simProveReply,
  simSession,
} from '@simshop/contract/iot-login';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { LoginEnv, SimLogin } from './service.ts';

const security = [{ simToken: [] }];

/** Login calls, open to anyone (failed attempts are limited per number and per IP in the database). */
export async function simLoginRoutes(app: App, auth: SimLogin): Promise<void> {
  const env = (req: { ip: string; ctx: { language: LoginEnv['language'] }; log: LoginEnv['log'] }) => ({
    ip: req.ip,
    now: app.config.now(),
    language: req.ctx.language,
    log: req.log,
  });

  app.post(
    '/api/simLoginCode',
    {
      schema: {
        tags: ['iot-login'],
        summary: "Send a login code to the card's bound phone",
        body: simLoginCodeBody,
        response: { 200: envelope(simLoginCodeReply) },
      },
    },
    async (req) => ok(await auth.sendLoginCode(req.body.sn, { ...env(req), echo: app.config.smsDevCode })),
  );

  app.post(
    '/api/simLogin',
    {
      schema: {
        tags: ['iot-login'],
        summary: 'Log in with a SIM number, ICCID or device number (card password when needed), or with an SMS code',
        body: simLoginBody,
        response: { 200: envelope(simSession) },
      },
    },
    async (req) => ok(await auth.login(req.body, env(req))),
  );
}

/** Session calls inside the guarded /api/iot scope. */
export async function simSessionRoutes(app: App, auth: SimLogin): Promise<void> {
  app.post(
    '/api/iot/simLogout',
    { schema: { tags: ['iot-login'], summary: 'Log out: revokes the token', security, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await auth.logout(req.sim, app.config.now());
      return ok(null);
    },
  );

  app.post(
    '/api/iot/changeSim',
    {
      schema: {
        tags: ['iot-login'],
        summary: 'Switch the session to another SIM of the same device (the current token is revoked)',
        security,
        body: changeSimBody,
        response: { 200: envelope(simSession) },
      },
    },
    async (req) =>
      ok(
        await auth.changeSim(req.sim, req.body.simNo, {
          ip: req.ip,
          now: app.config.now(),
          language: req.ctx.language,
          log: req.log,
        }),
      ),
  );

  app.post(
    '/api/iot/simProofCode',
    {
      schema: {
        tags: ['iot-login'],
        summary: "Send a code to the card's bound phone that proves the session (the login-code limits apply)",
        security,
        response: { 200: envelope(simLoginCodeReply) },
      },
    },
    async (req) =>
      ok(
        await auth.sendProofCode(req.sim, {
          ip: req.ip,
          now: app.config.now(),
          language: req.ctx.language,
          log: req.log,
          echo: app.config.smsDevCode,
        }),
      ),
  );

  app.post(
    '/api/iot/simProve',
    {
      schema: {
        tags: ['iot-login'],
        summary:
          "Prove the session holds the card (code sent to the bound phone, or the card password): opens the device's secrets and controls",
        security,
        body: simProveBody,
        response: { 200: envelope(simProveReply) },
      },
    },
    async (req) => ok(await auth.prove(req.sim, req.body, { ip: req.ip, now: app.config.now(), language: req.ctx.language, log: req.log })),
  );
}
