import type { AutoRulesReply } from '@simshop/contract/iot-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import {
  adjust,
  card,
  client,
  deliver,
  expectLedgersExact,
  makeCardClient,
  payAtCashier,
  simLogin,
  uniqueMobile,
} from '../iot-money/test-kit.ts';
import { askForTopups, nextMonthStart, type RuleDeps, runSlowdowns, settleOpenRequests } from './service.ts';

const JUNE_15 = Date.parse('2026-06-15T04:00:00Z');
const JULY_1 = Date.parse('2026-06-30T16:00:00Z');
let clock = JUNE_15;
let t: TestApp;
let carrier: CarrierSimulator;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  carrier = t.app.iotCarrier as CarrierSimulator;
});
afterAll(async () => t.close());

const deps = (): RuleDeps => ({
  db: t.app.db,
  speeds: t.app.iotSpeeds,
  topups: t.app.iotTopups,
  sms: t.app.sms,
  forgetSimInfo: (simId) => t.app.iotSims.forgetSimInfo(simId),
  log: t.app.log,
  now: () => clock,
});

const PW = '482916';
const rule = { below: 1000, amount: 2000, monthlyCap: 2, method: 'sandbox', payPassword: PW };

/** A card with a pay password, logged in. */
async function holder(spec: { balance?: number; mobile?: string } = {}) {
  const made = await makeCardClient(t.app, { balance: spec.balance ?? 500, ...(spec.mobile ? { mobile: spec.mobile } : {}), now: clock });
  expect((await made.c.post('/api/iot/simUpdatePayPass', { payPassword: PW })).code).toBe(0);
  return made;
}

async function pay(orderNo: string, c: Awaited<ReturnType<typeof holder>>['c']) {
  const r = await c.get<AutoRulesReply>('/api/iot/autoRules');
  const open = r.data.requests.find((q) => q.orderNo === orderNo)!;
  const payment = await c.get(`/api/iot/orderDetails?orderNo=${open.orderNo}`);
  const n = await payAtCashier(t.app, payment.data.payment.paymentNo, clock, t.config.paymentSecret);
  expect((await deliver(t.app, n)).status).toBe(200);
}

