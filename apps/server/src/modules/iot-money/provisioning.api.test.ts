import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import type { CarrierCard, ProvisionRequest, StateChange } from '../../providers/carrier/types.ts';
import { MAX_TRIES, retryDelay } from './provisioning.ts';
import { addPackage, adjust, card, client, deliver, expectLedgersExact, key, makeCard, payAtCashier, simLogin } from './test-kit.ts';

let t: TestApp;
let clock = Date.now();
let carrier: CarrierSimulator;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  carrier = t.app.iotCarrier as CarrierSimulator;
});
afterAll(async () => t.close());

const SIM = '1440000000001';
const runJob = () => t.app.jobs.get('iot.provisioning')!.run(clock);
const packageStatus = async (orderNo: string) =>
  (await t.app.db.db.selectFrom('iot_sim_packages').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status;
const balanceTrail = async (simNo: string, orderNo: string) =>
  (
    await t.app.db.db
      .selectFrom('iot_ledger_entries as e')
      .innerJoin('iot_sims as s', 's.id', 'e.sim_id')
      .select(['e.account', 'e.delta', 'e.reason'])
      .where('s.sim_no', '=', simNo)
      .where('e.order_no', '=', orderNo)
      .orderBy('e.id')
      .execute()
  ).map((e) => [e.account, e.delta, e.reason]);

describe('provisioning outside the transaction', () => {
  it('asks the carrier while no transaction holds the card', async () => {
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(
      t.app,
      { name: 'outside tx', kind: 'addon', price: 100, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    await adjust(t.app, SIM, 'balance', 1_000, clock);
    const simId = (await card(t.app, SIM)).id;
    const original = carrier.changeOffering.bind(carrier);
    let cardWritable: boolean | undefined;
    // The carrier's call tries to write the card on another connection: it would wait (and time out)
    // if the call were made inside the purchase's transaction (PostgreSQL's row lock, SQLite's writer).
    carrier.changeOffering = async (cc: CarrierCard, request: ProvisionRequest, now: number) => {
      const write = t.app.db.db.updateTable('iot_sims').set({ refresh_at: 0 }).where('id', '=', simId).execute();
      cardWritable = await Promise.race([write.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 500))]);
      return original(cc, request, now);
    };
    try {
      const r = await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() });
      expect(r.data.order.status).toBe('effective');
    } finally {
      carrier.changeOffering = original;
    }
    expect(cardWritable).toBe(true);
  });

  it('a carrier that does not answer leaves the order paid; a later try opens it once, with the same operation key', async () => {
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(
      t.app,
      { name: 'slow carrier', kind: 'addon', price: 300, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    await adjust(t.app, SIM, 'balance', 1_000, clock);
    const before = await card(t.app, SIM);
    // The first call opens the package but its answer is lost.
    carrier.failTransiently(before.iccid, 1, true);
    const opened = carrier.openedOn(before.iccid);
    const r = await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() });
    expect(r.code).toBe(0);
    expect(r.data.order.status).toBe('paid');
    const orderNo = r.data.order.orderNo;
    expect(await packageStatus(orderNo)).toBe('provisioning');
    const mid = await card(t.app, SIM);
    expect(mid.balance).toBe(before.balance - 300);
    expect(mid.total_flow).toBe(before.total_flow);
    // The holder's page asks again before the retry is due: nothing changes yet.
    expect((await c.get(`/api/iot/orderDetails?orderNo=${orderNo}`)).data.order.status).toBe('paid');
    clock += retryDelay(1);
    expect(await runJob()).toBe(1);
    const d = await c.get(`/api/iot/orderDetails?orderNo=${orderNo}`);
    expect(d.data.order).toMatchObject({ status: 'effective', packageStartsAt: r.data.order.packageStartsAt });
    expect(await packageStatus(orderNo)).toBe('active');
    expect(carrier.openedOn(before.iccid)).toBe(opened + 1);
    const after = await card(t.app, SIM);
    expect(after.balance).toBe(before.balance - 300);
    expect(after.integral).toBe(before.integral + 3);
    expect(after.total_flow).toBe(before.total_flow + 1024);
    expect(await runJob()).toBe(0);
    await expectLedgersExact(t.app, [SIM]);
  });

  it('a carrier out of reach for every try refunds the balance and the coins through the ledger and returns the stock', async () => {
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(
      t.app,
      { name: 'unreachable', kind: 'addon', price: 500, stock: 3, coupon_deduct_max: 100, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    await adjust(t.app, SIM, 'balance', 1_000, clock);
    await adjust(t.app, SIM, 'coupon_coin', 100, clock);
    const before = await card(t.app, SIM);
    carrier.failTransiently(before.iccid, MAX_TRIES);
    const r = await c.post('/api/iot/buyPackage', { packageId: id, useCouponCoin: true }, { 'idempotency-key': key() });
    expect(r.data.order.status).toBe('paid');
    const orderNo = r.data.order.orderNo;
    for (let tries = 1; tries < MAX_TRIES; tries++) {
      clock += retryDelay(tries);
      expect(await runJob()).toBe(tries === MAX_TRIES - 1 ? 1 : 0);
    }
    const d = await client(t.app, await simLogin(t.app, SIM)).get(`/api/iot/orderDetails?orderNo=${orderNo}`);
    expect(d.data.order).toMatchObject({ status: 'refunded', payAmount: 400, coinAmount: 100 });
    expect(d.data.order.failReason).toBe(`the carrier could not be reached to open the package (${MAX_TRIES} tries)`);
    expect(await packageStatus(orderNo)).toBe('refused');
    const after = await card(t.app, SIM);
    expect([after.balance, after.coupon_coin, after.integral, after.total_flow]).toEqual([
      before.balance,
      before.coupon_coin,
      before.integral,
      before.total_flow,
    ]);
    expect(await balanceTrail(SIM, orderNo)).toEqual([
      ['balance', -400, 'package_purchase'],
      ['coupon_coin', -100, 'package_purchase'],
      ['balance', 400, 'refund'],
      ['coupon_coin', 100, 'refund'],
    ]);
    const pkg = await t.app.db.db.selectFrom('iot_packages').select('sold').where('id', '=', id).executeTakeFirstOrThrow();
    expect(pkg.sold).toBe(0);
    await expectLedgersExact(t.app, [SIM]);
  });

  it('a volume package still being opened counts as the card holding one', async () => {
    const sn = SIM;
    const c = client(t.app, await simLogin(t.app, sn));
    const id = await addPackage(
      t.app,
      { name: 'volume slow', kind: 'volume', price: 0, g_price: 500, effects: 'now', duration: 30, duration_unit: 1 },
      clock,
    );
    const iccid = (await card(t.app, sn)).iccid;
    carrier.failTransiently(iccid, 1);
    const first = await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() });
    expect(first.message).toBe('ok');
    expect(first.data.order.status).toBe('paid');
    const second = await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() });
    expect(second.message).toBe('Package: a volume package is already in effect on this card; close it first');
    clock += retryDelay(1);
    await runJob();
    expect((await c.get(`/api/iot/orderDetails?orderNo=${first.data.order.orderNo}`)).data.order.status).toBe('effective');
  });
});

