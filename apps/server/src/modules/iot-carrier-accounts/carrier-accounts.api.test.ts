import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CarrierAccount, CarrierFreshness, CarrierTestReply } from '@simshop/contract/carrier-accounts';
import { DurationUnit } from '@simshop/contract/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, createTestAppPair, type TestApp } from '../../../test/helpers.ts';
import { dayStart } from '../../lib/flow-math.ts';
import type { App } from '../../lib/route.ts';
import { type FakeOneLink, startFakeOneLink } from '../../providers/carrier/fake-onelink.ts';
import { makeOperator, randomIp, signIn } from '../admin/test-kit.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { syncAll } from '../iot-carrier/service.ts';
import { client, makeCard, simLogin } from '../iot-money/test-kit.ts';
import { cardsPerTick, unseal } from './service.ts';

/** 2026-03-20 09:00 in China (01:00 UTC): nine hours into the China day. */
const T0 = Date.UTC(2026, 2, 20, 1);
const HOUR = 3_600_000;
const yearly = { name: '全国通用流量 200GB 年包', flowMb: 200 * 1024, duration: 1, unit: DurationUnit.YEAR };

type H = Record<string, string>;

/** The reply's envelope, with the field a refusal names (the x-error-field header). */
function withField<T>(res: { json(): unknown; headers: Record<string, unknown> }) {
  return { ...body<T>(res), field: res.headers['x-error-field'] as string | undefined };
}

function api(app: App) {
  return {
    get: async <T>(url: string, h: H) => withField<T>(await app.inject({ method: 'GET', url, headers: h })),
    post: async <T>(url: string, payload: unknown, h: H) =>
      withField<T>(await app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...h } })),
  };
}

/** An agent storefront with its console operator signed in. */
async function agentWithConsole(app: App) {
  const agent = await makeAgent(app, null);
  const h = await signIn(app, await makeOperator(app, 'agent', agent.id));
  return { agent, h };
}

