import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/hk/baseConfig', () => {
  it('answers the promoter of a known promo code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/hk/baseConfig?promoCode=agent02' });
    expect(res.statusCode).toBe(200);
    const b = body<{ promoCode: string; promoName: string; isAgent: boolean; front: { title: string; suggest: boolean } }>(res);
    expect(b.code).toBe(0);
    expect(b.data.promoCode).toBe('agent02');
    expect(b.data.isAgent).toBe(true);
    expect(b.data.front.title).toBe('Yunfan Digital');
    expect(b.data.front.suggest).toBe(false);
  });

  it.each(['', 'undefined', 'null', 'nobody-has-this'])('gives the default storefront for promo code %j', async (code) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/hk/baseConfig?promoCode=${code}` });
    const b = body<{ promoCode: string; showPaymentType: string[] }>(res);
    expect(b.code).toBe(0);
    expect(b.data.promoCode).toBe('demo');
    expect(b.data.showPaymentType).toEqual(['sandbox']);
  });

  it('refuses an over-long promo code naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/hk/baseConfig?promoCode=${'x'.repeat(65)}` });
    const b = body(res);
    expect(b.code).toBe(-1);
    expect(b.message).toBe('Promo code: at most 64 characters');
  });
});

describe('site and dictionary calls', () => {
  it('GET /api/hk/genericConfig', async () => {
    const b = body<{ orderQueryMode: number; loginAvatar: string }>(await t.app.inject({ url: '/api/hk/genericConfig' }));
    expect(b).toMatchObject({ code: 0, data: { orderQueryMode: 1 } });
    expect(b.data.loginAvatar).toMatch(/avatar/);
  });

  it('GET /api/site/config', async () => {
    const b = body<{ version: string; versionCode: number; darkMode: boolean }>(await t.app.inject({ url: '/api/site/config' }));
    expect(b.data).toMatchObject({ version: '1.4.4', versionCode: 144, darkMode: false });
  });

  it('POST /api/dictData/options maps each type to its options, unknown types to an empty list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dictData/options', payload: ['operator_type', 'no_such_type'] });
    const b = body<Record<string, { label: string; value: string; key: string; listClass: string }[]>>(res);
    expect(b.code).toBe(0);
    expect(b.data.operator_type?.map((o) => o.value)).toEqual(['4', '2', '1', '3']);
    expect(b.data.operator_type?.[0]).toEqual({ label: 'China Mobile', value: '4', key: 'operator_type:4', listClass: 'primary' });
    expect(b.data.no_such_type).toEqual([]);
  });

  it('POST /api/dictData/options refuses a body that is not a list of types', async () => {
    const b = body(await t.app.inject({ method: 'POST', url: '/api/dictData/options', payload: { types: 'x' } }));
    expect(b.code).toBe(-1);
    expect(b.message).not.toBe('');
  });
});

describe('GET /provinces/{code}.json', () => {
  it('lists the provinces for 000000 and the children of a code', async () => {
    const provinces = (await t.app.inject({ url: '/provinces/000000.json' })).json() as { code: string; name: string }[];
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces).toContainEqual({ code: '440000', name: '广东省' });
    const cities = (await t.app.inject({ url: '/provinces/440000.json' })).json() as { code: string; name: string }[];
    expect(cities).toContainEqual({ code: '440300', name: '深圳市' });
    const res = await t.app.inject({ url: '/provinces/440300.json' });
    expect(res.headers['cache-control']).toMatch(/max-age/);
    expect((res.json() as { name: string }[]).map((c) => c.name)).toContain('南山区');
  });

  it('names the divisions in the language asked for: English names and pinyin, or Traditional Chinese', async () => {
    const names = async (url: string) => ((await t.app.inject({ url })).json() as { code: string; name: string }[]).map((d) => d.name);
    expect(await names('/provinces/000000.json?language=en')).toContain('Inner Mongolia');
    expect(await names('/provinces/440000.json?language=en')).toContain('Shenzhen');
    expect(await names('/provinces/440100.json?language=en')).toContain('Tianhe District');
    expect(await names('/provinces/220000.json?language=en')).toContain('Yanbian Autonomous Prefecture');
    expect(await names('/provinces/440300.json?language=zh-Hant')).toContain('南山區');
    expect(await names('/provinces/440300.json?language=zh-Hans')).toContain('南山区');
    expect(body(await t.app.inject({ url: '/provinces/440300.json?language=fr' })).code).toBe(-1);
  });

  it('refuses a malformed or unknown code', async () => {
    expect(body(await t.app.inject({ url: '/provinces/44.json' })).code).toBe(-1);
    expect(body(await t.app.inject({ url: '/provinces/990000.json' })).code).toBe(-1);
  });
});

describe('app-domain service', () => {
  it('looks up the domain of a package and refuses an unknown one', async () => {
    const good = body<{ domain: string }>(await t.app.inject({ url: '/api/app/domain?packageName=com.simshop.h5' }));
    expect(good).toMatchObject({ code: 0, data: { domain: '' } });
    const bad = body(await t.app.inject({ url: '/api/app/domain?packageName=com.other' }));
    expect(bad.code).toBe(-1);
  });

  it('stores an error report', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/errorReport',
      payload: { platform: 'h5', packageName: 'com.simshop.h5', error: 'TypeError: x is undefined' },
    });
    expect(body(res).code).toBe(0);
    const rows = await t.app.db.db.selectFrom('client_error_reports').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.error).toBe('TypeError: x is undefined');
  });
});

describe('framework', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('redirects / to /shop/', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/shop/');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/hk/baseConfig');
  });

  it('sets security headers: the full set on documents, the API subset on JSON calls', async () => {
    const document = await t.app.inject({ url: '/' });
    expect(document.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(document.headers['x-frame-options']).toBe('SAMEORIGIN');
    const api = await t.app.inject({ url: '/api/site/config' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe(-1);
  });

  it('refuses a body over the size limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dictData/options',
      payload: JSON.stringify(['a'.repeat(2_000_000)]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });
});