describe('auto top-up rule', () => {
  it('is confirmed with the pay password: one must be set, it is asked for, and a wrong one counts toward the lock', async () => {
    const { c } = await makeCardClient(t.app, { balance: 500, now: clock });
    const first = await c.post('/api/iot/autoRules/topup', rule);
    expect([first.code, first.message]).toEqual([
      -1,
      'Pay password: Set a pay password first: a standing top-up rule is confirmed with it.',
    ]);
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: PW })).code).toBe(0);
    const { payPassword: _, ...withoutPassword } = rule;
    expect((await c.post('/api/iot/autoRules/topup', withoutPassword)).code).toBe(41001);
    const wrong = await c.post('/api/iot/autoRules/topup', { ...rule, payPassword: '000001' });
    expect([wrong.code, wrong.message]).toEqual([-1, 'Pay password: wrong pay password, 4 tries left']);
    const saved = await c.post<AutoRulesReply>('/api/iot/autoRules/topup', rule);
    expect(saved.code).toBe(0);
    expect(saved.data.topup).toEqual({
      below: 1000,
      amount: 2000,
      monthlyCap: 2,
      method: 'sandbox',
      paused: false,
      usedThisMonth: 0,
      capped: false,
      open: null,
    });
    expect(saved.data.existPayPassword).toBe(true);
  });

  it('refuses bad values by field', async () => {
    const { c } = await holder();
    expect((await c.post('/api/iot/autoRules/topup', { ...rule, below: 0 })).message).toMatch(/^Balance below: /);
    expect((await c.post('/api/iot/autoRules/topup', { ...rule, monthlyCap: 11 })).message).toMatch(/^Top-ups a month: /);
    const method = await c.post('/api/iot/autoRules/topup', { ...rule, method: 'cash' });
    expect([method.code, method.message.startsWith('Payment method')]).toEqual([-1, true]);
    const amount = await c.post('/api/iot/autoRules/topup', { ...rule, amount: 99_999_999 });
    expect([amount.code, amount.message.startsWith('Amount')]).toEqual([-1, true]);
    expect((await c.post('/api/iot/autoRules/slowdown', { limitGb: 0, speed: 'SLOW_1M' })).message).toMatch(/^Data limit: /);
    expect((await c.post('/api/iot/autoRules/slowdown', { limitGb: 5, speed: 'FAST' })).message).toMatch(/^Speed/);
    expect((await c.post('/api/iot/autoRules/topup/pause', { paused: true })).code).not.toBe(0);
  });

  it('asks once however many runners see the low balance at once, texts the holder, and the holder pays at the cashier', async () => {
    const mobile = uniqueMobile();
    const { c, simNo } = await holder({ balance: 500, mobile });
    expect((await c.post('/api/iot/autoRules/topup', rule)).code).toBe(0);
    await Promise.all(Array.from({ length: 6 }, () => askForTopups(deps(), clock)));
    const r = await c.get<AutoRulesReply>('/api/iot/autoRules');
    expect(r.data.requests).toHaveLength(1);
    expect(r.data.topup).toMatchObject({ usedThisMonth: 1, capped: false });
    expect(r.data.topup!.open).toMatchObject({ amount: 2000, balance: 500, state: 'open', texted: true });
    expect(r.data.topup!.open!.payUrl).not.toBe('');
    const texts = await t.app.db.db.selectFrom('sms_messages').selectAll().where('mobile_masked', '=', maskMobile(mobile)).execute();
    expect(texts.map((m) => [m.kind, m.language, m.status])).toEqual([['topupDue', 'en', 'sent']]);
    // Nothing moved yet: the top-up is an order waiting for the holder.
    expect((await card(t.app, simNo)).balance).toBe(500);
    await pay(r.data.topup!.open!.orderNo, c);
    const after = await c.get<AutoRulesReply>('/api/iot/autoRules');
    expect(after.data.balance).toBe(2500);
    expect(after.data.topup!.open).toBeNull();
    expect(after.data.requests.map((q) => q.state)).toEqual(['paid']);
    // Above the line now: no new request.
    await askForTopups(deps(), clock);
    expect((await c.get<AutoRulesReply>('/api/iot/autoRules')).data.requests).toHaveLength(1);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('stops at its monthly cap under concurrent runs, and starts again the next month', async () => {
    const { c, simNo } = await holder({ balance: 500 });
    expect((await c.post('/api/iot/autoRules/topup', rule)).code).toBe(0);
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 4 }, () => askForTopups(deps(), clock)));
      const r = await c.get<AutoRulesReply>('/api/iot/autoRules');
      if (r.data.topup!.open) {
        await pay(r.data.topup!.open.orderNo, c);
        await adjust(t.app, simNo, 'balance', -2000, clock);
      }
    }
    const capped = await c.get<AutoRulesReply>('/api/iot/autoRules');
    expect(capped.data.topup).toMatchObject({ usedThisMonth: 2, capped: true, open: null });
    expect(capped.data.requests.map((q) => q.state)).toEqual(['paid', 'paid']);
    expect(capped.data.balance).toBe(500);
    clock = JULY_1 + 60_000;
    try {
      await Promise.all(Array.from({ length: 4 }, () => askForTopups(deps(), clock)));
      const july = await client(t.app, await simLogin(t.app, simNo)).get<AutoRulesReply>('/api/iot/autoRules');
      expect(july.data.topup).toMatchObject({ usedThisMonth: 1, capped: false });
      expect(july.data.requests.map((q) => q.state)).toEqual(['open', 'paid', 'paid']);
    } finally {
      clock = JUNE_15;
    }
    await expectLedgersExact(t.app, [simNo]);
  });

  it('an order left unpaid ends the request; a paused rule asks nothing; a deleted one leaves its requests listed', async () => {
    const { c } = await holder({ balance: 100 });
    expect((await c.post('/api/iot/autoRules/topup', { ...rule, monthlyCap: 3 })).code).toBe(0);
    expect((await c.post<AutoRulesReply>('/api/iot/autoRules/topup/pause', { paused: true })).data.topup!.paused).toBe(true);
    await askForTopups(deps(), clock);
    expect((await c.get<AutoRulesReply>('/api/iot/autoRules')).data.requests).toEqual([]);
    await c.post('/api/iot/autoRules/topup/pause', { paused: false });
    await askForTopups(deps(), clock);
    const open = (await c.get<AutoRulesReply>('/api/iot/autoRules')).data.topup!.open!;
    clock = JUNE_15 + 3 * 3_600_000;
    try {
      await t.app.jobs.get('iot.closeExpiredOrders')!.run(clock);
      await settleOpenRequests(deps(), clock);
      const r = await c.get<AutoRulesReply>('/api/iot/autoRules');
      expect(r.data.requests.find((q) => q.id === open.id)!.state).toBe('unpaid');
      expect(r.data.topup!.open).toBeNull();
      const gone = await c.post<AutoRulesReply>('/api/iot/autoRules/topup/delete');
      expect(gone.data.topup).toBeNull();
      expect(gone.data.requests.map((q) => q.state)).toEqual(['unpaid']);
      await askForTopups(deps(), clock);
      expect((await c.get<AutoRulesReply>('/api/iot/autoRules')).data.requests).toHaveLength(1);
    } finally {
      clock = JUNE_15;
    }
  });
});

