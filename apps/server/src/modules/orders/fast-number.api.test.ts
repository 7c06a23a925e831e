import type { FastNumberApplyBody } from '@simshop/contract/fast-number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { depsOf } from '../../lib/deps.ts';
import { jpegWithMetadata, pngWithMetadata, upload } from '../uploads/test-kit.ts';
import { advanceFastNumberOrder } from './fast-number-orders.ts';
import { hex32, loginAs, testClock, uniqueMobile, validId } from './test-kit.ts';

type Application = {
  operatorName: string;
  monthlyFee: number;
  assignedNumber: string;
  rejectReason: string;
  photos: { purpose: string; url: string }[];
  timeline: { status: string; at: number }[];
};
type Order = {
  orderNo: string;
  kind: string;
  status: string;
  amount: number;
  operator: string;
  operatorName: string;
  packageName: string;
  number: string;
  buyerName: string;
  idNumberMasked: string;
  contactMobile: string;
  canPay: boolean;
  application: Application | null;
  address: { fullText: string };
  logistics: { trackingNo: string } | null;
};
type Products = { operators: { operator: string; operatorName: string; packages: { id: number; name: string; monthlyFee: number }[] }[] };

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const deps = () => ({ ...depsOf(t.app), numbers: t.app.numbers, goods: t.app.goods, payments: t.app.payments, logistics: t.app.logistics });
const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const browser = () => ({ 'x-session-id': hex32(), 'x-order-session-id': hex32() });

async function products(language = 'en') {
  return body<Products>(await t.app.inject({ url: '/api/shop/fastNumber/products', headers: { 'accept-language': language } }));
}

/** Sends an application code to `mobile`; returns the code (the demo provider reveals it). */
async function codeFor(mobile: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/hk/sendCode',
    payload: { mobile, scene: 'apply' },
    headers: { 'x-forwarded-for': randomIp() },
  });
  const reply = body<{ devCode: string }>(res);
  expect(reply.code).toBe(0);
  return reply.data.devCode;
}

async function applicationBody(mobile: string, overrides: Partial<FastNumberApplyBody> = {}): Promise<FastNumberApplyBody> {
  const first = (await products()).data.operators[0]!;
  return {
    operator: first.operator,
    packageId: first.packages[0]!.id,
    applicantName: '王小明',
    idNumber: validId('19920315', '246'),
    mobile,
    code: overrides.code ?? (await codeFor(mobile)),
    address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 2 栋 202' },
    agreed: true,
    ...overrides,
  };
}

async function apply(payload: unknown, headers: Record<string, string> = browser()) {
  return body<Order>(await t.app.inject({ method: 'POST', url: '/api/shop/fastNumber/apply', payload: payload as object, headers }));
}

async function applied(mobile = uniqueMobile()) {
  const headers = browser();
  const reply = await apply(await applicationBody(mobile), headers);
  expect(reply.code).toBe(0);
  return { order: reply.data, headers, mobile };
}

async function detail(orderNo: string, headers: Record<string, string>) {
  return body<Order>(
    await t.app.inject({ url: `/api/shop/order/detail?orderNo=${orderNo}`, headers: { ...headers, 'accept-language': 'en' } }),
  );
}

describe('fast-number products', () => {
  it('lists operators with their packages, names in the reader’s language', async () => {
    const en = await products('en');
    expect(en.code).toBe(0);
    expect(en.data.operators.length).toBeGreaterThan(0);
    for (const o of en.data.operators) {
      expect(o.packages.length).toBeGreaterThan(0);
      expect(o.operatorName).not.toMatch(/\p{Script=Han}/u);
    }
    const zh = await products('zh-Hans');
    expect(zh.data.operators.map((o) => o.operator)).toEqual(en.data.operators.map((o) => o.operator));
  });
});

