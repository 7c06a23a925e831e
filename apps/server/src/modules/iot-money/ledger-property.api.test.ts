/**
 * Property: over any sequence of top-ups (offers and custom amounts, balance and coupon coins),
 * purchases from the balance (with and without coupon coins), carrier refusals (refunds), online
 * purchases, new arrears and repeated payment notifications, the card's totals follow a simple
 * model and every ledger adds up to its total.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import { addPackage, adjust, card, client, deliver, expectLedgersExact, key, makeCard, payAtCashier, simLogin } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Model = { balance: number; coins: number; integral: number; arrears: number };

type Op =
  | { op: 'topup'; kind: 'balance' | 'coupon'; offer: number | null; amount: number; notices: number; concurrent: boolean }
  | { op: 'buy'; pkg: number; coins: boolean; refuse: boolean }
  | { op: 'buyOnline'; pkg: number; coins: boolean; refuse: boolean }
  | { op: 'arrears'; amount: number }
  | { op: 'replay' };

const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('topup' as const),
    kind: fc.constantFrom('balance' as const, 'coupon' as const),
    offer: fc.option(fc.nat({ max: 3 }), { nil: null }),
    amount: fc.integer({ min: 100, max: 8000 }),
    notices: fc.integer({ min: 1, max: 3 }),
    concurrent: fc.boolean(),
  }),
  fc.record({ op: fc.constant('buy' as const), pkg: fc.nat({ max: 2 }), coins: fc.boolean(), refuse: fc.boolean() }),
  fc.record({ op: fc.constant('buyOnline' as const), pkg: fc.nat({ max: 2 }), coins: fc.boolean(), refuse: fc.boolean() }),
  fc.record({ op: fc.constant('arrears' as const), amount: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ op: fc.constant('replay' as const) }),
);

describe('ledger model', () => {
  it('totals follow the model and every ledger adds up, over random sequences', async () => {
    const { simNo: SIM } = await makeCard(t.app, {
      balance: 3650,
      integral: 1280,
      couponCoin: 500,
      packages: [{ name: '全国通用流量 200GB 季包', flowMb: 200 * 1024, price: 9900, duration: 3 }],
    });
    const headers = await simLogin(t.app, SIM);
    const c = client(t.app, headers);
    const prices = [150, 990, 2500];
    const packages = await Promise.all(
      prices.map((price, i) =>
        addPackage(t.app, {
          name: `property ${i}`,
          kind: 'addon',
          price,
          coupon_deduct_max: 200,
          effects: 'now',
          duration: 7,
          duration_unit: 1,
        }),
      ),
    );
    const offers = {
      balance: (await c.get('/api/iot/balanceChoose')).data.offers,
      coupon: (await c.get('/api/iot/couponChoose')).data.offers,
    };
    const carrier = t.app.iotCarrier as CarrierSimulator;
    const iccid = (await card(t.app, SIM)).iccid;
    const notices: { raw: string; headers: Record<string, string> }[] = [];
    const secret = t.config.paymentSecret;

    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 8 }), async (sequence) => {
        const start = await card(t.app, SIM);
        const m: Model = { balance: start.balance, coins: start.coupon_coin, integral: start.integral, arrears: start.arrears_balance };
        for (const o of sequence) {
          if (o.op === 'topup') {
            const list = offers[o.kind];
            const offer = o.offer === null ? null : list[o.offer % list.length];
            const url = o.kind === 'balance' ? '/api/iot/createBalanceOrder' : '/api/iot/createCouponOrder';
            const created = await c.post(url, offer ? { offerId: offer.id, method: 'sandbox' } : { amount: o.amount, method: 'sandbox' }, {
              'idempotency-key': key(),
            });
            expect(created.code).toBe(0);
            const n = await payAtCashier(t.app, created.data.payment.paymentNo, Date.now(), secret);
            notices.push(n);
            const sends = Array.from({ length: o.notices }, () => () => deliver(t.app, n));
            if (o.concurrent) await Promise.all(sends.map((s) => s()));
            else for (const s of sends) await s();
            const pay = offer ? offer.payAmount : o.amount;
            const settled = Math.min(m.arrears, pay);
            m.arrears -= settled;
            if (o.kind === 'balance') m.balance += pay - settled;
            else m.coins += pay - settled;
            m.balance += offer?.bonusBalance ?? 0;
            m.coins += offer?.bonusCoin ?? 0;
          } else if (o.op === 'buy') {
            const price = prices[o.pkg]!;
            const coins = o.coins ? Math.min(m.coins, 200, price) : 0;
            if (o.refuse) carrier.failProvisioning(iccid, 1);
            const r = await c.post(
              '/api/iot/buyPackage',
              { packageId: packages[o.pkg], useCouponCoin: o.coins },
              { 'idempotency-key': key() },
            );
            carrier.failProvisioning(iccid, 0);
            if (price - coins > m.balance) {
              expect(r.message).toMatch(/^Balance: /);
            } else {
              expect(r.data.order.status).toBe(o.refuse ? 'refunded' : 'effective');
              if (!o.refuse) {
                m.balance -= price - coins;
                m.coins -= coins;
                m.integral += Math.floor((price - coins) / 100);
              }
            }
          } else if (o.op === 'buyOnline') {
            const price = prices[o.pkg]!;
            const coins = o.coins ? Math.min(m.coins, 200, price) : 0;
            const r = await c.post('/api/iot/buyPackage', { packageId: packages[o.pkg], useCouponCoin: o.coins, payMethod: 'sandbox' });
            if (price - coins === 0) {
              // Nothing left to pay online: taken from the balance at once.
              expect(r.data.order.status).toBe('effective');
              m.coins -= coins;
              continue;
            }
            expect(r.data.order.status).toBe('pending');
            if (o.refuse) carrier.failProvisioning(iccid, 1);
            const n = await payAtCashier(t.app, r.data.payment.paymentNo, Date.now(), secret);
            notices.push(n);
            await deliver(t.app, n);
            // The carrier is asked once the payment is in, when the order is next looked at (or by the job).
            const d = await c.get(`/api/iot/orderDetails?orderNo=${r.data.order.orderNo}`);
            carrier.failProvisioning(iccid, 0);
            expect(d.data.order.status).toBe(o.refuse ? 'refunded' : 'effective');
            if (!o.refuse) {
              m.coins -= coins;
              m.integral += Math.floor((price - coins) / 100);
            }
          } else if (o.op === 'arrears') {
            await adjust(t.app, SIM, 'arrears', o.amount);
            m.arrears += o.amount;
          } else if (notices.length > 0) {
            // A provider repeats an old notification: it changes nothing.
            const old = notices[Math.floor(notices.length / 2)]!;
            expect((await deliver(t.app, old)).status).toBe(200);
          }
        }
        const end = await card(t.app, SIM);
        expect({ balance: end.balance, coins: end.coupon_coin, integral: end.integral, arrears: end.arrears_balance }).toEqual(m);
        await expectLedgersExact(t.app, [SIM]);
      }),
      { numRuns: 50 },
    );
  });
});
