/**
 * Robustness of the whole API against bad input, generated from the OpenAPI document: for every
 * documented operation it sends wrong types, missing and extra fields, huge strings, unicode
 * (emoji, right-to-left, lone surrogates), NUL, out-of-range numbers, odd bodies, unsupported
 * methods and over-long spec headers, with a SIM session and a storefront login so guarded
 * handlers are reached. No reply may be a 5xx, and every reply is the `{code, message, data}`
 * envelope, except the documents listed in NOT_ENVELOPE. A real socket checks what Node's HTTP
 * parser refuses before Fastify sees a request.
 *
 * Generated values come from fast-check with a fixed seed, so a failure reproduces.
 */
import { connect } from 'node:net';
import { Header } from '@simshop/contract/headers';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, dialectUnderTest, type TestApp } from '../test/helpers.ts';
import { simLogin } from './modules/iot-money/test-kit.ts';
import { loginAs, numberOnSale, orderBody, validId } from './modules/orders/test-kit.ts';
import { SIGNATURE_HEADER, signNotification } from './providers/payment/sandbox.ts';

const SEED = 20261123;

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Parameter {
  in: 'query' | 'path';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

/**
 * Routes outside the OpenAPI document. The sandbox cashier's pages and `/` are hidden from the
 * API documentation but are fuzzed here too; the documentation itself (`/api/docs/*`, Swagger UI's
 * static files) and the web app's static files (`/shop/*`) serve files and take no input but the path.
 */
const HIDDEN: Operation[] = [
  { method: 'get', path: '/', parameters: [] },
  ...['/sandbox/cashier/{paymentNo}', '/sandbox/cashier/{paymentNo}/pay', '/sandbox/cashier/{paymentNo}/cancel'].map((path, i) => ({
    method: i === 0 ? 'get' : 'post',
    path,
    parameters: [{ in: 'path' as const, name: 'paymentNo', required: true, schema: { type: 'string', pattern: '^P\\d{20}$' } }],
  })),
];

type Res = LightMyRequestResponse;
const json = (res: Res): unknown => {
  try {
    return JSON.parse(res.body);
  } catch {
    return undefined;
  }
};
const isEnvelope = (v: unknown): boolean => {
  const e = v as { code?: unknown; message?: unknown } | undefined;
  return !!e && typeof e === 'object' && typeof e.code === 'number' && typeof e.message === 'string' && 'data' in e;
};
const isHtml = (res: Res) => String(res.headers['content-type']).startsWith('text/html');
const isRedirect = (res: Res) => res.statusCode >= 300 && res.statusCode < 400 && typeof res.headers.location === 'string';

/** Replies that are intentionally not the envelope, by operation: what they are instead. */
const NOT_ENVELOPE: Record<string, (res: Res) => boolean> = {
  // Load balancers read {status, database}; 503 when the database is down.
  'get /healthz': (res) => {
    const v = json(res) as { status?: unknown } | undefined;
    return (res.statusCode === 200 || res.statusCode === 503) && typeof v?.status === 'string';
  },
  // Division files are plain JSON arrays, cached by browsers and CDNs like static files.
  'get /provinces/{file}': (res) => res.statusCode === 200 && Array.isArray(json(res)),
  // A payment provider's acknowledgement has the provider's own shape.
  'post /api/pay/notify/{method}': (res) => {
    const v = json(res) as { code?: unknown; message?: unknown } | undefined;
    return (v?.code === 'SUCCESS' || v?.code === 'FAIL') && typeof v.message === 'string';
  },
  // The root redirects to the web app.
  'get /': isRedirect,
  // WeChat sign-in starts by sending the browser to the provider's consent page (or back to the
  // shop with the refusal in the address).
  'get /api/wechat/authorize': isRedirect,
  'get /api/wechat/callback': isRedirect,
  // The sandbox cashier is an HTML document whose forms redirect back to the shop.
  'get /sandbox/cashier/{paymentNo}': isHtml,
  'post /sandbox/cashier/{paymentNo}/pay': (res) => isHtml(res) || isRedirect(res),
  'post /sandbox/cashier/{paymentNo}/cancel': (res) => isHtml(res) || isRedirect(res),
};

// ── Values ─────────────────────────────────────────────────────────────────────────────────────

const HUGE = 'x'.repeat(100_000);
const LONG_HEADER = 'h'.repeat(8_000);
/** Spec headers the handlers read: the SIM session, the idempotency key, the language. */
const READ_HEADERS: string[] = [Header.simToken, Header.idempotencyKey, Header.language];
const ODD_HEADER_VALUES = ['ÿä\u00a0é', 'a\u0000b', '😀', '\uD800', ' ', '中文'];

/** A JSON number that JSON.stringify cannot write (1e400 parses to Infinity). */
class Raw {
  constructor(readonly text: string) {}
}
const RAW_MARK = '\u0001raw\u0001';

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `${RAW_MARK}${raws.length - 1}`;
    }
    return v;
  });
  return text.replace(new RegExp(`"${RAW_MARK}(\\d+)"`, 'g'), (_m, i: string) => raws[Number(i)] as string);
}

