import { DurationUnit } from '@simshop/contract/iot';
import type { UsageAlertList, UsageForecast } from '@simshop/contract/iot-alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { chinaDay, DAY_MS } from '../../lib/flow-math.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { makeCardClient, uniqueMobile } from '../iot-money/test-kit.ts';
import { scanUsageAlerts } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const scan = () =>
  scanUsageAlerts(
    { db: t.app.db.db, sims: t.app.iotSims, renewals: t.app.iotRenewals, sms: t.app.sms, log: t.app.log, now: () => t.app.config.now() },
    t.app.config.now(),
  );
const monthly = (usedMb: number) => ({ packages: [{ flowMb: 1000, usedMb, duration: 1, unit: DurationUnit.MONTH }] });

describe('usage alerts', () => {
  it('start from the defaults: 80 %, 95 %, 100 % and 3 days before the end, by SMS when a phone is bound', async () => {
    const { c } = await makeCardClient(t.app, monthly(0));
    const r = await c.get<UsageAlertList>('/api/iot/usageAlerts');
    expect(r.data).toEqual({
      settings: { thresholds: [80, 95, 100], endingDays: 3, sms: true },
      hasBoundPhone: false,
      list: [],
      unread: 0,
    });
  });

  it('give the highest threshold passed once per package period, the lower ones never shown', async () => {
    const mobile = uniqueMobile();
    const { c } = await makeCardClient(t.app, { ...monthly(960), mobile });
    const given = await scan();
    const mine = given.filter((g) => g.mobile === mobile);
    expect(mine.map((g) => g.kind)).toEqual(['used95']);
    expect((await scan()).filter((g) => g.mobile === mobile)).toEqual([]);

    const r = await c.get<UsageAlertList>('/api/iot/usageAlerts');
    expect(r.data.hasBoundPhone).toBe(true);
    expect(r.data.unread).toBe(1);
    expect(r.data.list).toHaveLength(1);
    expect(r.data.list[0]).toMatchObject({ kind: 'used', percent: 95, days: null, read: false, texted: true });
    // Texted once to the bound phone, in Chinese (no settings saved: the holder's language is not known).
    const texts = await t.app.db.db.selectFrom('sms_messages').selectAll().where('mobile_masked', '=', maskMobile(mobile)).execute();
    expect(texts.map((m) => [m.kind, m.language, m.status])).toEqual([['dataUsed', 'zh-Hans', 'sent']]);
    expect((await c.post('/api/iot/usageAlerts/read')).code).toBe(0);
    const after = await c.get<UsageAlertList>('/api/iot/usageAlerts');
    expect(after.data.unread).toBe(0);
    expect(after.data.list[0]!.read).toBe(true);
  });

  it('warn days before the package ends', async () => {
    const { c } = await makeCardClient(t.app, { packages: [{ flowMb: 1000, usedMb: 0, duration: 2, unit: DurationUnit.DAY }] });
    await scan();
    const r = await c.get<UsageAlertList>('/api/iot/usageAlerts');
    expect(r.data.list.map((a) => [a.kind, a.days, a.percent])).toEqual([['ending', 3, null]]);
  });

  it('follow the holder’s own choices, and refuse thresholds not offered by name', async () => {
    const mobile = uniqueMobile();
    const { c } = await makeCardClient(t.app, { ...monthly(600), mobile });
    const saved = await c.post<UsageAlertList>('/api/iot/usageAlerts/settings', { thresholds: [95, 50, 50], endingDays: 0, sms: false });
    expect(saved.code).toBe(0);
    expect(saved.data.settings).toEqual({ thresholds: [50, 95], endingDays: 0, sms: false });
    const given = (await scan()).filter((g) => g.mobile === mobile || g.mobile === '');
    expect((await c.get<UsageAlertList>('/api/iot/usageAlerts')).data.list.map((a) => a.percent)).toEqual([50]);
    // SMS off: the alert is given with no phone to text.
    expect(given.some((g) => g.kind === 'used50' && g.mobile === '')).toBe(true);

    const bad = await c.post('/api/iot/usageAlerts/settings', { thresholds: [60], endingDays: 0, sms: false });
    expect(bad.code).toBe(-1);
    expect(bad.message).toMatch(/^Alert thresholds: must be one of/);
  });

  it('tell of an auto-renewal a day before it buys, and cancelling it takes one call', async () => {
    const now = t.app.config.now();
    // Ends in a day and a half; the demo storefront renews a day ahead: the renewal is 12 hours away.
    const { c } = await makeCardClient(t.app, {
      packages: [{ flowMb: 1000, usedMb: 0, duration: 2, unit: DurationUnit.DAY, startsAt: now - DAY_MS / 2 }],
    });
    const option = await c.get<{ options: { id: number }[] }>('/api/iot/renewPackageOption');
    expect((await c.post('/api/iot/simUpdateRenewPackage', { enabled: true, packageId: option.data.options[0]!.id })).code).toBe(0);
    await scan();
    const r = await c.get<UsageAlertList>('/api/iot/usageAlerts');
    expect(r.data.list.map((a) => a.kind)).toEqual(['renewal', 'ending']);
    expect(r.data.list[0]!.endAt).toBe(now + (3 * DAY_MS) / 2);
    expect((await c.post('/api/iot/simUpdateRenewPackage', { enabled: false })).data).toMatchObject({ enabled: false });
  });

  it('need the card’s session', async () => {
    const res = await t.app.inject({ url: '/api/iot/usageAlerts' });
    expect(res.json().code).toBe(34061);
  });
});

describe('the run-out forecast', () => {
  it('says when the data runs out at this week’s pace, before the package ends', async () => {
    const { id, c } = await makeCardClient(t.app, monthly(400));
    const now = t.app.config.now();
    // 150 MB on each of the six days before today: at least 900 MB over at most 7 days, 600 MB left.
    await t.app.db.db
      .insertInto('iot_usage_daily')
      .values(Array.from({ length: 6 }, (_, i) => ({ sim_id: id, day: chinaDay(now - (i + 1) * DAY_MS), flow_mb: 150, updated_at: now })))
      .execute();
    const f = (await c.get<UsageForecast>('/api/iot/usageForecast')).data;
    expect(f.state).toBe('runsOut');
    expect(f.leftMb).toBe(600);
    expect(f.paceMbPerDay).toBeGreaterThanOrEqual(128.5);
    expect(f.paceMbPerDay).toBeLessThanOrEqual(150);
    expect(f.runOutAt! - now).toBeGreaterThanOrEqual(4 * DAY_MS - 60_000);
    expect(f.runOutAt! - now).toBeLessThanOrEqual(4.67 * DAY_MS);
    expect(f.runOutAt!).toBeLessThan(f.endAt!);
  });

  it('says there is no package, or unlimited data', async () => {
    const none = await makeCardClient(t.app, {});
    expect((await none.c.get<UsageForecast>('/api/iot/usageForecast')).data).toMatchObject({ state: 'noPackage', runOutAt: null });
    const unlimited = await makeCardClient(t.app, { packages: [{ unlimited: true, flowMb: 0 }] });
    expect((await unlimited.c.get<UsageForecast>('/api/iot/usageForecast')).data).toMatchObject({ state: 'unlimited', runOutAt: null });
  });
});
