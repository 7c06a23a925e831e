import { DurationUnit } from '@simshop/contract/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { CarrierSimulator, simulatedDayUsage } from '../../providers/carrier/simulator.ts';
import { addDuration, chinaDay, DAY_MS, dayStart } from '../iot-carrier/flow-math.ts';
import { purgeSessions, syncAll } from '../iot-carrier/service.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const headers: Record<string, Record<string, string>> = {};
async function as(sn: string) {
  const b = body<{ token: string; simNo: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/simLogin',
      payload: { sn, agreeProtocol: true },
      remoteAddress: `10.9.0.${sn.slice(-2)}`,
    }),
  );
  expect(b.code).toBe(0);
  headers[sn] = { 'x-sim-token': b.data.token, 'x-sim-no': b.data.simNo };
  return headers[sn]!;
}
const get = async (sn: string, url: string, lang = 'en') =>
  body<any>(await t.app.inject({ url, headers: { ...(headers[sn] ?? (await as(sn))), 'accept-language': lang } }));
const post = async (sn: string, url: string) =>
  body<any>(await t.app.inject({ method: 'POST', url, headers: headers[sn] ?? (await as(sn)) }));
const simRow = (simNo: string) => t.app.db.db.selectFrom('iot_sims').selectAll().where('sim_no', '=', simNo).executeTakeFirstOrThrow();

describe('GET /api/iot/simInfo on the demo cards', () => {
  it('1440000000001: plain mobile SIM with a package, balance, points and coupon coins', async () => {
    const { data } = await get('1440000000001', '/api/iot/simInfo');
    expect(data).toMatchObject({
      simNo: '1440000000001',
      iccid: '89860400000000000001',
      mobile: '138****8001',
      balance: 3650,
      integral: 1280,
      couponCoin: 500,
      simStatus: 2,
      authStatus: 1,
      internetStatus: 1,
      operatorType: 4,
      operatorTypeName: '中国移动',
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
    expect(data.endAt).toBe(addDuration(dayStart(clock) - 35 * DAY_MS, 3, DurationUnit.MONTH));
    expect(data.surplusUnit).toBe(data.endAt - clock >= 31 * DAY_MS ? 2 : 1);
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
      warrantyExpireDate: chinaDay(dayStart(clock) + 200 * DAY_MS),
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
    const { data } = await get('1440000000004', '/api/iot/simInfo');
    expect(data.breakRuleId).toBeGreaterThan(0);
    expect(data).toMatchObject({ breakNoClose: true, allowRemoveBreak: true, internetStatus: 0, volume: { gPrice: 500 } });
    expect(data.breakTips).toMatch(/非绑定设备/);
    expect(data.breakPopupAttr).toMatchObject({ title: '卡片已限制使用', confirmText: '解除限制' });
    expect(data.volumePackageId).toBeGreaterThan(0);
  });
});

describe('POST /api/iot/simRemoveBreak', () => {
  it('refuses before the waiting time and for a rule only customer service may lift', async () => {
    const sim = await simRow('1440000000004');
    const rules = await t.app.db.db.selectFrom('iot_break_rules').select(['id', 'code']).execute();
    const risk = rules.find((r) => r.code === 'carrier_risk')!.id;
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ break_remove_at: clock + 5 * 60_000 })
      .where('id', '=', sim.id)
      .execute();
    clock += 1_000;
    expect((await get('1440000000004', '/api/iot/simInfo')).data.allowRemoveBreak).toBe(false);
    expect(await post('1440000000004', '/api/iot/simRemoveBreak')).toMatchObject({
      code: -1,
      message: 'this restriction can be lifted in 5 min',
    });
    await t.app.db.db.updateTable('iot_sims').set({ break_rule_id: risk, break_remove_at: clock }).where('id', '=', sim.id).execute();
    clock += 1_000;
    expect(await post('1440000000004', '/api/iot/simRemoveBreak')).toMatchObject({
      code: -1,
      message: 'this restriction can only be lifted by customer service',
    });
    await t.app.db.db
      .updateTable('iot_sims')
      .set({ break_rule_id: sim.break_rule_id, break_remove_at: sim.break_remove_at })
      .where('id', '=', sim.id)
      .execute();
  });

  it('lifts a removable break: data comes back, the log is closed, usage in the break is not charged', async () => {
    clock += 60_000;
    const before = await simRow('1440000000004');
    const lifted = await post('1440000000004', '/api/iot/simRemoveBreak');
    expect(lifted.code).toBe(0);
    expect(lifted.data).toMatchObject({ breakRuleId: 0, allowRemoveBreak: false, breakPopupAttr: null, internetStatus: 1 });
    const after = await simRow('1440000000004');
    expect(after.use_flow).toBe(before.use_flow);
    const log = await t.app.db.db.selectFrom('iot_sim_breaks').selectAll().where('sim_id', '=', after.id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ removed_at: clock, removed_by: 'holder' });
    expect(await post('1440000000004', '/api/iot/simRemoveBreak')).toMatchObject({ code: -1, message: 'this card is not restricted' });
  });
});

