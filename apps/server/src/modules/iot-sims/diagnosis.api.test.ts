import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { CarrierSimulator } from '../../providers/carrier/simulator.ts';
import { type CardSpec, makeCard, simLogin } from '../iot-money/test-kit.ts';

/** The demo data is seeded at T0 (2026-03-15 10:00 in China); the clock stays there. */
const T0 = Date.UTC(2026, 2, 15, 2);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => T0 });
});
afterAll(async () => t.close());

type Diagnosis = {
  ok: boolean;
  causes: { key: string; title: string; detail: string; action: string | null }[];
  checks: { key: string; label: string; ok: boolean }[];
  checkedAt: number;
};

async function diagnose(sn: string, language = 'en', cardPassword?: string): Promise<Diagnosis> {
  const headers = { ...(await simLogin(t.app, sn, cardPassword)), 'accept-language': language };
  const reply = body<Diagnosis>(await t.app.inject({ url: '/api/iot/simDiagnose', headers }));
  expect(reply.code).toBe(0);
  return reply.data;
}
const causesOf = (d: Diagnosis) => d.causes.map((c) => [c.key, c.action]);
const failedChecks = (d: Diagnosis) => d.checks.filter((c) => !c.ok).map((c) => c.key);
const madeCard = async (spec: CardSpec) => (await makeCard(t.app, { now: T0, ...spec })).simNo;
const monthly = { flowMb: 1024, startsAt: T0 - 86_400_000 };

describe('GET /api/iot/simDiagnose on the demo cards', () => {
  it('finds nothing wrong with the cards in service, the device included', async () => {
    for (const sn of ['1440000000001', '1440000000002', '1440000000005', 'MF0000000001']) {
      const d = await diagnose(sn);
      expect(d.ok).toBe(true);
      expect(d.causes).toEqual([]);
      expect(failedChecks(d)).toEqual([]);
    }
    expect((await diagnose('1440000000006', 'en', '246810')).ok).toBe(true);
    // A device's cards have the device check; a plain SIM does not.
    expect((await diagnose('MF0000000001')).checks.map((c) => c.key)).toEqual([
      'card',
      'balance',
      'realname',
      'restriction',
      'package',
      'data',
      'network',
      'device',
    ]);
    expect((await diagnose('1440000000001')).checks.map((c) => c.key)).not.toContain('device');
  });

  it('names real-name authentication and a package for the card awaiting activation, each with its action', async () => {
    const d = await diagnose('1440000000003');
    expect(d.ok).toBe(false);
    expect(d.causes).toEqual([
      {
        key: 'realname',
        title: 'Real-name authentication is missing',
        detail: 'By law a card may use data only once its holder is real-named.',
        action: 'realname',
      },
      { key: 'noPackage', title: 'No package in effect', detail: 'The card needs a package to use data.', action: 'buyPackage' },
    ]);
    expect(causesOf(await diagnose('1440000000007'))).toEqual([
      ['realname', 'realname'],
      ['noPackage', 'buyPackage'],
    ]);
  });

  it('names the restriction of the card in break state, removable now, in the reader’s language', async () => {
    const d = await diagnose('1440000000004');
    expect(causesOf(d)).toEqual([['restricted', 'removeBreak']]);
    expect(d.causes[0]!.detail).toBe('The card was used in another device or place; data is paused. You can remove the restriction now.');
    expect(failedChecks(d)).toEqual(['restriction', 'data', 'network']);
    const zh = await diagnose('1440000000004', 'zh-Hans');
    expect(zh.causes[0]).toMatchObject({
      title: '此卡已被限制使用',
      detail: '检测到卡片在非绑定设备或异地使用，流量已暂停。现在可以解除限制。',
    });
    expect(zh.checks[3]).toEqual({ key: 'restriction', label: '使用限制', ok: false });
  });
});

