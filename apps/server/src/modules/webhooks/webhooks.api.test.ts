import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DurationUnit } from '@simshop/contract/iot';
import type { ApiTokenCreated, WebhookDelivery, WebhookEndpointCreated } from '@simshop/contract/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeOperator, randomIp, signIn } from '../admin/test-kit.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { makeDevice } from '../iot-device/test-kit.ts';
import { addPackage, deliver, key, makeCard, makeCardClient, payAtCashier } from '../iot-money/test-kit.ts';
import { makeOrder, testClock } from '../orders/test-kit.ts';
import { send } from './sender.ts';
import { DELIVERY_RULES, retryDelay, urlProblem, verifySignature } from './service.ts';

/** What the receiver got: the raw body and the headers of each request. */
interface Received {
  path: string;
  raw: string;
  headers: IncomingHttpHeaders;
}

/** A real HTTP receiver on this machine; `answers` are the status codes it gives in turn (then 200). */
async function receiver(answers: number[] = [], replyBody = 'ok') {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', raw: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      res.end(replyBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { got, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => t.close());

type H = Record<string, string>;
const get = (url: string, headers: H) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: H) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...headers } });
const runJob = (now = clock.t) => t.app.jobs.get('webhooks.deliver')!.run(now);

/** An agent storefront with its console operator signed in. */
async function agentWithConsole() {
  const agent = await makeAgent(t.app, null);
  const h = await signIn(t.app, await makeOperator(t.app, 'agent', agent.id));
  return { agent, h };
}

async function addEndpoint(h: H, url: string, events = ['order.paid'], promoterId?: number) {
  const r = body<WebhookEndpointCreated>(await post('/api/admin/webhooks/endpoints', { url, events, promoterId }, h));
  expect(r.code, r.message).toBe(0);
  return r.data;
}

/** A number order of the storefront, paid at the sandbox cashier. */
async function paidOrder(promoCode: string) {
  const { order, headers } = await makeOrder(t.app, { promoCode });
  const pay = body<{ paymentNo: string }>(
    await t.app.inject({ method: 'POST', url: '/api/shop/order/pay', payload: { orderNo: order.orderNo, method: 'sandbox' }, headers }),
  );
  expect(pay.code).toBe(0);
  const n = await payAtCashier(t.app, pay.data.paymentNo, clock.t, t.config.paymentSecret);
  expect((await deliver(t.app, n)).status).toBe(200);
  return { orderNo: order.orderNo, amount: order.amount, paymentNo: pay.data.paymentNo };
}

const deliveries = async (h: H, endpointId: number) =>
  body<{ list: WebhookDelivery[]; total: number }>(await get(`/api/admin/webhooks/deliveries?endpointId=${endpointId}`, h)).data;

