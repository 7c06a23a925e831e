import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeOrder } from '../orders/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

type AdminOrder = { orderNo: string; status: string; promoCode: string; item: string; amount: number; trackingNo?: string | null };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '200' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

/** A number order of the storefront, paid at the sandbox cashier; the buyer's headers. */
async function paidOrder(promoCode: string) {
  const { order, headers } = await makeOrder(t.app, { promoCode });
  const pay = body<{ paymentNo: string }>(await post('/api/shop/order/pay', { orderNo: order.orderNo, method: 'sandbox' }, headers));
  await t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${pay.data.paymentNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const result = body<{ orderStatus: string }>(await get(`/api/shop/order/payResult?orderNo=${order.orderNo}`, headers));
  expect(result.data.orderStatus).toBe('paid');
  return { orderNo: order.orderNo, amount: order.amount, headers };
}

const trackingOf = () => `SF${Math.floor(Math.random() * 1e12)}`;

describe('orders in the console', () => {
  it('staff ship a paid order of their storefront with a tracking number; the buyer sees it and the audit log has it', async () => {
    const shop = await makeAgent(t.app, null);
    const staff = await makeOperator(t.app, 'staff', shop.id);
    const h = await signIn(t.app, staff);
    const o = await paidOrder(shop.promoCode);

    const list = body<{ list: AdminOrder[]; total: number }>(await get('/api/admin/orders?status=paid', h));
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ orderNo: o.orderNo, status: 'paid', promoCode: shop.promoCode, amount: o.amount });

    const trackingNo = trackingOf();
    const shipped = body<AdminOrder>(await post('/api/admin/orders/ship', { orderNo: o.orderNo, trackingNo }, h));
    expect(shipped.data).toMatchObject({ orderNo: o.orderNo, status: 'shipped', trackingNo });

    const detail = body<{ status: string; logistics: { trackingNo: string } }>(
      await get(`/api/shop/order/detail?orderNo=${o.orderNo}`, o.headers),
    );
    expect(detail.data.status).toBe('shipped');
    expect(detail.data.logistics.trackingNo).toBe(trackingNo);

    const twice = body(await post('/api/admin/orders/ship', { orderNo: o.orderNo, trackingNo }, h));
    expect(twice.code).toBe(-1);

    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const log = body<{ list: { action: string; operatorMobile: string; before: unknown; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=order&objectId=${o.orderNo}`, owner),
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({
        action: 'order.ship',
        operatorMobile: staff.mobile,
        before: { status: 'paid', trackingNo: null },
        after: { status: 'shipped', trackingNo },
      }),
    ]);
  });

  it('filters by storefront and state and sorts by amount', async () => {
    const shop = await makeAgent(t.app, null);
    const a = await paidOrder(shop.promoCode);
    const b = await paidOrder(shop.promoCode);
    const { order: unpaid } = await makeOrder(t.app, { promoCode: shop.promoCode });
    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const all = body<{ list: AdminOrder[]; total: number }>(await get(`/api/admin/orders?promoterId=${shop.id}`, owner));
    expect(all.data.total).toBe(3);
    expect(all.data.list.map((o) => o.orderNo)).toEqual([unpaid.orderNo, b.orderNo, a.orderNo]);
    const paid = body<{ list: AdminOrder[] }>(
      await get(`/api/admin/orders?promoterId=${shop.id}&status=paid&sort=amount&order=asc`, owner),
    );
    const amounts = paid.data.list.map((o) => o.amount);
    expect(amounts).toEqual([...amounts].sort((x, y) => x - y));
    expect(paid.data.list.map((o) => o.orderNo).sort()).toEqual([a.orderNo, b.orderNo].sort());
    const byNo = body<{ list: AdminOrder[] }>(await get(`/api/admin/orders?keyword=${a.orderNo}`, owner));
    expect(byNo.data.list.map((o) => o.orderNo)).toEqual([a.orderNo]);
    const bad = body(await get('/api/admin/orders?sort=buyer', owner));
    expect(bad.code).toBe(-1);
  });
});

describe('authorisation matrix: role × route × another promoter’s object', () => {
  it('refuses every console route outside the operator’s reach, and every route without a session', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const other = await makeAgent(t.app, null);
    const ops = {
      owner: await makeOperator(t.app, 'owner'),
      agent: await makeOperator(t.app, 'agent', mid.id),
      staff: await makeOperator(t.app, 'staff', mid.id),
    };
    const headers = {
      owner: await signIn(t.app, ops.owner),
      agent: await signIn(t.app, ops.agent),
      staff: await signIn(t.app, ops.staff),
    };
    // Objects: an order of another storefront (outside every reach but the owner's), one of the
    // agent's upstream, and one of its direct downstream (within the agent's reach, not staff's).
    const otherOrder = await paidOrder(other.promoCode);
    const upOrder = await paidOrder(top.promoCode);
    const lowOrder = await paidOrder(low.promoCode);

    type Call = { name: string; run: (h: Record<string, string>) => Promise<{ code: number }> };
    const ship =
      (orderNo: string): Call['run'] =>
      async (h) =>
        body(await post('/api/admin/orders/ship', { orderNo, trackingNo: trackingOf() }, h));
    const listOf =
      (promoterId: number): Call['run'] =>
      async (h) =>
        body(await get(`/api/admin/orders?promoterId=${promoterId}`, h));
    const calls: Record<string, Call['run']> = {
      'ship another storefront’s order': ship(otherOrder.orderNo),
      'ship the upstream’s order': ship(upOrder.orderNo),
      'list another storefront’s orders': listOf(other.id),
      'list the upstream’s orders': listOf(top.id),
      'read the audit log': async (h) => body(await get('/api/admin/audit', h)),
      'end an operator’s sessions': async (h) => body(await post('/api/admin/operators/revokeSessions', { operatorId: ops.owner.id }, h)),
    };
    const refusedFor = { agent: Object.keys(calls), staff: Object.keys(calls) };
    for (const role of ['agent', 'staff'] as const) {
      const outcomes = await Promise.all(
        Object.entries(calls).map(async ([name, run]) => [name, (await run(headers[role])).code] as const),
      );
      expect(Object.fromEntries(outcomes), role).toEqual(Object.fromEntries(refusedFor[role].map((n) => [n, -1])));
    }
    for (const [name, run] of Object.entries(calls)) expect((await run({})).code, `${name} without a session`).toBe(61);

    // Within reach: the agent ships its downstream's order; staff of mid may not (not their storefront).
    expect((await ship(lowOrder.orderNo)(headers.staff)).code).toBe(-1);
    expect((await ship(lowOrder.orderNo)(headers.agent)).code).toBe(0);
    // The agent's list holds its own and its downstream's orders only.
    const agentList = body<{ list: AdminOrder[] }>(await get('/api/admin/orders?pageSize=100', headers.agent));
    expect(new Set(agentList.data.list.map((o) => o.promoCode))).toEqual(new Set([low.promoCode]));
    // The owner reaches everything.
    expect((await ship(otherOrder.orderNo)(headers.owner)).code).toBe(0);
    expect((await ship(upOrder.orderNo)(headers.owner)).code).toBe(0);
  });
});