describe('a refunded top-up', () => {
  it('takes back what it credited through the ledger; what was spent meanwhile is owed as arrears', async () => {
    const sn = SIM;
    const c = client(t.app, await simLogin(t.app, sn));
    const start = await card(t.app, sn);
    await adjust(t.app, sn, 'balance', -start.balance, clock);
    const created = await c.post('/api/iot/createBalanceOrder', { amount: 2_000, method: 'sandbox' });
    expect(created.message).toBe('ok');
    await deliver(t.app, await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret));
    expect((await card(t.app, sn)).balance).toBe(2_000);
    // The holder spends ¥15 of it, then the provider refunds the payment.
    await adjust(t.app, sn, 'balance', -1_500, clock);
    await t.app.payments.refund(created.data.payment.paymentNo, 'chargeback');
    const d = await c.get(`/api/iot/orderDetails?orderNo=${created.data.order.orderNo}`);
    expect(d.data.order.status).toBe('refunded');
    const after = await card(t.app, sn);
    expect([after.balance, after.arrears_balance]).toEqual([0, 1_500 + start.arrears_balance]);
    expect(await balanceTrail(sn, created.data.order.orderNo)).toEqual([
      ['balance', 2_000, 'topup'],
      ['balance', -500, 'topup_reversal'],
      ['arrears', 1_500, 'topup_reversal'],
    ]);
    await expectLedgersExact(t.app, [sn]);
  });
});