describe('webhook deliveries', () => {
  it('a paid order reaches the storefront’s endpoint, signed over timestamp and body; the log shows the try', async () => {
    const rx = await receiver();
    const other = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      const mine = await addEndpoint(h, rx.url);
      expect(mine.secret).toMatch(/^whsec_/);
      expect(mine).toMatchObject({ promoterId: agent.id, url: rx.url, events: ['order.paid'], enabled: true });
      // Another storefront's endpoint hears nothing of this order.
      const b = await agentWithConsole();
      await addEndpoint(b.h, other.url);
      // The secret is shown once: the list carries only its start.
      const listed = body<{ list: { id: number; secretHint: string }[] }>(await get('/api/admin/webhooks/endpoints', h));
      expect(listed.data.list).toEqual([expect.objectContaining({ id: mine.id, secretHint: `${mine.secret.slice(0, 10)}…` })]);
      expect(JSON.stringify(listed.data)).not.toContain(mine.secret);

      const paid = await paidOrder(agent.promoCode);
      // Recorded with the payment, sent only by the job.
      expect(rx.got).toEqual([]);
      await runJob();
      expect(rx.got).toHaveLength(1);
      expect(other.got).toEqual([]);
      const req = rx.got[0]!;
      expect(req.headers['x-simshop-event']).toBe('order.paid');
      expect(req.headers['x-simshop-timestamp']).toBe(String(Math.floor(clock.t / 1000)));
      expect(
        verifySignature(
          mine.secret,
          String(req.headers['x-simshop-signature']),
          String(req.headers['x-simshop-timestamp']),
          req.raw,
          clock.t,
        ),
      ).toBe(true);
      expect(
        verifySignature(
          'whsec_wrong',
          String(req.headers['x-simshop-signature']),
          String(req.headers['x-simshop-timestamp']),
          req.raw,
          clock.t,
        ),
      ).toBe(false);
      // A signature is good for five minutes only.
      expect(
        verifySignature(
          mine.secret,
          String(req.headers['x-simshop-signature']),
          String(req.headers['x-simshop-timestamp']),
          req.raw,
          clock.t + 301_000,
        ),
      ).toBe(false);
      const event = JSON.parse(req.raw);
      expect(event).toEqual({
        id: expect.any(Number),
        type: 'order.paid',
        createdAt: clock.t,
        data: {
          orderNo: paid.orderNo,
          kind: 'number',
          item: expect.stringMatching(/^1\d{10}$/),
          amount: paid.amount,
          paymentNo: paid.paymentNo,
          method: 'sandbox',
          paidAt: clock.t,
        },
      });

      const log = await deliveries(h, mine.id);
      expect(log.list).toEqual([
        expect.objectContaining({
          id: Number(req.headers['x-simshop-delivery']),
          endpointId: mine.id,
          event: 'order.paid',
          eventId: event.id,
          state: 'delivered',
          attempt: 1,
          statusCode: 200,
          response: 'ok',
          nextAt: null,
          replayOf: null,
          lastAt: clock.t,
        }),
      ]);
      expect(log.list[0]!.durationMs).toBeGreaterThanOrEqual(0);
      // Nothing more to send.
      await runJob();
      expect(rx.got).toHaveLength(1);
    } finally {
      await rx.close();
      await other.close();
    }
  });

  it('a failing endpoint is retried with exponential backoff, then given up after the last try', async () => {
    const rx = await receiver([500, 503], 'busy');
    try {
      const { agent, h } = await agentWithConsole();
      const ep = await addEndpoint(h, rx.url);
      await paidOrder(agent.promoCode);
      const start = clock.t;
      await runJob(start);
      let [d] = (await deliveries(h, ep.id)).list;
      expect(d).toMatchObject({ state: 'pending', attempt: 1, statusCode: 500, response: 'busy', nextAt: start + 30_000 });
      // Not before the retry is due.
      await runJob(start + 29_999);
      expect(rx.got).toHaveLength(1);
      await runJob(start + 30_000);
      [d] = (await deliveries(h, ep.id)).list;
      expect(d).toMatchObject({ state: 'pending', attempt: 2, statusCode: 503, nextAt: start + 30_000 + 60_000 });
      await runJob(start + 90_000);
      [d] = (await deliveries(h, ep.id)).list;
      expect(d).toMatchObject({ state: 'delivered', attempt: 3, statusCode: 200, nextAt: null, lastAt: start + 90_000 });
      expect(rx.got).toHaveLength(3);
      // Every try is the same event, signed anew.
      expect(new Set(rx.got.map((g) => JSON.parse(g.raw).id)).size).toBe(1);
      expect([retryDelay(1), retryDelay(2), retryDelay(3), retryDelay(4), retryDelay(5)]).toEqual([
        30_000, 60_000, 120_000, 240_000, 480_000,
      ]);
    } finally {
      await rx.close();
    }

    const down = await receiver(Array(DELIVERY_RULES.maxAttempts).fill(500));
    try {
      const { agent, h } = await agentWithConsole();
      const ep = await addEndpoint(h, down.url);
      await paidOrder(agent.promoCode);
      let at = clock.t;
      for (let attempt = 1; attempt <= DELIVERY_RULES.maxAttempts; attempt++) {
        await runJob(at);
        at += retryDelay(attempt);
      }
      const [d] = (await deliveries(h, ep.id)).list;
      expect(d).toMatchObject({ state: 'failed', attempt: DELIVERY_RULES.maxAttempts, statusCode: 500, nextAt: null });
      await runJob(at + 86_400_000);
      expect(down.got).toHaveLength(DELIVERY_RULES.maxAttempts);
    } finally {
      await down.close();
    }
  });

  it('a delivery is replayed as a new delivery of the same event; the replay is audited', async () => {
    const rx = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      const ep = await addEndpoint(h, rx.url);
      await paidOrder(agent.promoCode);
      await runJob();
      const [first] = (await deliveries(h, ep.id)).list;
      const replayed = body<WebhookDelivery>(await post('/api/admin/webhooks/deliveries/replay', { id: first!.id }, h));
      expect(replayed.data).toMatchObject({
        state: 'pending',
        attempt: 0,
        replayOf: first!.id,
        eventId: first!.eventId,
        endpointId: ep.id,
      });
      await runJob();
      expect(rx.got).toHaveLength(2);
      expect(JSON.parse(rx.got[1]!.raw)).toEqual(JSON.parse(rx.got[0]!.raw));
      expect(rx.got[1]!.headers['x-simshop-delivery']).toBe(String(replayed.data.id));
      const log = (await deliveries(h, ep.id)).list;
      expect(log.map((d) => [d.id, d.state, d.replayOf])).toEqual([
        [replayed.data.id, 'delivered', first!.id],
        [first!.id, 'delivered', null],
      ]);
      const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
      const audit = body<{ list: { action: string; promoterId: number; after: unknown }[] }>(
        await get(`/api/admin/audit?objectType=webhookDelivery&objectId=${first!.id}`, owner),
      );
      expect(audit.data.list).toEqual([
        expect.objectContaining({ action: 'webhook.replay', promoterId: agent.id, after: { delivery: replayed.data.id } }),
      ]);
    } finally {
      await rx.close();
    }
  });

  it('a disabled endpoint, or one not taking the event, gets no delivery; events are set per endpoint', async () => {
    const rx = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      const ep = await addEndpoint(h, rx.url, ['device.offline']);
      await paidOrder(agent.promoCode);
      await runJob();
      const updated = body<{ enabled: boolean; events: string[] }>(
        await post('/api/admin/webhooks/endpoints/update', { id: ep.id, enabled: false, events: ['order.paid', 'package.ending'] }, h),
      );
      expect(updated.data).toMatchObject({ enabled: false, events: ['order.paid', 'package.ending'] });
      await paidOrder(agent.promoCode);
      await runJob();
      expect(rx.got).toEqual([]);
      expect((await deliveries(h, ep.id)).total).toBe(0);
    } finally {
      await rx.close();
    }
  });

  it('a package about to end is told to its storefront’s endpoint, with the alert', async () => {
    const rx = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      await addEndpoint(h, rx.url, ['package.ending']);
      const card = await makeCard(t.app, {
        promoCode: agent.promoCode,
        packages: [{ flowMb: 1000, usedMb: 0, duration: 2, unit: DurationUnit.DAY, startsAt: clock.t }],
        now: clock.t,
      });
      await t.app.jobs.get('iotAlerts.scan')!.run(clock.t);
      await runJob();
      expect(rx.got.map((g) => JSON.parse(g.raw))).toEqual([
        expect.objectContaining({ type: 'package.ending', data: { simNo: card.simNo, endAt: expect.any(Number), days: 3 } }),
      ]);
      // Told once per package period.
      await t.app.jobs.get('iotAlerts.scan')!.run(clock.t);
      await runJob();
      expect(rx.got).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });

  it('a balance purchase taking a card below ¥10 is told to the card’s storefront once', async () => {
    const rx = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      await addEndpoint(h, rx.url, ['card.lowBalance']);
      const packageId = await addPackage(t.app, { name: `pack ${agent.promoCode}`, price: 600, promo_code: agent.promoCode }, clock.t);
      const { simNo, c } = await makeCardClient(t.app, { promoCode: agent.promoCode, balance: 1500, now: clock.t });
      const buy = () => c.post('/api/iot/buyPackage', { packageId, payMethod: 'balance' }, { 'idempotency-key': key() });
      // ¥15.00 → ¥9.00: below ¥10; ¥9.00 → ¥3.00: already below, nothing more.
      expect((await buy()).code).toBe(0);
      expect((await buy()).code).toBe(0);
      await runJob();
      expect(rx.got.map((g) => JSON.parse(g.raw))).toEqual([
        expect.objectContaining({ type: 'card.lowBalance', data: { simNo, balance: 900, threshold: 1000 } }),
      ]);
    } finally {
      await rx.close();
    }
  });

  it('a device going off line is told once, until it comes back on line', async () => {
    const rx = await receiver();
    try {
      const { agent, h } = await agentWithConsole();
      await addEndpoint(h, rx.url, ['device.offline']);
      const { deviceNo } = await makeDevice(t.app, { now: clock.t });
      await t.app.db.db.updateTable('iot_devices').set({ promo_code: agent.promoCode }).where('device_no', '=', deviceNo).execute();
      const state = (online: boolean) => t.app.iotDevice.handle({ type: 'state', deviceNo, state: { online } });
      await state(true);
      await state(false);
      await state(false);
      await runJob();
      expect(rx.got.map((g) => JSON.parse(g.raw))).toEqual([
        expect.objectContaining({ type: 'device.offline', data: { deviceNo, at: clock.t } }),
      ]);
      await state(true);
      await state(false);
      await runJob();
      expect(rx.got).toHaveLength(2);
    } finally {
      await rx.close();
    }
  });

  it('keeps at most 500 characters of an answer, and a refused connection is a failed try', async () => {
    const rx = await receiver([200], 'x'.repeat(100_000));
    try {
      const r = await send(rx.url, {}, '{}', false);
      expect(r).toMatchObject({ ok: true, statusCode: 200 });
      expect(r.response).toHaveLength(500);
    } finally {
      await rx.close();
    }
    const gone = await send(rx.url, {}, '{}', false);
    expect(gone).toMatchObject({ ok: false, statusCode: null, response: 'ECONNREFUSED' });
  });
});

