import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type FakeKuaidi100, type FakeTrackItem, startFakeKuaidi100 } from '../../providers/logistics/fake-kuaidi100.ts';
import { KUAIDI100_CALLBACK_PATH, md5Upper } from '../../providers/logistics/kuaidi100.ts';
import { makeOrder, testClock } from '../orders/test-kit.ts';
import { PUSH_LATE_MS } from './service.ts';

const SALT = 'push-salt-api-test';
const clock = testClock(Date.UTC(2026, 2, 22, 8));
let seq = 0;
const trackingNo = () => {
  seq += 1;
  return `SF7${Date.now() % 1e8}${String(seq).padStart(3, '0')}`;
};

const COLLECTED: FakeTrackItem = {
  time: '2026-03-20 10:30:00',
  context: '【深圳市】顺丰速运 已收取快件',
  status: '揽收',
  areaCode: 'CN440300000000',
  areaName: '广东,深圳市',
};
const LEFT: FakeTrackItem = {
  time: '2026-03-20 18:02:11',
  context: '【深圳市】快件已从 深圳转运中心 发出',
  status: '在途',
  areaCode: 'CN440300000000',
  areaName: '广东,深圳市',
};
const ARRIVED: FakeTrackItem = {
  time: '2026-03-21 09:15:00',
  context: '【北京市】快件已到达 北京东城营业部',
  status: '在途',
  areaCode: 'CN110101000000',
  areaName: '北京,东城区',
};
const SIGNED: FakeTrackItem = {
  time: '2026-03-22 14:00:00',
  context: '快件已签收，签收人：本人',
  status: '签收',
  areaCode: 'CN110101000000',
  areaName: '北京,东城区',
};

type Tracking = {
  company: string;
  companyCode: string;
  status: string;
  events: { at: number; status: string; location: string; description: string; descriptionLanguage: string }[];
};

/**
 * Kuaidi100 behind the shop: a shipped parcel is subscribed after its transaction, the pushes to the
 * callback route are checked against the salt (a bad signature stores nothing; a repeated push
 * stores nothing twice), and a parcel whose pushes are late is looked up with a query.
 */
