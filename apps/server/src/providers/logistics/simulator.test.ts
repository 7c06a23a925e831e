import { describe, expect, it } from 'vitest';
import { eventKey, logisticsSimulator, type ShipmentRef } from './provider.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 20, 2);
const ref = (companyCode = 'SIMEX'): ShipmentRef => ({
  trackingNo: 'SE000000000001',
  companyCode,
  fromArea: '440300',
  toArea: '110101',
  fromCity: '深圳市',
  toCity: '东城区',
  createdAt: T0,
});

describe('logistics simulator', () => {
  it('reports status codes at the origin and the destination, with no text of its own', async () => {
    const sim = logisticsSimulator();
    expect(await sim.track(ref(), T0 + 15 * HOUR)).toEqual([
      { at: T0, status: 'collected', areaCode: '440300', text: '', place: '' },
      { at: T0 + 3 * HOUR, status: 'in_transit', areaCode: '440300', text: '', place: '' },
      { at: T0 + 14 * HOUR, status: 'arrived', areaCode: '110101', text: '', place: '' },
    ]);
    expect((await sim.track(ref(), T0 + 24 * HOUR)).map((e) => e.status)).toEqual([
      'collected',
      'in_transit',
      'arrived',
      'out_for_delivery',
      'delivered',
    ]);
    expect(await sim.book({ reference: 'N1', fromCity: '', toCity: '', trackingNo: 'SE123' }, T0)).toEqual({
      companyCode: 'SIMEX',
      companyName: 'SimExpress',
      trackingNo: 'SE123',
    });
  });

  it('tracks only its own parcels', async () => {
    expect(await logisticsSimulator().track(ref('shunfeng'), T0 + 30 * HOUR)).toEqual([]);
  });

  it('keys an event by what it says, so the same event reported twice has one key', () => {
    const e = { at: T0, status: 'collected' as const, areaCode: '440300', text: '已揽收', place: '' };
    expect(eventKey({ ...e })).toBe(eventKey(e));
    expect(eventKey({ ...e, text: '已签收' })).not.toBe(eventKey(e));
    expect(eventKey({ ...e, at: T0 + 1 })).not.toBe(eventKey(e));
  });
});
