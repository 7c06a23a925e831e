import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

type Lower = { promoCode: string; customPrice: { numberRules: { pattern: string; markup: number }[]; goodsMarkupPercent: number } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const price = (lowerPromoCode: string, markup: number) => ({
  lowerPromoCode,
  numberRules: [
    { pattern: '', markup },
    { pattern: 'AAAA', markup: markup * 10 },
  ],
  goodsMarkupPercent: 5,
});

describe('downstream prices in the console', () => {
  it('an agent sets its direct downstream’s price, the downstream’s shop shows it, and the audit log has before → after', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const agentOp = await makeOperator(t.app, 'agent', mid.id);
    const h = await signIn(t.app, agentOp);

    const listed = body<{ agent: { promoCode: string }; list: Lower[] }>(await get('/api/admin/agents/downstream', h));
    expect(listed.data.agent.promoCode).toBe(mid.promoCode);
    expect(listed.data.list).toEqual([
      expect.objectContaining({ promoCode: low.promoCode, customPrice: { numberRules: [], goodsMarkupPercent: 0 } }),
    ]);

    const before = body<{ list: { number: string; price: number }[] }>(
      await t.app.inject({ url: `/api/shop/numberList?promoCode=${mid.promoCode}&pageSize=5` }),
    );
    const saved = body<Lower>(await post('/api/admin/agents/price', price(low.promoCode, 3000), h));
    expect(saved.data.customPrice).toEqual({ numberRules: price(low.promoCode, 3000).numberRules, goodsMarkupPercent: 5 });
    const n = before.data.list.find((x) => x.number)!;
    const after = body<{ price: number; tags: string[] }>(
      await t.app.inject({ url: `/api/shop/numberDetail?promoCode=${low.promoCode}&number=${n.number}` }),
    );
    expect(after.data.price).toBe(n.price + (after.data.tags.includes('AAAA') ? 30000 : 3000));

    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const log = body<{ list: { action: string; before: unknown; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=promoter&objectId=${low.promoCode}`, owner),
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({
        action: 'agent.price',
        before: { numberRules: [], goodsMarkupPercent: 0 },
        after: { numberRules: price(low.promoCode, 3000).numberRules, goodsMarkupPercent: 5 },
      }),
    ]);
  });

  it('refuses an agent another storefront (33001), another agent’s list, and staff everything; an owner may set any', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const agentH = await signIn(t.app, await makeOperator(t.app, 'agent', mid.id));
    const staffH = await signIn(t.app, await makeOperator(t.app, 'staff', mid.id));
    expect(body(await post('/api/admin/agents/price', price(mid.promoCode, 100), agentH)).code).toBe(33001);
    expect(body(await post('/api/admin/agents/price', price(top.promoCode, 100), agentH)).code).toBe(33001);
    expect(body(await get(`/api/admin/agents/downstream?agentId=${top.id}`, agentH)).code).toBe(-1);
    expect(body(await post('/api/admin/agents/price', price(low.promoCode, 100), staffH)).code).toBe(-1);
    expect(body(await get('/api/admin/agents/downstream', staffH)).code).toBe(-1);
    expect(body(await post('/api/admin/agents/price', price(low.promoCode, 100), {})).code).toBe(61);
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    expect(body(await post('/api/admin/agents/price', price(mid.promoCode, 100), owner)).code).toBe(0);
    const top2 = body<{ list: Lower[] }>(await get(`/api/admin/agents/downstream?agentId=${top.id}`, owner));
    expect(top2.data.list.map((l) => [l.promoCode, l.customPrice.numberRules[0]?.markup])).toEqual([[mid.promoCode, 100]]);
  });
});
