/**
 * A stand-in for China Telecom's IoT CMP (`/m2m_ec/query.do`) on an ephemeral local port, for the
 * tests (never imported by the server). It checks what the platform checks: the user, the password
 * encrypted with the account key and the signature of the call; answers usage in XML (MB with
 * decimals, days up to yesterday) and the rest in JSON with a resultCode; bare negative codes for a
 * request it cannot take; changes done `applyAfterMs` later; and, when asked, throttling (calls a
 * second), latency and given failures. Counts every request.
 */
import { createCipheriv } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chinaDay, DAY_MS, dayStart, dayStartOf } from '../../lib/flow-math.ts';

/** The platform's 3DES of a text under the 9-character key (written here apart from the adapter's). */
function encrypt(text: string, key: string): string {
  const k = Buffer.alloc(24);
  for (let i = 0; i < 3; i++) Buffer.from(key.slice(i * 3, i * 3 + 3), 'utf8').copy(k, i * 8);
  const c = createCipheriv('des-ede3', k, null);
  return Buffer.concat([c.update(text, 'utf8'), c.final()])
    .toString('hex')
    .toUpperCase();
}

/** What the signature covers: the call's values but the signature and password, and the plain password, sorted, comma-joined. */
const signed = (p: Record<string, string>, password: string) =>
  [
    ...Object.entries(p)
      .filter(([k]) => k !== 'sign' && k !== 'passWord')
      .map(([, v]) => v),
    password,
  ]
    .sort()
    .join(',');

export interface FakeTelecomCard {
  iccid: string;
  /** productMainStatusCd: 4 in use, 5 stopped, … */
  mainStatus: string;
  statusName: string;
  netBlocked: boolean;
  online: boolean;
  realNameStatus: string;
  imei: string;
  bindImei: string;
  separated: boolean;
  offers: string[];
  speed: string | null;
}

export interface FakeTelecom {
  url: string;
  userId: string;
  password: string;
  key: string;
  cards: Map<string, FakeTelecomCard>;
  addCard(iccid: string): FakeTelecomCard;
  clock: number | null;
  qps: number;
  latencyMs: number;
  applyAfterMs: number;
  /** Cards never seen are taken as the platform's own, added as they are first asked (a fleet already there). */
  knowsEveryCard: boolean;
  /** MB (with decimals) a card used on a day. */
  dayMb: ((iccid: string, day: string) => number) | null;
  /** The next call of `method` answers this body instead (a bare code like `-5`, or a JSON resultCode). */
  failNext(method: string, body: string): void;
  httpFailNext(method: string, httpStatus: number): void;
  requests: { method: string; params: Record<string, string> }[];
  close(): Promise<void>;
}

