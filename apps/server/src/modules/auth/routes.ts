import { loginBody, sendCodeBody, sendCodeReply, userInfo } from '@simshop/contract/auth';
import { envelope } from '@simshop/contract/envelope';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as auth from './service.ts';

export function authRoutes(deps: auth.AuthDeps) {
  return async (app: App): Promise<void> => {
    const tags = ['auth'];
    const send = {
      schema: { tags, summary: 'Send a login (order look-up) code by SMS', body: sendCodeBody, response: { 200: envelope(sendCodeReply) } },
    };
    app.post('/api/hk/sendCode', send, async (req) =>
      ok(await auth.sendCode(deps, req.body.mobile, req.body.scene, req.ip, req.ctx.language)),
    );
    app.post('/api/sms/send', send, async (req) =>
      ok(await auth.sendCode(deps, req.body.mobile, req.body.scene, req.ip, req.ctx.language)),
    );

    app.post(
      '/api/hk/login',
      {
        schema: {
          tags,
          summary: 'Log the x-session-id in with mobile and SMS code',
          body: loginBody,
          response: { 200: envelope(userInfo) },
        },
      },
      async (req) => ok(await auth.login(deps, req.body.mobile, req.body.code, req.ctx.sessionId, req.ctx.language)),
    );

    app.post(
      '/api/hk/logout',
      { schema: { tags, summary: 'Revoke the login of x-session-id', response: { 200: envelope(z.null()) } } },
      async (req) => {
        await auth.logout(deps, req.ctx.sessionId);
        return ok(null);
      },
    );

    app.get(
      '/api/hk/userInfo',
      { schema: { tags, summary: 'The logged-in user (61 when not logged in)', response: { 200: envelope(userInfo) } } },
      async (req) => ok(await auth.userInfo(deps, req.ctx.sessionId, req.ctx.language)),
    );
  };
}