describe('carrier accounts in the console', () => {
  let clock = T0;
  let t: TestApp;
  let fake: FakeOneLink;
  let owner: H;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    fake = await startFakeOneLink({ appid: '300001', password: 'onelink-pass-1' });
    fake.clock = T0;
    fake.dayKb = (msisdn, day) => (Number(msisdn.slice(-2)) + Number(day.slice(-2))) * 1024;
    owner = await signIn(t.app, await makeOperator(t.app, 'owner'));
    a = api(t.app);
  });
  afterAll(async () => {
    await fake.close();
    await t.close();
  });

  const oneLinkBody = (promoterId: number, extra: object = {}) => ({
    promoterId,
    kind: 'onelink',
    name: 'China Mobile Guangdong',
    baseUrl: fake.url,
    appId: '300001',
    secret: 'onelink-pass-1',
    callsPerSecond: 50,
    ...extra,
  });

  it('keeps the password encrypted at rest and never sends it back; an empty one on edit keeps it', async () => {
    const { agent } = await agentWithConsole(t.app);
    const made = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id), owner);
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ kind: 'onelink', name: 'China Mobile Guangdong', appId: '300001', secretSet: true, isDefault: true });
    expect(JSON.stringify(made.data)).not.toContain('onelink-pass-1');
    const row = await t.app.db.db
      .selectFrom('iot_carrier_accounts')
      .select('secret_enc')
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_enc).not.toContain('onelink-pass-1');
    expect(row.secret_enc.startsWith('v1.')).toBe(true);
    expect(t.app.iotCarrierAccounts.secretOf(row)).toBe('onelink-pass-1');
    // The same value sealed twice differs (a fresh IV each time).
    const edited = await a.post<CarrierAccount>(
      '/api/admin/carrier-accounts/update',
      { id: made.data.id, name: 'GD 2', secret: '' },
      owner,
    );
    expect(edited.data).toMatchObject({ name: 'GD 2', secretSet: true });
    const kept = await t.app.db.db
      .selectFrom('iot_carrier_accounts')
      .select('secret_enc')
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow();
    expect(kept.secret_enc).toBe(row.secret_enc);
    await a.post('/api/admin/carrier-accounts/update', { id: made.data.id, secret: 'new-pass-2' }, owner);
    const replaced = await t.app.db.db
      .selectFrom('iot_carrier_accounts')
      .select('secret_enc')
      .where('id', '=', made.data.id)
      .executeTakeFirstOrThrow();
    expect(t.app.iotCarrierAccounts.secretOf(replaced)).toBe('new-pass-2');
    // Another key does not open it.
    expect(() => unseal(Buffer.alloc(32, 7), replaced.secret_enc)).toThrow();
    const listed = await a.get<{ list: CarrierAccount[] }>(`/api/admin/carrier-accounts?promoterId=${agent.id}`, owner);
    expect(JSON.stringify(listed.data)).not.toContain('new-pass-2');
  });

  it('asks for the settings a OneLink account needs, naming the field', async () => {
    const { agent } = await agentWithConsole(t.app);
    const noSecret = await a.post('/api/admin/carrier-accounts', oneLinkBody(agent.id, { secret: '' }), owner);
    expect(noSecret).toMatchObject({ code: -1, field: 'secret' });
    const badUrl = await a.post('/api/admin/carrier-accounts', oneLinkBody(agent.id, { baseUrl: 'not a url' }), owner);
    expect(badUrl).toMatchObject({ code: -1, field: 'baseUrl' });
    const badKind = await a.post('/api/admin/carrier-accounts', oneLinkBody(agent.id, { kind: 'pigeon' }), owner);
    expect(badKind).toMatchObject({ code: -1, field: 'kind' });
    const simulator = await a.post<CarrierAccount>(
      '/api/admin/carrier-accounts',
      { promoterId: agent.id, kind: 'simulator', name: 'Test operator' },
      owner,
    );
    expect(simulator.data).toMatchObject({ kind: 'simulator', secretSet: false, callsPerSecond: 10 });
  });

  it('tests the connection: OK, or the problem in plain words with the operator’s own', async () => {
    const { agent } = await agentWithConsole(t.app);
    const good = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id), owner);
    const ok = await a.post<CarrierTestReply>('/api/admin/carrier-accounts/test', { id: good.data.id }, owner);
    expect(ok.data).toMatchObject({ ok: true, problem: null, detail: null });

    const wrong = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id, { secret: 'wrong' }), owner);
    const refused = await a.post<CarrierTestReply>('/api/admin/carrier-accounts/test', { id: wrong.data.id }, owner);
    expect(refused.data).toMatchObject({ ok: false, problem: 'auth', detail: 'OneLink get/token: appid 或密码错误 (12002)' });

    // Nobody listens there.
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const dead = await a.post<CarrierAccount>(
      '/api/admin/carrier-accounts',
      oneLinkBody(agent.id, { baseUrl: `http://127.0.0.1:${closed}` }),
      owner,
    );
    const unreachable = await a.post<CarrierTestReply>('/api/admin/carrier-accounts/test', { id: dead.data.id }, owner);
    expect(unreachable.data).toMatchObject({ ok: false, problem: 'unavailable' });

    // A web server that is not OneLink.
    const web = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const notOneLink = await a.post<CarrierAccount>(
      '/api/admin/carrier-accounts',
      oneLinkBody(agent.id, { baseUrl: `http://127.0.0.1:${(web.address() as AddressInfo).port}` }),
      owner,
    );
    const garbled = await a.post<CarrierTestReply>('/api/admin/carrier-accounts/test', { id: notOneLink.data.id }, owner);
    await new Promise<void>((resolve) => web.close(() => resolve()));
    expect(garbled.data).toMatchObject({ ok: false, problem: 'protocol', detail: 'OneLink get/token: the answer is not JSON (HTTP 200)' });
  });

  it('lets an agent see and change only its own storefront’s accounts; staff none', async () => {
    const mine = await agentWithConsole(t.app);
    const other = await agentWithConsole(t.app);
    const own = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(0, { promoterId: undefined }), mine.h);
    expect(own.data.promoterId).toBe(mine.agent.id);
    const theirs = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(other.agent.id), owner);
    const listed = await a.get<{ list: CarrierAccount[] }>('/api/admin/carrier-accounts', mine.h);
    expect(listed.data.list.map((x) => x.id)).toEqual([own.data.id]);
    expect(await a.get(`/api/admin/carrier-accounts?promoterId=${other.agent.id}`, mine.h)).toMatchObject({
      code: -1,
      field: 'promoterId',
    });
    expect(await a.post('/api/admin/carrier-accounts/update', { id: theirs.data.id, enabled: false }, mine.h)).toMatchObject({
      code: -1,
    });
    expect(await a.post('/api/admin/carrier-accounts/test', { id: theirs.data.id }, mine.h)).toMatchObject({ code: -1 });
    expect(await a.post('/api/admin/carrier-accounts', oneLinkBody(other.agent.id), mine.h)).toMatchObject({
      code: -1,
      field: 'promoterId',
    });
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', mine.agent.id));
    expect(await a.get('/api/admin/carrier-accounts', staff)).toMatchObject({ code: -1 });
    expect(await a.post('/api/admin/carrier-accounts/test', { id: own.data.id }, staff)).toMatchObject({ code: -1 });
    // The owner sees both.
    const all = await a.get<{ list: CarrierAccount[] }>('/api/admin/carrier-accounts', owner);
    expect(all.data.list.map((x) => x.id)).toEqual(expect.arrayContaining([own.data.id, theirs.data.id]));
  });

  it('reads an assigned card at its account’s operator, records the sync status, and shows the holder how fresh it is', async () => {
    clock = T0;
    const { agent } = await agentWithConsole(t.app);
    // The storefront's default stays the built-in carrier: the card is moved onto the account one by one.
    const account = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id, { isDefault: false }), owner);
    const made = await makeCard(t.app, { promoCode: agent.promoCode, packages: [yearly], now: T0 - 3 * 24 * HOUR });
    const other = await makeCard(t.app, { promoCode: agent.promoCode, packages: [yearly], now: T0 - 3 * 24 * HOUR });
    fake.addCard(made.simNo, made.iccid);
    const assigned = await a.post<{ assigned: number; unknown: string[] }>(
      '/api/admin/carrier-accounts/assign',
      { id: account.data.id, iccids: [made.iccid, '89860000000000000000'] },
      owner,
    );
    expect(assigned.data).toEqual({ assigned: 1, unknown: ['89860000000000000000'] });

    // The built-in job leaves the account's card to the account's scheduler.
    await syncAll(t.app.db, t.app.iotRoutedCarrier, T0).catch(() => 0);
    const untouched = await t.app.db.db
      .selectFrom('iot_sims')
      .select('usage_synced_at')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(Number(untouched.usage_synced_at)).toBe(T0 - 3 * 24 * HOUR);
    const builtIn = await t.app.db.db.selectFrom('iot_sims').select('usage_synced_at').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(Number(builtIn.usage_synced_at)).toBe(T0);

    expect(await t.app.iotCarrierAccounts.syncAccount(account.data.id, T0)).toBe(1);
    const days = await t.app.db.db
      .selectFrom('iot_usage_daily')
      .select(['day', 'flow_mb'])
      .where('sim_id', '=', made.id)
      .orderBy('day')
      .execute();
    const n = Number(made.simNo.slice(-2));
    // OneLink's figures stop at yesterday (the 19th); the days before the card was followed are its own.
    expect(days.filter((d) => d.day >= '2026-03-17')).toEqual([
      { day: '2026-03-17', flow_mb: expect.any(Number) },
      { day: '2026-03-18', flow_mb: n + 18 },
      { day: '2026-03-19', flow_mb: n + 19 },
    ]);
    const status = (await a.get<{ list: CarrierAccount[] }>(`/api/admin/carrier-accounts?promoterId=${agent.id}`, owner)).data.list[0]!;
    expect(status.cards).toBe(1);
    // The run found no card after the last one: the sweep is complete.
    expect(status.sync).toMatchObject({ cardsSynced: 1, cardsInSweep: 0, lastSuccessAt: T0, lagMs: 0, lastError: null });
    clock = T0 + 10_000;
    const later = (await a.get<{ list: CarrierAccount[] }>(`/api/admin/carrier-accounts?promoterId=${agent.id}`, owner)).data.list[0]!;
    expect(later.sync.lagMs).toBe(10_000);

    // The holder sees figures up to the start of the China day, nine hours old, from OneLink.
    const holder = client(t.app, await simLogin(t.app, made.simNo));
    const fresh = await holder.get<CarrierFreshness>('/api/iot/carrierFreshness');
    expect(fresh.data).toEqual({ operator: 'onelink', asOf: dayStart(T0), stale: true });
    expect(dayStart(T0)).toBe(T0 - 9 * HOUR);
    const builtInHolder = client(t.app, await simLogin(t.app, other.simNo));
    expect((await builtInHolder.get<CarrierFreshness>('/api/iot/carrierFreshness')).data).toEqual({
      operator: 'simulator',
      asOf: T0,
      stale: false,
    });

    // A failing operator: the error is recorded in our words and the operator's.
    clock = T0 + 20_000;
    await a.post('/api/admin/carrier-accounts/update', { id: account.data.id, secret: 'changed-elsewhere' }, owner);
    await t.app.iotCarrierAccounts.syncAccount(account.data.id, T0 + 20_000);
    const failed = (await a.get<{ list: CarrierAccount[] }>(`/api/admin/carrier-accounts?promoterId=${agent.id}`, owner)).data.list[0]!;
    expect(failed.sync).toMatchObject({
      lastErrorCode: 'auth',
      lastError: 'OneLink get/token: appid 或密码错误 (12002)',
      lastErrorAt: T0 + 20_000,
      lastSuccessAt: T0,
    });
  });

  it('sweeps a storefront’s cards together, each charged its own operator figures, the cursor recorded with them', async () => {
    clock = T0;
    const { agent } = await agentWithConsole(t.app);
    const account = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id, { isDefault: true }), owner);
    const cards = [];
    for (let i = 0; i < 3; i++) {
      const card = await makeCard(t.app, { promoCode: agent.promoCode, packages: [yearly], now: T0 - 2 * 24 * HOUR });
      fake.addCard(card.simNo, card.iccid);
      cards.push(card);
    }
    expect(await t.app.iotCarrierAccounts.syncAccount(account.data.id, T0)).toBe(3);
    for (const card of cards) {
      const n = Number(card.simNo.slice(-2));
      const days = await t.app.db.db
        .selectFrom('iot_usage_daily')
        .select(['day', 'flow_mb'])
        .where('sim_id', '=', card.id)
        .where('day', '>=', '2026-03-19')
        .orderBy('day')
        .execute();
      // Yesterday's figure is the card's own (n + 19 MB); today has none yet at OneLink.
      expect(days).toEqual([{ day: '2026-03-19', flow_mb: n + 19 }]);
      const sim = await t.app.db.db
        .selectFrom('iot_sims')
        .select(['usage_synced_at', 'usage_day'])
        .where('id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect({ at: Number(sim.usage_synced_at), day: sim.usage_day }).toEqual({ at: T0, day: '2026-03-20' });
      const used = await t.app.db.db
        .selectFrom('iot_sim_packages')
        .select((eb) => eb.fn.sum<number>('used_mb').as('mb'))
        .where('sim_id', '=', card.id)
        .executeTakeFirstOrThrow();
      expect(Number(used.mb)).toBeGreaterThanOrEqual(n + 19);
      const marks = await t.app.db.db
        .selectFrom('iot_carrier_usage_marks')
        .select(['day', 'carrier_mb'])
        .where('sim_id', '=', card.id)
        .where('day', '=', '2026-03-19')
        .execute();
      expect(marks).toEqual([{ day: '2026-03-19', carrier_mb: n + 19 }]);
    }
    const row = await t.app.db.db
      .selectFrom('iot_carrier_accounts')
      .select(['cursor_sim_id', 'cards_synced', 'last_error'])
      .where('id', '=', account.data.id)
      .executeTakeFirstOrThrow();
    // The batch and the end of the sweep: every card once, the cursor back at the start.
    expect({ cursor: Number(row.cursor_sim_id), synced: row.cards_synced, error: row.last_error }).toEqual({
      cursor: 0,
      synced: 3,
      error: null,
    });

    // A card the storefront gets later is routed to its default account at the next reading of the
    // routes (which adds the new cards only), and the earlier ones stay there.
    const added = await makeCard(t.app, { promoCode: agent.promoCode, packages: [yearly], now: T0 });
    const asCarrierCard = (c: { simNo: string; iccid: string }) => ({ simNo: c.simNo, iccid: c.iccid, operatorType: 1 });
    expect((await t.app.iotCarrierAccounts.resolve([asCarrierCard(added)])).size).toBe(0);
    await t.app.iotCarrierAccounts.refreshRoutes();
    const routed = await t.app.iotCarrierAccounts.resolve([added, ...cards].map(asCarrierCard));
    expect(routed.size).toBe(4);
    expect(new Set(routed.values()).size).toBe(1);
    expect(routed.get(added.iccid)?.name).toBe('onelink');
  });

  it('puts a card back on the storefront default when unassigned, and on the built-in carrier when its account is disabled', async () => {
    clock = T0;
    const { agent, h } = await agentWithConsole(t.app);
    const other = await agentWithConsole(t.app);
    const byDefault = await a.post<CarrierAccount>(
      '/api/admin/carrier-accounts',
      { promoterId: agent.id, kind: 'simulator', name: 'Default operator' },
      owner,
    );
    const moved = await a.post<CarrierAccount>('/api/admin/carrier-accounts', oneLinkBody(agent.id, { isDefault: false }), owner);
    const made = await makeCard(t.app, { promoCode: agent.promoCode, packages: [yearly], now: T0 - HOUR });
    const card = { simNo: made.simNo, iccid: made.iccid, operatorType: 4 };
    // A new card of a storefront with a default account joins it at the next reading of the routes (every 30 s).
    await t.app.iotCarrierAccounts.refreshRoutes();
    const carrierOf = async () => (await t.app.iotRoutedCarrier.split([card])).keys().next().value;
    const adapterOf = async (id: number) => {
      const row = await t.app.db.db.selectFrom('iot_carrier_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return t.app.iotCarrierAccounts.adapterOf(row);
    };
    expect(await carrierOf()).toBe(await adapterOf(byDefault.data.id));
    await a.post('/api/admin/carrier-accounts/assign', { id: moved.data.id, iccids: [made.iccid] }, h);
    expect(await carrierOf()).toBe(await adapterOf(moved.data.id));
    // Another storefront's agent cannot take the card back.
    const refused = await a.post<{ assigned: number; unknown: string[] }>(
      '/api/admin/carrier-accounts/unassign',
      { iccids: [made.iccid] },
      other.h,
    );
    expect(refused.data).toEqual({ assigned: 0, unknown: [made.iccid] });
    expect(await carrierOf()).toBe(await adapterOf(moved.data.id));
    const back = await a.post<{ assigned: number; unknown: string[] }>('/api/admin/carrier-accounts/unassign', { iccids: [made.iccid] }, h);
    expect(back.data).toEqual({ assigned: 1, unknown: [] });
    expect(await carrierOf()).toBe(await adapterOf(byDefault.data.id));
    await a.post('/api/admin/carrier-accounts/update', { id: byDefault.data.id, enabled: false }, h);
    // Other instances see it within 30 s; this one at once.
    expect(await carrierOf()).toBe(t.app.iotCarrier);
  });
});