describe('the webhook log is kept 30 days', () => {
  it('the hourly purge drops finished deliveries and their events once 30 days old; a pending delivery and recent ones stay', async () => {
    const day = 86_400_000;
    const rx = await receiver();
    const down = await receiver(Array(4).fill(500));
    try {
      const one = await agentWithConsole();
      const mine = await addEndpoint(one.h, rx.url);
      const two = await agentWithConsole();
      const failing = await addEndpoint(two.h, down.url);
      const quiet = await makeAgent(t.app, null);
      const db = t.app.db.db;
      const emit = (promoterId: number, mark: string, at: number) =>
        t.app.webhooks.emit(db, { promoterId, type: 'order.paid', data: { orderNo: mark } }, at);
      const start = clock.t;
      // Day 0: one delivered, one that keeps failing, one of a storefront without endpoints.
      await emit(one.agent.id, 'old-delivered', start);
      await emit(two.agent.id, 'old-pending', start);
      await emit(quiet.id, 'old-no-endpoint', start);
      await runJob(start);
      // Day 2: one more delivered (the failing one is tried again and fails again).
      await emit(one.agent.id, 'recent', start + 2 * day);
      await runJob(start + 2 * day);
      expect((await deliveries(one.h, mine.id)).list.map((d) => d.state)).toEqual(['delivered', 'delivered']);
      expect((await deliveries(two.h, failing.id)).list).toEqual([expect.objectContaining({ state: 'pending', attempt: 2 })]);

      // Day 31: what was finished by day 1 goes.
      await t.app.jobs.get('webhooks.purge')!.run(start + 31 * day);
      const kept = await db
        .selectFrom('webhook_events')
        .select('payload')
        .where('promoter_id', 'in', [one.agent.id, two.agent.id, quiet.id])
        .orderBy('id')
        .execute();
      expect(kept.map((e) => JSON.parse(e.payload).orderNo)).toEqual(['old-pending', 'recent']);
      const left = (await deliveries(one.h, mine.id)).list;
      expect(left).toHaveLength(1);
      expect(left[0]!.createdAt).toBe(start + 2 * day);
      expect((await deliveries(two.h, failing.id)).list).toEqual([expect.objectContaining({ state: 'pending', attempt: 2 })]);
    } finally {
      await rx.close();
      await down.close();
    }
  });
});

