import type { NumberWatchList } from '@simshop/contract/number-watch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { depsOf } from '../../lib/deps.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { digits, makeNumber } from '../numbers/test-kit.ts';
import { makeBuyer, makeOrder } from '../orders/test-kit.ts';
import { scanWatches } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const scan = () => scanWatches({ ...depsOf(t.app), numbers: t.app.numbers, site: t.app.site, sms: t.app.sms }, t.app.config.now());
const create = async (payload: object, headers: Record<string, string>) =>
  body<{ id: number }>(await t.app.inject({ method: 'POST', url: '/api/shop/numberWatch/create', payload, headers }));
const list = async (headers: Record<string, string>) =>
  body<NumberWatchList>(await t.app.inject({ url: '/api/shop/numberWatch/list', headers })).data;
const found = (l: NumberWatchList, id: number) => l.list.find((w) => w.id === id)!.hits.map((h) => h.number);

describe('number alerts', () => {
  it('need a login', async () => {
    const r = await create({ endsWith: '8888' }, {});
    expect(r.code).toBe(61);
    expect(body(await t.app.inject({ url: '/api/shop/numberWatch/list' })).code).toBe(61);
  });

  it('need an ending or a pattern, and refuse bad fields by name', async () => {
    const { headers } = await makeBuyer(t.app);
    const none = await create({ province: '440000' }, headers);
    expect(none.code).toBe(-1);
    expect(none.message).toBe('Ending digits: give an ending or a pattern to watch for');
    const letters = await create({ endsWith: '88a8' }, headers);
    expect(letters.code).toBe(-1);
    expect(letters.message).toMatch(/^Ending digits: /);
    const city = await create({ endsWith: '88', province: '440000', city: '330100' }, headers);
    expect(city.code).toBe(-1);
    expect(city.message).toMatch(/^City: /);
  });

  it('tell once of each matching number put on sale after the alert, at the storefront’s price', async () => {
    const { headers, mobile } = await makeBuyer(t.app);
    const ending = digits(6);
    const before = await makeNumber(t.app, { endsWith: ending, price: 50_000 });
    // A number put on sale in the alert's own millisecond counts as after it: let the clock move on.
    const listed = t.app.config.now();
    while (t.app.config.now() <= listed) await new Promise((r) => setTimeout(r, 1));
    const w = await create({ endsWith: ending, province: '440000', maxPrice: 60_000 }, headers);
    expect(w.code).toBe(0);
    const match = await makeNumber(t.app, { endsWith: ending, price: 58_800, province: '440000', city: '440100' });
    await makeNumber(t.app, { endsWith: ending, price: 70_000 }); // over the top price
    await makeNumber(t.app, { endsWith: ending, price: 10_000, province: '330000', city: '330100' }); // elsewhere
    await makeNumber(t.app, { endsWith: `${ending.slice(0, 5)}${(Number(ending[5]) + 1) % 10}`, price: 10_000 }); // another ending

    await scan();
    await scan();
    const l = await list(headers);
    expect(found(l, w.data.id)).toEqual([match.number]);
    expect(found(l, w.data.id)).not.toContain(before.number);
    expect(l.list.find((x) => x.id === w.data.id)!.hits[0]).toMatchObject({ price: 58_800, onSale: true, unseen: true });
    expect(l.unseen).toBe(1);
    // The shopper is texted once, in the language the alert was made in.
    const texts = await t.app.db.db
      .selectFrom('sms_messages')
      .selectAll()
      .where('mobile_masked', '=', maskMobile(mobile))
      .where('kind', '=', 'numberWatch')
      .execute();
    expect(texts.map((m) => [m.language, m.status])).toEqual([['en', 'sent']]);
    expect(body<{ unseen: number }>(await t.app.inject({ url: '/api/shop/numberWatch/unseen', headers })).data.unseen).toBe(1);

    expect(body(await t.app.inject({ method: 'POST', url: '/api/shop/numberWatch/seen', headers })).code).toBe(0);
    const seen = await list(headers);
    expect(seen.unseen).toBe(0);
    expect(seen.list.find((x) => x.id === w.data.id)!.hits[0]!.unseen).toBe(false);
  });

  it('find a number whose hold is released, not while it is held', async () => {
    const { headers } = await makeBuyer(t.app);
    const ending = digits(7);
    const w = await create({ endsWith: ending }, headers);
    const held = await makeOrder(t.app, {}, { endsWith: ending });
    await scan();
    // A number put on sale and held at once is not on sale when the scan reads it.
    const whileHeld = await list(headers);
    expect(found(whileHeld, w.data.id)).toEqual([]);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/cancel',
      payload: { orderNo: held.order.orderNo },
      headers: held.headers,
    });
    expect(body(cancel).code).toBe(0);
    await scan();
    expect(found(await list(headers), w.data.id)).toEqual([held.number]);
  });

  it('keep at most ten alerts a shopper, however many requests come at once', async () => {
    const { headers } = await makeBuyer(t.app);
    const replies = await Promise.all(Array.from({ length: 14 }, (_, i) => create({ endsWith: `${10 + i}` }, headers)));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(10);
    const refused = replies.filter((r) => r.code !== 0);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.message).toBe('you can keep at most 10 number alerts; delete one first');
    expect((await list(headers)).list).toHaveLength(10);
  });

  it('are deleted by their shopper only', async () => {
    const a = await makeBuyer(t.app);
    const b = await makeBuyer(t.app);
    const w = await create({ pattern: 'AAAA' }, a.headers);
    const del = (id: number, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/shop/numberWatch/delete', payload: { id }, headers });
    const other = body(await del(w.data.id, b.headers));
    expect(other.code).toBe(-1);
    expect(other.message).toBe('Item: no such number alert');
    expect(body(await del(w.data.id, a.headers)).code).toBe(0);
    expect((await list(a.headers)).list).toEqual([]);
  });
});
