/**
 * A stand-in for China Unicom's CMP (Control Center REST, `/rws/api/v1/...`) on an ephemeral local
 * port, for the tests (never imported by the server). It checks HTTP Basic (user name and API key),
 * answers the device, its cycle-to-date usage in bytes, its audit trail and session, takes `PUT`
 * changes and applies them `applyAfterMs` later, answers errors as `{ errorCode, errorMessage }` with
 * a 4xx status, refuses a second concurrent call and more than `qps` calls a second (429, 10000024),
 * and can add latency and given failures. Counts every request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chinaDay, chinaMonth, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';

export interface FakeUnicomDevice {
  iccid: string;
  msisdn: string;
  status: string;
  ratePlan: string;
  communicationPlan: string;
  imei: string;
  operatorCustom1: string;
  operatorCustom2: string;
  online: boolean;
  audit: { field: string; priorValue: string; value: string; userName: string; effectiveDate: string }[];
  /** How many rate plan changes were applied. */
  ratePlanChanges: number;
}

export interface FakeUnicom {
  url: string;
  username: string;
  apiKey: string;
  devices: Map<string, FakeUnicomDevice>;
  addDevice(iccid: string, msisdn: string): FakeUnicomDevice;
  clock: number | null;
  qps: number;
  latencyMs: number;
  applyAfterMs: number;
  /** MB a device used on a day (the cycle counter sums them, today's share so far included). */
  dayMb: ((iccid: string, day: string) => number) | null;
  /** The next call of a kind (`device`, `ctdUsages`, `auditTrails`, `sessionInfo`, `put`) answers this error. */
  failNext(kind: string, httpStatus: number, errorCode: string, errorMessage?: string): void;
  requests: { method: string; path: string; body: unknown }[];
  /** Calls answered while another was in progress (Control Center allows one at a time). */
  concurrent: number;
  close(): Promise<void>;
}