describe('endpoint addresses', () => {
  it('takes HTTPS, and plain HTTP only to this machine outside production', async () => {
    const { h } = await agentWithConsole();
    const refused = body(await post('/api/admin/webhooks/endpoints', { url: 'http://example.com/hook', events: ['order.paid'] }, h));
    expect(refused).toMatchObject({ code: -1, message: expect.stringContaining('https://') });
    const res = await post('/api/admin/webhooks/endpoints', { url: 'not a url at all', events: ['order.paid'] }, h);
    expect(res.headers['x-error-field']).toBe('url');
    expect(body(await post('/api/admin/webhooks/endpoints', { url: 'https://example.com/hook', events: [] }, h)).code).toBe(-1);
    expect(body(await post('/api/admin/webhooks/endpoints', { url: 'https://example.com/hook', events: ['order.shipped'] }, h)).code).toBe(
      -1,
    );
    expect(urlProblem('https://example.com/hook', false)).toBe(null);
    expect(urlProblem('http://localhost:8080/hook', false)).toBe(null);
    expect(urlProblem('https://user:pw@example.com/hook', false)).toBe('format');
  });

  it('in production refuses plain HTTP and private, loopback and link-local addresses, also when a name resolves to one', async () => {
    expect(urlProblem('http://localhost:8080/hook', true)).toBe('https');
    expect(urlProblem('https://localhost/hook', true)).toBe('private');
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '[::1]',
      '[fd00::1]',
      '[::ffff:10.0.0.1]',
      '0.0.0.0',
      // IPv4 inside IPv6: compatible, mapped, translated, NAT64 and 6to4 spellings of loopback and private addresses
      '[::7f00:1]',
      '[::127.0.0.1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:0:127.0.0.1]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::169.254.169.254]',
      '[2002:a00:1::1]',
    ])
      expect(urlProblem(`https://${host}/hook`, true), host).toBe('private');
    expect(urlProblem('https://93.184.216.34/hook', true)).toBe(null);
    // A name passes the form check; the call itself refuses where it resolves.
    const r = await send('https://localhost:8443/hook', {}, '{}', true);
    expect(r).toMatchObject({ ok: false, statusCode: null, response: 'localhost resolves to a private address' });
  });
});