/** Known good values for fields whose validity is not in the schema alone, so handlers go deeper. */
interface Fixtures {
  number: string;
  numberPackageId: number;
  orderNo: string;
  shippedOrderNo: string;
  iotOrderNo: string;
  paymentNo: string;
  tradeNo: string;
  amount: number;
}

function knownValues(f: Fixtures, path: string): Record<string, unknown> {
  return {
    idNumber: validId(),
    number: f.number,
    mobile: '13800138000',
    contactMobile: '13712345678',
    sn: '1440000000001',
    province: '440000',
    city: '440300',
    county: '440305',
    promoCode: 'demo',
    method: 'sandbox',
    payMethod: 'balance',
    file: '440000.json',
    packageName: 'com.simshop.h5',
    paymentNo: f.paymentNo,
    orderNo: path.startsWith('/api/iot/') ? f.iotOrderNo : /logistics|review/.test(path) ? f.shippedOrderNo : f.orderNo,
    ...(path === '/api/shop/order/create' ? { packageId: f.numberPackageId } : {}),
    // The sandbox provider's notification (signed by the test like the provider would).
    ...(path === '/api/pay/notify/{method}'
      ? { event: 'trade.success', tradeNo: f.tradeNo, amount: f.amount, status: 'SUCCESS', paidAt: Date.now() }
      : {}),
  };
}

/** The body of a sandbox payment notification: not a schema of the route, which verifies raw bytes. */
const NOTIFICATION: Schema = {
  type: 'object',
  properties: {
    event: { type: 'string' },
    tradeNo: { type: 'string' },
    paymentNo: { type: 'string' },
    amount: { type: 'integer' },
    status: { type: 'string' },
    paidAt: { type: 'integer' },
  },
};

function sampleString(s: Schema, seed: number): string {
  const fits = (c: string) => c.length >= (s.minLength ?? 0) && c.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  if (s.pattern) {
    const found = fc.sample(fc.stringMatching(new RegExp(s.pattern, 'u')), { seed, numRuns: 30 }).find(fits);
    if (found !== undefined) return found;
  }
  const length = Math.min(Math.max(s.minLength ?? 0, 4), s.maxLength ?? 4);
  return 'abcdefghijklmnopqrstuvwxyz'.repeat(2).slice(0, length);
}

/** A value the schema accepts (or a close one when the schema cannot tell, as for check digits). */
function validValue(s: Schema, known: Record<string, unknown>, name: string, seed: number): unknown {
  if (name in known) return known[name];
  if (s.anyOf) return validValue(s.anyOf[s.anyOf.length - 1] as Schema, known, name, seed);
  if (s.enum) return s.enum.find((v) => v !== '') ?? s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = s.minimum === undefined ? 1 : s.minimum + (s.exclusiveMinimum ? 1 : 0);
      return Math.min(Math.max(1, min), s.maximum ?? 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => validValue(s.items ?? {}, known, '', seed));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, validValue(p, known, k, seed)]));
    default:
      return sampleString(s, seed);
  }
}

