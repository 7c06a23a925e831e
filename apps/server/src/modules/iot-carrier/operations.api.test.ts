import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/helpers.ts';
import { cardN } from '../../providers/carrier/conformance-fixtures.ts';
import { type FakeOneLink, startFakeOneLink } from '../../providers/carrier/fake-onelink.ts';
import { type FakeTelecom, startFakeTelecom } from '../../providers/carrier/fake-telecom.ts';
import type { CarrierCard } from '../../providers/carrier/types.ts';
import { makeCard } from '../iot-money/test-kit.ts';
import { DbOperationStore, pollOperations } from './operations.ts';
import { pushDataSwitch } from './service.ts';

/** 2026-03-20 10:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 2);

/**
 * Carrier operations live in the database: an instance started after another asked a change (a
 * restart, or a second instance) polls the operation under way, it never asks the operator again.
 */
describe('carrier operations across a restart', () => {
  let pair: TestAppPair;
  let fake: FakeOneLink;
  beforeAll(async () => {
    fake = await startFakeOneLink();
    fake.clock = NOW;
    // The operator takes its time: the changes stay under way until the test says they are done.
    fake.applyAfterMs = 3_600_000;
    pair = await createTestAppPair({
      carrier: 'onelink',
      carrierAccount: { baseUrl: fake.url, account: fake.appid, secret: fake.password, key: '', callsPerSecond: 500, timeoutMs: 2_000 },
    });
  });
  afterAll(async () => {
    await pair.close();
    await fake.close();
  });

  /** The operator's requests of `path` for one card (each test has its own cards). */
  const calls = (path: string, card: CarrierCard) => fake.requests.filter((r) => r.path === path && r.params.msisdn === card.simNo).length;
  const row = (opKey: string) =>
    pair.apps[0].db.db.selectFrom('iot_carrier_operations').selectAll().where('op_key', '=', opKey).executeTakeFirstOrThrow();

  it('records a state change before and after the call, and a restarted instance polls it to done without asking again', async () => {
    const [before, after] = pair.apps;
    const card = cardN(701);
    const remote = fake.addCard(card.simNo, card.iccid);
    const op = await before.iotCarrier.changeState(card, { opKey: 'restart-suspend-1', action: 'suspend' }, NOW);
    expect(op).toMatchObject({ opKey: 'restart-suspend-1', state: 'pending', ref: expect.stringMatching(/^OL\d+$/) });
    const ref = op.ref;
    expect(calls('change/sim-status', card)).toBe(1);
    expect(await row('restart-suspend-1')).toMatchObject({
      carrier: 'onelink',
      iccid: card.iccid,
      sim_no: card.simNo,
      kind: 'state',
      request: '{"action":"suspend"}',
      status: 'pending',
      operator_ref: ref,
    });

    // The other instance (the server after a restart) is asked the same change: it polls.
    const again = await after.iotCarrier.changeState(card, { opKey: 'restart-suspend-1', action: 'suspend' }, NOW);
    expect(again).toMatchObject({ state: 'pending', ref });
    expect(calls('change/sim-status', card)).toBe(1);

    // The operator finishes; the operations job of the restarted instance confirms it with no caller.
    remote.cardStatus = '4';
    expect(await pollOperations(new DbOperationStore(after.db.db), after.iotCarrier, NOW)).toBe(1);
    expect(await row('restart-suspend-1')).toMatchObject({ status: 'done', operator_ref: ref });
    expect(await after.iotCarrier.operation(card, 'restart-suspend-1', NOW)).toMatchObject({ state: 'done', ref });
    expect(calls('change/sim-status', card)).toBe(1);
  });

  it('never orders an offering twice for one order number, whichever instance is asked', async () => {
    const [before, after] = pair.apps;
    const card = cardN(702);
    const remote = fake.addCard(card.simNo, card.iccid);
    const request = {
      orderNo: 'RESTART-ORDER-1',
      name: '10 GB',
      kind: 'addon' as const,
      flowMb: 10_240,
      unlimited: false,
      startsAt: NOW,
      endsAt: NOW + 30 * 86_400_000,
      offeringCode: 'OL-OFFER-9',
    };
    const op = await before.iotCarrier.changeOffering(card, request, NOW);
    expect(op.state).toBe('pending');
    expect(calls('change/sim-offering', card)).toBe(1);
    expect(await after.iotCarrier.changeOffering(card, request, NOW)).toMatchObject({ state: 'pending', ref: op.ref });
    expect(calls('change/sim-offering', card)).toBe(1);
    remote.offerings.push({ offeringId: 'OL-OFFER-9', orderNum: op.ref!, effectiveDate: '20260320' });
    expect(await after.iotCarrier.changeOffering(card, request, NOW)).toMatchObject({ state: 'done', ref: op.ref });
    expect(await row('RESTART-ORDER-1')).toMatchObject({ kind: 'offering', request: '{"offeringId":"OL-OFFER-9"}', status: 'done' });
    expect(calls('change/sim-offering', card)).toBe(1);
  });

  it('records a refusal as failed, and a repeat is refused again without a second call', async () => {
    const [before, after] = pair.apps;
    const card = cardN(703);
    fake.addCard(card.simNo, card.iccid);
    fake.failNext('change/sim-status', '12061', '当前状态不允许此操作');
    const refused = await before.iotCarrier
      .changeState(card, { opKey: 'restart-refused-1', action: 'suspend' }, NOW)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'refused', operatorCode: '12061' });
    expect(await row('restart-refused-1')).toMatchObject({
      status: 'failed',
      reason: 'OneLink change/sim-status: 当前状态不允许此操作 (12061)',
    });
    expect(calls('change/sim-status', card)).toBe(1);
    expect(await after.iotCarrier.changeState(card, { opKey: 'restart-refused-1', action: 'suspend' }, NOW)).toMatchObject({
      state: 'failed',
      reason: 'OneLink change/sim-status: 当前状态不允许此操作 (12061)',
    });
    expect(calls('change/sim-status', card)).toBe(1);
  });
});

