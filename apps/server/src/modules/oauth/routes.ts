import { envelope } from '@simshop/contract/envelope';
import {
  authorizeQuery,
  authorizeStatus,
  callbackQuery,
  checkScanBody,
  checkScanReply,
  ksUpdateProfileBody,
  miniUser,
  simOauthList,
  unbindSimOauthBody,
  updateAuthorizeBody,
  wechatInfo,
  wxJsSign,
  wxJsSignQuery,
} from '@simshop/contract/oauth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { SimSessions } from '../iot-auth/service.ts';
import * as oauth from './service.ts';

const tags = ['oauth'];

/** The browser's value of the authorisation cookie; a new one is set when there is none. */
function browserValue(req: FastifyRequest, reply: FastifyReply, create: boolean): string {
  const existing = req.cookies[oauth.BROWSER_COOKIE] ?? '';
  if (existing || !create) return existing;
  const value = oauth.newBrowserValue();
  reply.setCookie(oauth.BROWSER_COOKIE, value, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: 86_400,
  });
  return value;
}

/** Site and WeChat routes (in a scope with @fastify/cookie). */
export async function oauthRoutes(app: App, deps: oauth.OAuthDeps, sessions: SimSessions): Promise<void> {
  const simIdOf = (req: FastifyRequest) => async () => {
    if (!req.ctx.simToken) return null;
    return (await sessions.authenticate(req.ctx.simToken, req.ctx.simNo, deps.now()).catch(() => null))?.simId ?? null;
  };

  app.get(
    '/api/site/wechatInfo',
    { schema: { tags, summary: 'Whether WeChat sign-in is offered and needed here (needLogin)', response: { 200: envelope(wechatInfo) } } },
    async (req) => ok(await oauth.wechatInfo(deps, String(req.headers['user-agent'] ?? ''), req.ctx.sessionId)),
  );

  app.get(
    '/api/wechat/authorize',
    {
      schema: {
        tags,
        summary: 'Start a WeChat authorisation in this browser (a one-time state bound to its cookie) and go to the consent page',
        querystring: authorizeQuery,
      },
    },
    async (req, reply) => {
      // A new value per authorisation, so an older state of this browser cannot be completed with it.
      const value = oauth.newBrowserValue();
      const url = await oauth.startAuthorize(deps, req.query, value);
      reply.setCookie(oauth.BROWSER_COOKIE, value, {
        path: '/api',
        httpOnly: true,
        sameSite: 'lax',
        secure: req.protocol === 'https',
        maxAge: 86_400,
      });
      return reply.redirect(url, 302);
    },
  );

  app.get(
    '/api/wechat/callback',
    {
      schema: {
        tags,
        summary: "The provider's answer (code and state): checked against this browser, then back to /pages/authorize/index",
        querystring: callbackQuery,
      },
    },
    async (req, reply) => {
      const target = await oauth.callback(deps, req.query.state, req.query.code, browserValue(req, reply, false));
      return reply.redirect(target, 303);
    },
  );

  app.post(
    '/api/site/updateAuthorizeStatus',
    {
      schema: {
        tags,
        summary:
          'Complete an authorisation in the browser that started it: sign in (linked mobile, or a mobile and its SMS code), or link to the SIM card',
        body: updateAuthorizeBody,
        response: { 200: envelope(authorizeStatus) },
      },
    },
    async (req, reply) =>
      ok(
        await oauth.complete(deps, {
          ...req.body,
          browserValue: browserValue(req, reply, false),
          sessionId: req.ctx.sessionId,
          language: req.ctx.language,
          simId: simIdOf(req),
        }),
      ),
  );

  app.post(
    '/api/site/checkScanAuthorize',
    {
      schema: {
        tags,
        summary:
          'Sign in by scanning: without state, start one (a phone opens `url`); with it, its progress, signing this browser in once done',
        body: checkScanBody,
        response: { 200: envelope(checkScanReply) },
      },
    },
    async (req, reply) =>
      ok(
        await oauth.checkScan(deps, {
          state: req.body.state,
          browserValue: browserValue(req, reply, true),
          sessionId: req.ctx.sessionId,
          language: req.ctx.language,
          simId: simIdOf(req),
        }),
      ),
  );

  app.get(
    '/api/site/wxJsSign',
    {
      schema: {
        tags,
        summary: 'The WeChat JS-SDK signature of a page address',
        querystring: wxJsSignQuery,
        response: { 200: envelope(wxJsSign) },
      },
    },
    async (req) => ok(await oauth.jsSign(deps, req.query.url)),
  );

  app.post(
    '/api/site/ksUpdateProfile',
    {
      schema: {
        tags,
        summary: 'The Kuaishou mini-program user (x-platform-open-id) sets its nickname and picture',
        body: ksUpdateProfileBody,
        response: { 200: envelope(miniUser) },
      },
    },
    async (req) => ok(await oauth.updateMiniProfile(deps, 'ks', req.ctx.platformOpenId, req.body)),
  );

  app.post(
    '/api/site/dyUpdateProfile',
    {
      schema: {
        tags,
        summary: 'The Douyin mini-program user (x-platform-open-id) sets its nickname and picture',
        body: ksUpdateProfileBody,
        response: { 200: envelope(miniUser) },
      },
    },
    async (req) => ok(await oauth.updateMiniProfile(deps, 'dy', req.ctx.platformOpenId, req.body)),
  );
}

/** The accounts linked to the card (in the SIM-guarded scope). */
export async function simOauthRoutes(app: App, deps: oauth.OAuthDeps): Promise<void> {
  const security = [{ simToken: [] }];
  app.get(
    '/api/iot/getSimOauthList',
    { schema: { tags, summary: 'WeChat accounts linked to the card', security, response: { 200: envelope(simOauthList) } } },
    async (req) => ok(await oauth.simOauthList(deps, req.sim.simId)),
  );
  app.post(
    '/api/iot/unbindSimOauth',
    {
      schema: {
        tags,
        summary: 'Unlink an account from the card (only a link of this card)',
        security,
        body: unbindSimOauthBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await oauth.unbindSimOauth(deps, req.sim.simId, req.body.id);
      return ok(null);
    },
  );
}
