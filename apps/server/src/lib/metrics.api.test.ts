import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { client, deliver, key, makeCard, payAtCashier, simLogin } from '../modules/iot-money/test-kit.ts';
import { startJobs } from './jobs.ts';

const TOKEN = 'metrics-token-for-the-scraper';
let t: TestApp;
let closed: TestApp;
beforeAll(async () => {
  [t, closed] = await Promise.all([createTestApp({ metricsToken: TOKEN }), createTestApp()]);
});
afterAll(async () => Promise.all([t.close(), closed.close()]));

/** The scrape as a map of `name{labels}` to value. */
async function scrape(): Promise<Map<string, number>> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of res.body.split('\n')) {
    const m = /^(\S+?(?:\{.*\})?) (\S+)$/.exec(line);
    if (m && !line.startsWith('#')) samples.set(m[1]!, Number(m[2]));
  }
  return samples;
}
const value = (s: Map<string, number>, name: string) => s.get(name) ?? 0;

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const res = await closed.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the bearer token or with another', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('simshop_');
    }
  });

  it('counts requests by route pattern, not by URL, and has the process metrics', async () => {
    const before = await scrape();
    const files = (s: Map<string, number>) =>
      [...s]
        .filter(([k]) => k.startsWith('simshop_http_request_duration_seconds_count{method="GET",route="/api/files/:id",'))
        .reduce((a, [, v]) => a + v, 0);
    await t.app.inject({ url: '/api/files/123456' });
    await t.app.inject({ url: '/api/files/654321' });
    await t.app.inject({ url: '/healthz' });
    const after = await scrape();
    expect(files(after) - files(before)).toBe(2);
    const health = 'simshop_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}';
    expect(value(after, health) - value(before, health)).toBe(1);
    expect([...after.keys()].some((k) => k.includes('123456'))).toBe(false);
    expect(after.has('simshop_process_cpu_user_seconds_total')).toBe(true);
    expect(after.has('simshop_nodejs_heap_size_used_bytes')).toBe(true);
    expect(after.get('simshop_job_queue_depth{job="iot.provisioning"}')).toBe(0);
  });

  it('counts purchases and payments created and paid', async () => {
    const sn = (await makeCard(t.app, { balance: 10_000 })).simNo;
    const c = client(t.app, await simLogin(t.app, sn));
    const pkg = await t.app.db.db.selectFrom('iot_packages').select('id').where('name', '=', '加油包 5GB 7 天').executeTakeFirstOrThrow();
    const before = await scrape();
    const bought = await c.post('/api/iot/buyPackage', { packageId: pkg.id, payMethod: 'balance' }, { 'idempotency-key': key() });
    expect(bought.code).toBe(0);
    const offer = (await c.get('/api/iot/balanceChoose')).data.offers.find((o: any) => o.payAmount === 5000);
    const created = await c.post('/api/iot/createBalanceOrder', { offerId: offer.id, method: 'sandbox' }, { 'idempotency-key': key() });
    expect(created.code).toBe(0);
    const n = await payAtCashier(t.app, created.data.payment.paymentNo, Date.now(), t.config.paymentSecret);
    await Promise.all([deliver(t.app, n), deliver(t.app, n)]);
    const after = await scrape();
    const delta = (name: string) => value(after, name) - value(before, name);
    expect(delta('simshop_purchases_total{product="iot-package",pay="balance"}')).toBe(1);
    expect(delta('simshop_payments_total{event="created",method="sandbox"}')).toBe(1);
    expect(delta('simshop_payments_total{event="paid",method="sandbox"}')).toBe(1);
    expect(delta('simshop_sms_total{outcome="sent"}')).toBe(0);
  });

  it('counts background job runs and failures', async () => {
    let runs = 0;
    const runner = startJobs(
      [
        {
          name: 'test.flaky',
          everyMs: 5,
          run: async () => {
            runs++;
            if (runs === 2) throw new Error('second run fails');
          },
        },
      ],
      { log: t.app.log, locks: t.app.shared.locks },
    );
    await expect.poll(() => runs, { timeout: 2000 }).toBeGreaterThanOrEqual(3);
    await runner.stop();
    const s = await scrape();
    expect(value(s, 'simshop_job_runs_total{job="test.flaky",outcome="failed"}')).toBe(1);
    expect(value(s, 'simshop_job_runs_total{job="test.flaky",outcome="ok"}')).toBe(runs - 1);
  });
});