const json = (body: Record<string, unknown>) => JSON.stringify({ resultCode: '0', resultMsg: '处理成功', ...body });
const jsonFail = (code: string, msg: string) => JSON.stringify({ resultCode: code, resultMsg: msg });
const xml = (mb: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><root><NEW_DATA_TICKET_QRsp><IRESULT>0</IRESULT><SMSG>处理成功</SMSG><TOTAL_BYTES_CNT>${mb.toFixed(2)}MB</TOTAL_BYTES_CNT></NEW_DATA_TICKET_QRsp></root>`;
const xmlFail = (code: string, msg: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><root><NEW_DATA_TICKET_QRsp><IRESULT>${code}</IRESULT><SMSG>${msg}</SMSG></NEW_DATA_TICKET_QRsp></root>`;

export async function startFakeTelecom(options: { userId?: string; password?: string; key?: string } = {}): Promise<FakeTelecom> {
  const failures = new Map<string, string[]>();
  const httpFailures = new Map<string, number[]>();
  const pending: { at: number; apply: () => void }[] = [];
  let window = { second: 0, calls: 0 };
  let seq = 0;
  const fake: FakeTelecom = {
    url: '',
    userId: options.userId ?? 'simshop_ct',
    password: options.password ?? 'fake-ct-pass',
    key: options.key ?? 'k1ak2bk3c',
    cards: new Map(),
    clock: null,
    qps: 0,
    latencyMs: 0,
    applyAfterMs: 0,
    knowsEveryCard: false,
    dayMb: null,
    requests: [],
    addCard(iccid) {
      const card: FakeTelecomCard = {
        iccid,
        mainStatus: '4',
        statusName: '在用',
        netBlocked: false,
        online: true,
        realNameStatus: '1',
        imei: `86${iccid.slice(-13)}`,
        bindImei: `86${iccid.slice(-13)}`,
        separated: false,
        offers: [],
        speed: null,
      };
      fake.cards.set(iccid, card);
      return card;
    },
    failNext(method, body) {
      failures.set(method, [...(failures.get(method) ?? []), body]);
    },
    httpFailNext(method, httpStatus) {
      httpFailures.set(method, [...(httpFailures.get(method) ?? []), httpStatus]);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const now = () => fake.clock ?? Date.now();
  const later = (apply: () => void) => {
    if (fake.applyAfterMs <= 0) apply();
    else pending.push({ at: Date.now() + fake.applyAfterMs, apply });
  };
  const settle = () => {
    const t = Date.now();
    for (let i = pending.length - 1; i >= 0; i--) {
      if (pending[i]!.at <= t) {
        pending[i]!.apply();
        pending.splice(i, 1);
      }
    }
  };
  const day = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

  function answer(method: string, p: Record<string, string>): string {
    const card = fake.cards.get(p.iccid ?? '') ?? (fake.knowsEveryCard && p.iccid ? fake.addCard(p.iccid) : undefined);
    if (!card) return '-4';
    const tx = () => `CT${String(++seq).padStart(10, '0')}`;
    switch (method) {
      case 'queryTrafficByDate': {
        if (!/^\d{8}$/.test(p.startDate ?? '') || !/^\d{8}$/.test(p.endDate ?? '')) return xmlFail('-1', '日期格式错误');
        const from = dayStartOf(day(p.startDate!));
        const to = dayStartOf(day(p.endDate!));
        if (to < from || to + DAY_MS > dayStart(now())) return xmlFail('-1', '仅支持查询截至前一天的流量');
        let mb = 0;
        for (let d = from; d <= to; d += DAY_MS) mb += fake.dayMb?.(card.iccid, chinaDay(d)) ?? 0;
        return xml(mb);
      }
      case 'queryCardMainStatus':
        return json({
          productMainStatusCd: card.mainStatus,
          productMainStatusName: card.mainStatus === '4' ? '在用' : '停机',
          productStatusName: card.statusName,
        });
      case 'queryNetBlockStatus':
        return json({ netBlockStatus: card.netBlocked ? '1' : '0' });
      case 'getOnlineStatus':
        return json({ onlineStatus: card.online && !card.netBlocked && card.mainStatus === '4' ? '1' : '0' });
      case 'realNameQueryIot':
        return json({ realNameStatus: card.realNameStatus });
      case 'queryBindDetection':
        return json({ bindStatus: card.separated ? '1' : '0', imei: card.imei, bindImei: card.bindImei });
      case 'queryPakage':
        return json({ offerList: card.offers.map((offerId) => ({ offerId, offerName: offerId })) });
      case 'disabledNumber': {
        const stop = p.orderTypeId === '19';
        if (!['19', '20'].includes(p.orderTypeId ?? '')) return jsonFail('1003', 'orderTypeId 错误');
        if (stop ? card.mainStatus !== '4' : card.mainStatus !== '5') return jsonFail('1002', '当前状态不允许办理');
        later(() => {
          card.mainStatus = stop ? '5' : '4';
          card.statusName = stop ? '用户报停' : '在用';
        });
        return json({ GROUP_TRANSACTIONID: tx() });
      }
      case 'singleCutNet': {
        if (!['ADD', 'DEL'].includes(p.action ?? '')) return jsonFail('1003', 'action 错误');
        const block = p.action === 'ADD';
        later(() => {
          card.netBlocked = block;
        });
        return json({ GROUP_TRANSACTIONID: tx() });
      }
      case 'orderFlowPackage': {
        if (!p.offerId) return jsonFail('1003', 'offerId 为空');
        if (p.offerId.startsWith('REFUSE')) return jsonFail('1002', '该销售品不允许订购');
        const offerId = p.offerId;
        later(() => card.offers.push(offerId));
        return json({ GROUP_TRANSACTIONID: tx() });
      }
      case 'speedLimitAction':
        card.speed = p.action === 'DEL' ? null : (p.speedValue ?? null);
        return json({ GROUP_TRANSACTIONID: tx() });
      default:
        return '-1';
    }
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = Object.fromEntries(url.searchParams);
    const method = params.method ?? '';
    fake.requests.push({ method, params });
    if (fake.latencyMs > 0) await new Promise((r) => setTimeout(r, fake.latencyMs));
    settle();
    const send = (body: string, status = 200) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': body.startsWith('<') ? 'text/xml; charset=utf-8' : 'text/plain; charset=utf-8' });
      res.end(body);
    };
    if (url.pathname !== '/m2m_ec/query.do') return send('not found', 404);
    const httpFailure = httpFailures.get(method)?.shift();
    if (httpFailure) return send('gateway', httpFailure);
    if (fake.qps > 0) {
      const second = Math.floor(Date.now() / 1000);
      if (window.second !== second) window = { second, calls: 0 };
      if (++window.calls > fake.qps) return send('-5');
    }
    if (params.user_id !== fake.userId || params.passWord !== encrypt(fake.password, fake.key)) return send('-2');
    if (params.sign !== encrypt(signed(params, fake.password), fake.key)) return send('-3');
    const failure = failures.get(method)?.shift();
    if (failure) return send(failure);
    return send(answer(method, params));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
