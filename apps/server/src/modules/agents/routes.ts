import { agentQuery, lowerAgent, lowerList, lowerQuery, saveLowerAgentCustomPriceBody } from '@simshop/contract/agents';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as agents from './service.ts';

export function agentRoutes(deps: agents.AgentsDeps) {
  return async (app: App): Promise<void> => {
    const tags = ['agents'];
    app.get(
      '/api/agent/lowerList',
      {
        schema: {
          tags,
          summary:
            'The direct downstream agents of the agent storefront promoCode (managed by the logged-in mobile; 61 without login), with sales and custom prices',
          querystring: agentQuery,
          response: { 200: envelope(lowerList) },
        },
      },
      async (req) => ok(await agents.lowerList(deps, req.ctx.sessionId, req.query.promoCode, req.ctx.language)),
    );
    app.get(
      '/api/agent/lowerAgentCustomPrice',
      {
        schema: {
          tags,
          summary: 'One direct downstream agent with its sales and custom price; 33001 for any other agent',
          querystring: lowerQuery,
          response: { 200: envelope(lowerAgent) },
        },
      },
      async (req) => ok(await agents.lowerAgent(deps, req.ctx.sessionId, req.query.promoCode, req.query.lowerPromoCode, req.ctx.language)),
    );
    app.post(
      '/api/agent/saveLowerAgentCustomPrice',
      {
        schema: {
          tags,
          summary:
            "Replace a direct downstream agent's custom price (number markups by pattern, goods markup percent); 33001 for any other agent. The app sends the body unchanged (spec §5).",
          body: saveLowerAgentCustomPriceBody,
          response: { 200: envelope(lowerAgent) },
        },
      },
      async (req) => ok(await agents.saveLowerPrice(deps, req.ctx.sessionId, req.body, req.ctx.language)),
    );
  };
}
