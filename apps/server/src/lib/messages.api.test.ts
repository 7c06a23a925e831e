import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/helpers.ts';
import { key, simLogin } from '../modules/iot-money/test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const lang = (language?: string) => (language ? { 'accept-language': language } : {});

describe('refusals in the language of the request', () => {
  it('a business refusal (invalid())', async () => {
    const ask = (language?: string) => t.app.inject({ url: '/api/app/domain?packageName=nope', headers: lang(language) });
    const en = await ask();
    expect(body(en)).toEqual({ code: -1, message: 'App package: unknown application', data: null });
    expect(en.headers['x-error-field']).toBe('packageName');
    expect(body(await ask('en-US,en;q=0.9')).message).toBe('App package: unknown application');
    const hans = await ask('zh-CN,zh;q=0.9');
    expect(body(hans)).toEqual({ code: -1, message: '应用包名：未知的应用', data: null });
    expect(hans.headers['x-error-field']).toBe('packageName');
    expect(body(await ask('zh-Hans')).message).toBe('应用包名：未知的应用');
    expect(body(await ask('zh-TW')).message).toBe('應用程式套件名稱：未知的應用程式');
    expect(body(await ask('zh-Hant')).message).toBe('應用程式套件名稱：未知的應用程式');
  });

  it('a schema failure, with the zod issue in Chinese', async () => {
    const url = `/api/hk/baseConfig?promoCode=${'a'.repeat(65)}`;
    const ask = (language?: string) => t.app.inject({ url, headers: lang(language) });
    const en = await ask();
    expect(body(en).code).toBe(-1);
    expect(body(en).message).toBe('Promo code: at most 64 characters');
    expect(en.headers['x-error-field']).toBe('promoCode');
    expect(body(await ask('zh-Hans')).message).toBe('推广码：最多 64 个字符');
    expect(body(await ask('zh-Hant')).message).toBe('推廣碼：最多 64 個字元');
  });

  it('a schema failure with a custom message of the contract', async () => {
    const ask = (language?: string) =>
      t.app.inject({ method: 'POST', url: '/api/hk/sendCode', payload: { mobile: '12345' }, headers: lang(language) });
    expect(body(await ask()).message).toBe('Mobile number: a mobile number is 11 digits starting with 1');
    expect(body(await ask('zh-Hans')).message).toBe('手机号：请输入以 1 开头的 11 位手机号');
    expect(body(await ask('zh-HK')).message).toBe('手機號：請輸入以 1 開頭的 11 位手機號');
  });

  it('the SIM login with an unknown number', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/simLogin',
        payload: { sn: 'NOSUCHCARD0001', agreeProtocol: true },
        headers: lang(language),
      });
    expect(body(await ask())).toEqual({ code: -1, message: 'Card number: no SIM card or device has this number', data: null });
    expect(body(await ask('zh-Hans')).message).toBe('卡号：未找到该号码对应的卡片或设备');
    expect(body(await ask('zh-Hant')).message).toBe('卡號：找不到此號碼對應的卡片或設備');
  });

  it('a refusal with another code keeps its code', async () => {
    const ask = (language?: string) => t.app.inject({ url: '/api/iot/simInfo', headers: lang(language) });
    const en = body(await ask());
    expect(en.message).toBe('please log in with your SIM card');
    const hant = body(await ask('zh-Hant'));
    expect(hant).toEqual({ code: en.code, message: '請先登入物聯網卡', data: null });
  });

  it('an unknown address', async () => {
    const ask = (language?: string) => t.app.inject({ url: '/api/nothing-here', headers: lang(language) });
    expect(body(await ask()).message).toBe('not found: GET /api/nothing-here');
    expect(body(await ask('zh-Hans')).message).toBe('请求的地址不存在：GET /api/nothing-here');
  });
});

describe('refusals of the framework and replays', () => {
  it('a body that is not JSON', async () => {
    const ask = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/hk/sendCode',
        payload: '{"mobile":',
        headers: { 'content-type': 'application/json', ...lang(language) },
      });
    const en = await ask();
    expect(en.statusCode).toBe(400);
    expect(body(en)).toEqual({ code: -1, message: 'the request body is not valid JSON', data: null });
    expect(body(await ask('zh-Hant')).message).toBe('提交的內容格式有誤');
  });

  it('a refusal replayed for the same idempotency key speaks the language of the retry', async () => {
    const headers = { ...(await simLogin(t.app, '1440000000001')), 'idempotency-key': key() };
    const pkg = await t.app.db.db
      .selectFrom('iot_packages')
      .select('id')
      .where('promo_code', '=', 'demo')
      .where('on_sale', '=', 1)
      .where('is_seckill', '=', 0)
      .where('kind', '=', 'base')
      .where('price', '>', 0)
      .executeTakeFirstOrThrow();
    const buy = (language?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/iot/buyPackage',
        payload: { packageId: pkg.id, payMethod: 'wechat' },
        headers: { ...headers, ...lang(language) },
      });
    const first = await buy();
    expect(body(first)).toEqual({ code: -1, message: 'Payment method: wechat is not offered; choose balance or sandbox', data: null });
    expect(first.headers['x-error-field']).toBe('payMethod');
    // The refusal is kept by id and values, not as text, so its replay can be put in any language.
    const stored = await t.app.db.db
      .selectFrom('idempotency_keys')
      .select('reply')
      .where('key', '=', headers['idempotency-key'])
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.reply ?? '')).toEqual({
      ok: false,
      code: -1,
      id: 'money.methodNotOffered',
      params: {
        method: { term: 'term.payMethod.wechat' },
        methods: [{ term: 'term.payMethod.balance' }, { term: 'term.payMethod.sandbox' }],
      },
      field: 'payMethod',
    });
    const replay = await buy('zh-Hans');
    expect(body(replay)).toEqual({ code: -1, message: '支付方式：暂不支持微信支付，可选：余额支付、在线支付（沙箱）', data: null });
    expect(replay.headers['x-error-field']).toBe('payMethod');
  });
});

describe('the rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ rateLimit: { max: 1, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 in the language of the request', async () => {
    const ask = (language?: string) => limited.app.inject({ url: '/api/app/domain?packageName=nope', headers: lang(language) });
    await ask();
    const en = await ask();
    expect(en.statusCode).toBe(429);
    expect(body(en).message).toMatch(/^too many requests, retry in \d+ s$/);
    const hans = await ask('zh-Hans');
    expect(hans.statusCode).toBe(429);
    expect(body(hans)).toMatchObject({ code: -1, data: null });
    expect(body(hans).message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
    expect(body(await ask('zh-Hant')).message).toMatch(/^請求過於頻繁，請 \d+ 秒後再試$/);
  });
});
