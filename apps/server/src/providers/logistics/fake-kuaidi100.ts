/**
 * A stand-in for Kuaidi100 on an ephemeral local port, for the tests (never imported by the
 * server). It answers as the public documentation describes: `POST /poll` (subscribe: `{ result,
 * returnCode, message }`; 600 for a bad key, 501 for a repeated subscription, 700 for a bad
 * param), `POST /poll/query.do` (the real-time query: a track `{ message: "ok", status: "200",
 * state, ischeck, com, nu, data }` newest first, or `{ result: false, returnCode }`: 503 bad
 * signature, 601 bad customer, 500 no result for an unknown number), throttling (502 beyond a
 * number of calls a second), and pushes signed MD5(param + salt) upper case like the real one.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { md5Upper } from './kuaidi100.ts';

export interface FakeTrackItem {
  /** China time, yyyy-MM-dd HH:mm:ss. */
  time: string;
  context: string;
  status: string;
  areaCode: string;
  areaName: string;
}

/** A parcel from Shenzhen to Beijing: three events, newest first, as Kuaidi100 gives them (resultv2=1). */
export const SAMPLE_TRACK: FakeTrackItem[] = [
  {
    time: '2026-03-21 09:15:00',
    context: '【北京市】快件已到达 北京东城营业部',
    status: '在途',
    areaCode: 'CN110101000000',
    areaName: '北京,东城区',
  },
  {
    time: '2026-03-20 18:02:11',
    context: '【深圳市】快件已从 深圳转运中心 发出',
    status: '在途',
    areaCode: 'CN440300000000',
    areaName: '广东,深圳市',
  },
  {
    time: '2026-03-20 10:30:00',
    context: '【深圳市】顺丰速运 已收取快件',
    status: '揽收',
    areaCode: 'CN440300000000',
    areaName: '广东,深圳市',
  },
];

export interface FakeParcel {
  com: string;
  nu: string;
  /** 0 in transit, 1 collected, 3 signed for, 5 out for delivery... */
  state: string;
  /** Newest first, as Kuaidi100 gives them. */
  data: FakeTrackItem[];
}

export interface FakeKuaidi100 {
  url: string;
  key: string;
  customer: string;
  parcels: Map<string, FakeParcel>;
  /** Subscriptions received: the parcel's number, its callback URL and salt. */
  subscriptions: Map<string, { company: string; callbackurl: string; salt: string; from: string; to: string }>;
  /** Calls a second allowed before 502 (0: no limit). */
  qps: number;
  addParcel(com: string, nu: string, data: FakeTrackItem[], state?: string): FakeParcel;
  /** The form of a push of the parcel's track, signed with its subscription's salt (or the one given). */
  pushForm(nu: string, salt?: string): { param: string; sign: string };
  requests: { path: string; form: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startFakeKuaidi100(options: { key?: string; customer?: string } = {}): Promise<FakeKuaidi100> {
  const key = options.key ?? 'fake-kuaidi100-key';
  const customer = options.customer ?? 'FAKECUSTOMER0001';
  const parcels = new Map<string, FakeParcel>();
  const subscriptions: FakeKuaidi100['subscriptions'] = new Map();
  const requests: FakeKuaidi100['requests'] = [];
  let windowStart = 0;
  let callsInWindow = 0;

  const fake: FakeKuaidi100 = {
    url: '',
    key,
    customer,
    parcels,
    subscriptions,
    qps: 0,
    requests,
    addParcel(com, nu, data, state = '0') {
      const p = { com, nu, state, data: [...data] };
      parcels.set(nu, p);
      return p;
    },
    pushForm(nu, salt) {
      const p = parcels.get(nu);
      if (!p) throw new Error(`no parcel ${nu}`);
      const sub = subscriptions.get(nu);
      const param = JSON.stringify({
        status: p.state === '3' ? 'shutdown' : 'polling',
        billstatus: 'got',
        message: '',
        lastResult: {
          message: 'ok',
          state: p.state,
          status: '200',
          condition: 'F00',
          ischeck: p.state === '3' ? '1' : '0',
          com: p.com,
          nu: p.nu,
          data: p.data,
        },
      });
      return { param, sign: md5Upper(param + (salt ?? sub?.salt ?? '')) };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (path: string, form: Record<string, string>): unknown => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      callsInWindow = 0;
    }
    callsInWindow += 1;
    if (fake.qps > 0 && callsInWindow > fake.qps) return { result: false, returnCode: '502', message: '服务器繁忙，请稍后再试' };
    let param: Record<string, unknown>;
    try {
      param = JSON.parse(form.param ?? '');
    } catch {
      return { result: false, returnCode: path === '/poll' ? '700' : '400', message: '提交的数据不完整' };
    }
    if (path === '/poll') {
      if (form.schema !== 'json') return { result: false, returnCode: '700', message: '订阅方的订阅数据存在错误' };
      if (param.key !== key) return { result: false, returnCode: '600', message: '您不是合法的订阅者（即授权Key出错）' };
      const number = String(param.number ?? '');
      const parameters = (param.parameters ?? {}) as Record<string, unknown>;
      if (!number || !parameters.callbackurl) return { result: false, returnCode: '700', message: '订阅方的订阅数据存在错误' };
      if (subscriptions.has(number)) return { result: false, returnCode: '501', message: '重复订阅' };
      subscriptions.set(number, {
        company: String(param.company ?? ''),
        callbackurl: String(parameters.callbackurl),
        salt: String(parameters.salt ?? ''),
        from: String(param.from ?? ''),
        to: String(param.to ?? ''),
      });
      return { result: true, returnCode: '200', message: '提交成功' };
    }
    if (form.customer !== customer) return { result: false, returnCode: '601', message: 'key已过期或customer错误' };
    if (form.sign !== md5Upper(form.param + key + customer)) return { result: false, returnCode: '503', message: '验证签名失败' };
    const p = parcels.get(String(param.num ?? ''));
    if (!p || p.com !== param.com) return { result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' };
    return {
      message: 'ok',
      nu: p.nu,
      ischeck: p.state === '3' ? '1' : '0',
      com: p.com,
      status: '200',
      condition: 'F00',
      state: p.state,
      data: p.data,
    };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      if (req.method !== 'POST' || (path !== '/poll' && path !== '/poll/query.do')) {
        res.writeHead(404).end();
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ path, form });
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(answer(path, form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