describe('the sync scheduler', () => {
  it('spreads a sweep over the account’s rate: the batches a tick allows at half the rate', () => {
    expect(cardsPerTick(100, 1)).toBe(100);
    expect(cardsPerTick(100, 10)).toBe(1_600);
    expect(cardsPerTick(100, 1000)).toBe(2_000);
    expect(cardsPerTick(50, 5)).toBe(400);
  });

  it('goes on from its cursor after a restart, and runs an account on one instance at a time', async () => {
    const pair = await createTestAppPair({ now: () => T0 });
    try {
      const [first, second] = pair.apps;
      const owner = await signIn(first, await makeOperator(first, 'owner'));
      const agent = await makeAgent(first, null);
      const account = await api(first).post<CarrierAccount>(
        '/api/admin/carrier-accounts',
        { promoterId: agent.id, kind: 'simulator', name: 'Simulated operator', callsPerSecond: 1 },
        owner,
      );
      const ids: number[] = [];
      for (let i = 0; i < 130; i++) ids.push((await makeCard(first, { promoCode: agent.promoCode, now: T0 - HOUR })).id);
      const syncedAt = async () =>
        (await first.db.db.selectFrom('iot_sims').select(['id', 'usage_synced_at']).where('id', 'in', ids).orderBy('id').execute()).map(
          (r) => Number(r.usage_synced_at),
        );
      // Both instances at once: one holds the account, the other finds it taken.
      const both = await Promise.all([
        first.iotCarrierAccounts.syncAccount(account.data.id, T0),
        second.iotCarrierAccounts.syncAccount(account.data.id, T0),
      ]);
      expect(both.sort((x, y) => x - y)).toEqual([0, 100]);
      const afterFirst = await syncedAt();
      expect(afterFirst.filter((at) => at === T0)).toHaveLength(100);
      expect(afterFirst.slice(0, 100)).toEqual(new Array(100).fill(T0));
      const row = await first.db.db
        .selectFrom('iot_carrier_accounts')
        .select(['cursor_sim_id', 'sweep_cards', 'lease_until'])
        .where('id', '=', account.data.id)
        .executeTakeFirstOrThrow();
      expect({ cursor: Number(row.cursor_sim_id), cards: row.sweep_cards, lease: Number(row.lease_until) }).toEqual({
        cursor: ids[99],
        cards: 100,
        lease: 0,
      });
      // A new instance (a restart) goes on from the cursor: the other 30, none twice.
      const restarted = await createInstanceOn(pair.config);
      try {
        expect(await restarted.app.iotCarrierAccounts.syncAccount(account.data.id, T0 + 60_000)).toBe(30);
        const afterRestart = await syncedAt();
        expect(afterRestart.slice(0, 100)).toEqual(new Array(100).fill(T0));
        expect(afterRestart.slice(100)).toEqual(new Array(30).fill(T0 + 60_000));
        const listed = await api(first).get<{ list: CarrierAccount[] }>(`/api/admin/carrier-accounts?promoterId=${agent.id}`, owner);
        expect(listed.data.list[0]!.sync).toMatchObject({ cardsSynced: 130, cardsInSweep: 0, lastSuccessAt: T0 + 60_000 });
      } finally {
        await restarted.close();
      }
    } finally {
      await pair.close();
    }
  });
});

/** One more server instance on the database of a pair (as a restarted process). */
async function createInstanceOn(config: TestApp['config']): Promise<{ app: App; close(): Promise<void> }> {
  const { openDb } = await import('../../db/kysely.ts');
  const { buildApp } = await import('../../app.ts');
  const db = openDb(config.database);
  const app = await buildApp(config, { db, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