describe('POST /api/iot/simRefresh', () => {
  it('asks the carrier at most once per 30 s per card', async () => {
    clock += 3 * 3_600_000;
    const first = await post('1440000000001', '/api/iot/simRefresh');
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ refreshed: true, nextRefreshAt: clock + 30_000 });
    expect(first.data.simInfo.lastRobinAt).toBe(clock);
    clock += 20_000;
    const throttled = await post('1440000000001', '/api/iot/simRefresh');
    expect(throttled.data).toMatchObject({ refreshed: false, nextRefreshAt: clock + 10_000 });
    expect(throttled.data.simInfo.lastRobinAt).toBe(clock - 20_000);
    clock += 10_000;
    expect((await post('1440000000001', '/api/iot/simRefresh')).data.refreshed).toBe(true);
  });
});

describe('usage accrual by the carrier job (fixed clock)', () => {
  it('accrues each card to the simulator figures, day and month, and keeps history', async () => {
    const carrier = new CarrierSimulator();
    const sim = await simRow('1440000000001');
    // Align to the next China midnight, then run the job across two full days in 5-minute steps.
    const start = dayStart(clock) + DAY_MS;
    clock = start;
    await syncAll(t.app.db, carrier, clock);
    const mid = await simRow('1440000000001');
    for (let step = 0; step < (2 * DAY_MS) / (5 * 60_000); step++) {
      clock += 5 * 60_000;
      if (step % 24 === 0 || step === (2 * DAY_MS) / (5 * 60_000) - 1) await syncAll(t.app.db, carrier, clock);
    }
    const after = await simRow('1440000000001');
    const d1 = simulatedDayUsage(sim.sim_no, chinaDay(start));
    const d2 = simulatedDayUsage(sim.sim_no, chinaDay(start + DAY_MS));
    expect(after.use_flow - mid.use_flow).toBe(d1 + d2);
    expect(after.day_use_flow).toBe(0);
    const rows = await t.app.db.db
      .selectFrom('iot_usage_daily')
      .select(['day', 'flow_mb'])
      .where('sim_id', '=', sim.id)
      .where('day', 'in', [chinaDay(start), chinaDay(start + DAY_MS)])
      .orderBy('day')
      .execute();
    expect(rows.map((r) => r.flow_mb)).toEqual([d1, d2]);
    const history = await get('1440000000001', '/api/iot/simHistoryLine?days=3');
    expect(history.data.list.map((d: { flow: number }) => d.flow)).toEqual([d1, d2, 0]);
    expect(history.data.total).toBe(d1 + d2);
    // The unlimited device card counts use without a total.
    const device = await simRow('1440000000002');
    expect(device.is_infinite_flow).toBe(1);
    expect(device.total_flow).toBe(0);
  });

  it('expires the package at its end: data off, needBuyPackage, expired tips', async () => {
    const sim = await simRow('1440000000001');
    clock = (sim.end_at ?? 0) + 3_600_000;
    await syncAll(t.app.db, new CarrierSimulator(), clock);
    await as('1440000000001');
    const info = await get('1440000000001', '/api/iot/simInfo', 'zh-CN');
    expect(info.data).toMatchObject({
      needBuyPackage: true,
      internetStatus: 0,
      totalFlow: 0,
      surplusFlow: 0,
      surplusTimeTips: '已过期',
      surplusTime: 0,
    });
    const pkg = await t.app.db.db.selectFrom('iot_sim_packages').select('status').where('sim_id', '=', sim.id).execute();
    expect(pkg.map((p) => p.status)).toEqual(['expired']);
    const today = await syncAll(t.app.db, new CarrierSimulator(), clock + 3_600_000);
    expect(today).toBeGreaterThan(0);
    expect((await simRow('1440000000001')).day_use_flow).toBe(0);
  });

  it('breaks a card that reaches the day-flow rule', async () => {
    await t.app.db.db.updateTable('iot_break_rules').set({ threshold_mb: 2 }).where('code', '=', 'day_flow_over').execute();
    // Half a China day on a fresh day: every card with data on uses more than 2 MB.
    const from = clock;
    clock = dayStart(clock) + DAY_MS + DAY_MS / 2;
    await syncAll(t.app.db, new CarrierSimulator(), clock);
    // 1440000000006 still has its yearly package; the others' packages ended in the jump above.
    const card = await simRow('1440000000006');
    const rule = await t.app.db.db
      .selectFrom('iot_break_rules')
      .select(['id', 'remove_delay_ms'])
      .where('code', '=', 'day_flow_over')
      .executeTakeFirstOrThrow();
    expect(card.break_rule_id).toBe(rule.id);
    expect(card.internet_status).toBe(0);
    expect(card.break_at).toBeGreaterThan(from);
    expect(card.break_at).toBeLessThanOrEqual(clock);
    expect(card.break_remove_at).toBe((card.break_at ?? 0) + rule.remove_delay_ms);
    const log = await t.app.db.db.selectFrom('iot_sim_breaks').selectAll().where('sim_id', '=', card.id).execute();
    expect(log).toEqual([expect.objectContaining({ rule_id: rule.id, started_at: card.break_at, removed_at: null })]);
  });

  it('purges sessions that ended more than 30 days ago', async () => {
    const before = await t.app.db.db.selectFrom('iot_sim_sessions').select('id').execute();
    await purgeSessions(t.app.db, clock + 60 * DAY_MS);
    const after = await t.app.db.db.selectFrom('iot_sim_sessions').select('id').execute();
    expect(before.length).toBeGreaterThan(0);
    expect(after).toHaveLength(0);
  });
});
