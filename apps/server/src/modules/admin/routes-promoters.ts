import {
  createdOperator,
  createOperatorBody,
  createStorefrontBody,
  operatorIdBody,
  operatorList,
  operatorRow,
  priceRuleBody,
  priceRulePreview,
  priceRuleResult,
  resetPasswordReply,
  resetTotpReply,
  setOperatorDisabledBody,
  storefrontDetail,
  storefrontQuery,
  updateOperatorBody,
  updateStorefrontBody,
} from '@simshop/contract/admin-promoters';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as agents from '../agents/service.ts';
import * as numbers from '../numbers/service.ts';
import type { Promoter } from '../site/service.ts';
import * as operators from './operators.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

const ref = (p: Promoter) => ({ id: p.id, promoCode: p.promoCode, name: p.name });

/** A storefront's settings and chain, the chain within the operator's reach. */
async function detail(deps: admin.AdminDeps, op: admin.Operator, id: number, language: Language) {
  await admin.requireObject(deps, op, 'storefronts', id);
  const [p, settings] = await Promise.all([deps.site.promoterById(id), deps.site.promoterSettings(id)]);
  if (!p || !settings) throw invalid('id', 'admin.noSuchObject');
  const reach = await admin.reachOf(deps, op, 'storefronts');
  const inReach = (x: Promoter) => reach === 'all' || reach.includes(x.id);
  const [chain, children, lowers] = await Promise.all([
    deps.site.upstreamChain(p),
    deps.site.downstreamOf(p),
    p.isAgent ? agents.downstreamOfAgent(deps, p, language) : Promise.resolve([]),
  ]);
  const figures = new Map(lowers.map((l) => [l.promoCode, l]));
  return {
    id: p.id,
    promoCode: p.promoCode,
    ...settings,
    upstream: chain.slice(1).filter(inReach).map(ref),
    downstream: children.filter(inReach).map((c) => {
      const f = c.isAgent ? figures.get(c.promoCode) : undefined;
      return { ...ref(c), isAgent: c.isAgent, sales: f?.sales ?? null, customPrice: f?.customPrice ?? null };
    }),
  };
}

/**
 * Storefronts (create, edit, chain), operator accounts and bulk number prices in the console.
 * Owners do everything; an agent views its own storefront and its direct downstream and creates
 * direct downstream agents under itself; staff view their own storefront.
 */
