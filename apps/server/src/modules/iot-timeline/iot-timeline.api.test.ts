import { randomUUID } from 'node:crypto';
import { DurationUnit } from '@simshop/contract/iot';
import type { SimTimeline } from '@simshop/contract/iot-timeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { DAY_MS } from '../../lib/flow-math.ts';
import { addPackage, makeCardClient, provisioningSettled } from '../iot-money/test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a card’s timeline', () => {
  it('lists activation, packages, the restriction and a payment, newest first, with the next end on top', async () => {
    const now = t.app.config.now();
    const { c } = await makeCardClient(t.app, {
      balance: 5000,
      now,
      breakRule: { code: 'carrier_risk', at: now - 2 * DAY_MS },
      packages: [
        { name: 'old month', startsAt: now - 40 * DAY_MS, duration: 30, unit: DurationUnit.DAY },
        { name: 'this month', startsAt: now - 5 * DAY_MS, duration: 30, unit: DurationUnit.DAY },
      ],
    });
    const packageId = await addPackage(t.app, { name: `timeline add-on ${randomUUID().slice(0, 8)}`, price: 300, kind: 'addon' });
    const bought = await c.post('/api/iot/buyPackage', { packageId, payMethod: 'balance' }, { 'idempotency-key': randomUUID() });
    expect(bought.code).toBe(0);
    await provisioningSettled(t.app);

    const r = await c.get<SimTimeline>('/api/iot/simTimeline');
    expect(r.code).toBe(0);
    const list = r.data.list;
    expect(list[0]).toMatchObject({ kind: 'packageEnds', name: 'this month', at: now + 25 * DAY_MS });
    const kinds = list.map((e) => e.kind);
    expect(kinds).toContain('activated');
    expect(kinds).toContain('restricted');
    expect(list.filter((e) => e.kind === 'packageEnded').map((e) => [e.name, e.at])).toEqual([['old month', now - 10 * DAY_MS]]);
    expect(list.find((e) => e.kind === 'paid')).toMatchObject({ amount: 300 });
    expect(list.filter((e) => e.kind === 'packageStarted').map((e) => e.name)).toContain('this month');
    // The past newest first.
    const past = list.slice(1).map((e) => e.at);
    expect(past).toEqual([...past].sort((a, b) => b - a));
    // A plain SIM has no device commands.
    expect(kinds).not.toContain('command');
  });

  it('needs the card’s session', async () => {
    expect((await t.app.inject({ url: '/api/iot/simTimeline' })).json().code).toBe(34061);
  });
});
