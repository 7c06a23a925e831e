import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../test/helpers.ts';
import { ConfigError, loadConfig } from './config.ts';
import { idempotent, idempotentTx } from './lib/idempotency.ts';
import { addPackage, adjust, client, expectLedgersExact, key, newCard, simLogin } from './modules/iot-money/test-kit.ts';
import { hex32, numberOnSale, orderBody } from './modules/orders/test-kit.ts';
import { consoleSmsProvider } from './providers/sms/provider.ts';

/** A small inventory keeps the many servers of this file quick to seed. */
const small = { SEED_NUMBERS: '200' };
const production = {
  ...small,
  NODE_ENV: 'production',
  PAYMENT_SECRET: 'a-real-secret-0123456789',
  CARRIER_SECRET_KEY: Buffer.alloc(32, 3).toString('base64'),
  SMS_PROVIDER: 'console',
  DEVICE_PROVIDER: 'simulator',
};

/** The error loadConfig throws for the environment, or undefined when it accepts it. */
function configError(env: NodeJS.ProcessEnv): string | undefined {
  try {
    loadConfig(env);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
}

/** A logger that keeps what it is given, to check what reaches the logs. */
function capturingLog(lines: string[]): FastifyBaseLogger {
  const keep = (...args: unknown[]) => {
    lines.push(JSON.stringify(args));
  };
  const log = { info: keep, warn: keep, error: keep, debug: keep, trace: keep, fatal: keep, child: () => log, level: 'info' };
  return log as unknown as FastifyBaseLogger;
}

describe('production start-up rules', () => {
  it('refuses to start without a 32-byte CARRIER_SECRET_KEY, in one line naming it', () => {
    expect(configError({ ...production, CARRIER_SECRET_KEY: '' })).toBe(
      'Invalid configuration: CARRIER_SECRET_KEY: must be set in production (32 bytes in base64: openssl rand -base64 32)',
    );
    expect(configError({ ...production, CARRIER_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toContain(
      'CARRIER_SECRET_KEY: must be 32 bytes in base64',
    );
    expect(loadConfig(production).carrierSecretKey).toEqual(Buffer.alloc(32, 3));
  });

  it('refuses to start without PAYMENT_SECRET, in one line naming it', () => {
    expect(
      configError({
        NODE_ENV: 'production',
        CARRIER_SECRET_KEY: production.CARRIER_SECRET_KEY,
        SMS_PROVIDER: 'console',
        DEVICE_PROVIDER: 'mqtt',
        MQTT_URL: 'mqtt://127.0.0.1:1883',
      }),
    ).toBe('Invalid configuration: PAYMENT_SECRET: must be set in production (at least 16 characters)');
  });

  it('refuses the development payment secret', () => {
    expect(configError({ ...production, PAYMENT_SECRET: 'sandbox-secret-change-me-in-production' })).toBe(
      'Invalid configuration: PAYMENT_SECRET: must not be the development secret in production',
    );
  });

  it('refuses an implicit SMS provider and SMS_DEV_CODE=on', () => {
    expect(configError({ ...production, SMS_PROVIDER: '' })).toBe(
      'Invalid configuration: SMS_PROVIDER: must be set explicitly in production',
    );
    expect(configError({ ...production, SMS_DEV_CODE: 'on' })).toBe('Invalid configuration: SMS_DEV_CODE: must not be on in production');
  });

  it('refuses an implicit device provider, and MQTT without its broker', () => {
    expect(configError({ ...production, DEVICE_PROVIDER: '' })).toBe(
      'Invalid configuration: DEVICE_PROVIDER: must be set explicitly in production (mqtt for real devices)',
    );
    expect(configError({ ...production, DEVICE_PROVIDER: 'mqtt' })).toBe(
      'Invalid configuration: MQTT_URL: must be set with DEVICE_PROVIDER=mqtt',
    );
    expect(configError({ MQTT_URL: 'http://broker' })).toBe(
      'Invalid configuration: MQTT_URL: MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL',
    );
    expect(loadConfig({ DEVICE_PROVIDER: 'mqtt', MQTT_URL: 'mqtt://127.0.0.1:1883' }).device).toMatchObject({
      provider: 'mqtt',
      mqttUrl: 'mqtt://127.0.0.1:1883',
    });
    expect(loadConfig({}).device.provider).toBe('simulator');
  });

  it('turns the sandbox and code echo off in production, and keeps them on for development', () => {
    expect(loadConfig(production)).toMatchObject({ production: true, paymentProviders: [], smsDevCode: false });
    expect(loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' }).paymentProviders).toEqual(['sandbox']);
    expect(loadConfig({})).toMatchObject({ production: false, paymentProviders: ['sandbox'], smsDevCode: true, trustProxy: false });
  });

  it('validates TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(configError({ TRUST_PROXY: '10.0.0.0/33' })).toBe(
      'Invalid configuration: TRUST_PROXY: TRUST_PROXY must be true, false, a hop count or IP addresses/CIDR ranges (bad: "10.0.0.0/33")',
    );
    expect(configError({ TRUST_PROXY: 'yes' })).toMatch(/^Invalid configuration: TRUST_PROXY: /);
  });
});

describe('demo data', () => {
  const owner = { mobile: '13700000001', password: 'Owner#2026' };
  /** A server as the configuration of `env` sets it up, seeding included (the test helpers otherwise always seed). */
  const started = (env: NodeJS.ProcessEnv) => createTestApp({ seed: loadConfig(env).seed }, env);

  it('is not seeded in production on SQLite: the README owner and demo cards do not sign in', async () => {
    expect(loadConfig(production)).toMatchObject({ database: { dialect: 'sqlite' }, seed: 'none' });
    const t = await started(production);
    try {
      expect(await t.app.db.db.selectFrom('promoters').select('id').execute()).toEqual([]);
      const login = body(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: owner }));
      expect(login.code).toBe(-1);
      const card = body(
        await t.app.inject({ method: 'POST', url: '/api/simLogin', payload: { sn: '1440000000001', agreeProtocol: true } }),
      );
      expect(card.code).toBe(-1);
    } finally {
      await t.close();
    }
  });

  it('is seeded in production only with SEED=demo, and by default outside production', async () => {
    expect(loadConfig({ ...production, SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ ...production, DATABASE_URL: 'postgres://db/shop' }).seed).toBe('none');
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
    const t = await started({ ...production, SEED: 'demo' });
    try {
      const login = body(await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: owner }));
      expect(login.code).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe('the sandbox payment provider', () => {
  const cashierPay = { method: 'POST' as const, url: '/sandbox/cashier/:paymentNo/pay' };

  it('is not mounted in production unless PAYMENT_PROVIDER=sandbox', async () => {
    const t = await createTestApp({}, production);
    try {
      expect(t.app.hasRoute(cashierPay)).toBe(false);
      expect(t.app.payments.methodsFor(['sandbox'])).toEqual([]);
      const res = await t.app.inject({ method: 'POST', url: '/sandbox/cashier/P00000000000000000001/pay' });
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe(-1);
    } finally {
      await t.close();
    }
    const explicit = await createTestApp({}, { ...production, PAYMENT_PROVIDER: 'sandbox' });
    try {
      expect(explicit.app.hasRoute(cashierPay)).toBe(true);
      expect(explicit.app.payments.methodsFor(['sandbox'])).toEqual([{ method: 'sandbox', name: '沙箱支付' }]);
    } finally {
      await explicit.close();
    }
  });

  it('is the default outside production', async () => {
    const t = await createTestApp({}, small);
    try {
      expect(t.app.hasRoute(cashierPay)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('simulators in production', () => {
  const pages = [
    { method: 'GET' as const, url: '/carrier/realname' },
    { method: 'POST' as const, url: '/carrier/realname' },
    { method: 'GET' as const, url: '/oauth-sim/authorize' },
    { method: 'POST' as const, url: '/oauth-sim/authorize' },
    { method: 'GET' as const, url: '/sandbox/cashier/:paymentNo' },
    { method: 'POST' as const, url: '/sandbox/cashier/:paymentNo/pay' },
  ];
  const realname = new URLSearchParams({ iccid: '89860000000000000001', name: '张三', idNumber: '11010519491231002X' }).toString();

  it('are off by default: no simulator page is mounted, the carrier is none and no review approves by itself', async () => {
    const t = await createTestApp({}, production);
    try {
      for (const page of pages) expect(t.app.hasRoute(page), `${page.method} ${page.url}`).toBe(false);
      const res = await t.app.inject({
        method: 'POST',
        url: '/carrier/realname',
        payload: realname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
      expect(t.app.iotCarrier.name).toBe('none');
      expect(t.app.logistics.provider.name).toBe('none');
      expect(t.app.hasRoute({ method: 'POST', url: '/api/logistics/kuaidi100/push' })).toBe(false);
    } finally {
      await t.close();
    }
    expect(loadConfig(production)).toMatchObject({
      carrier: 'none',
      logistics: { provider: 'none', kuaidi100: null },
      realnameReviewMs: 0,
      oauth: { provider: 'none' },
      paymentProviders: [],
    });
  });

  it('without a carrier, a package paid from the balance is refunded at once', async () => {
    const t = await createTestApp({}, production);
    try {
      const sn = await newCard(t.app);
      await adjust(t.app, sn, 'balance', 1_000);
      const id = await addPackage(t.app, { name: 'no carrier', kind: 'addon', price: 300, effects: 'now', duration: 7, duration_unit: 1 });
      const c = client(t.app, await simLogin(t.app, sn));
      const r = await c.post('/api/iot/buyPackage', { packageId: id }, { 'idempotency-key': key() });
      expect(r.code).toBe(0);
      expect(r.data.order.status).toBe('refunded');
      expect((await c.get('/api/iot/simInfo')).data.balance).toBe(1_000);
      await expectLedgersExact(t.app, [sn]);
    } finally {
      await t.close();
    }
  });

  it('are mounted in production only when named explicitly, and by default outside production', async () => {
    const explicit = { ...production, CARRIER_PROVIDER: 'simulator', OAUTH_PROVIDER: 'simulator', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(explicit)).toMatchObject({ carrier: 'simulator', oauth: { provider: 'simulator' }, paymentProviders: ['sandbox'] });
    expect(loadConfig({ ...production, REALNAME_REVIEW_SECONDS: '15' }).realnameReviewMs).toBe(15_000);
    expect(loadConfig({})).toMatchObject({ carrier: 'simulator', realnameReviewMs: 15_000, oauth: { provider: 'simulator' } });
    expect(configError({ CARRIER_PROVIDER: 'orange' })).toMatch(/^Invalid configuration: CARRIER_PROVIDER: /);
    expect(loadConfig({ ...production, LOGISTICS_PROVIDER: 'simulator' }).logistics.provider).toBe('simulator');
    expect(loadConfig({}).logistics.provider).toBe('simulator');
    expect(configError({ LOGISTICS_PROVIDER: 'kuaidi100' })).toBe(
      'Invalid configuration: KUAIDI100_KEY: must be set with LOGISTICS_PROVIDER=kuaidi100; KUAIDI100_CUSTOMER: must be set with LOGISTICS_PROVIDER=kuaidi100; KUAIDI100_SALT: must be set with LOGISTICS_PROVIDER=kuaidi100 (it signs the pushes); PUBLIC_URL: must be set with LOGISTICS_PROVIDER=kuaidi100 (Kuaidi100 posts its pushes to it)',
    );
    const kuaidi100 = {
      LOGISTICS_PROVIDER: 'kuaidi100',
      KUAIDI100_KEY: 'k',
      KUAIDI100_CUSTOMER: 'c',
      KUAIDI100_SALT: 'salt-salt',
      PUBLIC_URL: 'https://shop.example.com',
    };
    expect(loadConfig({ ...production, ...kuaidi100 }).logistics).toEqual({
      provider: 'kuaidi100',
      kuaidi100: { baseUrl: 'https://poll.kuaidi100.com', key: 'k', customer: 'c', salt: 'salt-salt', company: 'shunfeng' },
    });
    const t = await createTestApp({}, explicit);
    try {
      for (const page of pages) expect(t.app.hasRoute(page), `${page.method} ${page.url}`).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('SMS codes', () => {
  it('are not returned in replies in production', async () => {
    const t = await createTestApp({}, production);
    try {
      const b = body<{ devCode?: string }>(
        await t.app.inject({ method: 'POST', url: '/api/hk/sendCode', payload: { mobile: '13912340001' } }),
      );
      expect(b.code).toBe(0);
      expect(b.data.devCode).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("reach the log of the console provider masked, in the reader's language", async () => {
    const lines: string[] = [];
    const provider = consoleSmsProvider(capturingLog(lines));
    await provider.sendCode({ mobile: '13912340002', kind: 'login', language: 'en', code: '123456', ttlMinutes: 5 });
    await provider.sendCode({ mobile: '13912340002', kind: 'bindPhone', language: 'zh-Hans', code: '654321', ttlMinutes: 5 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Your SIM shop sign-in code is 12****, valid for 5 minutes.');
    expect(lines[0]).not.toContain('123456');
    expect(lines[1]).toContain('您正在将本手机绑定到物联卡，验证码为65****，5分钟内有效。');
    expect(lines[1]).not.toContain('654321');
  });

  it('of a SIM login do not reach the log', async () => {
    const t = await createTestApp({}, small);
    try {
      const lines: string[] = [];
      const env = { ip: '192.0.2.10', now: Date.now(), language: 'en' as const, log: capturingLog(lines), echo: true };
      const reply = await t.app.iotLogin.sendLoginCode('1440000000001', env);
      const code = reply.devCode as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('"purpose":"login"');
      expect(lines[0]).not.toContain(code);
    } finally {
      await t.close();
    }
  });
});

describe('X-Forwarded-For and the per-IP limit', () => {
  const burst = async (t: TestApp, forwardedFor: (i: number) => string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ url: '/api/hk/baseConfig', headers: { 'x-forwarded-for': forwardedFor(i) } });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('is not trusted by default: a client changing the header stays limited', async () => {
    const t = await createTestApp({ trustProxy: loadConfig({}).trustProxy, rateLimit: { max: 3, windowMs: 60_000 } }, small);
    try {
      expect(await burst(t, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY=1 the forwarded address is the client', async () => {
    const t = await createTestApp({ rateLimit: { max: 3, windowMs: 60_000 } }, { ...small, TRUST_PROXY: '1' });
    try {
      expect(await burst(t, (i) => `203.0.113.${i + 1}`)).toEqual([200, 200, 200, 200, 200]);
      expect(await burst(t, () => '198.51.100.7')).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, small);
  });
  afterAll(async () => t.close());

  const create = async (payload: object, key: string) =>
    body<{ orderNo: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/order/create',
        payload,
        headers: { 'x-order-session-id': hex32(), 'idempotency-key': key },
      }),
    );
  const ordersOf = async (number: string) =>
    (await t.app.db.db.selectFrom('number_orders').select('id').where('number', '=', number).execute()).length;

  it.each([
    ['over 128 characters', 'k'.repeat(129)],
    ['with a space', 'order 1'],
    ['with a slash', 'order/1'],
  ])('refuses a key %s naming the header, and runs nothing', async (_what, key) => {
    const n = await numberOnSale(t.app, 0);
    const b = await create(orderBody(n.number, n.packageId), key);
    expect(b).toEqual({ code: -1, message: 'Request key: must be 1 to 128 letters, digits or _ - : .', data: null });
    expect(await ordersOf(n.number)).toBe(0);
  });

  it('accepts 128 characters of the allowed set and replays with it', async () => {
    const n = await numberOnSale(t.app, 1);
    const key = `${'a'.repeat(60)}_-:.${'Z9'.repeat(32)}`;
    expect(key).toHaveLength(128);
    const headers = { 'x-order-session-id': hex32(), 'idempotency-key': key };
    const first = body<{ orderNo: string }>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/create', payload: orderBody(n.number, n.packageId), headers }),
    );
    const again = body<{ orderNo: string }>(
      await t.app.inject({ method: 'POST', url: '/api/shop/order/create', payload: orderBody(n.number, n.packageId), headers }),
    );
    expect(first.code).toBe(0);
    expect(again).toEqual(first);
    expect(await ordersOf(n.number)).toBe(1);
  });

  it('is checked by the idempotency helpers themselves before any work', async () => {
    let runs = 0;
    const work = async () => {
      runs++;
      return 1;
    };
    await expect(idempotent(t.app.db.db, 'test', 'x'.repeat(129), {}, work)).rejects.toThrow('Request key: must be');
    await expect(idempotentTx(t.app.db.db, 'test', 'bad key', {}, work)).rejects.toThrow('Request key: must be');
    expect(runs).toBe(0);
  });
});