describe('Kuaidi100 tracking', () => {
  let t: TestApp;
  let fake: FakeKuaidi100;
  beforeAll(async () => {
    fake = await startFakeKuaidi100();
    t = await createTestApp({
      now: clock.now,
      publicUrl: 'https://shop.example.com',
      logistics: {
        provider: 'kuaidi100',
        kuaidi100: { baseUrl: fake.url, key: fake.key, customer: fake.customer, salt: SALT, company: 'shunfeng' },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  /** A number order of its own, shipped with a tracking number of its own. */
  async function shippedOrder() {
    const { order, headers } = await makeOrder(t.app);
    const no = trackingNo();
    const id = await t.app.db.db.transaction().execute(async (trx) => {
      const o = await trx
        .selectFrom('number_orders')
        .select(['id', 'city'])
        .where('order_no', '=', order.orderNo)
        .executeTakeFirstOrThrow();
      await trx.updateTable('number_orders').set({ status: 'shipped', shipped_at: clock.t }).where('id', '=', o.id).execute();
      await t.app.logistics.ship(
        trx,
        {
          orderType: 'number',
          orderId: o.id,
          reference: order.orderNo,
          fromCity: '深圳市',
          toCity: '北京市',
          fromArea: '440300',
          toArea: o.city,
          trackingNo: no,
        },
        clock.t,
      );
      return o.id;
    });
    const shipment = () =>
      t.app.db.db
        .selectFrom('shipments')
        .selectAll()
        .where('order_type', '=', 'number')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
    const events = async () =>
      (
        await t.app.db.db
          .selectFrom('shipment_events')
          .select('description')
          .where('shipment_id', '=', (await shipment()).id)
          .orderBy('seq')
          .execute()
      ).map((e) => e.description);
    const track = async (lang: string) =>
      body<Tracking>(
        await t.app.inject({ url: `/api/shop/order/logistics?orderNo=${order.orderNo}`, headers: { ...headers, 'accept-language': lang } }),
      );
    return { orderNo: order.orderNo, id, no, shipment, events, track };
  }

  const push = (form: { param: string; sign: string }) =>
    t.app.inject({
      method: 'POST',
      url: KUAIDI100_CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('subscribes a shipped parcel once its transaction is done, with the public callback and the salt', async () => {
    const p = await shippedOrder();
    expect((await p.shipment()).subscription).toBe('pending');
    await t.app.jobs.get('logistics.subscribe')?.run(clock.t);
    expect(fake.subscriptions.get(p.no)).toEqual({
      company: 'shunfeng',
      callbackurl: 'https://shop.example.com/api/logistics/kuaidi100/push',
      salt: SALT,
      from: '深圳市',
      to: '北京市',
    });
    expect(await p.shipment()).toMatchObject({ subscription: 'subscribed', subscribe_attempts: 0, last_error: null });
  });

  it('stores a well-signed push, stores nothing twice when it is repeated, and refuses a bad signature storing nothing', async () => {
    const p = await shippedOrder();
    await t.app.jobs.get('logistics.subscribe')?.run(clock.t);
    fake.addParcel('shunfeng', p.no, [LEFT, COLLECTED]);
    const first = await push(fake.pushForm(p.no));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: true, returnCode: '200', message: '成功' });
    expect(await p.events()).toEqual([COLLECTED.context, LEFT.context]);

    // Kuaidi100 repeats a push it thinks was lost: nothing is stored twice.
    expect((await push(fake.pushForm(p.no))).json()).toMatchObject({ result: true });
    expect(await p.events()).toEqual([COLLECTED.context, LEFT.context]);

    // A forged delivery: signed with another salt, or altered after signing.
    fake.addParcel('shunfeng', p.no, [SIGNED, ARRIVED, LEFT, COLLECTED], '3');
    const forged = await push(fake.pushForm(p.no, 'guessed-salt'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ result: false, returnCode: '500' });
    const good = fake.pushForm(p.no);
    expect((await push({ param: good.param.replace('本人', '邻居'), sign: good.sign })).statusCode).toBe(400);
    expect((await push({ param: good.param, sign: md5Upper(good.param) })).statusCode).toBe(400);
    expect((await push({ param: good.param, sign: '' })).statusCode).toBe(400);
    expect(await p.events()).toEqual([COLLECTED.context, LEFT.context]);
    expect((await p.shipment()).status).toBe('in_transit');

    // The real push of the delivery delivers the parcel and completes the order.
    expect((await push(good)).json()).toMatchObject({ result: true });
    expect(await p.events()).toEqual([COLLECTED.context, LEFT.context, ARRIVED.context, SIGNED.context]);
    expect((await p.shipment()).status).toBe('delivered');
    const order = await t.app.db.db.selectFrom('number_orders').select('status').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(order.status).toBe('completed');
  });

  it("shows each reader the status and the place in their language and the carrier's words apart with their language", async () => {
    const p = await shippedOrder();
    fake.addParcel('shunfeng', p.no, [ARRIVED, COLLECTED]);
    await push(fake.pushForm(p.no, SALT));
    const en = await p.track('en');
    expect(en.data).toMatchObject({ company: '', companyCode: 'shunfeng', status: 'in_transit' });
    expect(en.data.events).toEqual([
      {
        at: Date.UTC(2026, 2, 21, 1, 15),
        status: 'in_transit',
        location: 'Dongcheng District',
        description: ARRIVED.context,
        descriptionLanguage: 'zh-Hans',
      },
      {
        at: Date.UTC(2026, 2, 20, 2, 30),
        status: 'collected',
        location: 'Shenzhen',
        description: COLLECTED.context,
        descriptionLanguage: 'zh-Hans',
      },
    ]);
    const hant = await p.track('zh-TW');
    expect(hant.data.events.map((e) => [e.location, e.description, e.descriptionLanguage])).toEqual([
      ['東城區', '【北京市】快件已到達 北京東城營業部', 'zh-Hant'],
      ['深圳市', '【深圳市】順豐速運 已收取快件', 'zh-Hant'],
    ]);
    const hans = await p.track('zh-CN');
    expect(hans.data.events.map((e) => [e.location, e.description, e.descriptionLanguage])).toEqual([
      ['东城区', ARRIVED.context, 'zh-Hans'],
      ['深圳市', COLLECTED.context, 'zh-Hans'],
    ]);
  });

  it('looks a parcel up with a query when its pushes are late, and not before', async () => {
    const p = await shippedOrder();
    await t.app.jobs.get('logistics.subscribe')?.run(clock.t);
    fake.addParcel('shunfeng', p.no, [LEFT, COLLECTED]);
    const queries = () => fake.requests.filter((r) => r.path === '/poll/query.do' && JSON.parse(r.form.param ?? '{}').num === p.no).length;
    await t.app.jobs.get('logistics.advance')?.run(clock.t);
    expect(queries()).toBe(0);
    expect(await p.events()).toEqual([]);

    clock.advance(PUSH_LATE_MS + 60_000);
    await t.app.jobs.get('logistics.advance')?.run(clock.t);
    expect(queries()).toBe(1);
    expect(await p.events()).toEqual([COLLECTED.context, LEFT.context]);
    // The next look waits for the next late period.
    await t.app.jobs.get('logistics.advance')?.run(clock.t);
    expect(queries()).toBe(1);
  });

  it('refuses to ship without a tracking number, naming the field', async () => {
    const { order } = await makeOrder(t.app);
    const err = await t.app.db.db
      .transaction()
      .execute(async (trx) => {
        const o = await trx.selectFrom('number_orders').select('id').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
        await t.app.logistics.ship(
          trx,
          { orderType: 'number', orderId: o.id, reference: order.orderNo, fromCity: '深圳市', toCity: '北京市' },
          clock.t,
        );
      })
      .catch((e) => e);
    expect(err).toMatchObject({ field: 'trackingNo', id: 'logistics.trackingNoNeeded' });
  });
});