describe('slow-down rule', () => {
  const useMb = async (simId: number, mb: number) =>
    t.app.db.db.updateTable('iot_sims').set({ month_use_flow: mb, usage_month: '2026-06' }).where('id', '=', simId).execute();

  it('slows the card at the carrier past its data this month and restores it when the month ends', async () => {
    const { c, id, iccid, simNo } = await makeCardClient(t.app, { now: clock });
    const saved = await c.post<AutoRulesReply>('/api/iot/autoRules/slowdown', { limitGb: 1, speed: 'SLOW_512K' });
    expect(saved.data.slowdown).toEqual({
      limitGb: 1,
      speed: 'SLOW_512K',
      paused: false,
      state: 'watching',
      slowedUntil: null,
      speedUpUntil: null,
      message: '',
    });
    await useMb(id, 1000);
    await runSlowdowns(deps(), clock);
    expect(carrier.speedSetOn(iccid)).toBeNull();
    await useMb(id, 1100);
    await runSlowdowns(deps(), clock);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_512K');
    const slowed = await c.get<AutoRulesReply>('/api/iot/autoRules');
    expect(slowed.data.slowdown).toMatchObject({ state: 'slowed', slowedUntil: JULY_1, speedUpUntil: null });
    expect(slowed.data.monthUseMb).toBe(1100);
    expect(nextMonthStart(clock)).toBe(JULY_1);
    clock = JULY_1 + 1000;
    try {
      await runSlowdowns(deps(), clock);
      expect(carrier.speedSetOn(iccid)).toBeNull();
      const july = await client(t.app, await simLogin(t.app, simNo)).get<AutoRulesReply>('/api/iot/autoRules');
      expect(july.data.slowdown).toMatchObject({ state: 'watching', slowedUntil: null });
      expect(july.data.monthUseMb).toBe(0);
    } finally {
      clock = JUNE_15;
    }
  });

  it('pausing or deleting a slowed card sets its own speed back; a refusal by the carrier is shown', async () => {
    const { c, id, iccid } = await makeCardClient(t.app, { now: clock });
    await c.post('/api/iot/autoRules/slowdown', { limitGb: 1, speed: 'SLOW_1M' });
    await useMb(id, 2048);
    await runSlowdowns(deps(), clock);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_1M');
    expect((await c.post<AutoRulesReply>('/api/iot/autoRules/slowdown/pause', { paused: true })).data.slowdown!.state).toBe('restoring');
    await runSlowdowns(deps(), clock);
    expect(carrier.speedSetOn(iccid)).toBeNull();
    await c.post('/api/iot/autoRules/slowdown/pause', { paused: false });
    await runSlowdowns(deps(), clock);
    expect(carrier.speedOf(iccid, clock)).toBe('SLOW_1M');
    const deleted = await c.post<AutoRulesReply>('/api/iot/autoRules/slowdown/delete');
    expect(deleted.data.slowdown).toBeNull();
    await runSlowdowns(deps(), clock);
    expect(carrier.speedSetOn(iccid)).toBeNull();
    expect(await t.app.db.db.selectFrom('iot_slowdown_rules').select('sim_id').where('sim_id', '=', id).execute()).toEqual([]);

    await c.post('/api/iot/autoRules/slowdown', { limitGb: 1, speed: 'SLOW_128K' });
    carrier.refuseSpeed(iccid);
    try {
      await runSlowdowns(deps(), clock);
      const r = await c.get<AutoRulesReply>('/api/iot/autoRules');
      expect(r.data.slowdown!.state).toBe('refused');
      expect(r.data.slowdown!.message).toContain('SLOW_128K');
    } finally {
      carrier.refuseSpeed(iccid, false);
    }
  });
});
