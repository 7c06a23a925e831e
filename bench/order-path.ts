/**
 * The storefront's whole order path as shoppers walk it, per second: numberList → numberDetail →
 * order/create → order/pay → the sandbox cashier's Pay → the signed notification the sandbox sends
 * back over HTTP → payResult reads paid. Shoppers run side by side, each in its own order session,
 * on different numbers (a number another shopper took is skipped, as the app does on 32001).
 *
 *   npx tsx bench/order-path.ts          (after `npm run build`)
 */
import { randomBytes } from 'node:crypto';
import { idCheckDigit } from '@simshop/contract/validate';
import { check, load, QUICK, type Row, round2, row, rssRow, startBare, startServer } from './lib.ts';

const SHOPPERS = QUICK ? 4 : 8;
const SECONDS = QUICK ? 5 : 15;

type Envelope<T> = { code: number; message: string; data: T };

const id17 = '11010519900101123';
const buyer = {
  buyerName: '张三',
  idNumber: id17 + idCheckDigit(id17),
  contactMobile: '13712345678',
  address: { province: '440000', city: '440300', county: '440305', detail: '科技园南区 1 栋 101' },
  agreed: true,
};

/** One shopper walking the path again and again until `until` (Date.now() ms): each paid path's time goes to `times`. */
export async function shopper(base: string, until: number, times: number[], skipped: { n: number }, failures: string[]): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-order-session-id': randomBytes(16).toString('hex') };
  const call = async <T>(path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await fetch(base + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { ...headers, 'idempotency-key': randomBytes(12).toString('hex') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  while (Date.now() < until) {
    const started = performance.now();
    const page = 1 + Math.floor(Math.random() * 40);
    const list = await call<{ list: { number: string }[] }>(`/api/shop/numberList?page=${page}&pageSize=20`);
    const pick = list.data.list[Math.floor(Math.random() * list.data.list.length)];
    if (!pick) continue;
    const detail = await call<{ packages: { id: number }[] }>(`/api/shop/numberDetail?number=${pick.number}`);
    const pkg = detail.data?.packages[0];
    if (!pkg) continue;
    const order = await call<{ orderNo: string }>('/api/shop/order/create', { number: pick.number, packageId: pkg.id, ...buyer });
    if (order.code === 32001) {
      skipped.n++;
      continue;
    }
    if (order.code !== 0) {
      failures.push(`create ${order.code} ${order.message}`);
      continue;
    }
    const payment = await call<{ payUrl: string }>('/api/shop/order/pay', { orderNo: order.data.orderNo, method: 'sandbox' });
    if (payment.code !== 0) {
      failures.push(`pay ${payment.code} ${payment.message}`);
      continue;
    }
    await fetch(`${base}${payment.data.payUrl}/pay`, { method: 'POST', redirect: 'manual' });
    let paid = false;
    for (let i = 0; i < 200 && !paid; i++) {
      const r = await call<{ paid: boolean }>(`/api/shop/order/payResult?orderNo=${order.data.orderNo}`);
      paid = r.code === 0 && r.data.paid;
      if (!paid) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (paid) times.push(performance.now() - started);
    else failures.push(`order ${order.data.orderNo} not paid within 5 s`);
  }
}

export async function orderPathBench(): Promise<Row[]> {
  const bare = await startBare();
  // Jobs on: the sandbox delivers its notification right after the shopper pays, as in production.
  const server = await startServer({ JOBS: 'on', SEED_NUMBERS: '20000' });
  try {
    const bareRps = (await load({ url: `${bare.url}/`, connections: 10, seconds: 3 })).rps;
    const times: number[] = [];
    const skipped = { n: 0 };
    const failures: string[] = [];
    const started = Date.now();
    await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(server.url, started + SECONDS * 1000, times, skipped, failures)));
    const elapsed = (Date.now() - started) / 1000;
    const sorted = times.sort((a, b) => a - b);
    const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
    const perSecond = round2(times.length / elapsed);
    const bench = 'storefront order path';
    return [
      row(
        bench,
        `paid orders/s, ${SHOPPERS} shoppers`,
        perSecond,
        '/s',
        null,
        `${times.length} paid, ${skipped.n} numbers taken by another; bare route ${bareRps} req/s`,
      ),
      row(bench, 'one whole path, p50', at(0.5), 'ms', null, `p99 ${at(0.99)} ms (six calls, cashier and notification)`),
      check(bench, 'every order paid', failures.length === 0 && times.length > 0, failures.slice(0, 3).join('; ') || undefined),
      rssRow(bench, server),
    ];
  } finally {
    await server.stop();
    await bare.stop();
  }
}

if (process.argv[1] === import.meta.filename) {
  const { report } = await import('./report.ts');
  process.exitCode = report(await orderPathBench()) ? 0 : 1;
}
