import type { ReconActionReply, ReconItem, ReconPage } from '@simshop/contract/carrier-recon';
import { DurationUnit } from '@simshop/contract/iot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { chinaDay, DAY_MS } from '../../lib/flow-math.ts';
import type { App } from '../../lib/route.ts';
import { type CarrierSimulator, simulatedDayUsage } from '../../providers/carrier/simulator.ts';
import { makeOperator, randomIp, signIn } from '../admin/test-kit.ts';
import { makeAgent } from '../agents/test-kit.ts';
import { syncSim } from '../iot-carrier/service.ts';
import { makeCard } from '../iot-money/test-kit.ts';

/** 2026-03-20 09:00 in China (01:00 UTC). */
const T0 = Date.UTC(2026, 2, 20, 1);
const HOUR = 3_600_000;
const yearly = { name: 'Yearly 200 GB', flowMb: 200 * 1024, duration: 1, unit: DurationUnit.YEAR };

type H = Record<string, string>;

function api(app: App) {
  const withField = <T>(res: { json(): unknown; headers: Record<string, unknown> }) => ({
    ...body<T>(res),
    field: res.headers['x-error-field'] as string | undefined,
  });
  return {
    get: async <T>(url: string, h: H) => withField<T>(await app.inject({ method: 'GET', url, headers: h })),
    post: async <T>(url: string, payload: unknown, h: H) =>
      withField<T>(await app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': randomIp(), ...h } })),
  };
}

describe('reconciliation with the operators', () => {
  let clock = T0;
  let t: TestApp;
  let sim: CarrierSimulator;
  let owner: H;
  let ownerName: string;
  /** Moves the clock to `at` and signs the owner in again there (a console session lasts hours, not days). */
  const at_ = async (at: number) => {
    clock = at;
    const op = await makeOperator(t.app, 'owner');
    ownerName = `op ${op.mobile}`;
    owner = await signIn(t.app, op);
  };
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    sim = t.app.iotCarrier as CarrierSimulator;
    a = api(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A card in service for five days with a yearly package, synchronised up to `at`. */
  async function card(at: number, promoCode = 'demo') {
    const made = await makeCard(t.app, { now: at - 5 * DAY_MS, promoCode, packages: [{ ...yearly, startsAt: at - 5 * DAY_MS }] });
    await syncSim(t.app.db, t.app.iotRoutedCarrier, made.id, at);
    return made;
  }

  const rowsOf = (simId: number) =>
    t.app.db.db.selectFrom('iot_carrier_recon').selectAll().where('sim_id', '=', simId).orderBy('kind').orderBy('day').execute();

  const listOf = async (simId: number, h: H = owner, query = '') => {
    const page = await a.get<ReconPage>(`/api/admin/reconciliation?pageSize=100${query}`, h);
    expect(page.code).toBe(0);
    return page.data.list.filter((i) => i.simId === simId);
  };

  it('a sweep finds each kind of difference once, waits for the next sweep, and closes what agrees again', async () => {
    const at = T0 + 10 * DAY_MS;
    await at_(at);
    const day = chinaDay(at);
    const twoDaysAgo = chinaDay(at - 2 * DAY_MS);
    const [agreeing, usage, stopped, quota, unnamed] = [await card(at), await card(at), await card(at), await card(at), await card(at)];
    // Our ledger charged 300 MB more than the operator reports for a closed day.
    await t.app.db.db
      .updateTable('iot_usage_daily')
      .set((eb) => ({ flow_mb: eb('flow_mb', '+', 300) }))
      .where('sim_id', '=', usage.id)
      .where('day', '=', twoDaysAgo)
      .execute();
    await sim.changeState(
      { simNo: stopped.simNo, iccid: stopped.iccid, operatorType: 4 },
      { opKey: `t-${stopped.id}`, action: 'suspend' },
      at,
    );
    sim.stopFor(quota.iccid, 'quota');
    sim.setRealName(unnamed.iccid, 'unregistered');
    const quotaLeft = await t.app.db.db
      .selectFrom('iot_sims')
      .select(['total_flow', 'use_flow'])
      .where('id', '=', quota.id)
      .executeTakeFirstOrThrow();

    // A sweep is due (none ran yet in this test's time).
    await t.app.db.db.deleteFrom('iot_carrier_recon_sweep').execute();
    expect(await t.app.iotCarrierRecon.run(at)).toBeGreaterThanOrEqual(5);

    expect(await rowsOf(agreeing.id)).toEqual([]);
    const mb = simulatedDayUsage(usage.simNo, twoDaysAgo);
    expect(await rowsOf(usage.id)).toMatchObject([
      { kind: 'usage', day: twoDaysAgo, ours: String(mb + 300), theirs: String(mb), resolved_at: null, operator: 'simulator' },
    ]);
    expect(await rowsOf(stopped.id)).toMatchObject([
      { kind: 'state', day, ours: 'active', theirs: 'stopped', stop_reason: 'requested', resolved_at: null },
    ]);
    expect(await rowsOf(quota.id)).toMatchObject([
      {
        kind: 'package',
        day,
        ours: String(Number(quotaLeft.total_flow) - Number(quotaLeft.use_flow)),
        theirs: 'stopped',
        stop_reason: 'quota',
      },
    ]);
    expect(await rowsOf(unnamed.id)).toMatchObject([{ kind: 'realname', day, ours: 'registered', theirs: 'unregistered' }]);

    // The next run within the sweep's interval starts no new sweep.
    expect(await t.app.iotCarrierRecon.run(at + 60_000)).toBe(0);

    // The operator resumed the card by itself; the next sweep finds both sides agree and closes it; nothing is doubled.
    await sim.changeState(
      { simNo: stopped.simNo, iccid: stopped.iccid, operatorType: 4 },
      { opKey: `t2-${stopped.id}`, action: 'resume' },
      at,
    );
    const later = at + 7 * HOUR;
    clock = later;
    expect(await t.app.iotCarrierRecon.run(later)).toBeGreaterThanOrEqual(5);
    expect(await rowsOf(stopped.id)).toMatchObject([{ kind: 'state', resolution: 'agreed', resolved_by: 'job', resolved_at: later }]);
    expect(await rowsOf(usage.id)).toHaveLength(1);
    expect((await rowsOf(usage.id))[0]!.resolved_at).toBeNull();
  });

  it('a sweep cut short by a restart goes on from its cursor; two runners at once record each difference once', async () => {
    const at = T0 + 60 * DAY_MS;
    await at_(at);
    const [before, after1, after2] = [await card(at), await card(at), await card(at)];
    for (const c of [before, after1, after2]) sim.setRealName(c.iccid, 'unregistered');
    // A sweep under way when the instance stopped: its cursor stands at the first card.
    await t.app.db.db.deleteFrom('iot_carrier_recon_sweep').execute();
    await t.app.db.db
      .insertInto('iot_carrier_recon_sweep')
      .values({
        id: 1,
        cursor_sim_id: before.id,
        started_at: at - HOUR,
        last_started_at: null,
        last_finished_at: null,
        updated_at: at - HOUR,
      })
      .execute();
    const [one, two] = await Promise.all([t.app.iotCarrierRecon.run(at), t.app.iotCarrierRecon.run(at)]);
    expect(one + two).toBeGreaterThanOrEqual(2);
    // The card before the cursor was checked before the restart: not again in this sweep.
    expect(await rowsOf(before.id)).toEqual([]);
    for (const c of [after1, after2]) expect(await rowsOf(c.id)).toMatchObject([{ kind: 'realname', theirs: 'unregistered' }]);
    const sweep = await t.app.db.db.selectFrom('iot_carrier_recon_sweep').selectAll().executeTakeFirstOrThrow();
    expect(sweep).toMatchObject({ cursor_sim_id: 0, started_at: null, last_finished_at: at });
    expect(Number(sweep.last_started_at)).toBe(at - HOUR);
  });

  it('resync pulls the operator again: closed when both sides agree, left open when they still differ', async () => {
    const at = T0 + 20 * DAY_MS;
    await at_(at);
    const stopped = await card(at);
    const usage = await card(at);
    const twoDaysAgo = chinaDay(at - 2 * DAY_MS);
    const ref = { simNo: stopped.simNo, iccid: stopped.iccid, operatorType: 4 };
    await sim.changeState(ref, { opKey: `r-${stopped.id}`, action: 'suspend' }, at);
    await t.app.db.db
      .updateTable('iot_usage_daily')
      .set((eb) => ({ flow_mb: eb('flow_mb', '+', 50) }))
      .where('sim_id', '=', usage.id)
      .where('day', '=', twoDaysAgo)
      .execute();
    await t.app.iotCarrierRecon.checkCard(stopped.id, at);
    await t.app.iotCarrierRecon.checkCard(usage.id, at);
    const [state] = await listOf(stopped.id);
    const [differs] = await listOf(usage.id);
    expect(state).toMatchObject({
      kind: 'state',
      canResume: true,
      iccid: stopped.iccid,
      simNo: stopped.simNo,
      promoterName: expect.any(String),
    });
    expect(differs).toMatchObject({ kind: 'usage', canResume: false });

    // Still stopped at the operator: the resync leaves it open.
    const still = await a.post<ReconActionReply>('/api/admin/reconciliation/resync', { id: state!.id }, owner);
    expect(still.code).toBe(0);
    expect(still.data.item).toMatchObject({ resolvedAt: null, theirs: 'stopped' });

    await sim.changeState(ref, { opKey: `r2-${stopped.id}`, action: 'resume' }, at);
    clock = at + 60_000;
    const closed = await a.post<ReconActionReply>('/api/admin/reconciliation/resync', { id: state!.id }, owner);
    expect(closed.data.item).toMatchObject({ resolution: 'resynced', resolvedAt: at + 60_000, resolvedBy: ownerName });

    const open = await a.post<ReconActionReply>('/api/admin/reconciliation/resync', { id: differs!.id }, owner);
    expect(open.data.item).toMatchObject({ resolvedAt: null, ours: String(simulatedDayUsage(usage.simNo, twoDaysAgo) + 50) });
    const audit = await t.app.db.db
      .selectFrom('admin_audit')
      .select(['action', 'object_id'])
      .where('object_type', '=', 'carrierRecon')
      .where('object_id', 'in', [String(state!.id), String(differs!.id)])
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['carrierRecon.resync', 'carrierRecon.resync', 'carrierRecon.resync']);
  });

  it('resumes at the operator a card we sell as active that the operator stopped', async () => {
    const at = T0 + 30 * DAY_MS;
    await at_(at);
    const suspended = await card(at);
    const quota = await card(at);
    await sim.changeState(
      { simNo: suspended.simNo, iccid: suspended.iccid, operatorType: 4 },
      { opKey: `s-${suspended.id}`, action: 'suspend' },
      at,
    );
    sim.stopFor(quota.iccid, 'quota');
    await t.app.iotCarrierRecon.checkCard(suspended.id, at);
    await t.app.iotCarrierRecon.checkCard(quota.id, at);
    for (const c of [suspended, quota]) {
      const [item] = await listOf(c.id);
      expect(item).toMatchObject({ canResume: true, theirs: 'stopped' });
      const done = await a.post<ReconActionReply>('/api/admin/reconciliation/resume', { id: item!.id }, owner);
      expect(done.code).toBe(0);
      expect(done.data).toMatchObject({ pending: false, item: { resolution: 'resumed', resolvedBy: ownerName } });
      const [status] = await sim.status([{ simNo: c.simNo, iccid: c.iccid, operatorType: 4 }], at);
      expect(status).toMatchObject({ lifecycle: 'active', stopReason: 'none' });
      expect(status!.dataOn).not.toBe(false);
      const audit = await t.app.db.db
        .selectFrom('admin_audit')
        .select(['action', 'after'])
        .where('object_type', '=', 'carrierRecon')
        .where('object_id', '=', String(item!.id))
        .execute();
      expect(audit).toMatchObject([{ action: 'carrierRecon.resume' }]);
      expect(JSON.parse(audit[0]!.after!)).toEqual({ resolution: 'resumed', pending: false });
      expect(await listOf(c.id)).toEqual([]);
    }
  });

  it('marks a difference as explained with a note; the sweep does not open it again', async () => {
    const at = T0 + 40 * DAY_MS;
    await at_(at);
    const unnamed = await card(at);
    sim.setRealName(unnamed.iccid, 'reviewing');
    await t.app.iotCarrierRecon.checkCard(unnamed.id, at);
    const [item] = await listOf(unnamed.id, owner, '&kind=realname');
    expect(item).toMatchObject({ ours: 'registered', theirs: 'reviewing' });
    expect(await a.post('/api/admin/reconciliation/explain', { id: item!.id, note: '  ' }, owner)).toMatchObject({
      code: -1,
      field: 'note',
    });
    const done = await a.post<ReconActionReply>(
      '/api/admin/reconciliation/explain',
      { id: item!.id, note: 'Registered at the counter; the operator is slow' },
      owner,
    );
    expect(done.data.item).toMatchObject({
      resolution: 'explained',
      note: 'Registered at the counter; the operator is slow',
      resolvedAt: at,
    });
    const again = await a.post('/api/admin/reconciliation/explain', { id: item!.id, note: 'twice' }, owner);
    expect(again).toMatchObject({ code: -1, message: 'this difference is already resolved' });
    await t.app.iotCarrierRecon.checkCard(unnamed.id, at + HOUR);
    expect(await rowsOf(unnamed.id)).toMatchObject([{ resolution: 'explained', resolved_at: at }]);
    expect(await listOf(unnamed.id)).toEqual([]);
    const all = await listOf(unnamed.id, owner, '&open=0');
    expect(all).toMatchObject([{ resolution: 'explained' }]);
  });

  it('refuses what does not fit: resuming a usage difference, another storefront, staff, bad filters', async () => {
    const at = T0 + 50 * DAY_MS;
    await at_(at);
    const agent = await makeAgent(t.app, null);
    const other = await makeAgent(t.app, null);
    const mine = await card(at, agent.promoCode);
    const theirs = await card(at, other.promoCode);
    const twoDaysAgo = chinaDay(at - 2 * DAY_MS);
    for (const c of [mine, theirs]) {
      await t.app.db.db
        .updateTable('iot_usage_daily')
        .set((eb) => ({ flow_mb: eb('flow_mb', '+', 500) }))
        .where('sim_id', '=', c.id)
        .where('day', '=', twoDaysAgo)
        .execute();
      await t.app.iotCarrierRecon.checkCard(c.id, at);
    }
    const agentH = await signIn(t.app, await makeOperator(t.app, 'agent', agent.id));
    const [own] = await listOf(mine.id, agentH);
    expect(own).toMatchObject({ kind: 'usage', promoterId: agent.id, day: twoDaysAgo });
    expect(await listOf(theirs.id, agentH)).toEqual([]);
    expect(await listOf(mine.id, owner, `&promoterId=${agent.id}&day=${twoDaysAgo}&kind=usage`)).toHaveLength(1);
    expect(await listOf(mine.id, owner, `&promoterId=${other.id}`)).toEqual([]);
    const [foreign] = await listOf(theirs.id);

    expect(await a.post('/api/admin/reconciliation/resume', { id: own!.id }, agentH)).toMatchObject({
      code: -1,
      message: 'only a card we sell as active that the operator stopped can be resumed there',
    });
    for (const path of ['resync', 'resume']) {
      expect(await a.post(`/api/admin/reconciliation/${path}`, { id: foreign!.id }, agentH)).toMatchObject({
        code: -1,
        message: 'not found or not yours to manage',
      });
    }
    expect(await a.post('/api/admin/reconciliation/explain', { id: foreign!.id, note: 'mine?' }, agentH)).toMatchObject({ code: -1 });
    expect(await a.get(`/api/admin/reconciliation?promoterId=${other.id}`, agentH)).toMatchObject({ code: -1 });
    const staff = await signIn(t.app, await makeOperator(t.app, 'staff', agent.id));
    expect(await a.get('/api/admin/reconciliation', staff)).toMatchObject({ code: -1, message: 'your account may not do this' });
    expect(await a.post('/api/admin/reconciliation/explain', { id: own!.id, note: 'x' }, staff)).toMatchObject({ code: -1 });
    expect(await a.get('/api/admin/reconciliation', {})).toMatchObject({ code: 61 });
    expect(await a.post('/api/admin/reconciliation/resync', { id: own!.id }, {})).toMatchObject({ code: 61 });
    expect(await a.get('/api/admin/reconciliation?day=yesterday', owner)).toMatchObject({ code: -1, field: 'day' });
    expect(await a.get('/api/admin/reconciliation?kind=weather', owner)).toMatchObject({ code: -1, field: 'kind' });
    expect(await a.post('/api/admin/reconciliation/resync', { id: 99_999_999 }, owner)).toMatchObject({ code: -1 });
    // Nothing was changed by the refusals.
    expect((await rowsOf(foreign!.simId))[0]).toMatchObject({ resolved_at: null });
    expect((await listOf(mine.id))[0] as ReconItem).toMatchObject({ resolvedAt: null });
  });
});
