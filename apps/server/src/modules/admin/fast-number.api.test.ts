import type { AdminFastNumberDetail, AdminFastNumberPage } from '@simshop/contract/admin-fast-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeApplication } from '../orders/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { SEED_NUMBERS: '50' });
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });

async function move(payload: object, headers: Record<string, string>) {
  return body<AdminFastNumberDetail>(await post('/api/admin/fastNumber/advance', payload, headers));
}

/** What the applicant's own order page says. */
async function applicantSees(orderNo: string, headers: Record<string, string>) {
  const d = body<{ status: string; number: string; logistics: { trackingNo: string } | null; application: { rejectReason: string } }>(
    await t.app.inject({ url: `/api/shop/order/detail?orderNo=${orderNo}`, headers: { ...headers, 'accept-language': 'en' } }),
  );
  expect(d.code).toBe(0);
  return d.data;
}

describe('fast-number applications in the console', () => {
  it('staff of the storefront review, approve and ship an application; the applicant sees the number and the parcel', async () => {
    const shop = await makeAgent(t.app, null);
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const app = await makeApplication(t.app, { promoCode: shop.promoCode, photos: true });

    const list = body<AdminFastNumberPage>(await get('/api/admin/fastNumber?status=submitted', { ...staff, 'accept-language': 'en' }));
    expect(list.data.list.map((o) => [o.orderNo, o.promoCode, o.status, o.applicantName, o.contactMobile])).toEqual([
      [app.orderNo, shop.promoCode, 'submitted', '王小明', app.mobile],
    ]);
    // The package by its English name, as the applicant's English order shows it (stored in Chinese).
    expect(list.data.list[0]!.packageName).toBe('M-Zone Mango card');
    const d = body<AdminFastNumberDetail>(await get(`/api/admin/fastNumber/detail?orderNo=${app.orderNo}`, staff));
    expect(d.data.idNumber).toBe('110105199203152463');
    expect(d.data.application.photos).toEqual([
      { purpose: 'idFront', url: `/api/files/${app.photos!.idFront}` },
      { purpose: 'idBack', url: `/api/files/${app.photos!.idBack}` },
    ]);
    expect((await get(`/api/files/${app.photos!.idFront}`, staff)).statusCode).toBe(200);

    expect((await move({ orderNo: app.orderNo, to: 'reviewing' }, staff)).data.status).toBe('reviewing');
    expect((await move({ orderNo: app.orderNo, to: 'approved' }, staff)).data.status).toBe('approved');
    const noNumber = await move({ orderNo: app.orderNo, to: 'shipped' }, staff);
    expect(noNumber.code).toBe(-1);
    expect(noNumber.message).toMatch(/^Assigned number: /);
    const shipped = await move({ orderNo: app.orderNo, to: 'shipped', assignedNumber: '16612345678' }, staff);
    expect(shipped.data).toMatchObject({ status: 'shipped', assignedNumber: '16612345678' });
    expect(shipped.data.trackingNo).toMatch(/^SE\d{12}$/);
    const seen = await applicantSees(app.orderNo, app.headers);
    expect([seen.status, seen.number, seen.logistics?.trackingNo]).toEqual(['shipped', '16612345678', shipped.data.trackingNo]);
    expect((await move({ orderNo: app.orderNo, to: 'activated' }, staff)).data.status).toBe('activated');

    const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    const log = body<{ list: { action: string; before: unknown; after: unknown }[] }>(
      await get(`/api/admin/audit?objectType=fastNumber&objectId=${app.orderNo}`, owner),
    ).data.list;
    expect(log.map((e) => [e.action, e.before, e.after]).reverse()).toEqual([
      ['fastNumber.advance', { status: 'submitted' }, { status: 'reviewing' }],
      ['fastNumber.advance', { status: 'reviewing' }, { status: 'approved' }],
      ['fastNumber.advance', { status: 'approved' }, { status: 'shipped', assignedNumber: '16612345678' }],
      ['fastNumber.advance', { status: 'shipped' }, { status: 'activated', assignedNumber: '16612345678' }],
    ]);
  });

  it('a refusal needs its reason, which the applicant sees; a move out of order or made twice is refused', async () => {
    const shop = await makeAgent(t.app, null);
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    const app = await makeApplication(t.app, { promoCode: shop.promoCode });
    const early = await move({ orderNo: app.orderNo, to: 'approved' }, staff);
    expect([early.code, early.message.split(':')[0]]).toEqual([-1, 'Status']);
    await move({ orderNo: app.orderNo, to: 'reviewing' }, staff);
    const bare = await move({ orderNo: app.orderNo, to: 'rejected', reason: '  ' }, staff);
    expect(bare.message).toMatch(/^Reason: /);
    // Two operators decide at once: one decision stands.
    const both = await Promise.all([
      move({ orderNo: app.orderNo, to: 'rejected', reason: '证件照片不清晰' }, staff),
      move({ orderNo: app.orderNo, to: 'approved' }, staff),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([-1, 0]);
    const seen = await applicantSees(app.orderNo, app.headers);
    const winner = both.find((r) => r.code === 0)!.data.status;
    expect(seen.status).toBe(winner);
    if (winner === 'rejected') expect(seen.application.rejectReason).toBe('证件照片不清晰');
  });

  it('agents and staff see only their reach; the photos are not served outside it; calls without a session are asked to sign in', async () => {
    const top = await makeAgent(t.app, null);
    const low = await makeAgent(t.app, top.id);
    const other = await makeAgent(t.app, null);
    const app = await makeApplication(t.app, { promoCode: low.promoCode, photos: true });
    const upstream = await signIn(t.app, await makeOperator(t.app, 'agent', top.id));
    const outsiders = {
      'agent elsewhere': await signIn(t.app, await makeOperator(t.app, 'agent', other.id)),
      'staff upstream': await signIn(t.app, await makeOperator(t.app, 'staff', top.id)),
    };
    const code = async (p: Promise<{ json(): unknown }>) => body(await p).code;
    const calls = {
      list: (h: Record<string, string>) => code(get(`/api/admin/fastNumber?promoterId=${low.id}`, h)),
      detail: (h: Record<string, string>) => code(get(`/api/admin/fastNumber/detail?orderNo=${app.orderNo}`, h)),
      advance: (h: Record<string, string>) => code(post('/api/admin/fastNumber/advance', { orderNo: app.orderNo, to: 'reviewing' }, h)),
    };
    for (const [who, h] of Object.entries(outsiders)) {
      for (const [name, run] of Object.entries(calls)) expect(await run(h), `${name} by ${who}`).toBe(-1);
      expect((await get(`/api/files/${app.photos!.idBack}`, h)).statusCode, `photo for ${who}`).toBe(404);
      const own = body<AdminFastNumberPage>(await get('/api/admin/fastNumber', h));
      expect(own.data.list.map((o) => o.orderNo)).not.toContain(app.orderNo);
    }
    for (const run of Object.values(calls)) expect(await run({})).toBe(61);
    // The upstream agent reaches its direct downstream's application.
    expect(await calls.detail(upstream)).toBe(0);
    expect((await get(`/api/files/${app.photos!.idBack}`, upstream)).statusCode).toBe(200);
    expect(await calls.advance(upstream)).toBe(0);
  });
});
