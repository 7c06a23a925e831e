import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import { card, client, deliver, expectLedgersExact, key, makeCardClient, payAtCashier, simLogin } from '../iot-money/test-kit.ts';
import { runDueSpeedChanges } from './accelerate.ts';
import type { ShopDeps } from './online.ts';

const HOUR = 3_600_000;
const JUNE_1 = Date.parse('2026-06-01T04:00:00Z');
let clock = JUNE_1;
let t: TestApp;
let carrier: CarrierSimulator;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  carrier = t.app.iotCarrier as CarrierSimulator;
});
afterAll(async () => t.close());

const deps = (): ShopDeps => ({
  db: t.app.db.db,
  dialect: t.app.db.dialect,
  sims: t.app.iotSims,
  now: () => clock,
  payments: t.app.payments,
  site: t.app.site,
  speeds: t.app.iotSpeeds,
  log: t.app.log,
  holdMs: 15 * 60_000,
});

async function addPlan(p: { price: number; hours: number; speedCode?: string; name?: string }) {
  const row = await t.app.db.db
    .insertInto('iot_accelerate_plans')
    .values({
      promo_code: 'demo',
      name: p.name ?? '测试加速',
      speed_code: p.speedCode ?? '5G_300M',
      speed_mbps: 300,
      duration_hours: p.hours,
      price: p.price,
      original_price: p.price + 200,
      sort: 99,
      created_at: clock,
      updated_at: clock,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A card with a month's package in effect and some balance, logged in. */
const withPackage = (balance = 5000) => makeCardClient(t.app, { balance, packages: [{ name: 'base' }], now: clock });

async function ledger(simNo: string) {
  const sim = await card(t.app, simNo);
  return t.app.db.db
    .selectFrom('iot_ledger_entries')
    .select(['delta', 'reason', 'order_no'])
    .where('sim_id', '=', sim.id)
    .where('account', '=', 'balance')
    .where('reason', '!=', 'opening')
    .orderBy('id')
    .execute();
}

describe('speed-up', () => {
  it('lists the speed-ups with the package in effect; SIM info has none running', async () => {
    clock = JUNE_1;
    const { c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2, name: '测试加速 · 2 小时' });
    const list = await c.get('/api/iot/accelerateList');
    expect(list.code).toBe(0);
    expect(list.data).toMatchObject({ current: null, balance: 5000, existPayPassword: false, payMethods: [{ method: 'sandbox' }] });
    expect(list.data.packageEndAt).toBeGreaterThan(clock);
    expect(list.data.plans.find((p: { id: number }) => p.id === id)).toEqual({
      id,
      name: '测试加速 · 2 小时',
      logo: '',
      speedCode: '5G_300M',
      speedMbps: 300,
      durationHours: 2,
      price: 300,
      originalPrice: 500,
    });
    const info = (await c.get('/api/iot/simInfo')).data;
    expect(info).toMatchObject({ accelerateOrder: null, hasAccelerate: false });
  });

  it('paid from the balance: the carrier holds the speed for the window, and the job restores it after', async () => {
    clock = JUNE_1;
    const { simNo, iccid, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    const bought = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() });
    expect(bought.code).toBe(0);
    expect(bought.data.balance).toBe(4700);
    expect(bought.data.payment).toBeNull();
    expect(bought.data.order).toMatchObject({
      accelerateId: id,
      speedCode: '5G_300M',
      startAt: JUNE_1,
      endAt: JUNE_1 + 2 * HOUR,
      status: 1,
      payMethod: 'balance',
      placeType: 1,
      actualPayMoney: 300,
      packagePrice: 500,
      carrierState: 'applied',
      validTag: 1,
    });
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
    const info = (await c.get('/api/iot/simInfo')).data;
    expect(info.hasAccelerate).toBe(true);
    expect(info.accelerateOrder).toMatchObject({ orderSn: bought.data.order.orderSn, speedCode: '5G_300M', validTag: 1 });
    expect(await ledger(simNo)).toEqual([{ delta: -300, reason: 'accelerate_purchase', order_no: bought.data.order.orderSn }]);

    // Nothing is due before the window ends.
    clock = JUNE_1 + 2 * HOUR - 1;
    await runDueSpeedChanges(deps(), clock);
    expect(carrier.speedSetOn(iccid)).toBe('5G_300M');
    clock = JUNE_1 + 2 * HOUR;
    expect(await runDueSpeedChanges(deps(), clock)).toBeGreaterThanOrEqual(1);
    expect(carrier.speedSetOn(iccid)).toBeNull();
    const after = client(t.app, await simLogin(t.app, simNo));
    expect((await after.get('/api/iot/simInfo')).data).toMatchObject({ hasAccelerate: false, accelerateOrder: null });
    const orders = await after.get('/api/iot/accelerateOrderList');
    expect(orders.data).toMatchObject({ total: 1, page: 1 });
    expect(orders.data.list[0]).toMatchObject({ orderSn: bought.data.order.orderSn, carrierState: 'restored', validTag: 0, status: 1 });
    // Once restored, the job has nothing more to do for it.
    const again = await t.app.db.db
      .selectFrom('iot_accelerate_orders')
      .select(['carrier_state', 'restored_at'])
      .where('order_sn', '=', bought.data.order.orderSn)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ carrier_state: 'restored', restored_at: JUNE_1 + 2 * HOUR });
    await expectLedgersExact(t.app, [simNo]);
  });

  it('is refused without a package in effect, and while another speed-up runs', async () => {
    clock = JUNE_1;
    const id = await addPlan({ price: 300, hours: 2 });
    const bare = await makeCardClient(t.app, { balance: 5000, now: clock });
    expect(await bare.c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })).toMatchObject({
      code: -1,
      message: 'Speed-up: a speed-up needs a package in effect: buy a package first',
    });
    expect((await card(t.app, bare.simNo)).balance).toBe(5000);

    const { simNo, c } = await withPackage();
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })).code).toBe(0);
    clock = JUNE_1 + HOUR;
    const second = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() });
    // 2026-06-01 04:00 UTC + 2 h is 14:00 China time.
    expect(second).toMatchObject({ code: -1, message: 'Speed-up: a speed-up is already running until 2026-06-01 14:00' });
    const online = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    expect(online.code).toBe(-1);
    expect((await card(t.app, simNo)).balance).toBe(4700);
    // After the window another one may be bought.
    clock = JUNE_1 + 2 * HOUR;
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })).data.order).toMatchObject({
      startAt: JUNE_1 + 2 * HOUR,
      endAt: JUNE_1 + 4 * HOUR,
    });
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: 999_999 }, { 'idempotency-key': key() })).message).toBe(
      'Speed-up: this speed-up is not on sale',
    );
    await expectLedgersExact(t.app, [simNo]);
  });

  it('20 concurrent purchases on one card give one speed-up, paid once', async () => {
    clock = JUNE_1;
    const { simNo, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === -1)).toHaveLength(19);
    expect((await card(t.app, simNo)).balance).toBe(4700);
    expect((await c.get('/api/iot/accelerateOrderList')).data.total).toBe(1);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('asks for the pay password when one is set (41001); the same key replays the purchase', async () => {
    clock = JUNE_1;
    const { simNo, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '802613' })).code).toBe(0);
    const k = { 'idempotency-key': key() };
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, k)).code).toBe(41001);
    const paid = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id, payPassword: '802613' }, k);
    expect(paid.code).toBe(0);
    const replay = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id, payPassword: '802613' }, k);
    expect(replay.data.order.orderSn).toBe(paid.data.order.orderSn);
    expect((await card(t.app, simNo)).balance).toBe(4700);
  });

  it('paid at the cashier: the window starts when the money arrives and the carrier applies it', async () => {
    clock = JUNE_1;
    const { simNo, iccid, c } = await withPackage(0);
    const id = await addPlan({ price: 990, hours: 24 });
    const created = await c.post(
      '/api/iot/createAccelerateOrder',
      { accelerateId: id, payMethod: 'sandbox' },
      { 'idempotency-key': key() },
    );
    expect(created.code).toBe(0);
    expect(created.data.order).toMatchObject({ status: 0, payMethod: 'sandbox', placeType: 2, carrierState: 'waiting', validTag: 0 });
    expect(created.data.payment).toMatchObject({ status: 'pending', amount: 990 });
    expect((await c.get('/api/iot/simInfo')).data.hasAccelerate).toBe(false);
    clock = JUNE_1 + 5 * 60_000;
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, clock, t.config.paymentSecret);
    const results = await Promise.all([deliver(t.app, n), deliver(t.app, n)]);
    expect(results.every((r) => r.status === 200 && r.body.code === 'SUCCESS')).toBe(true);
    // The order page asks: the due call to the carrier is made then.
    const details = await c.get(`/api/iot/accelerateOrderDetails?orderSn=${created.data.order.orderSn}`);
    expect(details.data.order).toMatchObject({
      status: 1,
      startAt: JUNE_1 + 5 * 60_000,
      endAt: JUNE_1 + 5 * 60_000 + 24 * HOUR,
      carrierState: 'applied',
      validTag: 1,
    });
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
    expect((await c.get('/api/iot/simInfo')).data.accelerateOrder).toMatchObject({ orderSn: created.data.order.orderSn });
    // The money came from the payment, not the balance.
    expect(await ledger(simNo)).toEqual([]);
    clock = JUNE_1 + 5 * 60_000 + 24 * HOUR;
    await runDueSpeedChanges(deps(), clock);
    expect(carrier.speedSetOn(iccid)).toBeNull();
  });

  it('a payment arriving while another speed-up runs is refunded', async () => {
    clock = JUNE_1;
    const { c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    const online = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id, payMethod: 'sandbox' }, { 'idempotency-key': key() });
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })).code).toBe(0);
    const n = await payAtCashier(t.app, online.data.payment.paymentNo, clock, t.config.paymentSecret);
    expect((await deliver(t.app, n)).status).toBe(200);
    const details = await c.get(`/api/iot/accelerateOrderDetails?orderSn=${online.data.order.orderSn}`);
    expect(details.data.order).toMatchObject({ status: 3, validTag: 0 });
    const payment = await t.app.db.db
      .selectFrom('payments')
      .select(['status'])
      .where('payment_no', '=', online.data.payment.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment.status).toBe('refunded');
  });

  it('a refusal by the carrier gives the balance back through the ledger', async () => {
    clock = JUNE_1;
    const { simNo, iccid, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    carrier.refuseSpeed(iccid);
    const bought = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() });
    carrier.refuseSpeed(iccid, false);
    expect(bought.data.order).toMatchObject({ status: 2, carrierState: 'refused', refundType: 2, validTag: 0 });
    expect(bought.data.balance).toBe(5000);
    expect((await ledger(simNo)).map((e) => [e.delta, e.reason])).toEqual([
      [-300, 'accelerate_purchase'],
      [300, 'accelerate_refund'],
    ]);
    expect((await c.get('/api/iot/simInfo')).data.hasAccelerate).toBe(false);
    // Refunded, so another may be bought at once.
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() })).code).toBe(0);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('a carrier that does not answer is tried again by the job', async () => {
    clock = JUNE_1;
    const { iccid, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    carrier.failSpeedTransiently(iccid, 1);
    const bought = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() });
    expect(bought.data.order).toMatchObject({ status: 1, carrierState: 'waiting' });
    expect(carrier.speedSetOn(iccid)).toBeNull();
    clock = JUNE_1 + 10_000;
    await runDueSpeedChanges(deps(), clock);
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
    const list = await c.get('/api/iot/accelerateOrderList');
    expect(list.data.list[0]).toMatchObject({ carrierState: 'applied', validTag: 1 });
  });

  it('two runners at once (two instances) make a due call once', async () => {
    clock = JUNE_1;
    const { iccid, c } = await withPackage();
    const id = await addPlan({ price: 300, hours: 2 });
    carrier.failSpeedTransiently(iccid, 1);
    const bought = await c.post('/api/iot/createAccelerateOrder', { accelerateId: id }, { 'idempotency-key': key() });
    expect(bought.data.order.carrierState).toBe('waiting');
    clock = JUNE_1 + 10_000;
    const runs = await Promise.all([
      runDueSpeedChanges(deps(), clock, bought.data.order.simId),
      runDueSpeedChanges(deps(), clock, bought.data.order.simId),
    ]);
    expect(runs[0] + runs[1]).toBe(1);
    const row = await t.app.db.db
      .selectFrom('iot_accelerate_orders')
      .select(['carrier_state', 'carrier_tries', 'applied_at'])
      .where('order_sn', '=', bought.data.order.orderSn)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ carrier_state: 'applied', carrier_tries: 0, applied_at: JUNE_1 + 10_000 });
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
  });
});