/** The data switch of a card through the app over China Telecom, across a restart mid-operation. */
describe('a data switch at China Telecom across a restart', () => {
  let pair: TestAppPair;
  let fake: FakeTelecom;
  let clock = NOW;
  beforeAll(async () => {
    fake = await startFakeTelecom();
    fake.clock = NOW;
    fake.applyAfterMs = 3_600_000;
    // The cards the tests' app makes (and its demo cards) are the platform's.
    fake.knowsEveryCard = true;
    pair = await createTestAppPair({
      now: () => clock,
      carrier: 'telecom',
      carrierAccount: {
        baseUrl: fake.url,
        account: fake.userId,
        secret: fake.password,
        key: fake.key,
        callsPerSecond: 500,
        timeoutMs: 2_000,
      },
    });
  });
  afterAll(async () => {
    await pair.close();
    await fake.close();
  });

  it('cuts data once: the restarted instance polls the cut under way, and confirms it when the platform is done', async () => {
    const [before, after] = pair.apps;
    const made = await makeCard(before, { now: clock, packages: [{ flowMb: 10_240, duration: 30, unit: 1 }] });
    const remote = fake.cards.get(made.iccid)!;
    const cuts = () => fake.requests.filter((r) => r.method === 'singleCutNet' && r.params.iccid === made.iccid);
    const state = () =>
      before.db.db.selectFrom('iot_sims').select(['internet_status', 'carrier_data']).where('id', '=', made.id).executeTakeFirstOrThrow();
    // The platform decided the card's data should be off; the carrier has not done it yet.
    await before.db.db.updateTable('iot_sims').set({ internet_status: 0, carrier_data: 1 }).where('id', '=', made.id).execute();
    await pushDataSwitch(before.db, before.iotCarrier, made.id, clock);
    expect(cuts().map((r) => r.params.action)).toEqual(['ADD']);
    const [op] = await before.db.db
      .selectFrom('iot_carrier_operations')
      .selectAll()
      .where('iccid', '=', made.iccid)
      .where('request', '=', '{"action":"data-off"}')
      .execute();
    expect(op).toMatchObject({ carrier: 'telecom', kind: 'state', request: '{"action":"data-off"}', status: 'pending' });
    expect(await state()).toEqual({ internet_status: 0, carrier_data: 1 });

    // Restarted: the other instance tries the switch again a minute later: the same operation, polled.
    clock += 60_000;
    await pushDataSwitch(after.db, after.iotCarrier, made.id, clock);
    expect(cuts()).toHaveLength(1);
    expect(await state()).toEqual({ internet_status: 0, carrier_data: 1 });

    remote.netBlocked = true;
    clock += 60_000;
    await pushDataSwitch(after.db, after.iotCarrier, made.id, clock);
    expect(cuts()).toHaveLength(1);
    expect(await state()).toEqual({ internet_status: 0, carrier_data: 0 });
    expect(
      await before.db.db.selectFrom('iot_carrier_operations').select(['status', 'operator_ref']).where('op_key', '=', op!.op_key).execute(),
    ).toEqual([{ status: 'done', operator_ref: op!.operator_ref }]);
  });
});
