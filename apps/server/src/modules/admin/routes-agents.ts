import { adminDownstream, adminDownstreamQuery, adminLowerPriceBody } from '@simshop/contract/admin';
import { lowerAgent } from '@simshop/contract/agents';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import * as agents from '../agents/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

/** Agents' prices for their direct downstream agents (spec §6) in the console. */
export function adminAgentRoutes(deps: admin.AdminDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/agents/downstream',
      {
        schema: {
          tags,
          security,
          summary:
            "An agent storefront's direct downstream agents with their sales and custom prices: an agent's own; an owner names the agent (agentId).",
          querystring: adminDownstreamQuery,
          response: { 200: envelope(adminDownstream) },
        },
      },
      async (req) => {
        const op = req.operator;
        admin.requireArea(op, 'agentPrices');
        const agentId = op.role === 'owner' ? req.query.agentId : op.promoterId;
        if (op.role !== 'owner' && req.query.agentId !== undefined && req.query.agentId !== op.promoterId) {
          throw invalid('promoterId', 'admin.noSuchObject');
        }
        const agent = agentId === undefined || agentId === null ? null : await deps.site.promoterById(agentId);
        if (!agent) throw invalid('promoterId', 'admin.noSuchObject');
        return ok({
          agent: { id: agent.id, promoCode: agent.promoCode, name: agent.name },
          list: await agents.downstreamOfAgent(deps, agent, req.ctx.language),
        });
      },
    );
    app.post(
      '/api/admin/agents/price',
      {
        schema: {
          tags,
          security,
          summary:
            'Replaces the custom price an agent sets for a direct downstream agent (number markups by pattern, goods markup): an agent for its own direct downstream only (33001 otherwise), an owner for any. Audited.',
          body: adminLowerPriceBody,
          response: { 200: envelope(lowerAgent) },
        },
      },
      async (req) => {
        const { agent, lower } = await admin.requireDirectLower(deps, req.operator, req.body.lowerPromoCode);
        const { before, after } = await agents.setLowerPrice(
          deps,
          agent,
          lower.promoCode,
          { numberRules: req.body.numberRules, goodsMarkupPercent: req.body.goodsMarkupPercent },
          req.ctx.language,
        );
        await admin.audit(deps, req.operator, {
          action: 'agent.price',
          objectType: 'promoter',
          objectId: lower.promoCode,
          promoterId: lower.id,
          before: before.customPrice,
          after: after.customPrice,
        });
        return ok(after);
      },
    );
  };
}
