import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeOrder, testClock } from '../orders/test-kit.ts';

const clock = testClock(Date.UTC(2026, 2, 20, 2));
const HOUR = 3_600_000;

type Tracking = {
  company: string;
  companyCode: string;
  status: string;
  events: { at: number; status: string; location: string; description: string; descriptionLanguage: string }[];
};

/** The built-in simulator writes no text: every reader sees its events as status codes and places in their language. */
describe('simulated tracking in the reader language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names the places of a simulated parcel in English, Simplified and Traditional, with no carrier text', async () => {
    const { order, headers } = await makeOrder(t.app);
    const shippedAt = clock.t;
    await t.app.db.db.transaction().execute(async (trx) => {
      const o = await trx
        .selectFrom('number_orders')
        .select(['id', 'city'])
        .where('order_no', '=', order.orderNo)
        .executeTakeFirstOrThrow();
      await trx.updateTable('number_orders').set({ status: 'shipped', shipped_at: shippedAt }).where('id', '=', o.id).execute();
      await t.app.logistics.ship(
        trx,
        {
          orderType: 'number',
          orderId: o.id,
          reference: order.orderNo,
          fromCity: '深圳市',
          toCity: '北京市',
          fromArea: '440300',
          toArea: '110101',
        },
        shippedAt,
      );
    });
    clock.advance(15 * HOUR);
    const track = async (lang: string) =>
      body<Tracking>(
        await t.app.inject({ url: `/api/shop/order/logistics?orderNo=${order.orderNo}`, headers: { ...headers, 'accept-language': lang } }),
      ).data;
    const en = await track('en');
    expect(en).toMatchObject({ company: 'SimExpress', companyCode: 'SIMEX', status: 'in_transit' });
    expect(en.events).toEqual([
      { at: shippedAt + 14 * HOUR, status: 'arrived', location: 'Dongcheng District', description: '', descriptionLanguage: '' },
      { at: shippedAt + 3 * HOUR, status: 'in_transit', location: 'Shenzhen', description: '', descriptionLanguage: '' },
      { at: shippedAt, status: 'collected', location: 'Shenzhen', description: '', descriptionLanguage: '' },
    ]);
    expect((await track('zh-CN')).events.map((e) => e.location)).toEqual(['东城区', '深圳市', '深圳市']);
    expect((await track('zh-TW')).events.map((e) => e.location)).toEqual(['東城區', '深圳市', '深圳市']);
    // Looked at again, nothing is stored twice.
    expect((await track('en')).events).toHaveLength(3);
  });
});