export function adminPromoterRoutes(deps: admin.AdminDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/storefronts/detail',
      {
        schema: {
          tags,
          security,
          summary:
            'A storefront’s settings, its upstream agents and its direct downstream with their sales and markups (within the operator’s reach).',
          querystring: storefrontQuery,
          response: { 200: envelope(storefrontDetail) },
        },
      },
      async (req) => ok(await detail(deps, req.operator, req.query.id, req.ctx.language)),
    );
    app.post(
      '/api/admin/storefronts/create',
      {
        schema: {
          tags,
          security,
          summary:
            'A new storefront (owners, any; an agent, a direct downstream agent under its own storefront). It starts from the default storefront’s presentation. Audited.',
          body: createStorefrontBody,
          response: { 200: envelope(storefrontDetail) },
        },
      },
      async (req) => {
        const op = req.operator;
        admin.requireArea(op, 'storefronts');
        if (op.role === 'staff') throw admin.forbidden();
        if (op.role === 'agent') {
          if (op.promoterId === null || req.body.parentId !== op.promoterId) throw invalid('parentId', 'admin.noSuchObject');
          if (!req.body.isAgent) throw invalid('isAgent', 'admin.forbidden');
        }
        const id = await deps.site.createPromoter(req.body);
        const { promoCode, ...settings } = req.body;
        await admin.audit(deps, op, {
          action: 'storefront.create',
          objectType: 'promoter',
          objectId: promoCode,
          promoterId: id,
          before: null,
          after: { promoCode, ...settings },
        });
        return ok(await detail(deps, op, id, req.ctx.language));
      },
    );
    app.post(
      '/api/admin/storefronts/update',
      {
        schema: {
          tags,
          security,
          summary: 'Edits a storefront’s name, agent flag, upstream and shop settings (owners); the promo code stays. Audited.',
          body: updateStorefrontBody,
          response: { 200: envelope(storefrontDetail) },
        },
      },
      async (req) => {
        const op = req.operator;
        admin.requireArea(op, 'storefronts');
        if (op.role !== 'owner') throw admin.forbidden();
        const { id, ...settings } = req.body;
        const changed = await deps.site.updatePromoter(id, settings);
        if (!changed) throw invalid('id', 'admin.noSuchObject');
        const p = await deps.site.promoterById(id);
        await admin.audit(deps, op, {
          action: 'storefront.update',
          objectType: 'promoter',
          objectId: p?.promoCode ?? id,
          promoterId: id,
          before: changed.before,
          after: changed.after,
        });
        return ok(await detail(deps, op, id, req.ctx.language));
      },
    );

    app.get(
      '/api/admin/operators',
      {
        schema: { tags, security, summary: 'Every operator account (owners).', response: { 200: envelope(operatorList) } },
      },
      async (req) => ok({ list: await operators.listOperators(deps, req.operator) }),
    );
    app.post(
      '/api/admin/operators/create',
      {
        schema: {
          tags,
          security,
          summary:
            'A new operator (owners): the initial password and the TOTP secret (otpauth URL) are answered once, for the operator’s first sign-in. Audited.',
          body: createOperatorBody,
          response: { 200: envelope(createdOperator) },
        },
      },
      async (req) => ok(await operators.addOperator(deps, req.operator, req.body)),
    );
    app.post(
      '/api/admin/operators/update',
      {
        schema: {
          tags,
          security,
          summary: 'Changes an operator’s name, role and storefront (owners); the last active owner keeps its role. Audited.',
          body: updateOperatorBody,
          response: { 200: envelope(operatorRow) },
        },
      },
      async (req) => ok(await operators.editOperator(deps, req.operator, req.body)),
    );
    app.post(
      '/api/admin/operators/setDisabled',
      {
        schema: {
          tags,
          security,
          summary: 'Disables (its sessions end) or enables an operator (owners); never the last active owner. Audited.',
          body: setOperatorDisabledBody,
          response: { 200: envelope(operatorRow) },
        },
      },
      async (req) => ok(await operators.setDisabled(deps, req.operator, req.body.operatorId, req.body.disabled)),
    );
    app.post(
      '/api/admin/operators/resetPassword',
      {
        schema: {
          tags,
          security,
          summary: 'A new password for an operator, answered once; its sessions end (owners). Audited.',
          body: operatorIdBody,
          response: { 200: envelope(resetPasswordReply) },
        },
      },
      async (req) => ok(await operators.resetPassword(deps, req.operator, req.body.operatorId)),
    );
    app.post(
      '/api/admin/operators/resetTotp',
      {
        schema: {
          tags,
          security,
          summary:
            'A new TOTP secret for an operator (to enrol its authenticator again), answered once; its sessions end (owners). Audited.',
          body: operatorIdBody,
          response: { 200: envelope(resetTotpReply) },
        },
      },
      async (req) => ok(await operators.resetTotp(deps, req.operator, req.body.operatorId)),
    );

    app.post(
      '/api/admin/numbers/priceRule/preview',
      {
        schema: {
          tags,
          security,
          summary:
            'What a bulk price change would do to the numbers on sale matching the filters (owners): counts, sums, the first 20. Stores nothing.',
          body: priceRuleBody,
          response: { 200: envelope(priceRulePreview) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        return ok(await numbers.previewPriceRule(deps.db, req.body));
      },
    );
    app.post(
      '/api/admin/numbers/priceRule/apply',
      {
        schema: {
          tags,
          security,
          summary:
            'Changes the price of every number on sale matching the filters (owners), in one transaction; held and sold numbers keep theirs. Audited with the counts.',
          body: priceRuleBody,
          response: { 200: envelope(priceRuleResult) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        const result = await numbers.applyPriceRule(deps.db, deps.dialect, req.body, deps.now());
        const r = req.body;
        await admin.audit(deps, req.operator, {
          action: 'numbers.priceRule',
          objectType: 'numbers',
          objectId: `${r.mode}:${r.value}`,
          promoterId: null,
          before: null,
          after: {
            filter: { tag: r.tag, operator: r.operator, province: r.province, city: r.city, prefix: r.prefix, suffix: r.suffix },
            mode: r.mode,
            value: r.value,
            ...result,
          },
        });
        return ok(result);
      },
    );
  };
}
