import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeDevice } from '../iot-device/test-kit.ts';
import { client, expectLedgersExact, key, makeCard, simLogin, uniqueMobile } from '../iot-money/test-kit.ts';
import { validId } from '../orders/test-kit.ts';
import { agreeToPrivacy, pngWithMetadata, upload } from '../uploads/test-kit.ts';
import { makeOperator, randomIp, signIn } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      realnameReviewMs: 0,
      device: {
        provider: 'simulator',
        mqttUrl: '',
        commandTimeoutMs: 10_000,
        simulator: { reportMs: 0, rebootMs: 300, switchMs: 200, applyMs: 150 },
      },
    },
    { SEED_NUMBERS: '200' },
  );
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const refundKey = () => `rf-${randomBytes(8).toString('hex')}`;

type Sim = { id: number; simNo: string; promoCode: string; balance: number; authStatus: number };
type Entry = { delta: number; balanceAfter: number; reason: string; orderNo: string; remark: string };
type Order = { orderNo: string; kind: string; status: string; payAmount: number; refundable: number; refunded: number };

const owner = async () => signIn(t.app, await makeOperator(t.app, 'owner'));

async function auditOf(simId: number) {
  const log = body<{ list: { action: string; operatorMobile: string; before: unknown; after: unknown }[] }>(
    await get(`/api/admin/audit?objectType=sim&objectId=${simId}`, await owner()),
  );
  return log.data.list;
}