describe('GET /api/iot/simDiagnose on cards put into each state', () => {
  it('a card disabled or cancelled while its holder is logged in: that alone (arrears and all), with customer service', async () => {
    const askAfter = async (change: { status?: number; cancel_status?: number }, language: string) => {
      const sn = await madeCard({ arrears: 500, packages: [monthly] });
      const headers = { ...(await simLogin(t.app, sn)), 'accept-language': language };
      await t.app.db.db.updateTable('iot_sims').set(change).where('sim_no', '=', sn).execute();
      return body<Diagnosis>(await t.app.inject({ url: '/api/iot/simDiagnose', headers }));
    };
    const disabled = await askAfter({ status: 2 }, 'zh-Hant');
    expect(disabled.data.causes).toEqual([
      { key: 'disabled', title: '此卡已停用', detail: '此卡已被平台停用，請聯絡客服了解原因。', action: 'customerService' },
    ]);
    const cancelled = await askAfter({ cancel_status: 1 }, 'en');
    expect(cancelled.data.causes).toEqual([
      {
        key: 'cancelled',
        title: 'This card has been cancelled',
        detail: 'A cancelled card cannot connect again. Customer service can tell you about a replacement.',
        action: 'customerService',
      },
    ]);
  });

  it('arrears come first, with the amount owed and a top-up', async () => {
    const d = await diagnose(await madeCard({ arrears: 1234, packages: [monthly] }));
    expect(d.causes[0]).toEqual({
      key: 'arrears',
      title: 'You owe ¥12.34',
      detail: 'The card stays off the internet until the arrears are paid by a top-up.',
      action: 'topUp',
    });
    expect((await diagnose(await madeCard({ arrears: 1234, packages: [monthly] }), 'zh-Hans')).causes[0]!.title).toBe('欠费 ¥12.34');
  });

  it('a package whose data is used up: an add-on; an unlimited one never runs out', async () => {
    const usedUp = await diagnose(await madeCard({ packages: [{ ...monthly, usedMb: 1024 }] }));
    expect(causesOf(usedUp)).toEqual([['noDataLeft', 'buyPackage']]);
    expect(failedChecks(usedUp)).toContain('package');
    const unlimited = await diagnose(await madeCard({ packages: [{ ...monthly, unlimited: true, usedMb: 5000 }] }));
    expect(unlimited.causes.map((c) => c.key)).not.toContain('noDataLeft');
  });

  it('a restriction not yet removable says from when, and offers nothing to tap', async () => {
    const sn = await madeCard({ packages: [monthly], breakRule: { code: 'location_abnormal', at: T0 - 60_000, delayMs: 3_600_000 } });
    const d = await diagnose(sn);
    expect(d.causes).toEqual([
      {
        key: 'restricted',
        title: 'The card is restricted',
        detail: 'The card was used in another device or place; data is paused. It can be removed from 2026-03-15 10:59.',
        action: null,
      },
    ]);
  });

  it('refuses without a SIM session', async () => {
    const res = await t.app.inject({ url: '/api/iot/simDiagnose' });
    expect(body(res).code).not.toBe(0);
  });
});

describe("GET /api/iot/simDiagnose with the operator's stop reason", () => {
  it('says in plain words why the operator stopped data, with the action that fixes it, in each language', async () => {
    const quota = await makeCard(t.app, { now: T0, packages: [monthly] });
    const unnamed = await makeCard(t.app, { now: T0, packages: [monthly] });
    const sim = t.app.iotCarrier as CarrierSimulator;
    sim.stopFor(quota.iccid, 'quota');
    sim.stopFor(unnamed.iccid, 'real-name');
    const d = await diagnose(quota.simNo);
    expect(d.ok).toBe(false);
    expect(d.causes).toEqual([
      {
        key: 'carrierStopped',
        title: "China Mobile stopped data: the month's data limit was reached",
        detail: "The operator's monthly limit is not your package: customer service can have it lifted.",
        action: 'customerService',
      },
    ]);
    expect(failedChecks(d)).toEqual(['data']);
    expect((await diagnose(quota.simNo, 'zh-Hans')).causes[0]!.title).toBe('中国移动已停止数据服务：已达到本月流量上限');
    expect((await diagnose(quota.simNo, 'zh-Hant')).causes[0]!.title).toBe('中國移動已停止數據服務：已達到本月流量上限');
    expect((await diagnose(unnamed.simNo)).causes).toEqual([
      {
        key: 'carrierStopped',
        title: 'China Mobile stopped data: the card is not real-name verified',
        detail: 'Complete real-name verification: data comes back once the operator has it.',
        action: 'realname',
      },
    ]);
    // Data back on at the operator: nothing to say any more.
    await sim.changeState(
      { simNo: quota.simNo, iccid: quota.iccid, operatorType: 4 },
      { opKey: `diag-${quota.id}`, action: 'data-on' },
      T0,
    );
    expect((await diagnose(quota.simNo)).ok).toBe(true);
  });
});