/** Wrong values for a JSON field whose valid value is `v`. */
function badJsonValues(v: unknown, seed: number): unknown[] {
  const fixed: unknown[] = [
    null,
    true,
    0,
    -1,
    -0.5,
    1.5,
    2147483647,
    2147483648,
    -2147483649,
    new Raw('9007199254740993'),
    new Raw('123456789012345678901234567890'),
    1e308,
    -1e308,
    new Raw('1e400'),
    new Raw('-1e400'),
    '',
    ' ',
    HUGE,
    '😀👨‍👩‍👧'.repeat(20),
    'مرحبا بالعالم',
    '\u202Eevil\u202C',
    '\uD800',
    'a\uDC00b',
    'a\u0000b',
    [],
    [v],
    {},
    { value: v },
  ];
  if (typeof v === 'string') fixed.push(`${v}\u0000`, `${v}${HUGE}`, ` ${v} `, v.toUpperCase());
  if (typeof v === 'number') fixed.push(String(v), -v, v + 0.5, v * 2 ** 31);
  const random = fc.sample(
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.integer(), fc.double()),
    { seed, numRuns: 6 },
  );
  return [...fixed, ...random];
}

/** Wrong values for a query or path parameter (always text on the wire). */
function badTextValues(v: string): string[] {
  return [
    '',
    ' ',
    'abc',
    '-1',
    '0',
    '1.5',
    '-0',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '1e400',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '99999999999999999999999999',
    '0x1F',
    ' 1 ',
    'true',
    'null',
    '[]',
    '{}',
    '😀👨‍👩‍👧',
    'مرحبا',
    '\u202Eabc',
    '\uD800',
    '\u0000',
    `${v}\u0000`,
    `${v}%`,
    '../../etc/passwd',
    `${v}${'9'.repeat(300)}`,
    HUGE,
  ];
}

