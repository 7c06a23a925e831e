import type { CustomPrice, LowerAgent, LowerList, NumberPriceRule } from '@simshop/contract/agents';
import { Code } from '@simshop/contract/codes';
import type { Deps } from '../../lib/deps.ts';
import { BizError, invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/messages.ts';
import { requireLogin } from '../auth/service.ts';
import type { NumberMarkup } from '../numbers/service.ts';
import { promoterSales } from '../orders/service.ts';
import type { Promoter, Site } from '../site/service.ts';
import * as repo from './repository.ts';

/**
 * Agents and their direct downstream agents (spec §6). An agent storefront is managed by the
 * mobiles of `agent_members`; it sees and prices only its direct downstream agents (33001
 * otherwise). A shopper of a storefront pays the catalogue price adjusted, from the top of its
 * upstream chain down, by each agent's custom price for the next agent on the way.
 */

export interface AgentsDeps extends Deps {
  site: Site;
}

const EMPTY: CustomPrice = { numberRules: [], goodsMarkupPercent: 0 };
const notDirect = () => new BizError(Code.AGENT_NOT_DIRECT, 'agents.notDirect');

function parsePrice(row: { number_rules: string; goods_markup_percent: number } | undefined): CustomPrice {
  if (!row) return EMPTY;
  return { numberRules: JSON.parse(row.number_rules) as NumberPriceRule[], goodsMarkupPercent: row.goods_markup_percent };
}

/** A custom price's number rules as a markup: the pattern rules in order, else the rule for every number, else none. */
function numberMarkup(rules: NumberPriceRule[]): NumberMarkup {
  return {
    byPattern: rules.flatMap((r) => (r.pattern === '' ? [] : [{ pattern: r.pattern, markup: r.markup }])),
    otherwise: rules.find((r) => r.pattern === '')?.markup ?? 0,
  };
}

export const goodsPrice = (price: number, percent: number) => Math.round((price * (100 + percent)) / 100);

/** The custom prices on the way from the top of the promoter's upstream chain down to it, in that order. */
async function pricesOnTheWay(deps: AgentsDeps, promoter: Promoter): Promise<CustomPrice[]> {
  if (promoter.parentId === null) return [];
  const chain = await deps.site.upstreamChain(promoter);
  const rows = await repo.pricesForLowers(
    deps.db,
    chain.map((p) => p.id),
  );
  // Only the price set by a storefront's own agent counts.
  return chain
    .filter((p) => p.parentId !== null)
    .map((p) => parsePrice(rows.find((r) => r.lower_id === p.id && r.agent_id === p.parentId)))
    .reverse();
}

export async function numberPricing(deps: AgentsDeps, promoter: Promoter): Promise<NumberMarkup[]> {
  return (await pricesOnTheWay(deps, promoter)).map((p) => numberMarkup(p.numberRules));
}

export async function goodsPricing(deps: AgentsDeps, promoter: Promoter) {
  const prices = await pricesOnTheWay(deps, promoter);
  return (fen: number) => prices.reduce((price, p) => goodsPrice(price, p.goodsMarkupPercent), fen);
}

/** The agent storefront `promoCode` when the logged-in mobile manages it (61 without login). */
async function agentOf(deps: AgentsDeps, sessionId: string, promoCode: string | undefined): Promise<Promoter> {
  const mobile = await requireLogin(deps, sessionId);
  const agent = promoCode ? await deps.site.findPromoter(promoCode) : null;
  if (!agent?.isAgent || !(await repo.isMember(deps.db, agent.id, mobile))) throw invalid('promoCode', 'agents.notAgent');
  return agent;
}

/** A direct downstream agent of `agent`, else 33001. */
async function directLower(deps: AgentsDeps, agent: Promoter, lowerPromoCode: string): Promise<Promoter> {
  const lower = await deps.site.findPromoter(lowerPromoCode);
  if (!lower || lower.parentId !== agent.id) throw notDirect();
  return lower;
}

/** A storefront's name in the reader's language. */
const nameIn = async (deps: AgentsDeps, p: Promoter, language: Language) =>
  (await deps.site.getBaseConfig(p.promoCode, language)).promoName;

async function describe(deps: AgentsDeps, agent: Promoter, lowers: Promoter[], language: Language): Promise<LowerAgent[]> {
  const ids = lowers.map((l) => l.id);
  const [sales, rows, names] = await Promise.all([
    promoterSales(deps, ids),
    repo.pricesForLowers(deps.db, ids),
    Promise.all(lowers.map((l) => nameIn(deps, l, language))),
  ]);
  return lowers.map((l, i) => ({
    promoCode: l.promoCode,
    name: names[i] ?? l.name,
    sales: sales.get(l.id) ?? { orders: 0, amount: 0, monthOrders: 0, monthAmount: 0 },
    customPrice: parsePrice(rows.find((r) => r.lower_id === l.id && r.agent_id === agent.id)),
  }));
}

export async function lowerList(
  deps: AgentsDeps,
  sessionId: string,
  promoCode: string | undefined,
  language: Language,
): Promise<LowerList> {
  const agent = await agentOf(deps, sessionId, promoCode);
  const lowers = (await deps.site.downstreamOf(agent)).filter((l) => l.isAgent);
  return {
    agent: { promoCode: agent.promoCode, name: await nameIn(deps, agent, language) },
    list: await describe(deps, agent, lowers, language),
  };
}

export async function lowerAgent(
  deps: AgentsDeps,
  sessionId: string,
  promoCode: string | undefined,
  lowerPromoCode: string,
  language: Language,
) {
  const agent = await agentOf(deps, sessionId, promoCode);
  const lower = await directLower(deps, agent, lowerPromoCode);
  return (await describe(deps, agent, [lower], language))[0]!;
}

export async function saveLowerPrice(
  deps: AgentsDeps,
  sessionId: string,
  input: CustomPrice & { promoCode?: string; lowerPromoCode: string },
  language: Language,
): Promise<LowerAgent> {
  const agent = await agentOf(deps, sessionId, input.promoCode);
  const lower = await directLower(deps, agent, input.lowerPromoCode);
  const rules = input.numberRules.map((r) => ({ pattern: r.pattern, markup: r.markup }));
  await repo.savePrice(deps.db, agent.id, lower.id, JSON.stringify(rules), input.goodsMarkupPercent, deps.now());
  return (await describe(deps, agent, [lower], language))[0]!;
}

/** Lets `mobile` manage the agent storefront (operator tools, the demo seed, tests). */
export function addAgentMember(deps: Deps, promoterId: number, mobile: string) {
  return repo.addMember(deps.db, promoterId, mobile, deps.now());
}

/** An agent storefront's direct downstream agents with their sales and custom prices (the operator console). */
export async function downstreamOfAgent(deps: AgentsDeps, agent: Promoter, language: Language): Promise<LowerAgent[]> {
  const lowers = (await deps.site.downstreamOf(agent)).filter((l) => l.isAgent);
  return describe(deps, agent, lowers, language);
}

/**
 * Replaces an agent's custom price for one of its direct downstream agents (the operator console,
 * which has checked the operator may); 33001 for any other storefront. The price before and after.
 */
export async function setLowerPrice(
  deps: AgentsDeps,
  agent: Promoter,
  lowerPromoCode: string,
  price: CustomPrice,
  language: Language,
): Promise<{ before: LowerAgent; after: LowerAgent }> {
  const lower = await directLower(deps, agent, lowerPromoCode);
  const [before] = await describe(deps, agent, [lower], language);
  const rules = price.numberRules.map((r) => ({ pattern: r.pattern, markup: r.markup }));
  await repo.savePrice(deps.db, agent.id, lower.id, JSON.stringify(rules), price.goodsMarkupPercent, deps.now());
  const [after] = await describe(deps, agent, [lower], language);
  return { before: before!, after: after! };
}
