import { randomBytes } from 'node:crypto';
import type { CreateOrderBody } from '@simshop/contract/orders';
import { idCheckDigit } from '@simshop/contract/validate';
import type { App } from '../../lib/route.ts';
import { digits, makeNumber, type NumberSpec } from '../numbers/test-kit.ts';
import { jpegWithMetadata, pngWithMetadata, upload } from '../uploads/test-kit.ts';

/** Helpers shared by the storefront API tests (imported by *.api.test.ts only). */

export const hex32 = () => randomBytes(16).toString('hex');

/** A controllable clock for createTestApp({ now }). */
export function testClock(start = Date.now()) {
  const clock = { t: start, now: () => clock.t, advance: (ms: number) => (clock.t += ms) };
  return clock;
}

export function validId(birth = '19900101', seq = '123'): string {
  const first17 = `110105${birth}${seq}`;
  return first17 + idCheckDigit(first17);
}

/** A complete, valid order for a number with one of its packages. */
export function orderBody(number: string, packageId: number, overrides: Partial<CreateOrderBody> = {}): CreateOrderBody {
  return {
    number,
    packageId,
    buyerName: '张三',
    idNumber: validId(),
    contactMobile: '13712345678',
    address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
    agreed: true,
    ...overrides,
  };
}

/** A plain seeded number on sale and its first package (the offset-th); numbers/test-kit's makeNumber gives a test a number of its own. */
export async function numberOnSale(app: App, offset = 0): Promise<{ number: string; packageId: number; amount: number }> {
  const n = await app.db.db
    .selectFrom('numbers')
    .select(['number', 'operator', 'min_monthly_fee', 'price', 'prestored'])
    .where('status', '=', 'on_sale')
    .where('min_monthly_fee', '=', 0)
    .orderBy('id')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  const p = await app.db.db
    .selectFrom('number_packages')
    .select('id')
    .where('operator', '=', n.operator)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  return { number: n.number, packageId: p.id, amount: n.price + n.prestored };
}

/** Sends a code and logs the session in as the mobile; returns the session headers. */
export async function loginAs(app: App, mobile: string, ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
  const sessionId = hex32();
  const sent = await app.inject({ method: 'POST', url: '/api/hk/sendCode', payload: { mobile }, headers: { 'x-forwarded-for': ip } });
  const code = (sent.json() as { data: { devCode: string } }).data.devCode;
  const res = await app.inject({ method: 'POST', url: '/api/hk/login', payload: { mobile, code }, headers: { 'x-session-id': sessionId } });
  const reply = res.json() as { code: number; message: string };
  if (reply.code !== 0) throw new Error(`login failed: ${reply.message}`);
  return { 'x-session-id': sessionId };
}

/** A mobile number no other test uses: 137 and eight random digits. */
export const uniqueMobile = () => `137${digits(8)}`;

/** A shopper of their own: a fresh mobile, logged in; returns the mobile and the session headers. */
export async function makeBuyer(app: App, mobile = uniqueMobile()) {
  return { mobile, headers: await loginAs(app, mobile) };
}

/** An order of its own awaiting payment, for a number of its own; the owner's order-session headers. */
export async function makeOrder(app: App, overrides: Partial<CreateOrderBody> = {}, spec: NumberSpec = {}) {
  const n = await makeNumber(app, spec);
  const headers = { 'x-order-session-id': hex32() };
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/order/create',
    payload: orderBody(n.number, n.packageId, overrides),
    headers,
  });
  const reply = res.json() as { code: number; message: string; data: { orderNo: string; amount: number } };
  if (reply.code !== 0) throw new Error(`order failed: ${reply.message}`);
  return { order: reply.data, headers, number: n.number, packageId: n.packageId };
}

/**
 * A fast-number application of its own, filed through the shop at `promoCode` by a new mobile (the
 * demo SMS provider reveals the code), with ID photos added when asked. Its order number, the
 * applicant's browser headers and mobile, and the photos' upload ids.
 */
export async function makeApplication(app: App, opts: { promoCode?: string; photos?: boolean } = {}) {
  const mobile = uniqueMobile();
  const headers = { 'x-session-id': hex32(), 'x-order-session-id': hex32() };
  const ip = () => `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const products = (await app.inject({ url: '/api/shop/fastNumber/products' })).json().data.operators[0];
  const sent = await app.inject({
    method: 'POST',
    url: '/api/hk/sendCode',
    payload: { mobile, scene: 'apply' },
    headers: { 'x-forwarded-for': ip() },
  });
  const applied = (
    await app.inject({
      method: 'POST',
      url: '/api/shop/fastNumber/apply',
      headers,
      payload: {
        promoCode: opts.promoCode,
        operator: products.operator,
        packageId: products.packages[0].id,
        applicantName: '王小明',
        idNumber: validId('19920315', '246'),
        mobile,
        code: sent.json().data.devCode,
        address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 2 栋 202' },
        agreed: true,
      },
    })
  ).json();
  if (applied.code !== 0) throw new Error(`application refused: ${applied.message}`);
  const orderNo: string = applied.data.orderNo;
  if (!opts.photos) return { orderNo, headers, mobile, photos: null };
  const front = await upload(app, '/api/shop/upload', headers, jpegWithMetadata(), 'idFront');
  const back = await upload(app, '/api/shop/upload', headers, pngWithMetadata(), 'idBack');
  const photos = { idFront: front.data.id as string, idBack: back.data.id as string };
  const cert = await app.inject({ method: 'POST', url: '/api/shop/fastNumber/cert', headers, payload: { orderNo, ...photos } });
  if (cert.json().code !== 0) throw new Error(`photos refused: ${cert.json().message}`);
  return { orderNo, headers, mobile, photos };
}
