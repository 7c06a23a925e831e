/**
 * A stand-in for China Mobile OneLink EC API v5 on an ephemeral local port, for the tests (never
 * imported by the server). It answers as the public documentation describes: `{ status, message,
 * result: [...] }`, a token from appid + password that expires (12021 once it has), `transid`
 * checked (appid + 14-digit time + 8 digits, never reused), batches of at most 100 cards, day
 * figures for the last 7 days up to yesterday and month figures up to yesterday, in KB;
 * asynchronous state changes that take effect `applyAfterMs` later, a card changed twice within 30
 * minutes refused; and, when asked, throttling (a calls-per-second limit), latency and given errors.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chinaDay, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';

export interface FakeOneLinkCard {
  msisdn: string;
  iccid: string;
  /** cardStatus (OneLink-CT): 2 active, 4 stopped, ... */
  cardStatus: string;
  apnOpen: boolean;
  /** stopReason code while stopped. */
  stopReason: string;
  online: boolean;
  /** 0 not registered, 1 registered, 2 under review. */
  realNameStatus: string;
  imei: string;
  bindImei: string;
  separated: boolean;
  offerings: { offeringId: string; orderNum: string; effectiveDate: string }[];
  speed: string | null;
  /** KB used per UTC+8 day (YYYY-MM-DD). */
  usageKb: Map<string, number>;
  /** When the card was last changed (30-minute rule). */
  changedAt: number;
}

export interface FakeOneLink {
  url: string;
  appid: string;
  password: string;
  cards: Map<string, FakeOneLinkCard>;
  addCard(msisdn: string, iccid: string): FakeOneLinkCard;
  /** The platform's clock for "today" and the 30-minute rule (null: the wall clock). */
  clock: number | null;
  tokenTtlSeconds: number;
  /** Calls a second allowed per account before 12022 (0: no limit). */
  qps: number;
  /** Added before each answer. */
  latencyMs: number;
  /** KB a card used on a day it has no figure set for (null: none). */
  dayKb: ((msisdn: string, day: string) => number) | null;
  /** How long an accepted change takes to be done (wall clock). */
  applyAfterMs: number;
  /** Makes every issued token expire now. */
  expireTokens(): void;
  /** The next call of `path` (e.g. `query/sim-status`) answers this status instead. */
  failNext(path: string, status: string, message?: string): void;
  /** The next call of `path` answers this HTTP status with no envelope. */
  httpFailNext(path: string, httpStatus: number): void;
  /** Every call, with the envelope's status once answered (absent: no envelope, or not answered yet). */
  requests: { path: string; params: Record<string, string>; status?: string }[];
  tokensIssued: number;
  close(): Promise<void>;
}

const ok = (result: unknown[]) => ({ status: '0', message: '正确', result });
const fail = (status: string, message: string) => ({ status, message, result: [] });

