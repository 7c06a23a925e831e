import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let clock = Date.UTC(2026, 2, 15, 2);
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

/** A promoter of this test's own (a copy of the demo storefront), so its counts are only this test's reports. */
async function makePromoter(): Promise<{ id: number; promoCode: string }> {
  const promoCode = `p${randomBytes(4).toString('hex')}`;
  const { id: _, ...demo } = await t.app.db.db
    .selectFrom('promoters')
    .selectAll()
    .where('promo_code', '=', 'demo')
    .executeTakeFirstOrThrow();
  const row = await t.app.db.db
    .insertInto('promoters')
    .values({ ...demo, promo_code: promoCode, is_default: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, promoCode };
}

/** A client address of the test's own (the suites address clients by X-Forwarded-For). */
const newIp = () => `10.${randomBytes(3).join('.')}`;

const report = (payload: unknown, ip: string, contentType = 'text/plain;charset=UTF-8') =>
  t.app.inject({
    method: 'POST',
    url: '/api/hk/pointReport',
    headers: { 'content-type': contentType, 'x-forwarded-for': ip },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/hk/pointReport', () => {
  it('stores views and clicks with their ad parameters and counts them per promoter and mark', async () => {
    const { id, promoCode } = await makePromoter();
    const ip = newIp();
    const ad = { promoCode, bd_vid: 'bd-123', qz_gdt: 'gdt-9', cb: 'cb-1', mark: 'spring', mark_id: '42' };
    for (const payload of [
      { event: 'view', page: '/pages/index/index', ...ad },
      { event: 'view', page: '/pages-sub/single/index', pageCode: 'lucky', ...ad },
      { event: 'click', page: '/pages-sub/single/index', target: 'more', pageCode: 'lucky', ...ad },
      { event: 'view', page: '/pages/customer/index', promoCode },
    ]) {
      const res = await report(payload, ip);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ code: 0, message: 'ok', data: null });
    }
    const json = await report({ event: 'click', page: '/pages/index/index', target: 'banner-0', promoCode }, ip, 'application/json');
    expect(body(json).code).toBe(0);

    const stored = await t.app.db.db
      .selectFrom('point_reports')
      .select(['event', 'page', 'target', 'page_code', 'bd_vid', 'qz_gdt', 'cb', 'mark', 'mark_id', 'ip'])
      .where('promoter_id', '=', id)
      .orderBy('id')
      .execute();
    expect(stored[2]).toEqual({
      event: 'click',
      page: '/pages-sub/single/index',
      target: 'more',
      page_code: 'lucky',
      bd_vid: 'bd-123',
      qz_gdt: 'gdt-9',
      cb: 'cb-1',
      mark: 'spring',
      mark_id: '42',
      ip,
    });
    expect(await t.app.tracking.counts(id, clock - 1000, clock + 1)).toEqual({
      views: 3,
      clicks: 2,
      byMark: [
        { mark: 'spring', views: 2, clicks: 1 },
        { mark: '', views: 1, clicks: 1 },
      ],
    });
    expect(await t.app.tracking.counts(id, clock + 1, clock + 1000)).toEqual({ views: 0, clicks: 0, byMark: [] });
  });

  it('counts an unknown or empty promo code for the default storefront', async () => {
    const res = await report({ event: 'view', page: '/pages/index/index', promoCode: 'undefined' }, newIp());
    expect(body(res).code).toBe(0);
    const demo = await t.app.db.db.selectFrom('promoters').select('id').where('promo_code', '=', 'demo').executeTakeFirstOrThrow();
    const last = await t.app.db.db.selectFrom('point_reports').select('promoter_id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last.promoter_id).toBe(demo.id);
  });

  it('refuses a bad report naming the field, and stores nothing', async () => {
    const ip = newIp();
    for (const [payload, field] of [
      [{ event: 'purchase', page: '/pages/index/index' }, 'event'],
      [{ event: 'view', page: 'javascript:alert(1)' }, 'page'],
      [{ event: 'view', page: '/pages/index/index', mark: 'm'.repeat(65) }, 'mark'],
      [{ event: 'view' }, 'page'],
    ] as const) {
      const res = await report(payload, ip);
      expect(res.statusCode).toBe(200);
      expect(body(res).code).toBe(-1);
      expect(res.headers['x-error-field']).toBe(field);
    }
    const notJson = await report('event=view', ip);
    expect(body(notJson).code).toBe(-1);
    const stored = await t.app.db.db.selectFrom('point_reports').select('id').where('ip', '=', ip).execute();
    expect(stored).toEqual([]);
  });

  it('refuses a body over 2 KiB', async () => {
    const ip = newIp();
    const res = await report({ event: 'view', page: '/pages/index/index', cb: 'x'.repeat(3000) }, ip);
    expect(res.statusCode).toBe(413);
    expect(body(res).code).toBe(-1);
  });

  it('takes 120 reports a minute from one address and refuses the rest until the next minute', async () => {
    const ip = newIp();
    const { id, promoCode } = await makePromoter();
    clock = Math.ceil(clock / 60_000) * 60_000 + 60_000;
    const replies = await Promise.all(
      Array.from({ length: 125 }, () => report({ event: 'view', page: '/pages/index/index', promoCode }, ip).then((r) => body(r).code)),
    );
    expect(replies.filter((c) => c === 0).length).toBe(120);
    expect(replies.filter((c) => c === -1).length).toBe(5);
    expect((await t.app.tracking.counts(id, clock, clock + 1)).views).toBe(120);
    clock += 60_000;
    expect(body(await report({ event: 'view', page: '/pages/index/index', promoCode }, ip)).code).toBe(0);
    expect(body(await report({ event: 'view', page: '/pages/index/index', promoCode }, newIp())).code).toBe(0);
  });
});
