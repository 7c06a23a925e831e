/**
 * The fake OneLink platform of the carrier-sync bench, in a process of its own (its time is not
 * ours): the tests' fake (apps/server/src/providers/carrier/fake-onelink.ts) holding the bench's
 * fleet, at the limits it documents: at most 100 cards a batch call, a calls-a-second limit (12022
 * beyond it), a token that expires (12021, then a new login), and latency on every answer. It
 * counts each card's appearances in the daily usage queries, per day asked, and answers the bench
 * process's questions over IPC.
 *
 * Settings from the environment: FAKE_CARDS, FAKE_QPS, FAKE_LATENCY_MS, FAKE_TOKEN_TTL_S,
 * FAKE_EXPIRE_EVERY_CALLS (tokens dropped early), FAKE_PORTS (low-high).
 */
import { startFakeOneLink } from '../apps/server/src/providers/carrier/fake-onelink.ts';
import { fleetIccid, fleetMsisdn, fleetSeqOf } from './fleet.ts';

const cards = Number(process.env.FAKE_CARDS ?? 1000);
const [low, high] = (process.env.FAKE_PORTS ?? '18131-18139').split('-').map(Number) as [number, number];
const fake = await startFakeOneLink({ appid: '500001', password: 'bench-onelink-pass', ports: [low, high] });
fake.qps = Number(process.env.FAKE_QPS ?? 200);
fake.latencyMs = Number(process.env.FAKE_LATENCY_MS ?? 5);
fake.tokenTtlSeconds = Number(process.env.FAKE_TOKEN_TTL_S ?? 120);
// The platform also drops tokens before their time (12021 to the next call with one: a new login),
// here after every FAKE_EXPIRE_EVERY_CALLS answered usage queries.
const expireEvery = Number(process.env.FAKE_EXPIRE_EVERY_CALLS ?? 1000);
let expiredAt = 0;
// A card's use of a day: 1 to 200 MB, fixed by its number and the day.
fake.dayKb = (msisdn, day) => (((Number(msisdn.slice(-6)) * 7 + Number(day.slice(-2)) * 13) % 200) + 1) * 1024;
for (let i = 0; i < cards; i++) fake.addCard(fleetMsisdn(i), fleetIccid(i));

/** Appearances of each card in the daily queries, per day asked (a byte each, saturating at 255). */
const perDay = new Map<string, Uint8Array>();
const stats = { calls: 0, dailyCalls: 0, throttled: 0, expiredTokens: 0, otherPaths: new Map<string, number>() };
/** Calls not answered yet when last read (latency): read again next time. */
let unanswered: typeof fake.requests = [];

const DAILY = 'query/sim-data-usage-daily/batch';
/** Reads the calls the fake recorded since the last time (and forgets them: its list would grow). */
function drain() {
  const calls = [...unanswered, ...fake.requests.splice(0)];
  unanswered = [];
  for (const r of calls) {
    if (r.status === undefined) {
      unanswered.push(r);
      continue;
    }
    stats.calls++;
    if (r.status === '12022') stats.throttled++;
    if (r.status === '12021') stats.expiredTokens++;
    if (r.path !== DAILY) {
      stats.otherPaths.set(r.path, (stats.otherPaths.get(r.path) ?? 0) + 1);
      continue;
    }
    if (r.status !== '0') continue;
    stats.dailyCalls++;
    if (expireEvery > 0 && stats.dailyCalls - expiredAt >= expireEvery) {
      expiredAt = stats.dailyCalls;
      fake.expireTokens();
    }
    const day = r.params.queryDate ?? '';
    let counts = perDay.get(day);
    if (!counts) {
      counts = new Uint8Array(cards);
      perDay.set(day, counts);
    }
    for (const m of (r.params.msisdns ?? '').split('_')) {
      const seq = fleetSeqOf(m);
      if (seq >= 0 && seq < cards && counts[seq]! < 255) counts[seq]!++;
    }
  }
}
setInterval(drain, 200).unref();

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'stats') {
    drain();
    const days: Record<string, { once: number; never: number; more: number }> = {};
    for (const [day, counts] of perDay) {
      let once = 0;
      let never = 0;
      let more = 0;
      for (const c of counts) {
        if (c === 1) once++;
        else if (c === 0) never++;
        else more++;
      }
      days[day] = { once, never, more };
    }
    process.send?.({
      type: 'stats',
      calls: stats.calls,
      dailyCalls: stats.dailyCalls,
      throttled: stats.throttled,
      expiredTokens: stats.expiredTokens,
      tokensIssued: fake.tokensIssued,
      otherPaths: Object.fromEntries(stats.otherPaths),
      days,
    });
  } else if (msg.type === 'reset') {
    drain();
    perDay.clear();
    stats.calls = 0;
    stats.dailyCalls = 0;
    stats.throttled = 0;
    stats.expiredTokens = 0;
    stats.otherPaths.clear();
    process.send?.({ type: 'reset' });
  } else if (msg.type === 'stop') {
    void fake.close().then(() => process.exit(0));
  }
});
process.send?.({ type: 'ready', url: fake.url, appid: fake.appid, password: fake.password });
