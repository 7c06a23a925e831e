import { DurationUnit } from '@simshop/contract/iot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import type { App } from '../../lib/route.ts';
import { CarrierSimulator, simulatedDayUsage } from '../../providers/carrier/simulator.ts';
import { syncAll } from '../iot-carrier/service.ts';
import { type CardSpec, makeCard, simLogin } from '../iot-money/test-kit.ts';

/**
 * A fixed clock: the demo data is seeded at T0 (2026-03-15 10:00 in China); the demo-card tests read
 * it at T0, the others move the clock on from wherever it is, on cards of their own.
 */
const T0 = Date.UTC(2026, 2, 15, 2);
let t: TestApp;
let clock = T0;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const inject = (app: App, sn: string, url: string, method: 'GET' | 'POST', lang: string) =>
  simLogin(app, sn).then(async (h) => body<any>(await app.inject({ method, url, headers: { ...h, 'accept-language': lang } })));
const get = (sn: string, url: string, lang = 'en') => inject(t.app, sn, url, 'GET', lang);
const post = (sn: string, url: string) => inject(t.app, sn, url, 'POST', 'en');
const simRow = (simNo: string, app = t.app) =>
  app.db.db.selectFrom('iot_sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow();
/** A card in break under the holder-removable rule since two hours, with a base and a volume package. */
const brokenCard = (spec: CardSpec = {}) =>
  makeCard(t.app, {
    balance: 800,
    packages: [
      { name: '全国通用流量 50GB 月包', flowMb: 50 * 1024, price: 2900, startsAt: clock - 20 * DAY_MS },
      {
        name: '按量计费 ¥5/GB',
        kind: 'volume',
        flowMb: 0,
        gPrice: 500,
        duration: 1,
        unit: DurationUnit.YEAR,
        startsAt: clock - 20 * DAY_MS,
      },
    ],
    breakRule: { code: 'location_abnormal', at: clock - 2 * 3_600_000, delayMs: 10 * 60_000 },
    now: clock,
    ...spec,
  });

describe('GET /api/iot/simInfo on the demo cards', () => {
  beforeEach(() => {
    clock = T0;
  });

  it('1440000000001: plain mobile SIM with a package, balance, points and coupon coins', async () => {
    const { data } = await get('1440000000001', '/api/iot/simInfo');
    expect(data).toMatchObject({
      simNo: '1440000000001',
      iccid: '89860400000000000001',
      mobile: '138****8001',
      balance: 3650,
      // 1280 less the 500 of the demo's points-mall order.
      integral: 780,
      couponCoin: 500,
      simStatus: 2,
      authStatus: 1,
      internetStatus: 1,
      operatorType: 4,
      operatorTypeName: 'China Mobile',
      operatorDisplayType: 4,
      totalFlow: 200 * 1024,
      sourceType: 1,
      deviceNo: '',
      rechargeNo: '1440000000001',
      rechargeNoLabel: 'rechargeNumber',
      needBuyPackage: false,
      needAuth: false,
      isInfiniteFlow: false,
      breakRuleId: 0,
      device: null,
      viceSims: [],
      warrantyExpireTag: 'none',
      simShopLayout: { promoCode: 'demo' },
    });
    expect(data.useFlow).toBeGreaterThan(0);
    expect(data.surplusFlow).toBe(data.totalFlow - data.useFlow);
    // The quarterly package began at China midnight 35 days before T0 (2026-02-08) and ends three months on.
    expect(data.endAt).toBe(Date.UTC(2026, 4, 7, 16)); // 2026-05-08 00:00 in China
    expect(data.surplusUnit).toBe(2); // more than a month left: counted in months
    const history = await get('1440000000001', '/api/iot/simHistoryLine');
    expect(data.dayUseFlow).toBe(history.data.list.at(-1).flow);
  });

  it('MF0000000001: device label, operator 99, Wi-Fi 2.4G and 5G, warranty, its SIMs', async () => {
    const { data } = await get('MF0000000001', '/api/iot/simInfo', 'zh-Hant');
    expect(data).toMatchObject({
      simNo: '1440000000002',
      sourceType: 2,
      deviceNo: 'MF0000000001',
      rechargeNo: 'MF0000000001',
      rechargeNoLabel: 'deviceNumber',
      operatorType: 4,
      operatorDisplayType: 99,
      isInfiniteFlow: true,
      totalFlow: 0,
      surplusFlow: 0,
      deviceNetworkMode: 1,
      warrantyExpireTag: 'valid',
      warrantyExpireDate: '2026-10-01', // 200 days after 2026-03-15
    });
    expect(data.surplusTimeTips).toMatch(/^剩餘\d+(天|個月)$/);
    expect(data.device.wifis.map((w: { wifiType: string; wifiName: string }) => [w.wifiType, w.wifiName])).toEqual([
      ['2.4G', 'SimShop-2.4G'],
      ['5G', 'SimShop-5G'],
    ]);
    expect(data.viceSims.map((s: { simNo: string; inUse: boolean }) => [s.simNo, s.inUse])).toEqual([
      ['1440000000002', true],
      ['1440000000005', false],
    ]);
    // Spec §3: no 5G entry unless both its name and password are set.
    await t.app.db.db.updateTable('iot_devices').set({ wifi5_pass: '' }).where('device_no', '=', 'MF0000000001').execute();
    clock += 1_000;
    const again = await get('MF0000000001', '/api/iot/simInfo');
    expect(again.data.device.wifis.map((w: { wifiType: string }) => w.wifiType)).toEqual(['2.4G']);
    await t.app.db.db.updateTable('iot_devices').set({ wifi5_pass: 'simshop5g' }).where('device_no', '=', 'MF0000000001').execute();
  });

  it('1440000000003: needs real-name authentication and a package', async () => {
    const { data } = await get('1440000000003', '/api/iot/simInfo', 'zh-CN');
    expect(data).toMatchObject({
      simStatus: 1,
      authStatus: 0,
      needAuth: true,
      needPlatformAuth: true,
      needBuyPackage: true,
      internetStatus: 0,
      endAt: null,
      surplusTime: 0,
      surplusTimeTips: '暂无套餐',
      bindPhoneMode: 2,
      mobile: '',
    });
  });

  it('1440000000004: in break with a removable rule, data off, a volume package', async () => {
    const { data } = await get('1440000000004', '/api/iot/simInfo', 'zh-CN');
    expect(data.breakRuleId).toBeGreaterThan(0);
    expect(data).toMatchObject({ breakNoClose: true, allowRemoveBreak: true, internetStatus: 0, volume: { gPrice: 500 } });
    expect(data.breakTips).toMatch(/非绑定设备/);
    expect(data.breakPopupAttr).toMatchObject({ title: '卡片已限制使用', confirmText: '解除限制' });
    expect(data.volumePackageId).toBeGreaterThan(0);
  });
});

describe('POST /api/iot/simRemoveBreak', () => {
  it('refuses before the waiting time and for a rule only customer service may lift', async () => {
    const { simNo: sn } = await brokenCard();
    const sim = await simRow(sn);
    const rules = await t.app.db.db.selectFrom('iot_break_rules').select(['id', 'code']).execute();
    const risk = rules.find((r) => r.code === 'carrier_risk')!.id;
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ break_remove_at: clock + 5 * 60_000 })
      .where('id', '=', sim.id)
      .execute();
    clock += 1_000;
    expect((await get(sn, '/api/iot/simInfo')).data.allowRemoveBreak).toBe(false);
    expect(await post(sn, '/api/iot/simRemoveBreak')).toMatchObject({
      code: -1,
      message: 'this restriction can be lifted in 5 min',
    });
    await t.app.db.db.updateTable('iot_sims').set({ break_rule_id: risk, break_remove_at: clock }).where('id', '=', sim.id).execute();
    clock += 1_000;
    expect(await post(sn, '/api/iot/simRemoveBreak')).toMatchObject({
      code: -1,
      message: 'this restriction can only be lifted by customer service',
    });
  });

  it('lifts a removable break: data comes back, the log is closed, usage in the break is not charged', async () => {
    const { simNo: sn } = await brokenCard();
    clock += 60_000;
    const before = await simRow(sn);
    const lifted = await post(sn, '/api/iot/simRemoveBreak');
    expect(lifted.code).toBe(0);
    expect(lifted.data).toMatchObject({ breakRuleId: 0, allowRemoveBreak: false, breakPopupAttr: null, internetStatus: 1 });
    const after = await simRow(sn);
    expect(after.use_flow).toBe(before.use_flow);
    const log = await t.app.db.db.selectFrom('iot_sim_breaks').selectAll().where('sim_id', '=', after.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ removed_at: clock, removed_by: 'holder' });
    expect(await post(sn, '/api/iot/simRemoveBreak')).toMatchObject({ code: -1, message: 'this card is not restricted' });
  });
});

