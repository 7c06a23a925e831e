import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chinaDay, DAY_MS, dayStartOf } from '../../lib/flow-math.ts';
import { type CarrierFixture, cardN, carrierFixtures } from './conformance-fixtures.ts';
import { type CarrierCard, CarrierError, type CarrierOperation } from './types.ts';

/** 2026-03-20 10:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 2);
const MIN = 60_000;

describe.each(carrierFixtures)('carrier conformance: %s', (_name, make) => {
  let fx: CarrierFixture;
  let now = NOW;
  beforeEach(async () => {
    fx = await make();
    now = NOW;
    fx.at(now);
  });
  afterEach(async () => fx.close());

  /** The operation once the operator has done it (polled as a caller would). */
  async function finished(card: CarrierCard, op: CarrierOperation): Promise<CarrierOperation> {
    for (let i = 0; i < 50 && op.state === 'pending'; i++) {
      await fx.settle();
      op = await fx.carrier.operation(card, op.opKey, now);
    }
    return op;
  }
  const later = (ms: number) => {
    now += ms;
    fx.at(now);
  };

  it('gives day usage for a batch of cards, each figure saying up to when it counts; unknown cards have none', async () => {
    const days = ['2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20'];
    const figures = await fx.carrier.usageDays([...fx.cards, fx.unknown], days, now);
    // An operator with a cycle counter only gives no day figures at all (its month figures are checked below).
    if (fx.carrier.limits.dayFigures === false) return expect(figures).toEqual([]);
    expect(figures.some((f) => f.iccid === fx.unknown.iccid)).toBe(false);
    for (const f of figures) {
      const end = dayStartOf(f.day) + DAY_MS;
      expect(f.asOf).toBeLessThanOrEqual(Math.min(now, end));
      expect(f.asOf).toBeGreaterThanOrEqual(Math.min(now - fx.lagAt(now), end));
      expect(Number.isInteger(f.mb) && f.mb >= 0).toBe(true);
      if (f.final) expect(f.asOf).toBe(end);
      const card = fx.cards.find((c) => c.iccid === f.iccid)!;
      if (f.asOf === end) expect(f.mb).toBe(fx.dayMb(card, f.day));
      else expect(f.mb).toBeLessThanOrEqual(fx.dayMb(card, f.day));
    }
    // Every closed day the operator has figures for is there, for every card.
    for (const card of fx.cards) {
      for (const day of days.filter((d) => dayStartOf(d) + DAY_MS <= now - fx.lagAt(now))) {
        expect(figures.find((f) => f.iccid === card.iccid && f.day === day)?.mb).toBe(fx.dayMb(card, day));
      }
    }
  });

  it('takes a full batch in one call, and its figures only grow as time passes', async () => {
    const batch = Array.from({ length: fx.carrier.limits.batchSize }, (_, i) => cardN(i + 1));
    for (const c of batch) fx.add(c);
    if (fx.carrier.limits.dayFigures === false) {
      const before = await fx.carrier.usageMonths(batch, ['2026-03'], now);
      later(20 * 3_600_000);
      const after = await fx.carrier.usageMonths(batch, ['2026-03'], now);
      expect(after.map((f) => f.iccid)).toEqual(batch.map((c) => c.iccid));
      for (const [i, b] of before.entries()) expect(after[i]!.mb).toBeGreaterThanOrEqual(b.mb);
      return;
    }
    const before = await fx.carrier.usageDays(batch, ['2026-03-19', '2026-03-20'], now);
    later(20 * 3_600_000);
    const after = await fx.carrier.usageDays(batch, ['2026-03-19', '2026-03-20'], now);
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    expect(new Set(after.map((f) => f.iccid)).size).toBe(batch.length);
    for (const b of before) {
      const a = after.find((f) => f.iccid === b.iccid && f.day === b.day)!;
      expect(a.mb).toBeGreaterThanOrEqual(b.mb);
      expect(a.asOf).toBeGreaterThanOrEqual(b.asOf);
    }
  });

  it('gives month usage that agrees with the day figures', async () => {
    const [m] = await fx.carrier.usageMonths([fx.cards[0]!], ['2026-03'], now);
    expect(m).toBeDefined();
    expect(m!.asOf).toBeLessThanOrEqual(now);
    expect(m!.final).toBe(false);
    let closed = 0;
    let days = 0;
    for (let d = dayStartOf('2026-03-01'); d + DAY_MS <= m!.asOf; d += DAY_MS, days++) closed += fx.dayMb(fx.cards[0]!, chinaDay(d));
    const partial = m!.asOf % DAY_MS === 16 * 3_600_000 ? 0 : fx.dayMb(fx.cards[0]!, chinaDay(m!.asOf));
    expect(m!.mb).toBeGreaterThanOrEqual(closed - days);
    expect(m!.mb).toBeLessThanOrEqual(closed + partial + days);
  });

  it('gives the status of known cards with the stop reason, and none for an unknown card', async () => {
    const states = await fx.carrier.status([...fx.cards, fx.unknown], now);
    expect(states.map((s) => s.iccid).sort()).toEqual(fx.cards.map((c) => c.iccid).sort());
    for (const s of states) {
      expect(s).toMatchObject({ lifecycle: 'active', stopReason: 'none', asOf: now });
      expect(s.dataOn).not.toBe(false);
      expect([1, 2, 3]).toContain(s.onlineStatus);
    }
  });

  it('switches data off and on as operations to poll; a repeated key is the same operation', async () => {
    const card = fx.cards[0]!;
    const off = await finished(card, await fx.carrier.changeState(card, { opKey: 'data-off-1', action: 'data-off' }, now));
    expect(off).toMatchObject({ opKey: 'data-off-1', state: 'done' });
    const again = await fx.carrier.changeState(card, { opKey: 'data-off-1', action: 'data-off' }, now);
    expect(again).toMatchObject({ opKey: 'data-off-1', state: 'done', ref: off.ref });
    const [stopped] = await fx.carrier.status([card], now);
    expect(stopped).toMatchObject({ dataOn: false, onlineStatus: expect.any(Number) });
    expect(stopped!.stopReason).not.toBe('none');
    later(31 * MIN);
    const on = await finished(card, await fx.carrier.changeState(card, { opKey: 'data-on-1', action: 'data-on' }, now));
    expect(on.state).toBe('done');
    const [running] = await fx.carrier.status([card], now);
    expect(running!.dataOn).not.toBe(false);
    expect(running!.stopReason).toBe('none');
  });

  it('suspends and resumes a card, its stop reason saying it was asked', async () => {
    const card = fx.cards[1]!;
    await finished(card, await fx.carrier.changeState(card, { opKey: 'suspend-1', action: 'suspend' }, now));
    expect((await fx.carrier.status([card], now))[0]).toMatchObject({ lifecycle: 'suspended', stopReason: 'requested', dataOn: false });
    later(31 * MIN);
    await finished(card, await fx.carrier.changeState(card, { opKey: 'resume-1', action: 'resume' }, now));
    expect((await fx.carrier.status([card], now))[0]).toMatchObject({ lifecycle: 'active', stopReason: 'none' });
  });

  it('opens an offering once per order number, however often it is asked', async () => {
    const card = fx.cards[2]!;
    const request = {
      orderNo: 'ORDER-1',
      name: '10 GB',
      kind: 'addon' as const,
      flowMb: 10_240,
      unlimited: false,
      startsAt: now,
      endsAt: now + 30 * DAY_MS,
      offeringCode: fx.offeringCode,
    };
    const op = await finished(card, await fx.carrier.changeOffering(card, request, now));
    expect(op.state).toBe('done');
    expect(fx.openedOn(card)).toBe(1);
    const again = await finished(card, await fx.carrier.changeOffering(card, request, now));
    expect(again).toMatchObject({ state: 'done', ref: op.ref });
    expect(fx.openedOn(card)).toBe(1);
  });

  it('sets a speed profile, a repeated key being the same operation', async () => {
    const card = fx.cards[0]!;
    const request = { opKey: 'speed-1', speedCode: '5G_300M', until: now + 3_600_000 };
    const op = await fx.carrier.setSpeed(card, request, now);
    expect(op.state).not.toBe('failed');
    expect((await fx.carrier.setSpeed(card, request, now)).ref).toBe(op.ref);
  });

  it('gives the real-name status and the IMEI binding', async () => {
    const [a, b] = fx.cards as [CarrierCard, CarrierCard];
    fx.setRealName(b, 'unregistered');
    const names = await fx.carrier.realName([a, b, fx.unknown], now);
    expect(names.map((n) => [n.iccid, n.state])).toEqual([
      [a.iccid, 'registered'],
      [b.iccid, 'unregistered'],
    ]);
    fx.separate(b);
    const imeis = await fx.carrier.imei([a, b], now);
    expect(imeis[0]).toMatchObject({ iccid: a.iccid, separated: false, boundImei: expect.stringMatching(/^\d{15}$/), asOf: now });
    expect(imeis[0]!.seenImei).toBe(imeis[0]!.boundImei);
    expect(imeis[1]).toMatchObject({ iccid: b.iccid, separated: true });
    expect(imeis[1]!.seenImei).not.toBe(imeis[1]!.boundImei);
  });

  it('refuses changes of an unknown card, and an operation never asked', async () => {
    const err = await fx.carrier.changeState(fx.unknown, { opKey: 'x-1', action: 'data-off' }, now).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).code).toBe('unknown-card');
    const never = await fx.carrier.operation(fx.cards[0]!, 'never-asked', now).catch((e: unknown) => e);
    expect((never as CarrierError).code).toBe('invalid');
  });
});