/** A balance top-up of the card paid at the sandbox cashier (the `demo` offer "pay ¥50, get ¥55" when `offer`). */
async function paidTopup(simNo: string, amount: number | 'offer') {
  const c = client(t.app, await simLogin(t.app, simNo));
  let payload: object = { amount, method: 'sandbox' };
  if (amount === 'offer') {
    const choose = await c.get('/api/iot/balanceChoose');
    payload = { offerId: choose.data.offers.find((o: { payAmount: number }) => o.payAmount === 5000).id, method: 'sandbox' };
  }
  const created = await c.post('/api/iot/createBalanceOrder', payload, { 'idempotency-key': key() });
  expect(created.code).toBe(0);
  await t.app.inject({
    method: 'POST',
    url: `/sandbox/cashier/${created.data.payment.paymentNo}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const detail = await c.get(`/api/iot/orderDetails?orderNo=${created.data.order.orderNo}`);
  expect(detail.data.order.status).toBe('effective');
  return { orderNo: created.data.order.orderNo as string, c };
}

describe('the SIM list', () => {
  it('finds cards by number or ICCID, storefront, state, operator and real-name state, sorted by balance', async () => {
    const shop = await makeAgent(t.app, null);
    const a = await makeCard(t.app, { promoCode: shop.promoCode, balance: 300, operatorType: 1 });
    const b = await makeCard(t.app, { promoCode: shop.promoCode, balance: 100, realname: false });
    const c = await makeCard(t.app, { promoCode: shop.promoCode, status: 'pending', balance: 200 });
    const h = await owner();
    const list = async (query: string) =>
      body<{ list: Sim[]; total: number }>(await get(`/api/admin/sims?promoterId=${shop.id}&${query}`, h)).data;

    const byBalance = await list('sort=balance&order=asc');
    expect(byBalance.total).toBe(3);
    expect(byBalance.list.map((s) => [s.simNo, s.balance, s.promoCode])).toEqual([
      [b.simNo, 100, shop.promoCode],
      [c.simNo, 200, shop.promoCode],
      [a.simNo, 300, shop.promoCode],
    ]);
    expect((await list(`keyword=${a.simNo.slice(-8)}`)).list.map((s) => s.simNo)).toEqual([a.simNo]);
    expect((await list(`keyword=${b.iccid}`)).list.map((s) => s.simNo)).toEqual([b.simNo]);
    expect((await list('operator=1')).list.map((s) => s.simNo)).toEqual([a.simNo]);
    expect((await list('status=1')).list.map((s) => s.simNo)).toEqual([c.simNo]);
    expect((await list('state=missing&sort=balance&order=asc')).list.map((s) => s.simNo)).toEqual([b.simNo, c.simNo]);
    expect((await list('state=done')).list.map((s) => s.simNo)).toEqual([a.simNo]);
    const bad = body(await get('/api/admin/sims?sort=iccid', h));
    expect(bad.code).toBe(-1);
  });
});

describe('one card', () => {
  it("shows the dashboard's facts, the ledger and the orders of the card", async () => {
    const made = await makeCard(t.app, {
      balance: 1200,
      mobile: '13812345678',
      packages: [{ name: 'Test 10 GB', flowMb: 10240, usedMb: 1024 }],
    });
    const { orderNo } = await paidTopup(made.simNo, 1000);
    const h = await owner();
    const detail = body<{ id: number; boundMobile: string; packages: unknown[]; info: Record<string, unknown> }>(
      await get(`/api/admin/sims/detail?id=${made.id}`, h),
    );
    expect(detail.code).toBe(0);
    expect(detail.data.boundMobile).toBe('13812345678');
    expect(detail.data.packages).toEqual([
      expect.objectContaining({ name: 'Test 10 GB', kind: 'base', flowMb: 10240, usedMb: 1024, unlimited: false, status: 'active' }),
    ]);
    expect(detail.data.info).toMatchObject({
      simNo: made.simNo,
      iccid: made.iccid,
      balance: 2200,
      authStatus: 1,
      totalFlow: 10240,
      useFlow: 1024,
      surplusFlow: 9216,
      breakRuleId: 0,
      deviceNo: '',
    });
    const ledger = body<{ list: Entry[]; total: number }>(await get(`/api/admin/sims/ledger?id=${made.id}&pageSize=1`, h));
    expect(ledger.data.total).toBe(2);
    expect(ledger.data.list).toEqual([expect.objectContaining({ delta: 1000, balanceAfter: 2200, reason: 'topup', orderNo })]);
    const orders = body<{ list: Order[]; total: number }>(await get(`/api/admin/sims/orders?id=${made.id}`, h));
    expect(orders.data.total).toBe(1);
    expect(orders.data.list[0]).toMatchObject({
      orderNo,
      kind: 'balance',
      status: 'effective',
      payAmount: 1000,
      refundable: 1000,
      refunded: 0,
    });
    expect(body(await get('/api/admin/sims/detail?id=999999999', h))).toEqual({
      code: -1,
      message: 'Item: not found or not yours to manage',
      data: null,
    });
  });
});

describe('manual balance adjustments', () => {
  it('credit and debit the balance through the ledger with the reason, never below zero, audited', async () => {
    const made = await makeCard(t.app, { balance: 500 });
    const op = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, op);
    const credit = body<{ balance: number; entryId: number }>(
      await post('/api/admin/sims/adjust', { id: made.id, kind: 'credit', amount: 250, reason: 'compensation for an outage' }, h),
    );
    expect(credit.code).toBe(0);
    expect(credit.data.balance).toBe(750);
    const debit = body<{ balance: number }>(
      await post('/api/admin/sims/adjust', { id: made.id, kind: 'debit', amount: 700, reason: 'double credit corrected' }, h),
    );
    expect(debit.data.balance).toBe(50);
    const tooMuch = body(await post('/api/admin/sims/adjust', { id: made.id, kind: 'debit', amount: 51, reason: 'too much' }, h));
    expect(tooMuch).toEqual({ code: -1, message: 'Balance: not enough balance', data: null });
    const noReason = body(await post('/api/admin/sims/adjust', { id: made.id, kind: 'credit', amount: 1, reason: ' ' }, h));
    expect(noReason.code).toBe(-1);
    expect(noReason.message).toMatch(/^Reason: /);

    const ledger = body<{ list: Entry[] }>(await get(`/api/admin/sims/ledger?id=${made.id}`, h));
    expect(ledger.data.list.map((e) => [e.delta, e.balanceAfter, e.reason, e.remark])).toEqual([
      [-700, 50, 'adjustment', 'double credit corrected'],
      [250, 750, 'adjustment', 'compensation for an outage'],
      [500, 500, 'opening', ''],
    ]);
    expect(await auditOf(made.id)).toEqual([
      expect.objectContaining({
        action: 'sim.debit',
        operatorMobile: op.mobile,
        before: { balance: 750 },
        after: expect.objectContaining({ balance: 50, amount: 700, reason: 'double credit corrected' }),
      }),
      expect.objectContaining({ action: 'sim.credit', before: { balance: 500 }, after: expect.objectContaining({ balance: 750 }) }),
    ]);
    await expectLedgersExact(t.app, [made.simNo]);
  });
});

describe('refunds of top-ups', () => {
  it('refunds part of a top-up, then the rest with its bonus; the balance and the ledger show each, once per key', async () => {
    const made = await makeCard(t.app, { balance: 1000 });
    const { orderNo, c } = await paidTopup(made.simNo, 'offer');
    expect((await c.get('/api/iot/simInfo')).data.balance).toBe(6500);
    const op = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, op);

    const k1 = refundKey();
    const part = { id: made.id, orderNo, amount: 2000, reason: 'customer asked', refundKey: k1 };
    const first = body<{ refundNo: string; state: string; balance: number; refundable: number }>(
      await post('/api/admin/sims/refundTopup', part, h),
    );
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ state: 'succeeded', amount: 2000, refundedTotal: 2000, refundable: 3000, balance: 4500 });
    // The same key answers the same refund and takes nothing more.
    const again = body<{ refundNo: string; balance: number }>(await post('/api/admin/sims/refundTopup', part, h));
    expect(again.data).toMatchObject({ refundNo: first.data.refundNo, balance: 4500 });
    const over = body(await post('/api/admin/sims/refundTopup', { ...part, amount: 3001, refundKey: refundKey() }, h));
    expect(over).toEqual({ code: -1, message: 'Amount: at most ¥30.00 can still be refunded', data: null });

    const rest = body<{ state: string; balance: number; refundable: number }>(
      await post('/api/admin/sims/refundTopup', { ...part, amount: 3000, refundKey: refundKey() }, h),
    );
    expect(rest.data).toMatchObject({ state: 'succeeded', refundedTotal: 5000, refundable: 0, balance: 1000 });
    expect((await c.get('/api/iot/simInfo')).data.balance).toBe(1000);
    const log = (await c.get('/api/iot/simBalanceLogList?account=balance')).data.list as Entry[];
    expect(log.slice(0, 4).map((e) => [e.delta, e.balanceAfter, e.reason])).toEqual([
      [-3500, 1000, 'topup_reversal'],
      [-2000, 4500, 'topup_refund'],
      [500, 6500, 'topup_bonus'],
      [5000, 6000, 'topup'],
    ]);
    const orders = body<{ list: Order[] }>(await get(`/api/admin/sims/orders?id=${made.id}`, h));
    expect(orders.data.list[0]).toMatchObject({ orderNo, status: 'refunded', refundable: 0, refunded: 5000 });
    const done = body(await post('/api/admin/sims/refundTopup', { ...part, amount: 1, refundKey: refundKey() }, h));
    expect(done).toEqual({ code: -1, message: 'Order number: only a paid payment can be refunded', data: null });

    const audit = await auditOf(made.id);
    expect(audit.map((a) => [a.action, a.before, (a.after as { balance: number }).balance])).toEqual([
      ['sim.refundTopup', { balance: 4500, orderNo }, 1000],
      ['sim.refundTopup', { balance: 6500, orderNo }, 4500],
    ]);
    await expectLedgersExact(t.app, [made.simNo]);
  });

  it('is refused when the balance no longer holds what the refund takes back', async () => {
    const made = await makeCard(t.app);
    const { orderNo } = await paidTopup(made.simNo, 1000);
    const h = await owner();
    expect(
      body(await post('/api/admin/sims/adjust', { id: made.id, kind: 'debit', amount: 600, reason: 'spent on a package' }, h)).code,
    ).toBe(0);
    const refused = body(
      await post('/api/admin/sims/refundTopup', { id: made.id, orderNo, amount: 500, reason: 'customer asked', refundKey: refundKey() }, h),
    );
    expect(refused).toEqual({ code: -1, message: 'Amount: not enough balance', data: null });
    const ok = body<{ balance: number }>(
      await post('/api/admin/sims/refundTopup', { id: made.id, orderNo, amount: 400, reason: 'customer asked', refundKey: refundKey() }, h),
    );
    expect(ok.data.balance).toBe(0);
    await expectLedgersExact(t.app, [made.simNo]);
  });
});

/** A card of the storefront that asks for platform real-name, with a submission under review; its client. */
async function submitted(promoCode = 'demo') {
  const made = await makeCard(t.app, { promoCode, realname: false, platformAuthRequired: true, mobile: uniqueMobile() });
  const headers = await simLogin(t.app, made.simNo);
  await agreeToPrivacy(t.app, headers);
  const photo = async (purpose: string) => (await upload(t.app, '/api/iot/upload', headers, pngWithMetadata(), purpose)).data.id as string;
  const photos = { facePhoto: await photo('face'), idFrontPhoto: await photo('idFront'), idBackPhoto: await photo('idBack') };
  const c = client(t.app, headers);
  expect((await c.post('/api/iot/simPlatformAuth', { name: '张小三', idNumber: validId(), ...photos })).code).toBe(0);
  return { ...made, c, photos };
}

type Request = { id: number; simId: number; simNo: string; name: string; facePhoto: string; idFrontPhoto: string; idBackPhoto: string };

describe('the real-name review queue', () => {
  it('lists pending submissions with their photos; approve and reject (with the reason the holder sees), once, audited', async () => {
    const shop = await makeAgent(t.app, null);
    const a = await submitted(shop.promoCode);
    const b = await submitted(shop.promoCode);
    const op = await makeOperator(t.app, 'agent', shop.id);
    const h = await signIn(t.app, op);
    const queue = body<{ list: Request[]; total: number }>(await get('/api/admin/sims/realname', h));
    expect(queue.data.total).toBe(2);
    expect(queue.data.list.map((r) => [r.simNo, r.name])).toEqual([
      [a.simNo, '张小三'],
      [b.simNo, '张小三'],
    ]);
    const first = queue.data.list[0]!;
    expect(first.facePhoto).toBe(`/api/files/${a.photos.facePhoto}`);
    // The photo is served to the operator's bearer token, and to nobody without one.
    const photo = await get(first.idFrontPhoto, h);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await get(first.idFrontPhoto, {})).statusCode).toBe(404);
    const stranger = await signIn(t.app, await makeOperator(t.app, 'agent', (await makeAgent(t.app, null)).id));
    expect((await get(first.idFrontPhoto, stranger)).statusCode).toBe(404);

    expect(body(await post('/api/admin/sims/realname/decide', { id: first.id, status: 'verified' }, h))).toEqual({
      code: 0,
      message: 'ok',
      data: { id: first.id, status: 'verified' },
    });
    const noReason = body(await post('/api/admin/sims/realname/decide', { id: queue.data.list[1]!.id, status: 'rejected' }, h));
    expect(noReason.code).toBe(-1);
    expect(noReason.message).toMatch(/^Reason: /);
    const rejected = body(
      await post('/api/admin/sims/realname/decide', { id: queue.data.list[1]!.id, status: 'rejected', reason: 'ID photo is blurred' }, h),
    );
    expect(rejected.code).toBe(0);
    expect(body(await post('/api/admin/sims/realname/decide', { id: first.id, status: 'rejected', reason: 'again' }, h))).toEqual({
      code: -1,
      message: 'Item: this request has already been decided',
      data: null,
    });
    expect(body<{ total: number }>(await get('/api/admin/sims/realname', h)).data.total).toBe(0);

    expect((await a.c.get('/api/iot/simInfo')).data).toMatchObject({ authPlatformStatus: 1, needPlatformAuth: false });
    const bInfo = (await b.c.get('/api/iot/simRealnameInfo')).data;
    expect(bInfo).toMatchObject({ authPlatformStatus: 3, platform: { status: 'rejected', reason: 'ID photo is blurred' } });
    expect((await auditOf(b.id)).map((e) => [e.action, e.operatorMobile, e.after])).toEqual([
      [
        'realname.reject',
        op.mobile,
        { request: queue.data.list[1]!.id, kind: 'platform', status: 'rejected', reason: 'ID photo is blurred' },
      ],
    ]);
  });
});

describe('devices', () => {
  it("shows the device's last report and restarts it; a plain SIM has no device", async () => {
    const d = await makeDevice(t.app);
    const op = await makeOperator(t.app, 'owner');
    const h = await signIn(t.app, op);
    const restart = body<{ commandId: string; kind: string; state: string }>(
      await post('/api/admin/sims/device/restart', { id: d.first.id }, h),
    );
    expect(restart.code).toBe(0);
    expect(restart.data.kind).toBe('restart');
    await vi.waitFor(
      async () => {
        const view = body<{ status: { deviceNo: string; online: boolean }; commands: { commandId: string; state: string }[] }>(
          await get(`/api/admin/sims/device?id=${d.first.id}`, h),
        );
        expect(view.data.status).toMatchObject({ deviceNo: d.deviceNo, online: true });
        expect(view.data.commands[0]).toMatchObject({ commandId: restart.data.commandId, state: 'applied' });
      },
      { timeout: 5_000, interval: 50 },
    );
    expect((await auditOf(d.first.id)).map((e) => [e.action, e.before])).toEqual([['device.restart', { deviceNo: d.deviceNo }]]);
    const plain = await makeCard(t.app);
    expect(body(await get(`/api/admin/sims/device?id=${plain.id}`, h)).code).toBe(-1);
  });
});

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const newIccid = () => `8986${digits(16)}`;
const newSimNo = () => `149${digits(10)}`;

describe('the SIM import', () => {
  it('previews every line with its problem, then adds the good lines as cards awaiting activation, audited', async () => {
    const shop = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const d = await makeDevice(t.app);
    const existing = await makeCard(t.app);
    const [a, b] = [
      { iccid: newIccid(), simNo: newSimNo() },
      { iccid: newIccid(), simNo: newSimNo() },
    ];
    const csv = [
      'ICCID,卡号,运营商,店铺,设备号,卡槽',
      `${a.iccid},${a.simNo},4,${shop.promoCode},,`,
      `${b.iccid},${b.simNo},2,${shop.promoCode},${d.deviceNo},3`,
      `12345,${newSimNo()},4,${shop.promoCode},,`,
      `${newIccid()},12ab,4,${shop.promoCode},,`,
      `${a.iccid},${newSimNo()},4,${shop.promoCode},,`,
      `${existing.iccid},${newSimNo()},4,${shop.promoCode},,`,
      `${newIccid()},${newSimNo()},5,${shop.promoCode},,`,
      `${newIccid()},${newSimNo()},4,${other.promoCode},,`,
      `${newIccid()},${newSimNo()},4,${shop.promoCode},MT000000000,1`,
      `${newIccid()},${newSimNo()},4,${shop.promoCode},${d.deviceNo},1`,
    ].join('\n');
    const agent = await makeOperator(t.app, 'agent', shop.id);
    const h = await signIn(t.app, agent);
    const preview = body<{ total: number; valid: number; invalid: number; errors: { line: number; error: string }[] }>(
      await post('/api/admin/sims/import/preview', { csv }, h),
    );
    expect(preview.code).toBe(0);
    expect(preview.data).toMatchObject({ total: 10, valid: 2, invalid: 8 });
    expect(preview.data.errors.map((e) => [e.line, e.error])).toEqual([
      [4, 'not an ICCID (19 or 20 digits starting with 89)'],
      [5, 'not a SIM number (11 to 13 digits)'],
      [6, 'the same ICCID or SIM number as line 2'],
      [7, 'a card with this ICCID or SIM number exists'],
      [8, 'the operator must be 1, 2, 3 or 4'],
      [9, 'not a storefront you manage'],
      [10, 'no such device'],
      [11, 'the slot must be 1 to 4 and free on the device'],
    ]);
    expect(await t.app.db.db.selectFrom('iot_sims').select('id').where('iccid', '=', a.iccid).execute()).toEqual([]);

    const done = body<{ imported: number; skipped: number }>(await post('/api/admin/sims/import/commit', { csv }, h));
    expect(done.data).toMatchObject({ imported: 2, skipped: 8 });
    const list = body<{ list: (Sim & { simStatus: number; deviceNo: string; operatorType: number })[] }>(
      await get(`/api/admin/sims?promoterId=${shop.id}&sort=createdAt&order=asc`, h),
    );
    expect(list.data.list.map((s) => [s.simNo, s.simStatus, s.operatorType, s.deviceNo, s.balance])).toEqual([
      [a.simNo, 1, 4, '', 0],
      [b.simNo, 1, 2, d.deviceNo, 0],
    ]);
    // Imported again, every line is refused: the cards exist.
    expect(body<{ valid: number }>(await post('/api/admin/sims/import/preview', { csv }, h)).data.valid).toBe(0);
    const log = body<{ list: { action: string; operatorMobile: string; after: unknown }[] }>(
      await get(`/api/admin/audit?action=sims.import&objectId=${a.iccid}`, await owner()),
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({
        action: 'sims.import',
        operatorMobile: agent.mobile,
        after: { imported: 2, skipped: 8, first: a.iccid, last: b.iccid },
      }),
    ]);
    expect(body(await post('/api/admin/sims/import/preview', { csv: 'number,operator\n1,2' }, h)).message).toMatch(/^File: the first line/);
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', shop.id));
    expect(body(await post('/api/admin/sims/import/preview', { csv }, staff))).toEqual({
      code: -1,
      message: 'your account may not do this',
      data: null,
    });
    expect(body(await post('/api/admin/sims/import/commit', { csv }, {})).code).toBe(61);
  });
});

describe('authorisation matrix: role × SIM route × another promoter’s card', () => {
  it('refuses staff everywhere, agents outside their storefront and direct downstream, and every call without a session', async () => {
    const top = await makeAgent(t.app, null);
    const mid = await makeAgent(t.app, top.id);
    const low = await makeAgent(t.app, mid.id);
    const other = await makeAgent(t.app, null);
    const headers = {
      agent: await signIn(t.app, await makeOperator(t.app, 'agent', mid.id)),
      staff: await signIn(t.app, await makeOperator(t.app, 'staff', mid.id)),
      owner: await owner(),
    };
    const otherCard = await makeCard(t.app, { promoCode: other.promoCode, balance: 100 });
    const upCard = await makeCard(t.app, { promoCode: top.promoCode, balance: 100 });
    const lowCard = await makeCard(t.app, { promoCode: low.promoCode, balance: 100 });
    const midCard = await makeCard(t.app, { promoCode: mid.promoCode, balance: 100 });

    type Run = (h: Record<string, string>) => Promise<{ code: number }>;
    const on = (id: number): Record<string, Run> => ({
      detail: async (h) => body(await get(`/api/admin/sims/detail?id=${id}`, h)),
      ledger: async (h) => body(await get(`/api/admin/sims/ledger?id=${id}`, h)),
      orders: async (h) => body(await get(`/api/admin/sims/orders?id=${id}`, h)),
      adjust: async (h) => body(await post('/api/admin/sims/adjust', { id, kind: 'credit', amount: 1, reason: 'matrix check' }, h)),
      refund: async (h) =>
        body(await post('/api/admin/sims/refundTopup', { id, orderNo: 'I0000', amount: 1, reason: 'matrix', refundKey: refundKey() }, h)),
      device: async (h) => body(await get(`/api/admin/sims/device?id=${id}`, h)),
      restart: async (h) => body(await post('/api/admin/sims/device/restart', { id }, h)),
    });
    const otherRequest = await submitted(other.promoCode);
    const otherRequestId = body<{ list: Request[] }>(await get('/api/admin/sims/realname?pageSize=100', headers.owner)).data.list.find(
      (r) => r.simId === otherRequest.id,
    )!.id;
    const calls: Record<string, Run> = {
      'list another storefront’s cards': async (h) => body(await get(`/api/admin/sims?promoterId=${other.id}`, h)),
      'decide another storefront’s real-name request': async (h) =>
        body(await post('/api/admin/sims/realname/decide', { id: otherRequestId, status: 'verified' }, h)),
      'list the upstream’s cards': async (h) => body(await get(`/api/admin/sims?promoterId=${top.id}`, h)),
      ...Object.fromEntries(Object.entries(on(otherCard.id)).map(([n, run]) => [`${n} of another storefront’s card`, run])),
      ...Object.fromEntries(Object.entries(on(upCard.id)).map(([n, run]) => [`${n} of the upstream’s card`, run])),
    };
    for (const role of ['agent', 'staff'] as const) {
      const outcomes = await Promise.all(
        Object.entries(calls).map(async ([name, run]) => [name, (await run(headers[role])).code] as const),
      );
      expect(Object.fromEntries(outcomes), role).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, -1])));
    }
    for (const [name, run] of Object.entries(calls)) expect((await run({})).code, `${name} without a session`).toBe(61);
    // Staff have no SIM area at all, even for their own storefront's cards.
    expect(body(await get('/api/admin/sims', headers.staff))).toEqual({ code: -1, message: 'your account may not do this', data: null });
    expect((await on(midCard.id).detail!(headers.staff)).code).toBe(-1);
    expect(body(await get('/api/admin/sims/realname', headers.staff)).code).toBe(-1);
    // The agent's queue holds none of another storefront's requests.
    const agentQueue = body<{ list: Request[] }>(await get('/api/admin/sims/realname?pageSize=100', headers.agent));
    expect(agentQueue.data.list.filter((r) => r.simId === otherRequest.id)).toEqual([]);

    // Within reach: the agent works on its own and its direct downstream's cards; its list holds only those.
    for (const id of [midCard.id, lowCard.id]) {
      const mine = on(id);
      for (const name of ['detail', 'ledger', 'orders', 'adjust'] as const) expect((await mine[name]!(headers.agent)).code, name).toBe(0);
    }
    const agentList = body<{ list: Sim[] }>(await get('/api/admin/sims?pageSize=100', headers.agent));
    expect(new Set(agentList.data.list.map((s) => s.promoCode))).toEqual(new Set([mid.promoCode, low.promoCode]));
    // The owner reaches every card.
    for (const id of [otherCard.id, upCard.id]) expect((await on(id).adjust!(headers.owner)).code).toBe(0);
  });
});