describe('applying', () => {
  it.each([
    [{ idNumber: '110105199001011234' }, /^ID number: /],
    [{ applicantName: 'x' }, /^Name: /],
    [{ mobile: '2381234567' }, /^Mobile number: /],
    [{ address: { province: '440000', city: '110100', county: '440305', detail: '科技园南区 2 栋 202' } }, /^City: /],
    [{ agreed: false }, /^Transaction terms: /],
    [{ packageId: 999_999 }, /^Package: /],
  ])('refuses %j naming the field, and the code stays usable', async (override, field) => {
    const mobile = uniqueMobile();
    const good = await applicationBody(mobile);
    const refused = await apply({ ...good, ...override });
    expect(refused.code).toBe(-1);
    expect(refused.message).toMatch(field);
    // Nothing was filed and the code was not used up: the corrected application goes through.
    expect((await apply(good)).code).toBe(0);
  });

  it('refuses a package of another operator', async () => {
    const ops = (await products()).data.operators;
    expect(ops.length).toBeGreaterThan(1);
    const mobile = uniqueMobile();
    const reply = await apply(await applicationBody(mobile, { operator: ops[0]!.operator, packageId: ops[1]!.packages[0]!.id }));
    expect(reply.code).toBe(-1);
    expect(reply.message).toMatch(/^Package: /);
  });

  it('checks the SMS code: a wrong one is refused with the tries left, a code works once', async () => {
    const mobile = uniqueMobile();
    const good = await applicationBody(mobile);
    const wrong = await apply({ ...good, code: good.code === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe(-1);
    expect(wrong.message).toMatch(/^Verification code: .*4/);
    expect((await apply(good)).code).toBe(0);
    const again = await apply(good);
    expect(again.code).toBe(-1);
    expect(again.message).toMatch(/^Verification code: /);
  });

  it('refuses a login code: an application needs a code sent for it', async () => {
    const mobile = uniqueMobile();
    const sent = body<{ devCode: string }>(
      await t.app.inject({ method: 'POST', url: '/api/hk/sendCode', payload: { mobile }, headers: { 'x-forwarded-for': randomIp() } }),
    );
    const reply = await apply(await applicationBody(mobile, { code: sent.data.devCode }));
    expect(reply.code).toBe(-1);
    expect(reply.message).toMatch(/^Verification code: /);
  });

  it('files a free order in state submitted, shown under Orders, and logs the browser in as the mobile', async () => {
    const { order, headers, mobile } = await applied();
    expect(order).toMatchObject({
      kind: 'fastNumber',
      status: 'submitted',
      amount: 0,
      canPay: false,
      buyerName: '王小明',
      contactMobile: mobile,
      number: '',
    });
    expect(order.orderNo).toMatch(/^F\d{20}$/);
    expect(order.idNumberMasked).toMatch(/^110\*{11}\d{3}[\dX]$/);
    expect(order.application).toMatchObject({ rejectReason: '', assignedNumber: '', photos: [] });
    expect(order.application?.timeline.map((s) => s.status)).toEqual(['submitted']);
    const user = body<{ mobile: string }>(await t.app.inject({ url: '/api/hk/userInfo', headers }));
    expect(user.data.mobile).toBe(mobile);
    const list = body<{ list: { orderNo: string; kind: string; status: string; packageName: string }[] }>(
      await t.app.inject({ url: '/api/shop/order/list', headers }),
    );
    expect(list.data.list[0]).toMatchObject({ orderNo: order.orderNo, kind: 'fastNumber', status: 'submitted' });
    // The same mobile logged in elsewhere sees it; a stranger does not.
    clock.advance(61_000); // a mobile gets one code a minute
    const elsewhere = await loginAs(t.app, mobile, randomIp());
    expect((await detail(order.orderNo, elsewhere)).data.orderNo).toBe(order.orderNo);
    const stranger = await loginAs(t.app, uniqueMobile(), randomIp());
    const hidden = await detail(order.orderNo, stranger);
    expect(hidden.code).toBe(-1);
    // It cannot be paid or cancelled: it costs nothing.
    const pay = body(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'sandbox' }, headers }),
    );
    expect(pay.code).toBe(-1);
  });
});