/** Percent-encodes text; a lone surrogate goes out as its (invalid) UTF-8 bytes. */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        const c = ch.charCodeAt(0);
        if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
          return `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
        }
        return encodeURIComponent(ch);
      })
      .join('');
  }
}

/**
 * Any value the schema accepts, boundaries included: random requests of the right shape reach the
 * handlers with values the examples above do not try (large ids and amounts, odd filter combinations).
 */
function validArbitrary(s: Schema): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map(validArbitrary));
  if (s.enum) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'integer':
    case 'number': {
      const lo = s.minimum === undefined ? Number.MIN_SAFE_INTEGER : s.minimum + (s.exclusiveMinimum ? 1 : 0);
      const hi = s.maximum ?? Number.MAX_SAFE_INTEGER;
      return fc.oneof(
        fc.constantFrom(lo, hi),
        fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) }),
        fc.double({ min: lo, max: hi, noNaN: true }).map((n) => Math.min(hi, Math.max(lo, Math.floor(n)))),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validArbitrary(s.items ?? {}), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, 5) });
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, validArbitrary(p)])), {
        requiredKeys: s.required ?? [],
      });
    default: {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 200;
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((c) => c.length >= min && c.length <= max);
      return fc
        .string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 200) })
        .filter((c) => c.length >= min && c.length <= max);
    }
  }
}

/** Body-level variants: raw text with its content type. */
const RAW_BODIES: Array<[string, string]> = [
  ['application/json', ''],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '[null]'],
  ['application/json', '"text"'],
  ['application/json', '42'],
  ['application/json', 'true'],
  ['application/json', '{}'],
  ['application/json', '{'],
  ['application/json', '{"a":1,}'],
  ['application/json', '{"a":NaN}'],
  ['application/json', '{"__proto__":{"x":1}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  // Nested deeper than any recursive walk of the input could go.
  ['application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['application/json', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ['application/json', '"\\u0000"'],
  ['application/json', '\u0000'],
  ['application/json; charset=latin1', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=%00'],
  ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ['application/octet-stream', '\u0000\u0001'],
  ['application/json', `{"a":"${'y'.repeat(1_100_000)}"}`],
];

const LANGUAGES = ['en', 'zh-CN', 'zh-TW'];
/** Random requests of the right shape per operation. */
const RANDOM_REQUESTS = 12;

interface Tally {
  sent: number;
  /** Replies by HTTP status. */
  statuses: Map<number, number>;
  errors: Finding[];
  notEnvelope: Finding[];
}

interface Finding {
  what: string;
  status: number;
  reply: string;
}

const short = (v: unknown): string => {
  const text = typeof v === 'string' ? v : v instanceof Raw ? v.text : (toJson(v) ?? String(v));
  return text.length > 60 ? `${text.slice(0, 40)}…(${text.length} chars)` : text;
};

describe(`fuzz: every operation of the API (${dialectUnderTest})`, () => {
  let t: TestApp;
  let baseHeaders: Record<string, string>;
  let operations: Operation[];
  let fixtures: Fixtures;

  beforeAll(async () => {
    t = await createTestApp();
    const sim = await simLogin(t.app, '1440000000001');
    const shop = await loginAs(t.app, '13800138000');
    baseHeaders = { ...sim, ...shop, [Header.orderSessionId]: shop[Header.sessionId] as string };
    // An order of each kind, and an open sandbox payment, for the operations that take their numbers.
    const onSale = await numberOnSale(t.app, 3);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/shop/order/create',
      headers: baseHeaders,
      payload: orderBody(onSale.number, onSale.packageId),
    });
    const topUp = await t.app.inject({
      method: 'POST',
      url: '/api/iot/createBalanceOrder',
      headers: baseHeaders,
      payload: { offerId: 1, method: 'sandbox' },
    });
    const top = body<{ order: { orderNo: string }; payment: { paymentNo: string; amount: number } }>(topUp).data;
    const trade = await t.app.db.db
      .selectFrom('sandbox_trades')
      .selectAll()
      .where('payment_no', '=', top.payment.paymentNo)
      .executeTakeFirstOrThrow();
    fixtures = {
      number: (await numberOnSale(t.app, 4)).number,
      numberPackageId: onSale.packageId,
      orderNo: body<{ orderNo: string }>(order).data.orderNo,
      shippedOrderNo: (
        await t.app.db.db
          .selectFrom('number_orders')
          .select('order_no')
          .where('owner_mobile', '=', '13800138000')
          .where('status', '=', 'shipped')
          .executeTakeFirstOrThrow()
      ).order_no,
      iotOrderNo: top.order.orderNo,
      paymentNo: trade.payment_no,
      tradeNo: trade.trade_no,
      amount: trade.amount,
    };
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>;
    };
    operations = [
      ...Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => ({
          method,
          path,
          parameters: (op.parameters ?? []).filter((p) => p.in === 'query' || p.in === 'path'),
          body: path === '/api/pay/notify/{method}' ? NOTIFICATION : op.requestBody?.content?.['application/json']?.schema,
        })),
      ),
      ...HIDDEN,
    ];
    // Logging out ends the sessions the other operations use, cancelling ends the order: those go last.
    const last = (o: Operation) => (/logout|cancel/i.test(o.path) ? 1 : 0);
    operations.sort((a, b) => last(a) - last(b));
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Sends the variants of one operation with a session's headers; only well-shaped requests unless `full`. */
  async function fuzzOperation(op: Operation, index: number, session: Record<string, string>, full: boolean, tally: Tally) {
    const key = `${op.method} ${op.path}`;
    const seed = SEED + index;
    const known = knownValues(fixtures, op.path);
    const query = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, String(validValue(p.schema, known, p.name, seed))]),
    );
    const pathValues = Object.fromEntries(
      op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(validValue(p.schema, known, p.name, seed))]),
    );
    const validBody = op.body ? validValue(op.body, known, '', seed) : undefined;

    const url = (pathOver: Record<string, string> = {}, queryText?: string) => {
      const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => enc(pathOver[name] ?? (pathValues[name] as string)));
      const q =
        queryText ??
        Object.entries(query)
          .map(([k, v]) => `${enc(k)}=${enc(v)}`)
          .join('&');
      return q ? `${path}?${q}` : path;
    };

    const send = async (
      what: string,
      o: { method?: string; url?: string; payload?: string; contentType?: string; headers?: Record<string, string> } = {},
    ) => {
      const method = (o.method ?? op.method).toUpperCase();
      const headers: Record<string, string> = {
        ...session,
        'accept-language': LANGUAGES[tally.sent % LANGUAGES.length] as string,
        ...o.headers,
      };
      if (o.payload !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
      // Field variants of a notification are signed, so they get past the signature; whole raw bodies are not.
      if (o.payload !== undefined && o.contentType === undefined && op.path === '/api/pay/notify/{method}') {
        const now = Date.now();
        headers[SIGNATURE_HEADER] = signNotification(t.config.paymentSecret, now, o.payload);
      }
      // Each request from an address of its own, so the per-address limits do not hide what follows.
      const n = tally.sent + 1;
      const remoteAddress = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const res = await t.app.inject({ method: method as 'GET', url: o.url ?? url(), headers, payload: o.payload, remoteAddress });
      tally.sent++;
      tally.statuses.set(res.statusCode, (tally.statuses.get(res.statusCode) ?? 0) + 1);
      const finding = { what: `${key} ${what}`, status: res.statusCode, reply: res.body.slice(0, 160) };
      if (res.statusCode >= 500) tally.errors.push(finding);
      if (method === 'HEAD') return;
      const alternative = NOT_ENVELOPE[key];
      if (!isEnvelope(json(res)) && !(o.method === undefined && alternative?.(res))) tally.notEnvelope.push(finding);
    };
    const sendBody = (what: string, body: unknown) => send(what, { payload: toJson(body) });

    // Random requests of the right shape.
    const sendShaped = async () => {
      const queryParams = op.parameters.filter((p) => p.in === 'query');
      const shaped = fc.record({
        query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validArbitrary(p.schema)])), {
          requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
        }),
        body: op.body ? validArbitrary(op.body) : fc.constant(undefined),
      });
      for (const [i, r] of fc.sample(shaped, { seed, numRuns: full ? RANDOM_REQUESTS : RANDOM_REQUESTS / 2 }).entries()) {
        const q = Object.entries(r.query as Record<string, unknown>)
          .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
          .join('&');
        await send(`random valid #${i} ${short(q)} ${short(r.body ?? '')}`, {
          url: url({}, q),
          ...(r.body === undefined ? {} : { payload: toJson(r.body) }),
        });
      }
    };

    // The valid request itself, and as HEAD for reads.
    await (validBody === undefined ? send('valid') : sendBody('valid', validBody));
    if (op.method === 'get') await send('HEAD', { method: 'HEAD' });

    if (!full) return sendShaped();

    // Query and path parameters: each wrong value, missing, repeated (an array), nested.
    for (const p of op.parameters) {
      const valid = p.in === 'query' ? (query[p.name] as string) : (pathValues[p.name] as string);
      for (const bad of badTextValues(valid)) {
        const over = { [p.name]: bad };
        const u =
          p.in === 'path'
            ? url(over)
            : url(
                {},
                Object.entries({ ...query, ...over })
                  .map(([k, v]) => `${enc(k)}=${enc(v)}`)
                  .join('&'),
              );
        await (validBody === undefined
          ? send(`${p.name}=${short(bad)}`, { url: u })
          : send(`${p.name}=${short(bad)}`, { url: u, payload: toJson(validBody) }));
      }
      if (p.in === 'query') {
        const rest = Object.entries(query).filter(([k]) => k !== p.name);
        const others = rest.map(([k, v]) => `${enc(k)}=${enc(v)}`);
        await send(`${p.name} missing`, { url: url({}, others.join('&')) });
        await send(`${p.name} twice`, { url: url({}, [...others, `${p.name}=${enc(valid)}`, `${p.name}=${enc(valid)}`].join('&')) });
        await send(`${p.name}[]`, { url: url({}, [...others, `${p.name}[]=${enc(valid)}`, `${p.name}[a]=1`].join('&')) });
      }
    }
    if (op.parameters.some((p) => p.in === 'query') || op.method === 'get') {
      await send('extra query fields', {
        url: url(
          {},
          `${Object.entries(query)
            .map(([k, v]) => `${enc(k)}=${enc(v)}&`)
            .join('')}__proto__=1&constructor=x&extra=%00`,
        ),
      });
    }

    // Body fields: each wrong value, missing; nested objects field by field.
    if (op.body && validBody !== undefined) {
      const visit = async (schema: Schema, value: unknown, replace: (v: unknown) => unknown, where: string) => {
        for (const bad of badJsonValues(value, seed)) await sendBody(`${where}=${short(bad)}`, replace(bad));
        if (schema.type === 'object' && value && typeof value === 'object') {
          const obj = value as Record<string, unknown>;
          for (const [k, child] of Object.entries(schema.properties ?? {})) {
            const inner = (v: unknown) => replace({ ...obj, [k]: v });
            await visit(child, obj[k], inner, where ? `${where}.${k}` : k);
            const { [k]: _drop, ...without } = obj;
            await sendBody(`${where ? `${where}.` : ''}${k} missing`, replace(without));
          }
          await sendBody(`${where || 'body'} with extra fields`, replace({ ...obj, extra: 'x', 'a\u0000': 1, '😀': [1] }));
        }
        if (schema.type === 'array' && Array.isArray(value)) {
          await sendBody(`${where || 'body'} of 1000 items`, replace(Array.from({ length: 1000 }, () => value[0])));
          await visit(schema.items ?? {}, value[0], (v) => replace([v, ...value.slice(1)]), `${where || 'body'}[0]`);
        }
      };
      await visit(op.body, validBody, (v) => v, '');
    }

    // Whole bodies: empty, null, arrays, scalars, broken JSON, other content types, too large.
    if (op.method !== 'get') {
      for (const [contentType, text] of RAW_BODIES) await send(`body ${contentType} ${short(text)}`, { payload: text, contentType });
    }

    // Over-long and odd spec headers. NUL and characters beyond Latin-1 never come through Node's HTTP
    // parser, but a proxy or another transport could hand them over.
    // The headers a handler reads get an over-long value on every operation; the other spec headers,
    // and the odd values, are taken in turn, so over the run every header meets each of them.
    const withBody = validBody === undefined ? {} : { payload: toJson(validBody) };
    const headers = Object.values(Header);
    const others = headers.filter((h) => !READ_HEADERS.includes(h));
    for (const name of [...READ_HEADERS, others[index % others.length] as string]) {
      await send(`header ${name}=${short(LONG_HEADER)}`, { headers: { [name]: LONG_HEADER }, ...withBody });
    }
    for (const k of [0, 1]) {
      const name = headers[(index * 2 + k) % headers.length] as string;
      const odd = ODD_HEADER_VALUES[(index + k) % ODD_HEADER_VALUES.length] as string;
      await send(`header ${name}=${short(odd)}`, { headers: { [name]: odd }, ...withBody });
    }
    await send('every spec header over-long', { headers: Object.fromEntries(Object.values(Header).map((h) => [h, LONG_HEADER])) });

    await sendShaped();

    // Methods the route does not have.
    for (const method of ['DELETE', op.method === 'get' ? 'POST' : 'GET']) await send(method, { method });
  }

  function report(what: string, tally: Tally, started: number) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `fuzz on ${dialectUnderTest}, ${what}: ${tally.sent} requests in ${seconds} s, ${tally.errors.length} 5xx, ${tally.notEnvelope.length} not an envelope; by status ${[
        ...tally.statuses,
      ]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ')}`,
    );
    const list = (findings: Finding[]) => findings.map((f) => `${f.what} → ${f.status} ${f.reply}`).join('\n');
    expect.soft(list(tally.errors), '5xx replies').toBe('');
    expect(list(tally.notEnvelope), 'replies not in the envelope').toBe('');
  }

  it('answers every generated request without a 5xx, in the envelope', { timeout: 300_000 }, async () => {
    const tally: Tally = { sent: 0, statuses: new Map(), errors: [], notEnvelope: [] };
    const started = Date.now();
    for (const [index, op] of operations.entries()) await fuzzOperation(op, index, baseHeaders, true, tally);
    report(`${operations.length} operations`, tally, started);
    // The refusals of the HTTP layer were all met, so the envelope check covered them: bad input,
    // redirects, unknown address or method, body too large, path parameter too long, content type.
    expect([...tally.statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 302, 303, 400, 404, 413, 414, 415]));
  });

  it('answers the IoT operations for a portable Wi-Fi device and for cards in other states', { timeout: 300_000 }, async () => {
    const tally: Tally = { sent: 0, statuses: new Map(), errors: [], notEnvelope: [] };
    const started = Date.now();
    const iot = operations.filter((op) => op.path.startsWith('/api/iot/'));
    // A device, a card awaiting activation, a card in break state, a card-password card.
    for (const [sn, password] of [['MF0000000001'], ['1440000000003'], ['1440000000004'], ['1440000000006', '246810']] as const) {
      const session = { ...baseHeaders, ...(await simLogin(t.app, sn, password)) };
      for (const [index, op] of iot.entries()) await fuzzOperation(op, index, session, false, tally);
    }
    report(`${iot.length} IoT operations in 4 more sessions`, tally, started);
  });

  it('refuses NUL and unpaired surrogates with code -1 naming the field, in the language of the request', async () => {
    const refusal = async (o: { url: string; method?: 'POST'; payload?: object; headers?: Record<string, string> }) => {
      // An address of its own: the fuzzing above spent the per-address limits of some routes.
      const res = await t.app.inject({
        method: o.method ?? 'GET',
        url: o.url,
        payload: o.payload,
        headers: o.headers,
        remoteAddress: '10.201.0.1',
      });
      expect(res.statusCode).toBe(200);
      return { ...body(res), field: res.headers['x-error-field'] };
    };
    expect(await refusal({ url: '/api/shop/numberList?promoCode=de%00mo', headers: { 'accept-language': 'zh-CN' } })).toEqual({
      code: -1,
      message: '推广码：包含无效字符',
      data: null,
      field: 'promoCode',
    });
    const order = orderBody(fixtures.number, fixtures.numberPackageId);
    expect(
      await refusal({
        method: 'POST',
        url: '/api/shop/order/create',
        payload: { ...order, address: { ...order.address, detail: '1 栋\uD800' } },
      }),
    ).toEqual({ code: -1, message: 'Street address: contains an invalid character', data: null, field: 'address.detail' });
    expect(
      await refusal({
        method: 'POST',
        url: '/api/app/errorReport',
        payload: { platform: 'h5', packageName: 'com.simshop.h5', error: 'a\u0000b' },
        headers: { 'accept-language': 'zh-TW' },
      }),
    ).toEqual({ code: -1, message: '錯誤資訊：包含無效字元', data: null, field: 'error' });
    expect(await refusal({ method: 'POST', url: '/api/dictData/options', payload: ['operator_type', 'x\u0000'] })).toEqual({
      code: -1,
      message: 'Request: contains an invalid character',
      data: null,
      field: 'body[1]',
    });
    expect(
      await refusal({
        method: 'POST',
        url: '/api/shop/order/create',
        payload: order,
        headers: { ...baseHeaders, 'idempotency-key': 'k\u0000' },
      }),
    ).toEqual({
      code: -1,
      message: 'Request key: must be 1 to 128 letters, digits or _ - : .',
      data: null,
      field: 'Idempotency-Key',
    });
  });

  it("refuses a payment notification whose body is not a JSON object, in the provider's terms", async () => {
    for (const payload of ['null', '[]', '"text"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ code: 'FAIL', message: 'body is not a JSON object' });
    }
  });

  it('answers unknown addresses, bad URLs and too long path parameters in the envelope', async () => {
    for (const url of [
      '/nowhere',
      '/api/nowhere?x=%00',
      '/api/%zz',
      '/api/hk/baseConfig%',
      `/api/pay/notify/${'a'.repeat(200)}`,
      `/provinces/${'1'.repeat(500)}.json`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(isEnvelope(json(res)), `${url}: ${res.body}`).toBe(true);
    }
  });

  it('answers the rate limit of a route in the envelope', async () => {
    const report = { platform: 'h5', packageName: 'com.simshop.h5', error: 'boom' };
    const replies = [];
    for (let i = 0; i < 31; i++) {
      replies.push(await t.app.inject({ method: 'POST', url: '/api/app/errorReport', payload: report, remoteAddress: '10.202.0.1' }));
    }
    const last = replies.at(-1) as Res;
    expect(last.statusCode).toBe(429);
    expect(isEnvelope(json(last)), last.body).toBe(true);
  });

  it('answers what the HTTP parser refuses (431, 400) in the envelope', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const raw = (text: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => {
          data += chunk;
        });
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', ...rest] = data.split('\r\n\r\n');
          resolve({ status: Number(head.split(' ')[1]), body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8') });
        });
        socket.write(text);
      });
    const cases: Array<[string, number]> = [
      [`GET /api/hk/baseConfig HTTP/1.1\r\nHost: x\r\nX-Sim-Token: ${'t'.repeat(20_000)}\r\nConnection: close\r\n\r\n`, 431],
      ['NOT A REQUEST\r\n\r\n', 400],
      ['GET /api/hk/baseConfig HTTP/1.1\r\nHost: x\r\nX-Sim-No: a\u0000b\r\nConnection: close\r\n\r\n', 400],
      ['GET /api/%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
      ['POST /api/hk/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\nConnection: close\r\n\r\n', 400],
    ];
    for (const [text, status] of cases) {
      const res = await raw(text);
      expect(res.status, text.slice(0, 40)).toBe(status);
      expect(isEnvelope(JSON.parse(res.body)), res.body).toBe(true);
    }
  });
});
