import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cardN, telecomFixture } from './conformance-fixtures.ts';
import type { FakeTelecom } from './fake-telecom.ts';
import { TelecomCarrier, telecomEncrypt, telecomMb, telecomSignText } from './telecom.ts';
import { CarrierError, ProvisionError } from './types.ts';

/** 2026-03-20 10:00 in China. */
const NOW = Date.UTC(2026, 2, 20, 2);

describe('China Telecom CMP adapter against the fake platform', () => {
  let fake: FakeTelecom;
  let close: () => Promise<void>;
  const make = (options: Partial<ConstructorParameters<typeof TelecomCarrier>[0]> = {}) =>
    new TelecomCarrier({
      baseUrl: fake.url,
      userId: fake.userId,
      password: fake.password,
      key: fake.key,
      callsPerSecond: 500,
      timeoutMs: 10_000,
      ...options,
    });
  beforeEach(async () => {
    const fx = await telecomFixture();
    fake = fx.fake;
    fake.clock = NOW;
    close = fx.close;
  });
  afterEach(async () => close());

  it('encrypts the password and signs the sorted values with the account key (3DES, upper-case hex)', () => {
    expect(telecomEncrypt('abc', 'k1ak2bk3c')).toMatch(/^[0-9A-F]{16}$/);
    expect(telecomEncrypt('abc', 'k1ak2bk3c')).not.toBe(telecomEncrypt('abc', 'k1ak2bk3d'));
    expect(telecomSignText({ method: 'queryTraffic', user_id: 'u1', iccid: '8986', passWord: 'X', sign: 'Y' }, 'pw')).toBe(
      '8986,pw,queryTraffic,u1',
    );
  });

  it('sends the encrypted password and a signature the platform checks on every call', async () => {
    await make().status([cardN(1)], NOW);
    const first = fake.requests[0]!;
    expect(first.params).toMatchObject({ method: 'queryCardMainStatus', user_id: fake.userId, iccid: cardN(1).iccid });
    expect(first.params.passWord).toBe(telecomEncrypt(fake.password, fake.key));
    expect(first.params.passWord).not.toContain(fake.password);
  });

  it('maps refused credentials and a wrong key to auth errors, unknown cards to none', async () => {
    await expect(make({ password: 'wrong-pass' }).status([cardN(1)], NOW)).rejects.toMatchObject({ code: 'auth', operatorCode: '-2' });
    await expect(make({ key: 'zzzzzzzzz' }).status([cardN(1)], NOW)).rejects.toMatchObject({ code: 'auth', operatorCode: '-2' });
    expect(await make().status([cardN(424242)], NOW)).toEqual([]);
  });

  it('reads MB with decimals as whole MB, rounded down, per day up to yesterday', async () => {
    expect([telecomMb('123.99MB'), telecomMb('2.5GB'), telecomMb('1536KB'), telecomMb('x')]).toEqual([123, 2560, 1, null]);
    fake.dayMb = (_iccid, day) => (day === '2026-03-19' ? 700.75 : 10.5);
    const figures = await make().usageDays([cardN(1), cardN(2)], ['2026-03-19', '2026-03-20'], NOW);
    expect(figures.map((f) => [f.iccid, f.day, f.mb])).toEqual([
      [cardN(1).iccid, '2026-03-19', 700],
      [cardN(2).iccid, '2026-03-19', 700],
    ]);
    // Today has no figure yet: it is not asked.
    expect(fake.requests.filter((r) => r.method === 'queryTrafficByDate').map((r) => r.params.startDate)).toEqual(['20260319', '20260319']);
  });

  it('tries again a call the platform throttled or failed to answer, then gives up as retryable', async () => {
    const carrier = make({ retries: 2 });
    fake.failNext('queryCardMainStatus', '-5');
    fake.httpFailNext('queryCardMainStatus', 503);
    expect((await carrier.status([cardN(1)], NOW))[0]!.lifecycle).toBe('active');
    for (let i = 0; i < 3; i++) fake.failNext('queryCardMainStatus', '-5');
    const err = await carrier.status([cardN(1)], NOW).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CarrierError);
    expect(err).toMatchObject({ code: 'throttled', retryable: true });
  });

  it('refuses an offer the platform will not order (nothing changed), and a state it cannot take', async () => {
    const carrier = make();
    const request = { orderNo: 'O-1', name: 'x', kind: 'addon' as const, flowMb: 1, unlimited: false, startsAt: NOW, endsAt: NOW + 1 };
    await expect(carrier.changeOffering(cardN(1), { ...request, offeringCode: 'REFUSE-1' }, NOW)).rejects.toBeInstanceOf(ProvisionError);
    await expect(carrier.changeOffering(cardN(1), { ...request, orderNo: 'O-2', offeringCode: null }, NOW)).rejects.toBeInstanceOf(
      ProvisionError,
    );
  });

  it('stops a card once, polling the platform until it is done', async () => {
    fake.applyAfterMs = 150;
    const carrier = make();
    const op = await carrier.changeState(cardN(2), { opKey: 'stop-1', action: 'suspend' }, NOW);
    expect(op).toMatchObject({ state: 'pending', ref: 'CT0000000001' });
    expect((await carrier.changeState(cardN(2), { opKey: 'stop-1', action: 'suspend' }, NOW)).state).toBe('pending');
    expect(fake.requests.filter((r) => r.method === 'disabledNumber').map((r) => r.params.orderTypeId)).toEqual(['19']);
    await new Promise((r) => setTimeout(r, 200));
    expect(await carrier.operation(cardN(2), 'stop-1', NOW)).toMatchObject({ state: 'done', ref: 'CT0000000001' });
    expect((await carrier.status([cardN(2)], NOW))[0]).toMatchObject({
      lifecycle: 'suspended',
      stopReason: 'requested',
      stopDetail: '用户报停',
    });
  });
});