describe('POST /api/iot/simRefresh', () => {
  it('asks the carrier at most once per 30 s per card', async () => {
    const { simNo: sn } = await makeCard(t.app, { packages: [{ flowMb: 50 * 1024 }], now: clock });
    clock += 3 * 3_600_000;
    const first = await post(sn, '/api/iot/simRefresh');
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ refreshed: true, nextRefreshAt: clock + 30_000 });
    expect(first.data.simInfo.lastRobinAt).toBe(clock);
    clock += 20_000;
    const throttled = await post(sn, '/api/iot/simRefresh');
    expect(throttled.data).toMatchObject({ refreshed: false, nextRefreshAt: clock + 10_000 });
    expect(throttled.data.simInfo.lastRobinAt).toBe(clock - 20_000);
    clock += 10_000;
    expect((await post(sn, '/api/iot/simRefresh')).data.refreshed).toBe(true);
  });
});

describe('usage accrual by the carrier job (fixed clock)', () => {
  // The job sweeps every card and the day-flow rule is global: these tests run on a database of their own.
  let jobs: TestApp;
  let jobClock = T0;
  beforeAll(async () => {
    jobs = await createTestApp({ now: () => jobClock });
  });
  afterAll(async () => jobs.close());
  const jobGet = (sn: string, url: string, lang = 'en') => inject(jobs.app, sn, url, 'GET', lang);
  const yearly = { name: '全国通用流量 200GB 年包', flowMb: 200 * 1024, duration: 1, unit: DurationUnit.YEAR };

  it('accrues each card to the simulator figures, day and month, and keeps history', async () => {
    const carrier = new CarrierSimulator();
    jobClock = T0;
    const { simNo } = await makeCard(jobs.app, { packages: [yearly], now: jobClock });
    const sim = await simRow(simNo, jobs.app);
    // From the next China midnight (2026-03-16 00:00), run the job across two full days in 5-minute steps.
    const start = Date.UTC(2026, 2, 15, 16);
    jobClock = start;
    await syncAll(jobs.app.db, carrier, jobClock);
    const mid = await simRow(simNo, jobs.app);
    for (let step = 0; step < (2 * DAY_MS) / (5 * 60_000); step++) {
      jobClock += 5 * 60_000;
      if (step % 24 === 0 || step === (2 * DAY_MS) / (5 * 60_000) - 1) await syncAll(jobs.app.db, carrier, jobClock);
    }
    const after = await simRow(simNo, jobs.app);
    // What the carrier reports for the card on each day: the accrual must add exactly that up.
    const d1 = simulatedDayUsage(sim.sim_no, '2026-03-16');
    const d2 = simulatedDayUsage(sim.sim_no, '2026-03-17');
    expect(after.use_flow - mid.use_flow).toBe(d1 + d2);
    expect(after.day_use_flow).toBe(0);
    const rows = await jobs.app.db.db
      .selectFrom('iot_usage_daily')
      .select(['day', 'flow_mb'])
      .where('sim_id', '=', sim.id)
      .where('day', 'in', ['2026-03-16', '2026-03-17'])
      .orderBy('day')
      .execute();
    expect(rows.map((r) => r.flow_mb)).toEqual([d1, d2]);
    const history = await jobGet(simNo, '/api/iot/simHistoryLine?days=3');
    expect(history.data.list.map((d: { flow: number }) => d.flow)).toEqual([d1, d2, 0]);
    expect(history.data.total).toBe(d1 + d2);
    // An unlimited card counts use without a total: from China midnight 2026-03-18 to 06:00, a quarter of
    // that day's use (at least 15 MB a day, so never nothing).
    const { simNo: unlimited } = await makeCard(jobs.app, { packages: [{ flowMb: 0, unlimited: true }], now: jobClock });
    jobClock += 6 * 3_600_000;
    await syncAll(jobs.app.db, carrier, jobClock);
    const device = await simRow(unlimited, jobs.app);
    expect(device.is_infinite_flow).toBe(1);
    expect(device.total_flow).toBe(0);
    expect(device.use_flow).toBe(Math.floor(simulatedDayUsage(unlimited, '2026-03-18') / 4));
    expect(device.use_flow).toBeGreaterThan(2);
  });

  it('expires the package at its end: data off, needBuyPackage, expired tips', async () => {
    jobClock = T0;
    // A month's package from China midnight 2026-03-15 ends at China midnight 2026-04-15: that day has no use.
    const { simNo } = await makeCard(jobs.app, { packages: [{ flowMb: 200 * 1024, startsAt: Date.UTC(2026, 2, 14, 16) }], now: jobClock });
    const sim = await simRow(simNo, jobs.app);
    expect(sim.end_at).toBe(Date.UTC(2026, 3, 14, 16));
    jobClock = Date.UTC(2026, 3, 14, 17);
    await syncAll(jobs.app.db, new CarrierSimulator(), jobClock);
    const info = await jobGet(simNo, '/api/iot/simInfo', 'zh-CN');
    expect(info.data).toMatchObject({
      needBuyPackage: true,
      internetStatus: 0,
      totalFlow: 0,
      surplusFlow: 0,
      surplusTimeTips: '已过期',
      surplusTime: 0,
    });
    const pkg = await jobs.app.db.db.selectFrom('iot_sim_packages').select('status').where('sim_id', '=', sim.id).execute();
    expect(pkg.map((p) => p.status)).toEqual(['expired']);
    const today = await syncAll(jobs.app.db, new CarrierSimulator(), jobClock + 3_600_000);
    expect(today).toBeGreaterThan(0);
    expect((await simRow(simNo, jobs.app)).day_use_flow).toBe(0);
  });

  it('breaks a card that reaches the day-flow rule', async () => {
    const rules = jobs.app.db.db.updateTable('iot_break_rules').where('code', '=', 'day_flow_over');
    jobClock = T0;
    const { simNo } = await makeCard(jobs.app, { packages: [yearly], now: jobClock });
    await rules.set({ threshold_mb: 2 }).execute();
    try {
      // Half a China day on a fresh day: a card with data on uses more than 2 MB.
      const from = jobClock;
      jobClock = Date.UTC(2026, 2, 16, 4); // 2026-03-16 12:00 in China
      await syncAll(jobs.app.db, new CarrierSimulator(), jobClock);
      const card = await simRow(simNo, jobs.app);
      const rule = await jobs.app.db.db
        .selectFrom('iot_break_rules')
        .select(['id', 'remove_delay_ms'])
        .where('code', '=', 'day_flow_over')
        .executeTakeFirstOrThrow();
      expect(card.break_rule_id).toBe(rule.id);
      expect(card.internet_status).toBe(0);
      expect(card.break_at).toBeGreaterThan(from);
      expect(card.break_at).toBeLessThanOrEqual(jobClock);
      expect(card.break_remove_at).toBe((card.break_at ?? 0) + rule.remove_delay_ms);
      const log = await jobs.app.db.db.selectFrom('iot_sim_breaks').selectAll().where('sim_id', '=', card.id).execute();
      expect(log).toEqual([expect.objectContaining({ rule_id: rule.id, started_at: card.break_at, removed_at: null })]);
    } finally {
      await rules.set({ threshold_mb: 20 * 1024 }).execute();
    }
  });
});