describe('a speed-up and the holder’s slow-down rule on one card', () => {
  /** Puts the card past 1 GB this month (June 2026) and lets the slow-down job decide. */
  async function pastTheLimit(simId: number) {
    await t.app.db.db.updateTable('iot_sims').set({ month_use_flow: 2048, usage_month: '2026-06' }).where('id', '=', simId).execute();
    await t.app.jobs.get('iot.slowdown')!.run(clock);
  }

  it('a speed-up bought on a slowed card holds while it runs; then the card is slowed again, not set to full speed', async () => {
    clock = JUNE_1;
    const { id: simId, iccid, c } = await withPackage();
    const plan = await addPlan({ price: 300, hours: 2 });
    expect((await c.post('/api/iot/autoRules/slowdown', { limitGb: 1, speed: 'SLOW_512K' })).code).toBe(0);
    await pastTheLimit(simId);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_512K');

    const bought = await c.post('/api/iot/createAccelerateOrder', { accelerateId: plan }, { 'idempotency-key': key() });
    expect(bought.data.order.carrierState).toBe('applied');
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
    clock = JUNE_1 + 2 * HOUR;
    expect(await runDueSpeedChanges(deps(), clock, simId)).toBe(1);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_512K');
    // Still slowed the next day: the slow-down lasts until July 1 (China time).
    expect(carrier.speedOf(iccid, JUNE_1 + 24 * HOUR)).toBe('SLOW_512K');
  });

  it('a slow-down reached during a speed-up waits for its end; paused, the card gets its own speed', async () => {
    clock = JUNE_1;
    const { id: simId, iccid, c } = await withPackage();
    const plan = await addPlan({ price: 300, hours: 2 });
    expect((await c.post('/api/iot/createAccelerateOrder', { accelerateId: plan }, { 'idempotency-key': key() })).code).toBe(0);
    expect((await c.post('/api/iot/autoRules/slowdown', { limitGb: 1, speed: 'SLOW_1M' })).code).toBe(0);
    clock = JUNE_1 + HOUR;
    await pastTheLimit(simId);
    expect(carrier.speedOf(iccid, clock)).toBe('5G_300M');
    // The rules page says so: slowed, after the speed-up.
    const during = (await c.get('/api/iot/autoRules')).data.slowdown;
    expect(during).toMatchObject({ state: 'slowed', speedUpUntil: JUNE_1 + 2 * HOUR });
    clock = JUNE_1 + 2 * HOUR;
    expect(await runDueSpeedChanges(deps(), clock, simId)).toBe(1);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_1M');
    expect((await c.get('/api/iot/autoRules')).data.slowdown).toMatchObject({ state: 'slowed', speedUpUntil: null });
    expect((await c.post('/api/iot/autoRules/slowdown/pause', { paused: true })).code).toBe(0);
    await t.app.jobs.get('iot.slowdown')!.run(clock);
    expect(carrier.speedSetOn(iccid)).toBeNull();
  });
});
