import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardN, oneLinkFixture } from './conformance-fixtures.ts';
import type { FakeOneLink } from './fake-onelink.ts';
import { OneLinkCarrier } from './onelink.ts';
import { MemoryOperationStore } from './operation-store.ts';
import { CarrierError, ProvisionError } from './types.ts';

/** 2026-03-20 10:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 2);

describe('China Mobile OneLink adapter against the fake platform', () => {
  let fake: FakeOneLink;
  let close: () => Promise<void>;
  const make = (options: Partial<ConstructorParameters<typeof OneLinkCarrier>[0]> = {}) =>
    new OneLinkCarrier({
      baseUrl: fake.url,
      appid: fake.appid,
      password: fake.password,
      callsPerSecond: 500,
      // A healthy fake answers in milliseconds; a starved test machine must not turn a call into a timeout.
      timeoutMs: 10_000,
      ...options,
    });
  beforeEach(async () => {
    const fx = await oneLinkFixture();
    fake = fx.fake;
    fake.clock = NOW;
    close = fx.close;
  });
  afterEach(async () => close());

  it('takes one token for many calls, each with its own transid (appid, UTC+8 time, 8-digit sequence)', async () => {
    const carrier = make({ clock: () => NOW });
    await carrier.status([cardN(1), cardN(2)], NOW);
    await carrier.usageDays([cardN(1)], ['2026-03-18', '2026-03-19'], NOW);
    expect(fake.tokensIssued).toBe(1);
    const transids = fake.requests.map((r) => r.params.transid!);
    expect(new Set(transids).size).toBe(transids.length);
    for (const t of transids) expect(t).toMatch(new RegExp(`^${fake.appid}20260320100000\\d{8}$`));
  });

  it('takes a new token when the platform says it expired (12021), and carries on', async () => {
    const carrier = make();
    await carrier.status([cardN(1)], NOW);
    fake.expireTokens();
    const [s] = await carrier.status([cardN(1)], NOW);
    expect(s!.lifecycle).toBe('active');
    expect(fake.tokensIssued).toBe(2);
  });

  it('renews the token before its ttl runs out', async () => {
    let clock = NOW;
    const carrier = make({ clock: () => clock });
    await carrier.status([cardN(1)], NOW);
    clock += (fake.tokenTtlSeconds - 30) * 1000;
    await carrier.status([cardN(1)], NOW);
    expect(fake.tokensIssued).toBe(2);
  });

  it('asks usage of at most 100 cards a call, by MSISDN, and only for the days the platform keeps', async () => {
    const cards = Array.from({ length: 250 }, (_, i) => cardN(i + 1));
    for (const c of cards) fake.addCard(c.simNo, c.iccid);
    const carrier = make();
    const figures = await carrier.usageDays(cards, ['2026-03-10', '2026-03-18', '2026-03-19', '2026-03-20'], NOW);
    const calls = fake.requests.filter((r) => r.path === 'query/sim-data-usage-daily/batch');
    // 3 batches x 2 days (03-10 is past the 7 days kept; today has no figure yet).
    expect(calls).toHaveLength(6);
    for (const c of calls) expect(c.params.msisdns!.split('_').length).toBeLessThanOrEqual(100);
    expect(new Set(calls.map((c) => c.params.queryDate))).toEqual(new Set(['20260318', '20260319']));
    expect(figures).toHaveLength(500);
    expect(figures.every((f) => f.asOf <= NOW)).toBe(true);
  });

  it('maps the platform codes to ours: credentials, unknown cards, refusals', async () => {
    const bad = make({ password: 'wrong' });
    await expect(bad.status([cardN(1)], NOW)).rejects.toMatchObject({ code: 'auth', operatorCode: '12002' });
    const carrier = make();
    expect(await carrier.status([cardN(424242)], NOW)).toEqual([]);
    fake.failNext('change/sim-status', '12061', '当前状态不允许此操作');
    const refused = await carrier.changeState(cardN(1), { opKey: 's-1', action: 'suspend' }, NOW).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProvisionError);
    expect((refused as CarrierError).operatorCode).toBe('12061');
    const offering = await carrier
      .changeOffering(
        cardN(1),
        { orderNo: 'O-1', name: 'x', kind: 'addon', flowMb: 1, unlimited: false, startsAt: NOW, endsAt: NOW + 1, offeringCode: 'REFUSE-1' },
        NOW,
      )
      .catch((e: unknown) => e);
    expect(offering).toBeInstanceOf(ProvisionError);
  });

  it('tries again a call the platform throttled or failed to answer, then gives up as retryable', async () => {
    const carrier = make({ retries: 2 });
    fake.failNext('query/sim-status', '12022', '接口调用频率超过限制');
    fake.httpFailNext('query/sim-status', 503);
    expect((await carrier.status([cardN(1)], NOW))[0]!.lifecycle).toBe('active');
    for (let i = 0; i < 3; i++) fake.failNext('query/sim-status', '99999', '系统繁忙');
    const err = await carrier.status([cardN(1)], NOW).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect((err as CarrierError).retryable).toBe(true);
  });

  it('keeps to the account rate, so a platform limiting calls a second does not throttle it', async () => {
    fake.qps = 10;
    const carrier = make({ callsPerSecond: 10, retries: 0 });
    const started = performance.now();
    const cards = Array.from({ length: 12 }, (_, i) => cardN(i + 1));
    for (const c of cards) fake.addCard(c.simNo, c.iccid);
    // 1 token + 12 status calls + 12 APN reads + 12 session reads: 37 calls at 10 a second.
    const states = await carrier.status(cards, NOW);
    expect(states).toHaveLength(12);
    expect(performance.now() - started).toBeGreaterThan(2_000);
  }, 20_000);

  it('counts a call the platform answers too late as unanswered', async () => {
    const carrier = make({ timeoutMs: 100, retries: 0 });
    await carrier.status([cardN(1)], NOW);
    fake.latencyMs = 400;
    const err = await carrier.status([cardN(1)], NOW).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unavailable' });
  });

  it('does not ask a change again while it is under way, and polls it to done', async () => {
    fake.applyAfterMs = 150;
    const carrier = make();
    const op = await carrier.changeState(cardN(2), { opKey: 'off-1', action: 'data-off' }, NOW);
    expect(op.state).toBe('pending');
    expect((await carrier.changeState(cardN(2), { opKey: 'off-1', action: 'data-off' }, NOW)).state).toBe('pending');
    expect(fake.requests.filter((r) => r.path === 'operate/sim-apn-function')).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 200));
    expect((await carrier.operation(cardN(2), 'off-1', NOW)).state).toBe('done');
  });

  it('does not send again a change the platform did not answer: it is recorded as sent and polled', async () => {
    const operations = new MemoryOperationStore();
    const carrier = make({ operations, retries: 2 });
    const card = cardN(3);
    const request = {
      orderNo: 'LOST-1',
      name: '10 GB',
      kind: 'addon' as const,
      flowMb: 10_240,
      unlimited: false,
      startsAt: NOW,
      endsAt: NOW + 86_400_000,
    };
    await carrier.status([card], NOW); // the token is taken first: the lost call is the change itself
    fake.httpFailNext('change/sim-offering', 504);
    const err = await carrier.changeOffering(card, { ...request, offeringCode: 'OL-OFFER-7' }, NOW).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'unavailable', retryable: true });
    expect(await operations.get('onelink', 'LOST-1')).toMatchObject({ state: 'sending', request: { offeringId: 'OL-OFFER-7' } });
    // Asked again with the same order number: polled (the offering is not on the card yet), not ordered.
    expect(await carrier.changeOffering(card, { ...request, offeringCode: 'OL-OFFER-7' }, NOW)).toMatchObject({ state: 'pending' });
    expect(fake.requests.filter((r) => r.path === 'change/sim-offering')).toHaveLength(1);
  });
});
