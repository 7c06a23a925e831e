import { envelope } from '@simshop/contract/envelope';
import { autoRulesReply, pauseRuleBody, saveSlowdownRuleBody, saveTopupRuleBody } from '@simshop/contract/iot-rules';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import * as rules from './service.ts';

const security = [{ simToken: [] }];
const tags = ['iot'];
const reply = { 200: envelope(autoRulesReply) };

export function ruleRoutes(deps: rules.RuleDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/autoRules',
      {
        schema: {
          tags,
          security,
          summary: "The card's auto top-up and slow-down rules, the top-up requests made, and what a rule may be set to",
          response: reply,
        },
      },
      async (req) => ok(await rules.autoRules(deps, req.sim.simId, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/topup',
      {
        schema: {
          tags,
          security,
          summary:
            'Sets the auto top-up rule: below a balance, ask for a top-up at most monthlyCap times a month (confirmed with the pay password; its lock applies)',
          body: saveTopupRuleBody,
          response: reply,
        },
      },
      async (req) => ok(await rules.saveTopupRule(deps, req.sim.simId, req.body, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/topup/pause',
      { schema: { tags, security, summary: 'Pauses or resumes the auto top-up rule', body: pauseRuleBody, response: reply } },
      async (req) => ok(await rules.pauseTopupRule(deps, req.sim.simId, req.body.paused, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/topup/delete',
      { schema: { tags, security, summary: 'Deletes the auto top-up rule (its requests stay listed)', response: reply } },
      async (req) => ok(await rules.deleteTopupRule(deps, req.sim.simId, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/slowdown',
      {
        schema: {
          tags,
          security,
          summary: 'Sets the slow-down rule: past limitGb of data in a month, a slow speed profile until the month ends',
          body: saveSlowdownRuleBody,
          response: reply,
        },
      },
      async (req) => ok(await rules.saveSlowdownRule(deps, req.sim.simId, req.body, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/slowdown/pause',
      {
        schema: {
          tags,
          security,
          summary: "Pauses (the card's own speed is set back) or resumes the slow-down rule",
          body: pauseRuleBody,
          response: reply,
        },
      },
      async (req) => ok(await rules.pauseSlowdownRule(deps, req.sim.simId, req.body.paused, req.ctx.language)),
    );
    app.post(
      '/api/iot/autoRules/slowdown/delete',
      { schema: { tags, security, summary: "Deletes the slow-down rule (the card's own speed is set back)", response: reply } },
      async (req) => ok(await rules.deleteSlowdownRule(deps, req.sim.simId, req.ctx.language)),
    );
  };
}