describe('the agent read API', () => {
  it('answers the token’s own storefront’s cards and orders by scope; another storefront’s are never listed', async () => {
    const { agent, h } = await agentWithConsole();
    const b = await agentWithConsole();
    const paid = await paidOrder(agent.promoCode);
    await paidOrder(b.agent.promoCode);
    const mine = await makeCard(t.app, { promoCode: agent.promoCode, now: clock.t });
    const theirs = await makeCard(t.app, { promoCode: b.agent.promoCode, now: clock.t });

    const made = body<ApiTokenCreated>(await post('/api/admin/webhooks/tokens', { name: 'ERP', scopes: ['cards:read'] }, h));
    expect(made.data).toMatchObject({ name: 'ERP', scopes: ['cards:read'], promoterId: agent.id, revokedAt: null, lastUsedAt: null });
    expect(made.data.token).toMatch(/^sst_/);
    expect(made.data.prefix).toBe(made.data.token.slice(0, 10));
    const auth = { authorization: `Bearer ${made.data.token}` };

    const cards = await get('/api/agent/v1/cards', auth);
    expect(cards.statusCode).toBe(200);
    const cardList = body<{ list: { simNo: string }[]; total: number }>(cards).data;
    expect(cardList.list.map((c) => c.simNo)).toEqual([mine.simNo]);
    expect(JSON.stringify(cardList)).not.toContain(theirs.simNo);
    // No orders:read on this token.
    const refused = await get('/api/agent/v1/orders', auth);
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toMatchObject({ code: -1, message: 'this API token does not have the scope orders:read' });

    const both = body<ApiTokenCreated>(await post('/api/admin/webhooks/tokens', { name: 'BI', scopes: ['orders:read', 'cards:read'] }, h));
    const orders = body<{ list: { orderNo: string; status: string; amount: number }[]; total: number }>(
      await get('/api/agent/v1/orders', { authorization: `Bearer ${both.data.token}` }),
    );
    expect(orders.data.list).toEqual([
      expect.objectContaining({ orderNo: paid.orderNo, status: 'paid', amount: paid.amount, kind: 'number' }),
    ]);
    expect(orders.data.total).toBe(1);

    // Only the hash is kept, and the list never carries the token.
    const listed = body<{ list: { id: number; lastUsedAt: number | null }[] }>(await get('/api/admin/webhooks/tokens', h));
    expect(listed.data.list.map((x) => x.id)).toEqual([both.data.id, made.data.id]);
    expect(listed.data.list.find((x) => x.id === made.data.id)!.lastUsedAt).toBe(clock.t);
    expect(JSON.stringify(listed.data)).not.toContain(made.data.token);
    const stored = await t.app.db.db.selectFrom('api_tokens').selectAll().where('id', '=', made.data.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(made.data.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a revoked, unknown or missing token (401), and more than 60 calls a minute (429)', async () => {
    const { h } = await agentWithConsole();
    const made = body<ApiTokenCreated>(await post('/api/admin/webhooks/tokens', { name: 'tool', scopes: ['orders:read'] }, h)).data;
    const auth = { authorization: `Bearer ${made.token}` };
    expect((await get('/api/agent/v1/orders', auth)).statusCode).toBe(200);
    const revoked = body<{ revokedAt: number | null }>(await post('/api/admin/webhooks/tokens/revoke', { id: made.id }, h));
    expect(revoked.data.revokedAt).toBe(clock.t);
    const after = await get('/api/agent/v1/orders', auth);
    expect(after.statusCode).toBe(401);
    expect(body(after)).toMatchObject({ code: -1, message: 'the API token is missing, unknown or revoked' });
    expect((await get('/api/agent/v1/orders', { authorization: 'Bearer sst_0000000000000000000000000000' })).statusCode).toBe(401);
    expect((await get('/api/agent/v1/orders', {})).statusCode).toBe(401);

    const busy = body<ApiTokenCreated>(await post('/api/admin/webhooks/tokens', { name: 'busy', scopes: ['cards:read'] }, h)).data;
    const busyAuth = { authorization: `Bearer ${busy.token}` };
    // A window of its own: the clock's next minute.
    const saved = clock.t;
    clock.t = saved - (saved % 60_000) + 60_000;
    try {
      for (let i = 0; i < 60; i++) expect((await get('/api/agent/v1/cards', busyAuth)).statusCode).toBe(200);
      const over = await get('/api/agent/v1/cards', busyAuth);
      expect(over.statusCode).toBe(429);
      expect(body(over).message).toBe('too many requests, retry in 60 s');
    } finally {
      clock.t = saved;
    }
  });

  it('is described in the OpenAPI document with its bearer token', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { security?: unknown; tags?: string[] } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.paths['/api/agent/v1/cards']?.get).toMatchObject({ security: [{ agentToken: [] }], tags: ['agent-api'] });
    expect(doc.paths['/api/agent/v1/orders']?.get).toMatchObject({ security: [{ agentToken: [] }], tags: ['agent-api'] });
    expect(doc.components.securitySchemes.agentToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/admin/webhooks/endpoints']).toBeDefined();
  });
});

describe('authorisation matrix: role × webhook route × another storefront’s object', () => {
  it('an agent only its own storefront, staff nothing, an owner any storefront it names; every write audited', async () => {
    const rx = await receiver();
    try {
      const a = await agentWithConsole();
      const b = await agentWithConsole();
      const staff = await signIn(t.app, await makeOperator(t.app, 'staff', a.agent.id));
      const owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
      const theirEp = await addEndpoint(b.h, rx.url);
      const theirToken = body<ApiTokenCreated>(await post('/api/admin/webhooks/tokens', { name: 'b', scopes: ['cards:read'] }, b.h)).data;
      await paidOrder(b.agent.promoCode);
      await runJob();
      const [theirDelivery] = (await deliveries(b.h, theirEp.id)).list;

      // Every route: staff refused, no session 61.
      const calls: Record<string, (h: H) => Promise<number>> = {
        listEndpoints: async (h) => body(await get('/api/admin/webhooks/endpoints', h)).code,
        createEndpoint: async (h) => body(await post('/api/admin/webhooks/endpoints', { url: rx.url, events: ['order.paid'] }, h)).code,
        updateEndpoint: async (h) =>
          body(await post('/api/admin/webhooks/endpoints/update', { id: theirEp.id, enabled: true, events: ['order.paid'] }, h)).code,
        deliveries: async (h) => body(await get('/api/admin/webhooks/deliveries', h)).code,
        replay: async (h) => body(await post('/api/admin/webhooks/deliveries/replay', { id: theirDelivery!.id }, h)).code,
        listTokens: async (h) => body(await get('/api/admin/webhooks/tokens', h)).code,
        createToken: async (h) => body(await post('/api/admin/webhooks/tokens', { name: 'x', scopes: ['cards:read'] }, h)).code,
        revokeToken: async (h) => body(await post('/api/admin/webhooks/tokens/revoke', { id: theirToken.id }, h)).code,
      };
      const outcomes = async (h: H) => {
        const o: Record<string, number> = {};
        for (const [name, run] of Object.entries(calls)) o[name] = await run(h);
        return o;
      };
      expect(await outcomes(staff)).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, -1])));
      expect(await outcomes({})).toEqual(Object.fromEntries(Object.keys(calls).map((n) => [n, 61])));
      // Agent A: its own lists and new objects, never B's objects.
      expect(await outcomes(a.h)).toEqual({
        listEndpoints: 0,
        createEndpoint: 0,
        updateEndpoint: -1,
        deliveries: 0,
        replay: -1,
        listTokens: 0,
        createToken: 0,
        revokeToken: -1,
      });
      expect(body(await get(`/api/admin/webhooks/endpoints?promoterId=${b.agent.id}`, a.h)).code).toBe(-1);
      expect(body(await get(`/api/admin/webhooks/deliveries?endpointId=${theirEp.id}`, a.h)).code).toBe(-1);
      expect(body(await post('/api/admin/webhooks/tokens', { name: 'x', scopes: ['cards:read'], promoterId: b.agent.id }, a.h)).code).toBe(
        -1,
      );
      const aLists = body<{ list: { id: number }[] }>(await get('/api/admin/webhooks/endpoints', a.h)).data.list;
      expect(aLists.map((e) => e.id)).not.toContain(theirEp.id);
      // The owner names the storefront to create for, and reaches every object.
      expect(body(await post('/api/admin/webhooks/endpoints', { url: rx.url, events: ['order.paid'] }, owner)).code).toBe(-1);
      const ownerMade = await addEndpoint(owner, rx.url, ['order.paid'], b.agent.id);
      expect(ownerMade.promoterId).toBe(b.agent.id);
      expect(await outcomes(owner)).toEqual({
        listEndpoints: 0,
        createEndpoint: -1,
        updateEndpoint: 0,
        deliveries: 0,
        replay: 0,
        listTokens: 0,
        createToken: -1,
        revokeToken: 0,
      });
      const audit = body<{ list: { action: string; objectType: string; promoterId: number; after: Record<string, unknown> }[] }>(
        await get(`/api/admin/audit?objectType=apiToken&objectId=${theirToken.id}`, owner),
      );
      expect(audit.data.list.map((e) => [e.action, e.promoterId])).toEqual([
        ['apiToken.revoke', b.agent.id],
        ['apiToken.create', b.agent.id],
      ]);
      // The audit log never holds a secret or a token.
      expect(JSON.stringify(audit.data)).not.toContain(theirToken.token);
      const created = body<{ list: { after: Record<string, unknown> }[] }>(
        await get(`/api/admin/audit?objectType=webhookEndpoint&objectId=${theirEp.id}`, owner),
      );
      expect(created.data.list.at(-1)!.after).toEqual({ url: rx.url, events: ['order.paid'], enabled: true });
    } finally {
      await rx.close();
    }
  });
});
