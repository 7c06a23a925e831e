import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardN, unicomFixture } from './conformance-fixtures.ts';
import type { FakeUnicom } from './fake-unicom.ts';
import { CarrierError, ProvisionError } from './types.ts';
import { UnicomCarrier } from './unicom.ts';

/** 2026-03-20 10:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 2);

describe('China Unicom CMP (Control Center) adapter against the fake platform', () => {
  let fake: FakeUnicom;
  let close: () => Promise<void>;
  const make = (options: Partial<ConstructorParameters<typeof UnicomCarrier>[0]> = {}) =>
    new UnicomCarrier({
      baseUrl: fake.url,
      username: fake.username,
      apiKey: fake.apiKey,
      callsPerSecond: 500,
      timeoutMs: 10_000,
      ...options,
    });
  beforeEach(async () => {
    const fx = await unicomFixture();
    fake = fx.fake;
    fake.clock = NOW;
    close = fx.close;
  });
  afterEach(async () => close());

  it('signs in with HTTP Basic (user name and API key); a wrong key is an auth error', async () => {
    await expect(make({ apiKey: 'not-the-key' }).status([cardN(1)], NOW)).rejects.toMatchObject({ code: 'auth', operatorCode: '10000001' });
    expect((await make().status([cardN(1)], NOW))[0]).toMatchObject({ lifecycle: 'active', dataOn: true, onlineStatus: 1 });
  });

  it('makes one call at a time, however many cards are asked at once', async () => {
    const cards = Array.from({ length: 8 }, (_, i) => cardN(i + 1));
    for (const c of cards) if (!fake.devices.has(c.iccid)) fake.addDevice(c.iccid, c.simNo);
    fake.latencyMs = 10;
    const carrier = make();
    const [a, b] = await Promise.all([carrier.status(cards, NOW), carrier.realName(cards, NOW)]);
    expect(a).toHaveLength(8);
    expect(b).toHaveLength(8);
    expect(fake.concurrent).toBe(0);
  });

  it('reads the cycle-to-date byte counter as whole MB of the current month, and gives no day figures', async () => {
    fake.dayMb = () => 100;
    const carrier = make();
    const [m] = await carrier.usageMonths([cardN(1)], ['2026-02', '2026-03'], NOW);
    // 19 closed days of 100 MB and 10 hours of today's 100 MB.
    expect(m).toEqual({ iccid: cardN(1).iccid, month: '2026-03', mb: 1941, asOf: NOW, final: false });
    expect(await carrier.usageDays([cardN(1)], ['2026-03-19'], NOW)).toEqual([]);
    expect(carrier.limits.dayFigures).toBe(false);
  });

  it('tries again a call answered 429 / 10000024 (rate limit exceeded), then gives up as retryable', async () => {
    const carrier = make({ retries: 1 });
    fake.failNext('device', 429, '10000024', 'Rate limit exceeded');
    expect((await carrier.status([cardN(1)], NOW))[0]!.lifecycle).toBe('active');
    fake.failNext('device', 429, '10000024', 'Rate limit exceeded');
    fake.failNext('device', 429, '10000024', 'Rate limit exceeded');
    const err = await carrier.status([cardN(1)], NOW).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect(err).toMatchObject({ code: 'throttled', operatorCode: '10000024', retryable: true });
  });

  it('deactivates a card by PUT once, polls it to done, and tells who stopped it', async () => {
    fake.applyAfterMs = 150;
    const carrier = make();
    const op = await carrier.changeState(cardN(2), { opKey: 'stop-1', action: 'suspend' }, NOW);
    expect(op.state).toBe('pending');
    expect((await carrier.changeState(cardN(2), { opKey: 'stop-1', action: 'suspend' }, NOW)).state).toBe('pending');
    expect(fake.requests.filter((r) => r.method === 'PUT')).toEqual([
      { method: 'PUT', path: `devices/${cardN(2).iccid}`, body: { status: 'DEACTIVATED' } },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect((await carrier.operation(cardN(2), 'stop-1', NOW)).state).toBe('done');
    expect((await carrier.status([cardN(2)], NOW))[0]).toMatchObject({ lifecycle: 'suspended', stopReason: 'requested' });
    // Deactivated by someone else (the operator's staff): the operator's doing.
    const other = fake.devices.get(cardN(3).iccid)!;
    other.status = 'DEACTIVATED';
    other.audit.push({
      field: 'Status',
      priorValue: 'ACTIVATED',
      value: 'DEACTIVATED',
      userName: 'cu_ops',
      effectiveDate: '2026-03-20T01:00:00Z',
    });
    expect((await carrier.status([cardN(3)], NOW))[0]).toMatchObject({ stopReason: 'operator', stopDetail: 'DEACTIVATED by cu_ops' });
  });

  it('refuses a rate plan the platform will not assign, recording nothing as done', async () => {
    const carrier = make();
    const request = { orderNo: 'O-1', name: 'x', kind: 'addon' as const, flowMb: 1, unlimited: false, startsAt: NOW, endsAt: NOW + 1 };
    const refused = await carrier.changeOffering(cardN(1), { ...request, offeringCode: 'REFUSE-PLAN' }, NOW).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProvisionError);
    expect(refused).toMatchObject({ operatorCode: '30000001' });
    expect(await carrier.operation(cardN(1), 'O-1', NOW)).toMatchObject({ state: 'failed' });
  });

  it('switches data off and on by the communication plans the account names', async () => {
    fake.applyAfterMs = 0;
    const carrier = make({ dataOnPlan: 'CU_DATA', dataOffPlan: 'CU_OFF' });
    fake.devices.get(cardN(1).iccid)!.communicationPlan = 'CU_DATA';
    expect((await carrier.changeState(cardN(1), { opKey: 'off-1', action: 'data-off' }, NOW)).state).toBe('pending');
    expect((await carrier.operation(cardN(1), 'off-1', NOW)).state).toBe('done');
    expect(fake.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ communicationPlan: 'CU_OFF' }]);
    expect((await carrier.status([cardN(1)], NOW))[0]).toMatchObject({ dataOn: false, stopReason: 'requested', onlineStatus: 2 });
  });
});