describe('the state machine', () => {
  it('moves submitted → reviewing → approved → shipped → activated, each step on the timeline', async () => {
    const { order, headers } = await applied();
    const d = deps();
    await advanceFastNumberOrder(d, order.orderNo, 'reviewing');
    await advanceFastNumberOrder(d, order.orderNo, 'approved');
    await advanceFastNumberOrder(d, order.orderNo, 'shipped', { assignedNumber: '16612345678' });
    const shipped = (await detail(order.orderNo, headers)).data;
    expect(shipped).toMatchObject({ status: 'shipped', number: '16612345678' });
    expect(shipped.logistics?.trackingNo).toMatch(/\S/);
    const track = body<{ trackingNo: string }>(await t.app.inject({ url: `/api/shop/order/logistics?orderNo=${order.orderNo}`, headers }));
    expect(track.data.trackingNo).toBe(shipped.logistics?.trackingNo);
    await advanceFastNumberOrder(d, order.orderNo, 'activated');
    const done = (await detail(order.orderNo, headers)).data;
    expect(done.status).toBe('activated');
    expect(done.application?.timeline.map((s) => s.status)).toEqual(['submitted', 'reviewing', 'approved', 'shipped', 'activated']);
  });

  it('refuses illegal moves and keeps the state', async () => {
    const { order, headers } = await applied();
    const d = deps();
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'moved',
        (e: { id?: string; code?: number }) => e.id ?? String(e.code),
      );
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'approved'))).toBe('fastNumber.illegalTransition');
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'activated'))).toBe('fastNumber.illegalTransition');
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'submitted'))).toBe('fastNumber.illegalTransition');
    await advanceFastNumberOrder(d, order.orderNo, 'reviewing');
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'rejected'))).toBe('fastNumber.reasonRequired');
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'shipped', { assignedNumber: '16612345678' }))).toBe(
      'fastNumber.illegalTransition',
    );
    await advanceFastNumberOrder(d, order.orderNo, 'rejected', { reason: '证件信息与公安系统不符' });
    expect(await refusal(advanceFastNumberOrder(d, order.orderNo, 'approved'))).toBe('fastNumber.illegalTransition');
    const rejected = (await detail(order.orderNo, headers)).data;
    expect(rejected.status).toBe('rejected');
    expect(rejected.application?.rejectReason).toBe('证件信息与公安系统不符');
  });

  it('ships only with an assigned 11-digit number', async () => {
    const { order } = await applied();
    const d = deps();
    await advanceFastNumberOrder(d, order.orderNo, 'reviewing');
    await advanceFastNumberOrder(d, order.orderNo, 'approved');
    await expect(advanceFastNumberOrder(d, order.orderNo, 'shipped')).rejects.toMatchObject({ id: 'fastNumber.assignedNumberRequired' });
  });

  it('makes a move once when two operators make it together', async () => {
    const { order } = await applied();
    const d = deps();
    const results = await Promise.allSettled([
      advanceFastNumberOrder(d, order.orderNo, 'reviewing'),
      advanceFastNumberOrder(d, order.orderNo, 'reviewing'),
      advanceFastNumberOrder(d, order.orderNo, 'reviewing'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('ID photos of an application', () => {
  async function photos(headers: Record<string, string>) {
    const front = await upload(t.app, '/api/shop/upload', headers, jpegWithMetadata(), 'idFront');
    const back = await upload(t.app, '/api/shop/upload', headers, pngWithMetadata(), 'idBack');
    expect(front.code).toBe(0);
    expect(back.code).toBe(0);
    return { idFront: front.data.id, idBack: back.data.id };
  }
  const cert = async (payload: object, headers: Record<string, string>) =>
    body<Order>(await t.app.inject({ method: 'POST', url: '/api/shop/fastNumber/cert', payload, headers }));

  it('are added by the owner and served only to the owner', async () => {
    const { order, headers, mobile } = await applied();
    const ids = await photos(headers);
    const added = await cert({ orderNo: order.orderNo, ...ids }, headers);
    expect(added.code).toBe(0);
    expect(added.data.application?.photos).toEqual([
      { purpose: 'idFront', url: `/api/files/${ids.idFront}` },
      { purpose: 'idBack', url: `/api/files/${ids.idBack}` },
    ]);
    const own = await t.app.inject({ url: `/api/files/${ids.idFront}`, headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    // The owner logged in on another browser sees them too.
    clock.advance(61_000); // a mobile gets one code a minute
    const elsewhere = await loginAs(t.app, mobile, randomIp());
    expect((await t.app.inject({ url: `/api/files/${ids.idBack}`, headers: elsewhere })).statusCode).toBe(200);
    // Anyone else, logged in or not, gets 404.
    const stranger = await loginAs(t.app, uniqueMobile(), randomIp());
    expect((await t.app.inject({ url: `/api/files/${ids.idFront}`, headers: stranger })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/files/${ids.idFront}`, headers: browser() })).statusCode).toBe(404);
    // A stranger sees no photo urls either: the order is not theirs.
    expect((await detail(order.orderNo, stranger)).code).toBe(-1);
  });

  it('refuses photos of someone else, of the wrong side, before login, and once decided', async () => {
    const { order, headers } = await applied();
    const stranger = await loginAs(t.app, uniqueMobile(), randomIp());
    const theirs = await photos(stranger);
    const mine = await photos(headers);
    const notMine = await cert({ orderNo: order.orderNo, idFront: theirs.idFront, idBack: mine.idBack }, headers);
    expect(notMine.code).toBe(-1);
    expect(notMine.message).toMatch(/^ID card front: /);
    const swapped = await cert({ orderNo: order.orderNo, idFront: mine.idBack, idBack: mine.idFront }, headers);
    expect(swapped.code).toBe(-1);
    // A stranger cannot attach photos to this order.
    const foreign = await cert({ orderNo: order.orderNo, ...theirs }, stranger);
    expect(foreign.code).toBe(-1);
    expect(foreign.message).toMatch(/^Order number: /);
    // Not logged in: 61.
    expect((await cert({ orderNo: order.orderNo, ...mine }, { 'x-order-session-id': headers['x-order-session-id']! })).code).toBe(61);
    const d = deps();
    await advanceFastNumberOrder(d, order.orderNo, 'reviewing');
    expect((await cert({ orderNo: order.orderNo, ...mine }, headers)).code).toBe(0);
    await advanceFastNumberOrder(d, order.orderNo, 'approved');
    const closed = await cert({ orderNo: order.orderNo, ...mine }, headers);
    expect(closed.code).toBe(-1);
    expect(closed.message).toMatch(/^Order number: /);
  });
});
