import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  addPackage,
  card,
  client,
  deliver,
  expectLedgersExact,
  key,
  makeCard,
  makeCardClient,
  payAtCashier,
  provisioningSettled,
  simLogin,
  uniqueMobile,
} from '../iot-money/test-kit.ts';

const DAY = 86_400_000;
/** 2026-05-10 10:00 China time. */
const MAY_10 = Date.parse('2026-05-10T02:00:00Z');
let clock = MAY_10;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const signIns = (simId: number) =>
  t.app.db.db.selectFrom('iot_sign_ins').select(['day', 'streak', 'points']).where('sim_id', '=', simId).orderBy('day').execute();

describe('daily sign-in', () => {
  it('a new card sees day 1 of the cycle to sign, and every task to do', async () => {
    clock = MAY_10;
    const { c } = await makeCardClient(t.app, { integral: 100, realname: false, now: clock });
    const center = await c.get('/api/iot/taskCenter');
    expect(center.code).toBe(0);
    expect(center.data).toMatchObject({ integral: 100, today: '2026-05-10', signedToday: false, streak: 0, nextPoints: 5, monthDays: [] });
    expect(center.data.cycle).toEqual([
      { streakDay: 1, points: 5, state: 'today' },
      { streakDay: 2, points: 10, state: 'upcoming' },
      { streakDay: 3, points: 15, state: 'upcoming' },
      { streakDay: 4, points: 20, state: 'upcoming' },
      { streakDay: 5, points: 25, state: 'upcoming' },
      { streakDay: 6, points: 30, state: 'upcoming' },
      { streakDay: 7, points: 50, state: 'upcoming' },
    ]);
    expect(center.data.tasks.map((x: { key: string; state: string; points: number }) => [x.key, x.state, x.points])).toEqual([
      ['bindPhone', 'todo', 20],
      ['realname', 'todo', 50],
      ['payPassword', 'todo', 20],
      ['firstTopup', 'todo', 30],
      ['buyPackage', 'todo', 50],
    ]);
  });

  it('signs in once a China-time day; the points go through the ledger and show in the points log', async () => {
    clock = MAY_10;
    const { id, simNo, c } = await makeCardClient(t.app, { integral: 100, now: clock });
    const first = await c.post('/api/iot/generalSignIn');
    expect(first).toMatchObject({ code: 0, data: { points: 5, integral: 105, streak: 1, task: null } });
    const again = await c.post('/api/iot/generalSignIn', {});
    expect(again.code).toBe(-1);
    expect(again.message).toBe('you have already signed in today, come back tomorrow');
    // 23:59 China time is still the same day.
    clock = Date.parse('2026-05-10T15:59:00Z');
    expect((await c.post('/api/iot/generalSignIn')).code).toBe(-1);
    expect((await card(t.app, simNo)).integral).toBe(105);
    const log = await c.get('/api/iot/simIntegralLogList?page=1&pageSize=10');
    expect(log.data.total).toBe(2);
    expect(log.data.list[0]).toMatchObject({ account: 'integral', delta: 5, balanceAfter: 105, reason: 'sign_in' });
    expect(log.data.list[1]).toMatchObject({ delta: 100, balanceAfter: 100, reason: 'opening' });
    const center = await c.get('/api/iot/taskCenter');
    expect(center.data).toMatchObject({ signedToday: true, streak: 1, nextPoints: 10, monthDays: ['2026-05-10'] });
    expect(center.data.cycle[0]).toEqual({ streakDay: 1, points: 5, state: 'signed' });
    expect((await c.get('/api/iot/simInfo')).data.integral).toBe(105);
    expect(await signIns(id)).toEqual([{ day: '2026-05-10', streak: 1, points: 5 }]);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('a streak rises day by day, and a missed day starts it over', async () => {
    clock = MAY_10;
    const { id, simNo, c } = await makeCardClient(t.app, { now: clock });
    const got: number[] = [];
    for (const at of [MAY_10, MAY_10 + DAY, MAY_10 + 2 * DAY, MAY_10 + 4 * DAY, MAY_10 + 5 * DAY]) {
      clock = at;
      got.push((await c.post('/api/iot/generalSignIn')).data.points);
    }
    expect(got).toEqual([5, 10, 15, 5, 10]);
    expect((await signIns(id)).map((s) => [s.day, s.streak])).toEqual([
      ['2026-05-10', 1],
      ['2026-05-11', 2],
      ['2026-05-12', 3],
      ['2026-05-14', 1],
      ['2026-05-15', 2],
    ]);
    expect((await card(t.app, simNo)).integral).toBe(45);
    clock = MAY_10 + 6 * DAY;
    const center = await c.get('/api/iot/taskCenter');
    expect(center.data).toMatchObject({ signedToday: false, streak: 2, nextPoints: 15 });
    expect(center.data.monthDays).toEqual(['2026-05-10', '2026-05-11', '2026-05-12', '2026-05-14', '2026-05-15']);
    expect(center.data.cycle.map((d: { state: string }) => d.state)).toEqual([
      'signed',
      'signed',
      'today',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
  });

  it('the 8th day in a row starts the cycle again at 5 points', async () => {
    clock = MAY_10;
    const { simNo } = await makeCard(t.app, { now: clock });
    let c = client(t.app, await simLogin(t.app, simNo));
    const got: number[] = [];
    for (let d = 0; d < 8; d++) {
      clock = MAY_10 + d * DAY;
      if (d === 6) c = client(t.app, await simLogin(t.app, simNo));
      got.push((await c.post('/api/iot/generalSignIn')).data.points);
    }
    expect(got).toEqual([5, 10, 15, 20, 25, 30, 50, 5]);
    expect((await card(t.app, simNo)).integral).toBe(160);
  });

  it('20 concurrent sign-ins the same day credit once', async () => {
    clock = MAY_10;
    const { id, simNo, c } = await makeCardClient(t.app, { now: clock });
    const replies = await Promise.all(Array.from({ length: 20 }, () => c.post('/api/iot/generalSignIn')));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === -1 && r.message === 'you have already signed in today, come back tomorrow')).toHaveLength(19);
    expect((await card(t.app, simNo)).integral).toBe(5);
    expect(await signIns(id)).toHaveLength(1);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('a cancelled card cannot sign in', async () => {
    clock = MAY_10;
    const { simNo, c } = await makeCardClient(t.app, { now: clock });
    await t.app.db.db.updateTable('iot_sims').set({ cancel_status: 1 }).where('sim_no', '=', simNo).execute();
    const r = await c.post('/api/iot/generalSignIn');
    expect(r.code).not.toBe(0);
    expect((await card(t.app, simNo)).integral).toBe(0);
  });
});

describe('demo', () => {
  it('the plain demo SIM signed in the two days before: day 3 of its streak is next', async () => {
    clock = MAY_10;
    const c = client(t.app, await simLogin(t.app, '1440000000001'));
    const center = await c.get('/api/iot/taskCenter');
    expect(center.data).toMatchObject({
      // 1280 less the 500 of the demo's points-mall order.
      integral: 780,
      signedToday: false,
      streak: 2,
      nextPoints: 15,
      monthDays: ['2026-05-08', '2026-05-09'],
    });
    const log = await c.get('/api/iot/simIntegralLogList');
    expect(log.data.list.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [-500, 'mall_purchase'],
      [10, 'sign_in'],
      [5, 'sign_in'],
      [1265, 'opening'],
    ]);
    await expectLedgersExact(t.app, ['1440000000001']);
  });
});

describe('one-off tasks', () => {
  it('a task done gives its points once; a task not done gives none; an unknown task names the field', async () => {
    clock = MAY_10;
    const { simNo, c } = await makeCardClient(t.app, { mobile: uniqueMobile(), realname: true, now: clock });
    const tasks = (await c.get('/api/iot/taskCenter')).data.tasks;
    expect(tasks.map((x: { state: string }) => x.state)).toEqual(['claimable', 'claimable', 'todo', 'todo', 'todo']);
    expect(await c.post('/api/iot/generalSignIn', { task: 'bindPhone' })).toMatchObject({
      code: 0,
      data: { points: 20, integral: 20, task: 'bindPhone', streak: 0 },
    });
    const twice = await c.post('/api/iot/generalSignIn', { task: 'bindPhone' });
    expect(twice).toMatchObject({ code: -1, message: 'the points of this task have already been received' });
    const notDone = await c.post('/api/iot/generalSignIn', { task: 'payPassword' });
    expect(notDone).toMatchObject({ code: -1, message: 'finish this task first' });
    const unknown = await c.post('/api/iot/generalSignIn', { task: 'fly' });
    expect(unknown.code).toBe(-1);
    expect(unknown.message.startsWith('Task')).toBe(true);
    expect(await c.post('/api/iot/generalSignIn', { task: 'realname' })).toMatchObject({ code: 0, data: { points: 50, integral: 70 } });
    // Set the pay password: the task becomes claimable.
    expect((await c.post('/api/iot/simUpdatePayPass', { payPassword: '802613' })).code).toBe(0);
    expect(await c.post('/api/iot/generalSignIn', { task: 'payPassword' })).toMatchObject({ code: 0, data: { points: 20, integral: 90 } });
    const after = (await c.get('/api/iot/taskCenter')).data.tasks;
    expect(after.map((x: { state: string }) => x.state)).toEqual(['done', 'done', 'done', 'todo', 'todo']);
    const log = await c.get('/api/iot/simIntegralLogList');
    expect(log.data.list.map((e: { delta: number; reason: string }) => [e.delta, e.reason])).toEqual([
      [20, 'task_reward'],
      [50, 'task_reward'],
      [20, 'task_reward'],
    ]);
    await expectLedgersExact(t.app, [simNo]);
  });

  it('buying a package and a first top-up are detected from the orders; concurrent claims credit once', async () => {
    clock = MAY_10;
    const { simNo, c } = await makeCardClient(t.app, { balance: 1000, now: clock });
    const id = await addPackage(
      t.app,
      { name: 'engage add-on', kind: 'addon', price: 300, effects: 'now', duration: 7, duration_unit: 1 },
      clock,
    );
    expect((await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() })).code).toBe(0);
    await provisioningSettled(t.app);
    const top = await c.post('/api/iot/createBalanceOrder', { amount: 1000, method: 'sandbox' });
    expect(top.code).toBe(0);
    expect((await c.get('/api/iot/taskCenter')).data.tasks.find((x: { key: string }) => x.key === 'firstTopup').state).toBe('todo');
    await deliver(t.app, await payAtCashier(t.app, top.data.payment.paymentNo, clock, t.config.paymentSecret));
    const states = (await c.get('/api/iot/taskCenter')).data.tasks;
    expect(states.find((x: { key: string }) => x.key === 'firstTopup').state).toBe('claimable');
    expect(states.find((x: { key: string }) => x.key === 'buyPackage').state).toBe('claimable');
    const before = (await card(t.app, simNo)).integral;
    const claims = await Promise.all(Array.from({ length: 10 }, () => c.post('/api/iot/generalSignIn', { task: 'buyPackage' })));
    expect(claims.filter((r) => r.code === 0)).toHaveLength(1);
    expect((await c.post('/api/iot/generalSignIn', { task: 'firstTopup' })).data.points).toBe(30);
    expect((await card(t.app, simNo)).integral).toBe(before + 80);
    await expectLedgersExact(t.app, [simNo]);
  });
});

describe('coupon-coin log', () => {
  it('lists the coin entries of the card, newest first', async () => {
    clock = MAY_10;
    const { c } = await makeCardClient(t.app, { couponCoin: 500, integral: 9, now: clock });
    const log = await c.get('/api/iot/couponCoinLogList');
    expect(log.data).toMatchObject({ total: 1, page: 1 });
    expect(log.data.list[0]).toMatchObject({ account: 'coupon_coin', delta: 500, balanceAfter: 500, reason: 'opening' });
  });
});