describe('online orders paid, then opened', () => {
  it('a paid order is opened by the job when nobody looks at it', async () => {
    const c = client(t.app, await simLogin(t.app, SIM));
    const id = await addPackage(
      t.app,
      { name: 'online job', kind: 'addon', price: 800, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    const r = await c.post('/api/iot/buyPackage', { packageId: id, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    await deliver(t.app, await payAtCashier(t.app, r.data.payment.paymentNo, clock, t.config.paymentSecret));
    const row = await t.app.db.db
      .selectFrom('iot_orders')
      .select('status')
      .where('order_no', '=', r.data.order.orderNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(await runJob()).toBe(1);
    const d = await c.get(`/api/iot/orderDetails?orderNo=${r.data.order.orderNo}`);
    expect(d.data.order.status).toBe('effective');
    expect(d.data.order.packageEndsAt - d.data.order.packageStartsAt).toBe(7 * DAY_MS);
    await expectLedgersExact(t.app, [SIM]);
  });
});

describe('data switched at the carrier outside the transaction', () => {
  it('arrears switch data off at the carrier after the synchronisation commits; settling them switches it on', async () => {
    const {
      simNo,
      id: simId,
      iccid,
    } = await makeCard(t.app, { now: clock, balance: 0, packages: [{ flowMb: 10_240, duration: 30, unit: 1 }] });
    const original = carrier.changeState.bind(carrier);
    const writable: boolean[] = [];
    carrier.changeState = async (cc: CarrierCard, change: StateChange, now: number) => {
      if (cc.iccid !== iccid) return original(cc, change, now);
      const write = t.app.db.db.updateTable('iot_sims').set({ refresh_at: 0 }).where('id', '=', simId).execute();
      writable.push(await Promise.race([write.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 500))]));
      return original(cc, change, now);
    };
    try {
      await adjust(t.app, simNo, 'arrears', 300, clock);
      clock += 60_000;
      await t.app.jobs.get('iot.carrier-sync')!.run(clock);
      expect(carrier.dataOf(iccid)).toBe(false);
      let row = await card(t.app, simNo);
      expect([row.internet_status, row.carrier_data]).toEqual([0, 0]);
      const c = client(t.app, await simLogin(t.app, simNo));
      const created = await c.post('/api/iot/createBalanceOrder', { amount: 1_000, method: 'sandbox' });
      await deliver(t.app, await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret));
      // The payment's transaction decided data should be on; the switch is made after it, by the job.
      row = await card(t.app, simNo);
      expect([row.internet_status, row.carrier_data]).toEqual([1, 0]);
      expect(await t.app.jobs.get('iot.carrier-data')!.run(clock)).toBe(1);
      expect(carrier.dataOf(iccid)).toBe(true);
      row = await card(t.app, simNo);
      expect([row.internet_status, row.carrier_data]).toEqual([1, 1]);
    } finally {
      carrier.changeState = original;
    }
    expect(writable).toEqual([true, true]);
  });
});
