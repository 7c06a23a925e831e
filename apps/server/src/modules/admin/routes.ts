import {
  adminChallenge,
  adminLoginBody,
  adminMe,
  adminPromoterList,
  adminSession,
  adminTotpBody,
  auditPage,
  auditQuery,
  revokeSessionsBody,
  revokeSessionsReply,
} from '@simshop/contract/admin';
import { envelope } from '@simshop/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { textsFor } from '../i18n-texts/service.ts';
import * as admin from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator of an /api/admin/* call (set by the console's guard). */
    operator: admin.Operator;
  }
}

export const tags = ['admin'];
export const security = [{ adminToken: [] }];

/** The console's sign-in routes (no session needed). */
export function adminAuthRoutes(deps: admin.AdminDeps) {
  return async (app: App): Promise<void> => {
    app.post(
      '/api/admin/login',
      {
        schema: {
          tags,
          summary:
            'Operator sign-in, step 1: mobile and password; answers a challenge for the TOTP step. Tries are limited per mobile and address.',
          body: adminLoginBody,
          response: { 200: envelope(adminChallenge) },
        },
      },
      async (req) => ok(await admin.login(deps, req.body.mobile, req.body.password, req.ip)),
    );
    app.post(
      '/api/admin/login/totp',
      {
        schema: {
          tags,
          summary: 'Operator sign-in, step 2: the TOTP code of the challenge; answers the session token (Authorization: Bearer).',
          body: adminTotpBody,
          response: { 200: envelope(adminSession) },
        },
      },
      async (req) => ok(await admin.verifyTotp(deps, req.body.challenge, req.body.code, req.ip)),
    );
    app.post(
      '/api/admin/logout',
      { schema: { tags, summary: 'Ends the console session of the bearer token.', response: { 200: envelope(z.null()) } } },
      async (req) => {
        await admin.logout(deps, admin.bearerOf(req.headers.authorization));
        return ok(null);
      },
    );
  };
}

/** Every other console route: the guard signs the operator in (61 otherwise) before the handler. */
export function guarded(deps: admin.AdminDeps, routes: (app: App) => Promise<void>) {
  return async (app: App): Promise<void> => {
    app.decorateRequest('operator', null as never);
    app.addHook('preHandler', async (req: FastifyRequest) => {
      req.operator = (await admin.authenticate(deps, admin.bearerOf(req.headers.authorization))).operator;
    });
    await routes(app);
  };
}

export function adminCoreRoutes(deps: admin.AdminDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/me',
      { schema: { tags, security, summary: 'The signed-in operator and when the session ends.', response: { 200: envelope(adminMe) } } },
      async (req) => ok(await admin.me(deps, admin.bearerOf(req.headers.authorization))),
    );
    app.get(
      '/api/admin/promoters',
      {
        schema: {
          tags,
          security,
          summary:
            'The storefronts the operator may act for: all for an owner, its own and direct downstream for an agent, its own for staff.',
          response: { 200: envelope(adminPromoterList) },
        },
      },
      async (req) => {
        const list = await admin.promotersFor(deps, req.operator);
        // Names in the reader's language, as the storefront itself shows them (edited in Content).
        const names = await textsFor(
          deps.db,
          req.ctx.language,
          'promoter',
          list.map((p) => p.id),
        );
        return ok({
          list: list.map((p) => ({
            id: p.id,
            promoCode: p.promoCode,
            name: names.text(p.id, 'name', p.name),
            parentId: p.parentId,
            isAgent: p.isAgent,
          })),
        });
      },
    );
    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          security,
          summary: 'The audit log (owners): who did what, before → after, when; newest first, filtered.',
          querystring: auditQuery,
          response: { 200: envelope(auditPage) },
        },
      },
      async (req) => ok(await admin.searchAudit(deps, req.operator, req.query)),
    );
    app.post(
      '/api/admin/operators/revokeSessions',
      {
        schema: {
          tags,
          security,
          summary: 'Ends every session of an operator (owners); audited.',
          body: revokeSessionsBody,
          response: { 200: envelope(revokeSessionsReply) },
        },
      },
      async (req) => ok({ revoked: await admin.revokeSessions(deps, req.operator, req.body.operatorId) }),
    );
  };
}