export async function startFakeUnicom(options: { username?: string; apiKey?: string } = {}): Promise<FakeUnicom> {
  const failures = new Map<string, { status: number; code: string; message: string }[]>();
  const pending: { at: number; apply: () => void }[] = [];
  let window = { second: 0, calls: 0 };
  let inFlight = 0;
  const fake: FakeUnicom = {
    url: '',
    username: options.username ?? 'simshop_cu',
    apiKey: options.apiKey ?? 'fake-cu-api-key-0123456789',
    devices: new Map(),
    clock: null,
    qps: 0,
    latencyMs: 0,
    applyAfterMs: 0,
    dayMb: null,
    requests: [],
    concurrent: 0,
    addDevice(iccid, msisdn) {
      const device: FakeUnicomDevice = {
        iccid,
        msisdn,
        status: 'ACTIVATED',
        ratePlan: 'CU_BASE',
        communicationPlan: 'IOT_DATA',
        imei: `86${iccid.slice(-13)}`,
        operatorCustom1: '1',
        operatorCustom2: `86${iccid.slice(-13)}`,
        online: true,
        audit: [],
        ratePlanChanges: 0,
      };
      fake.devices.set(iccid, device);
      return device;
    },
    failNext(kind, httpStatus, errorCode, errorMessage = 'error') {
      failures.set(kind, [...(failures.get(kind) ?? []), { status: httpStatus, code: errorCode, message: errorMessage }]);
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
  /** Bytes used in the current month up to now: the closed days, and today's share so far. */
  const ctdBytes = (d: FakeUnicomDevice) => {
    const t = now();
    const today = dayStart(t);
    let mb = 0;
    for (let day = dayStartOf(`${chinaMonth(t)}-01`); day < today; day += DAY_MS) mb += fake.dayMb?.(d.iccid, chinaDay(day)) ?? 0;
    mb += ((fake.dayMb?.(d.iccid, chinaDay(today)) ?? 0) * (t - today)) / DAY_MS;
    return Math.floor(mb * 1_048_576);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', async () => {
      inFlight++;
      if (inFlight > 1) fake.concurrent++;
      try {
        await handle(req.method ?? 'GET', req.url ?? '/', req.headers.authorization ?? '', raw, (status, body) => {
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        });
      } finally {
        inFlight--;
      }
    });
  });

  async function handle(method: string, rawUrl: string, auth: string, raw: string, send: (status: number, body: unknown) => void) {
    const url = new URL(rawUrl, 'http://fake');
    const path = url.pathname.replace(/^\/rws\/api\/v1\//, '');
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return send(400, { errorCode: '10000003', errorMessage: 'Invalid JSON' });
    }
    fake.requests.push({ method, path, body });
    if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
    settle();
    const expected = `Basic ${Buffer.from(`${fake.username}:${fake.apiKey}`).toString('base64')}`;
    if (auth !== expected) return send(401, { errorCode: '10000001', errorMessage: 'Invalid credentials' });
    if (fake.qps > 0) {
      const second = Math.floor(Date.now() / 1000);
      if (window.second !== second) window = { second, calls: 0 };
      if (++window.calls > fake.qps) return send(429, { errorCode: '10000024', errorMessage: 'Rate limit exceeded' });
    }
    const m = /^devices\/([^/]+)(?:\/(ctdUsages|auditTrails|sessionInfo))?$/.exec(path);
    if (!m) return send(404, { errorCode: '10000003', errorMessage: 'Unknown resource' });
    const failure = failures.get(method === 'PUT' ? 'put' : (m[2] ?? 'device'))?.shift();
    if (failure) return send(failure.status, { errorCode: failure.code, errorMessage: failure.message });
    const d = fake.devices.get(decodeURIComponent(m[1]!));
    if (!d) return send(404, { errorCode: '20000001', errorMessage: 'Resource not found - Invalid ICCID' });
    const sub = m[2];
    if (method === 'GET' && !sub) {
      const { audit: _a, online: _o, ratePlanChanges: _r, ...fields } = d;
      return send(200, { ...fields, dateUpdated: new Date(now()).toISOString() });
    }
    if (method === 'GET' && sub === 'ctdUsages') {
      return send(200, {
        iccid: d.iccid,
        status: d.status,
        ratePlan: d.ratePlan,
        ctdDataUsage: ctdBytes(d),
        ctdSMSUsage: 0,
        ctdVoiceUsage: 0,
      });
    }
    if (method === 'GET' && sub === 'auditTrails') return send(200, { iccid: d.iccid, deviceAuditTrails: d.audit });
    if (method === 'GET' && sub === 'sessionInfo') {
      const up = d.online && d.status === 'ACTIVATED' && d.communicationPlan !== 'IOT_NO_DATA';
      return send(
        200,
        up ? { iccid: d.iccid, ipAddress: '10.1.0.1', dateSessionStarted: new Date(now()).toISOString() } : { iccid: d.iccid },
      );
    }
    if (method === 'PUT' && !sub) {
      const changes = Object.entries(body ?? {}).filter(([k]) => ['status', 'ratePlan', 'communicationPlan'].includes(k));
      if (changes.length === 0) return send(400, { errorCode: '10000003', errorMessage: 'Nothing to change' });
      for (const [k, v] of changes) {
        if (typeof v !== 'string' || v === '') return send(400, { errorCode: '10000003', errorMessage: `Invalid ${k}` });
        if (k === 'ratePlan' && v.startsWith('REFUSE')) return send(400, { errorCode: '30000001', errorMessage: 'Rate plan not allowed' });
      }
      const apply = () => {
        for (const [k, v] of changes as [keyof FakeUnicomDevice & string, string][]) {
          d.audit.push({
            field: k === 'status' ? 'Status' : k,
            priorValue: String(d[k]),
            value: v,
            userName: fake.username,
            effectiveDate: new Date(now()).toISOString(),
          });
          if (k === 'ratePlan') d.ratePlanChanges++;
          (d as unknown as Record<string, string>)[k] = v;
        }
      };
      if (fake.applyAfterMs <= 0) apply();
      else pending.push({ at: Date.now() + fake.applyAfterMs, apply });
      return send(200, { iccid: d.iccid });
    }
    return send(405, { errorCode: '10000003', errorMessage: 'Method not allowed' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