export async function startFakeOneLink(
  options: {
    appid?: string;
    password?: string /** The ports it may listen on (a browser test's own range). */;
    ports?: [number, number];
  } = {},
): Promise<FakeOneLink> {
  const appid = options.appid ?? '100001';
  const password = options.password ?? 'fake-onelink-secret';
  const tokens = new Map<string, number>();
  const transids = new Set<string>();
  const failures = new Map<string, { status: string; message: string }[]>();
  const httpFailures = new Map<string, number[]>();
  const pending: { at: number; apply: () => void }[] = [];
  let window = { second: 0, calls: 0 };
  let orderSeq = 0;

  const fake: FakeOneLink = {
    url: '',
    appid,
    password,
    cards: new Map(),
    clock: null,
    tokenTtlSeconds: 3600,
    qps: 0,
    latencyMs: 0,
    dayKb: null,
    applyAfterMs: 0,
    requests: [],
    tokensIssued: 0,
    addCard(msisdn, iccid) {
      const card: FakeOneLinkCard = {
        msisdn,
        iccid,
        cardStatus: '2',
        apnOpen: true,
        stopReason: '',
        online: true,
        realNameStatus: '1',
        imei: `86${msisdn.slice(-13).padStart(13, '0')}`,
        bindImei: `86${msisdn.slice(-13).padStart(13, '0')}`,
        separated: false,
        offerings: [],
        speed: null,
        usageKb: new Map(),
        changedAt: Number.NEGATIVE_INFINITY,
      };
      fake.cards.set(msisdn, card);
      return card;
    },
    expireTokens() {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    failNext(path, status, message = 'error') {
      failures.set(path, [...(failures.get(path) ?? []), { status, message }]);
    },
    httpFailNext(path, httpStatus) {
      httpFailures.set(path, [...(httpFailures.get(path) ?? []), httpStatus]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const now = () => fake.clock ?? Date.now();
  const settle = () => {
    const t = Date.now();
    for (let i = pending.length - 1; i >= 0; i--) {
      if (pending[i]!.at <= t) {
        pending[i]!.apply();
        pending.splice(i, 1);
      }
    }
  };
  const later = (apply: () => void) => {
    if (fake.applyAfterMs <= 0) apply();
    else pending.push({ at: Date.now() + fake.applyAfterMs, apply });
  };

  /** The answer to one call of `path` (after the token, transid and throttling checks). */
  function answer(path: string, p: Record<string, string>): object {
    const single = () => fake.cards.get(p.msisdn ?? '') ?? [...fake.cards.values()].find((c) => c.iccid === p.iccid);
    const list = (key: string) => (p[key] ?? '').split('_').filter(Boolean);
    const today = dayStart(now());
    const changeable = (card: FakeOneLinkCard) => now() - card.changedAt >= 30 * 60_000;
    switch (path) {
      case 'query/sim-data-usage-daily/batch':
      case 'query/sim-data-usage-monthly/batch': {
        const msisdns = list('msisdns');
        if (msisdns.length === 0 || msisdns.length > 100) return fail('12009', '参数错误：msisdns 为 1 到 100 个号码');
        const daily = path.includes('daily');
        const q = p.queryDate ?? '';
        let days: string[];
        if (daily) {
          if (!/^\d{8}$/.test(q)) return fail('12009', '参数错误：queryDate');
          const day = `${q.slice(0, 4)}-${q.slice(4, 6)}-${q.slice(6)}`;
          const start = dayStartOf(day);
          if (start + DAY_MS > today || start < today - 7 * DAY_MS) return fail('12009', '仅支持查询近7天中某一天的数据，截止前一天');
          days = [day];
        } else {
          if (!/^\d{6}$/.test(q)) return fail('12009', '参数错误：queryDate');
          const month = `${q.slice(0, 4)}-${q.slice(4)}`;
          days = [];
          for (let d = dayStartOf(`${month}-01`); chinaDay(d).startsWith(month) && d + DAY_MS <= today; d += DAY_MS) days.push(chinaDay(d));
        }
        const dataAmountList = msisdns
          .map((m) => fake.cards.get(m))
          .filter((c): c is FakeOneLinkCard => c !== undefined)
          .map((c) => ({
            msisdn: c.msisdn,
            dataAmount: String(days.reduce((sum, d) => sum + (c.usageKb.get(d) ?? fake.dayKb?.(c.msisdn, d) ?? 0), 0)),
          }));
        return ok([{ dataAmountList }]);
      }
      case 'query/sim-status': {
        const c = single();
        return c ? ok([{ cardStatus: c.cardStatus, lastChangeDate: '20260101000000' }]) : fail('12016', '该号码不属于本集团');
      }
      case 'query/sim-stop-reason': {
        const c = single();
        return c
          ? ok([{ stopReason: c.stopReason, shutdownReasonDesc: c.stopReason === '01' ? '主动停机' : '' }])
          : fail('12016', '该号码不属于本集团');
      }
      case 'query/apn-info': {
        const c = single();
        return c ? ok([{ apnList: [{ apnName: 'CMIOT', status: c.apnOpen ? '0' : '1' }] }]) : fail('12016', '该号码不属于本集团');
      }
      case 'query/sim-session': {
        const c = single();
        if (!c) return fail('12016', '该号码不属于本集团');
        const up = c.online && c.apnOpen && c.cardStatus === '2';
        return ok([{ simSessionList: up ? [{ status: '01', ip: '10.0.0.1', apnId: 'CMIOT', rat: '6' }] : [] }]);
      }
      case 'query/sim-real-name-status': {
        const c = single();
        return c ? ok([{ realNameStatus: c.realNameStatus }]) : fail('12016', '该号码不属于本集团');
      }
      case 'query/sim-imei': {
        const c = single();
        return c ? ok([{ imei: c.imei }]) : fail('12016', '该号码不属于本集团');
      }
      case 'query/card-bind-status': {
        const c = single();
        return c ? ok([{ result: c.separated ? '1' : '0', bindImei: c.bindImei }]) : fail('12016', '该号码不属于本集团');
      }
      case 'query/ordered-offerings': {
        const c = single();
        return c
          ? ok([{ offeringInfoList: c.offerings.map((o) => ({ offeringId: o.offeringId, effectiveDate: o.effectiveDate })) }])
          : fail('12016', '该号码不属于本集团');
      }
      case 'operate/sim-apn-function':
      case 'change/sim-status': {
        const c = single();
        if (!c) return fail('12016', '该号码不属于本集团');
        if (!['0', '1'].includes(p.operType ?? '')) return fail('12009', '参数错误：operType');
        if (!changeable(c)) return fail('12034', '同一号码30分钟内不能重复办理');
        c.changedAt = now();
        const orderNum = `OL${++orderSeq}`;
        if (path === 'change/sim-status') {
          const stop = p.operType === '0';
          if (stop ? c.cardStatus !== '2' : c.cardStatus !== '4') return fail('12061', '当前状态不允许此操作');
          later(() => {
            c.cardStatus = stop ? '4' : '2';
            c.stopReason = stop ? '01' : '';
          });
        } else {
          later(() => {
            c.apnOpen = p.operType === '0';
          });
        }
        return ok([{ orderNum }]);
      }
      case 'change/sim-offering': {
        const c = single();
        if (!c) return fail('12016', '该号码不属于本集团');
        if (!p.offeringId) return fail('12009', '参数错误：offeringId');
        if (p.offeringId.startsWith('REFUSE')) return fail('12061', '该资费不允许订购');
        const orderNum = `OL${++orderSeq}`;
        later(() => c.offerings.push({ offeringId: p.offeringId!, orderNum, effectiveDate: chinaDay(now()).replaceAll('-', '') }));
        return ok([{ orderNum }]);
      }
      case 'operate/network-speed': {
        const c = single();
        if (!c) return fail('12016', '该号码不属于本集团');
        c.speed = p.operType === '2' ? null : (p.speedLevel ?? null);
        return ok([{ orderNum: `OL${++orderSeq}` }]);
      }
      default:
        return fail('12009', `未知接口 ${path}`);
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const path = url.pathname.replace(/^\/v5\/ec\//, '');
    const call: FakeOneLink['requests'][number] = { path, params };
    fake.requests.push(call);
    if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
    settle();
    const send = (body: object, status = 200) => {
      if (res.destroyed) return;
      if ('status' in body && typeof body.status === 'string') call.status = body.status;
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const httpFailure = httpFailures.get(path)?.shift();
    if (httpFailure) return send({ error: 'gateway' }, httpFailure);
    const transid = params.transid ?? '';
    if (!new RegExp(`^${appid}\\d{14}\\d{8}$`).test(transid)) return send(fail('12009', '参数错误：transid'));
    if (transids.has(transid)) return send(fail('12009', 'transid 重复'));
    transids.add(transid);
    if (fake.qps > 0) {
      const second = Math.floor(Date.now() / 1000);
      if (window.second !== second) window = { second, calls: 0 };
      if (++window.calls > fake.qps) return send(fail('12022', '接口调用频率超过限制'));
    }
    if (path === 'get/token') {
      if (params.appid !== appid || params.password !== password) return send(fail('12002', 'appid 或密码错误'));
      const token = `${fake.tokensIssued++}${Math.random().toString(16).slice(2)}`.padEnd(32, '0');
      tokens.set(token, Date.now() + fake.tokenTtlSeconds * 1000);
      return send(ok([{ token, ttl: String(fake.tokenTtlSeconds) }]));
    }
    const expires = tokens.get(params.token ?? '');
    if (expires === undefined || expires <= Date.now()) return send(fail('12021', 'token 不存在或已过期'));
    const failure = failures.get(path)?.shift();
    if (failure) return send(fail(failure.status, failure.message));
    return send(answer(path, params));
  });
  // A free port among those the tests may use (18400-18499 unless given).
  const [low, high] = options.ports ?? [18400, 18499];
  const span = high - low + 1;
  const first = Math.floor(Math.random() * span);
  for (let i = 0; ; i++) {
    const port = low + ((first + i) % span);
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) break;
    if (i >= span - 1) throw new Error(`no free port in ${low}-${high} for the fake OneLink server`);
  }
  server.removeAllListeners('error');
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
