import { envelope } from '@simshop/contract/envelope';
import {
  apiToken,
  apiTokenBody,
  apiTokenCreated,
  apiTokenList,
  apiTokenRevokeBody,
  apiTokensQuery,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryPage,
  webhookEndpoint,
  webhookEndpointBody,
  webhookEndpointCreated,
  webhookEndpointList,
  webhookEndpointsQuery,
  webhookEndpointUpdateBody,
  webhookReplayBody,
} from '@simshop/contract/webhooks';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import type { Webhooks } from '../webhooks/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

type WebhookAdminDeps = admin.AdminDeps & { webhooks: Webhooks };

/** An object of a storefront: the owner's any, an agent's only its own (else answered as missing). */
function requireOwn(op: admin.Operator, promoterId: number | null | undefined): void {
  admin.requireArea(op, 'webhooks');
  if (promoterId === null || promoterId === undefined) throw fail('admin.noSuchObject');
  if (op.role !== 'owner' && promoterId !== op.promoterId) throw fail('admin.noSuchObject');
}

/** Webhook endpoints, their deliveries (with replay) and API tokens of a storefront, for owners and agents. */
export function adminWebhookRoutes(deps: WebhookAdminDeps) {
  return async (app: App): Promise<void> => {
    const wh = deps.webhooks;
    app.get(
      '/api/admin/webhooks/endpoints',
      {
        schema: {
          tags,
          security,
          summary: "Webhook endpoints: an agent's own storefront's; an owner's of the storefront it names, or all.",
          querystring: webhookEndpointsQuery,
          response: { 200: envelope(webhookEndpointList) },
        },
      },
      async (req) => ok({ list: await wh.endpoints(await admin.storefrontOf(deps, req.operator, 'webhooks', req.query.promoterId, true)) }),
    );
    app.post(
      '/api/admin/webhooks/endpoints',
      {
        schema: {
          tags,
          security,
          summary:
            'Registers an endpoint for events of a storefront (HTTPS; in production never a private or local address). The reply carries the signing secret, shown this once. Audited.',
          body: webhookEndpointBody,
          response: { 200: envelope(webhookEndpointCreated) },
        },
      },
      async (req) => {
        const promoterId = (await admin.storefrontOf(deps, req.operator, 'webhooks', req.body.promoterId, false))!;
        const made = await wh.createEndpoint(promoterId, req.body.url, req.body.events);
        const { secret: _, ...shown } = made;
        await admin.audit(deps, req.operator, {
          action: 'webhook.create',
          objectType: 'webhookEndpoint',
          objectId: made.id,
          promoterId,
          before: null,
          after: { url: shown.url, events: shown.events, enabled: shown.enabled },
        });
        return ok(made);
      },
    );
    app.post(
      '/api/admin/webhooks/endpoints/update',
      {
        schema: {
          tags,
          security,
          summary: 'Enables or disables an endpoint and sets its events. Audited.',
          body: webhookEndpointUpdateBody,
          response: { 200: envelope(webhookEndpoint) },
        },
      },
      async (req) => {
        const before = await wh.endpoint(req.body.id);
        requireOwn(req.operator, before?.promoterId);
        const after = await wh.updateEndpoint(req.body.id, req.body.enabled, req.body.events);
        await admin.audit(deps, req.operator, {
          action: 'webhook.update',
          objectType: 'webhookEndpoint',
          objectId: after.id,
          promoterId: after.promoterId,
          before: { enabled: before!.enabled, events: before!.events },
          after: { enabled: after.enabled, events: after.events },
        });
        return ok(after);
      },
    );
    app.get(
      '/api/admin/webhooks/deliveries',
      {
        schema: {
          tags,
          security,
          summary: 'The delivery log, newest first: state, tries, last status code, duration, the start of the answer and the next retry.',
          querystring: webhookDeliveriesQuery,
          response: { 200: envelope(webhookDeliveryPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const promoterId = await admin.storefrontOf(deps, req.operator, 'webhooks', q.promoterId, true);
        if (q.endpointId !== undefined) {
          const e = await wh.endpoint(q.endpointId);
          requireOwn(req.operator, e?.promoterId);
        }
        return ok(await wh.deliveries({ promoterId, endpointId: q.endpointId }, q.page, q.pageSize));
      },
    );
    app.post(
      '/api/admin/webhooks/deliveries/replay',
      {
        schema: {
          tags,
          security,
          summary: "Sends a delivery's event again to its endpoint, as a new delivery. Audited.",
          body: webhookReplayBody,
          response: { 200: envelope(webhookDelivery) },
        },
      },
      async (req) => {
        const promoterId = await wh.deliveryPromoter(req.body.id);
        requireOwn(req.operator, promoterId);
        const made = await wh.replay(req.body.id);
        await admin.audit(deps, req.operator, {
          action: 'webhook.replay',
          objectType: 'webhookDelivery',
          objectId: req.body.id,
          promoterId,
          before: null,
          after: { delivery: made.id },
        });
        return ok(made);
      },
    );
    app.get(
      '/api/admin/webhooks/tokens',
      {
        schema: {
          tags,
          security,
          summary: 'API tokens of the read API (never the tokens themselves, only their first characters).',
          querystring: apiTokensQuery,
          response: { 200: envelope(apiTokenList) },
        },
      },
      async (req) => ok({ list: await wh.tokens(await admin.storefrontOf(deps, req.operator, 'webhooks', req.query.promoterId, true)) }),
    );
    app.post(
      '/api/admin/webhooks/tokens',
      {
        schema: {
          tags,
          security,
          summary:
            'Makes an API token of a storefront with its scopes; the reply carries the token, shown this once (only its hash is kept). Audited.',
          body: apiTokenBody,
          response: { 200: envelope(apiTokenCreated) },
        },
      },
      async (req) => {
        const promoterId = (await admin.storefrontOf(deps, req.operator, 'webhooks', req.body.promoterId, false))!;
        const made = await wh.createToken(promoterId, req.body.name, req.body.scopes);
        await admin.audit(deps, req.operator, {
          action: 'apiToken.create',
          objectType: 'apiToken',
          objectId: made.id,
          promoterId,
          before: null,
          after: { name: made.name, prefix: made.prefix, scopes: made.scopes },
        });
        return ok(made);
      },
    );
    app.post(
      '/api/admin/webhooks/tokens/revoke',
      {
        schema: {
          tags,
          security,
          summary: 'Revokes an API token: its next call is refused. Audited.',
          body: apiTokenRevokeBody,
          response: { 200: envelope(apiToken) },
        },
      },
      async (req) => {
        const before = await wh.token(req.body.id);
        requireOwn(req.operator, before?.promoterId);
        const after = await wh.revokeToken(req.body.id);
        await admin.audit(deps, req.operator, {
          action: 'apiToken.revoke',
          objectType: 'apiToken',
          objectId: after.id,
          promoterId: after.promoterId,
          before: { revokedAt: before!.revokedAt },
          after: { revokedAt: after.revokedAt },
        });
        return ok(after);
      },
    );
  };
}
