import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/kysely.ts';
import { ledgerMismatches } from './modules/iot-money/ledger.ts';
import { addPackage, makeCard } from './modules/iot-money/test-kit.ts';

// A port of its own (19300-19399 is this suite's range), so the server really listens.
const PORT = 19300 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${PORT}`;
const PRICE = 100;
const OPENING = 1_000_000;

let dir: string;
let file: string;
let cards: { id: number; simNo: string }[];
let packageId: number;
let server: ChildProcess;
let log = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'simshop-shutdown-'));
  file = path.join(dir, 'shop.db');
  // The demo data and cards of this test's own, written before the server process starts.
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: `sqlite:${file}`, SEED_NUMBERS: '200' }, { jobs: false }), {
    logger: false,
  });
  await app.ready();
  cards = await Promise.all(Array.from({ length: 4 }, () => makeCard(app, { balance: OPENING })));
  packageId = await addPackage(app, { name: 'Shutdown test add-on', price: PRICE, kind: 'addon' });
  await app.close();
  server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'info', JOBS: 'on' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (log += d));
  server.stderr!.on('data', (d) => (log += d));
  // Up to a minute: compiling the server on a busy machine takes a while.
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600 || server.exitCode !== null) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);
afterAll(() => {
  if (server.exitCode === null) server.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

type Outcome = { status: number; code: number; orderNo?: string } | { error: string };

describe('SIGTERM under load', () => {
  it('finishes every purchase under way and loses none: each success is in the database, ledgers add up', async () => {
    const tokens = await Promise.all(
      cards.map(async (c, i) => {
        const r = await fetch(`${base}/api/simLogin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.9.${i}` },
          body: JSON.stringify({ sn: c.simNo, agreeProtocol: true }),
        });
        const b = (await r.json()) as { code: number; data: { token: string; simNo: string } };
        expect(b.code).toBe(0);
        return { 'x-sim-token': b.data.token, 'x-sim-no': b.data.simNo };
      }),
    );
    const outcomes = new Map<string, Outcome[]>(cards.map((c) => [c.simNo, []]));
    let stopped = false;
    // Three buyers per card keep purchases going until the server stops answering.
    const buyer = async (i: number) => {
      const c = cards[i % cards.length]!;
      while (!stopped) {
        try {
          const r = await fetch(`${base}/api/iot/buyPackage`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), ...tokens[i % cards.length] },
            body: JSON.stringify({ packageId, payMethod: 'balance' }),
          });
          const b = (await r.json()) as { code: number; data?: { order?: { orderNo: string } } };
          outcomes.get(c.simNo)!.push({ status: r.status, code: b.code, orderNo: b.data?.order?.orderNo });
          if (r.status === 503) return;
        } catch (err) {
          // The listener is gone (refused) or an idle connection was closed before the request went out.
          outcomes.get(c.simNo)!.push({ error: String((err as Error).cause ?? err) });
          return;
        }
      }
    };
    const load = Array.from({ length: 12 }, (_, i) => buyer(i));
    // The stop comes with purchases under way: once a dozen have gone through (however busy the machine).
    const succeeded = () => [...outcomes.values()].flat().filter((o) => 'status' in o && o.status === 200).length;
    for (let waited = 0; succeeded() < 12 && waited < 30_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    const code = await exited;
    stopped = true;
    await Promise.all(load);
    expect(code, log).toBe(0);
    expect(log).toContain('shut down cleanly');

    const all = [...outcomes.values()].flat();
    const replies = all.filter((o): o is Exclude<Outcome, { error: string }> => 'status' in o);
    // Every reply is a success or the clean 503 of a closing server: no other 5xx, no failure.
    expect(replies.filter((o) => !(o.status === 200 && o.code === 0) && !(o.status === 503 && o.code === -1))).toEqual([]);
    expect(replies.filter((o) => o.status === 200).length).toBeGreaterThan(10);

    const db = openDb({ dialect: 'sqlite', file });
    try {
      for (const c of cards) {
        const succeeded = (outcomes.get(c.simNo) ?? []).flatMap((o) => ('orderNo' in o && o.orderNo && o.code === 0 ? [o.orderNo] : []));
        const orders = await db.db
          .selectFrom('iot_orders')
          .select(['order_no', 'status'])
          .where('sim_id', '=', c.id)
          .where('package_id', '=', packageId)
          .execute();
        // Nothing done without its reply, nothing replied without being done, and each order is whole.
        expect(orders.map((o) => o.order_no).sort()).toEqual([...succeeded].sort());
        expect(orders.every((o) => o.status === 'effective')).toBe(true);
        const sim = await db.db.selectFrom('iot_sims').select('balance').where('id', '=', c.id).executeTakeFirstOrThrow();
        expect(sim.balance).toBe(OPENING - PRICE * succeeded.length);
      }
      expect(await ledgerMismatches(db.db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
