import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/helpers.ts';
import type { App } from '../../lib/route.ts';
import { client, makeCardClient, uniqueMobile } from '../iot-money/test-kit.ts';
import { loginAs } from '../orders/test-kit.ts';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => t.close());

const hex32 = () => randomBytes(16).toString('hex');

/** One browser: its cookies (as a browser keeps them per path) and its app session id. */
function browser(app: App) {
  const jar = new Map<string, string>();
  const sessionId = hex32();
  const keep = (res: { cookies: { name: string; value: string }[] }) => {
    for (const c of res.cookies) jar.set(c.name, c.value);
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    sessionId,
    jar,
    async get(url: string, headers: Record<string, string> = {}) {
      const res = await app.inject({ url, headers: { cookie: cookieHeader(), 'x-session-id': sessionId, ...headers } });
      keep(res);
      return res;
    },
    async post(url: string, payload: object | string, headers: Record<string, string> = {}) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie: cookieHeader(), 'x-session-id': sessionId, ...headers },
      });
      keep(res);
      return res;
    },
  };
}

type Browser = ReturnType<typeof browser>;

/** Starts an authorisation, goes through the simulator's consent page (allow or deny); the state and the app page it lands on. */
async function consent(b: Browser, query: string, decision: 'allow' | 'deny' = 'allow', nickname = '阿明') {
  const start = await b.get(`/api/wechat/authorize?${query}`);
  expect(start.statusCode).toBe(302);
  const consentUrl = start.headers.location as string;
  expect(consentUrl).toMatch(/^\/oauth-sim\/authorize\?appid=wxsimulator&redirect_uri=%2Fapi%2Fwechat%2Fcallback&state=[0-9a-f]{32}$/);
  const state = new URL(consentUrl, 'http://x').searchParams.get('state')!;
  const page = await b.get(consentUrl);
  expect(page.body).toContain('WeChat sign-in (simulator)');
  const back = await b.post(
    '/oauth-sim/authorize',
    new URLSearchParams({ redirect_uri: '/api/wechat/callback', state, decision, nickname }).toString(),
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(back.statusCode).toBe(303);
  const callback = await b.get(back.headers.location as string);
  expect(callback.statusCode).toBe(303);
  return { state, landing: callback.headers.location as string, callbackUrl: back.headers.location as string };
}

const complete = async (b: Browser, payload: object, headers: Record<string, string> = {}) =>
  body<any>(await b.post('/api/site/updateAuthorizeStatus', payload, headers));

describe('WeChat sign-in through the simulator', () => {
  it('a new WeChat user proves a mobile once; afterwards WeChat alone signs in as that mobile', async () => {
    const b = browser(t.app);
    const { state, landing } = await consent(b, 'type=login&syncRedirect=1&page=%2Fpages%2Forder%2Findex&promoCode=agent01');
    expect(landing).toBe(`/shop/#/pages/authorize/index?state=${state}`);
    const first = await complete(b, { state });
    expect(first).toMatchObject({
      code: 0,
      data: { status: 'needMobile', type: 'login', page: '/pages/order/index', syncRedirect: 1, nickname: '阿明', userInfo: null },
    });
    const mobile = uniqueMobile();
    const sent = body<{ devCode: string }>(
      await b.post('/api/hk/sendCode', { mobile }, { 'x-forwarded-for': `10.8.${randomBytes(1)[0]}.1` }),
    );
    const done = await complete(b, { state, mobile, code: sent.data.devCode });
    expect(done).toMatchObject({ code: 0, data: { status: 'loggedIn', userInfo: { mobile } } });
    expect(body<any>(await b.get('/api/hk/userInfo')).data.mobile).toBe(mobile);
    // The state was used once.
    expect(await complete(b, { state, mobile, code: sent.data.devCode })).toMatchObject({
      code: -1,
      message: 'Sign-in link: this sign-in has expired or was already used, please start again',
    });
    const record = await t.app.db.db.selectFrom('mini_users').selectAll().where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ platform: 'wx', nickname: '阿明', promo_code: 'agent01', index_first_group: 2 });

    // Later, the same WeChat user (same simulated account in this browser) signs in with no code.
    const again = await consent(b, 'type=login');
    const second = await complete(b, { state: again.state });
    expect(second).toMatchObject({ code: 0, data: { status: 'loggedIn', userInfo: { mobile } } });
  });

  it('refuses a state used in another browser (CSRF) and a forged or replayed code', async () => {
    const victim = browser(t.app);
    const attacker = browser(t.app);
    const { state, callbackUrl } = await consent(attacker, 'type=login');
    // The attacker's authorised state cannot be completed by the victim's browser.
    expect(await complete(victim, { state })).toMatchObject({ code: -1 });
    // A callback URL replayed in another browser is refused.
    const start = await attacker.get('/api/wechat/authorize?type=login');
    const s2 = new URL(start.headers.location as string, 'http://x').searchParams.get('state')!;
    const replay = await victim.get(callbackUrl.replace(/state=[0-9a-f]{32}/, `state=${s2}`));
    expect(replay.headers.location).toBe('/shop/#/pages/authorize/index?error=state');
    // A forged code is refused by the provider.
    const forged = await attacker.get(`/api/wechat/callback?state=${s2}&code=e30.forged`);
    expect(forged.headers.location).toBe('/shop/#/pages/authorize/index?error=code');
    expect(await complete(attacker, { state: s2 })).toMatchObject({ code: 0, data: { status: 'pending' } });
  });

  it('a state expires after ten minutes; a denial is reported', async () => {
    const b = browser(t.app);
    const start = await b.get('/api/wechat/authorize?type=login');
    const state = new URL(start.headers.location as string, 'http://x').searchParams.get('state')!;
    clock += 10 * 60_000 + 1;
    const late = await b.get(`/api/wechat/callback?state=${state}&code=x`);
    expect(late.headers.location).toBe('/shop/#/pages/authorize/index?error=state');
    const denied = await consent(b, 'type=login', 'deny');
    expect(await complete(b, { state: denied.state })).toMatchObject({ code: 0, data: { status: 'denied' } });
  });

  it('refuses a page outside the app and an unknown type', async () => {
    const b = browser(t.app);
    expect(body(await b.get('/api/wechat/authorize?page=https%3A%2F%2Fevil.example%2F'))).toMatchObject({ code: -1 });
    expect(body(await b.get('/api/wechat/authorize?type=admin'))).toMatchObject({ code: -1 });
  });

  it('wechatInfo: sign-in is needed inside WeChat when not logged in', async () => {
    const b = browser(t.app);
    const ua = { 'user-agent': 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50' };
    expect(body<any>(await b.get('/api/site/wechatInfo', ua)).data).toEqual({
      enabled: true,
      provider: 'simulator',
      appId: 'wxsimulator',
      inWechat: true,
      needLogin: true,
    });
    expect(body<any>(await b.get('/api/site/wechatInfo')).data.needLogin).toBe(false);
    const logged = await loginAs(t.app, uniqueMobile());
    const info = body<any>(await t.app.inject({ url: '/api/site/wechatInfo', headers: { ...logged, ...ua } })).data;
    expect(info.needLogin).toBe(false);
  });

  it('scan sign-in: the desktop starts it, a phone authorises, the desktop is signed in', async () => {
    const desktop = browser(t.app);
    const phone = browser(t.app);
    const started = body<any>(await desktop.post('/api/site/checkScanAuthorize', {}));
    expect(started.data.result.status).toBe('pending');
    expect(started.data.url).toBe(`/api/wechat/authorize?type=scan&scan=${started.data.state}`);
    // The phone links its WeChat account to a mobile first (a normal sign-in), then scans.
    const mobile = uniqueMobile();
    const first = await consent(phone, 'type=login');
    const code = body<{ devCode: string }>(
      await phone.post('/api/hk/sendCode', { mobile }, { 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.2` }),
    ).data.devCode;
    await complete(phone, { state: first.state, mobile, code });
    const scanned = await consent(phone, `type=scan&scan=${started.data.state}`);
    // The phone is told to go on on the desktop.
    expect((await complete(phone, { state: scanned.state })).data).toMatchObject({ status: 'scanned', type: 'scan', userInfo: null });
    const polled = body<any>(await desktop.post('/api/site/checkScanAuthorize', { state: started.data.state }));
    expect(polled.data.result).toMatchObject({ status: 'loggedIn', userInfo: { mobile } });
    expect(body<any>(await desktop.get('/api/hk/userInfo')).data.mobile).toBe(mobile);
    // Another browser cannot poll the desktop's state.
    expect(body(await phone.post('/api/site/checkScanAuthorize', { state: started.data.state }))).toMatchObject({ code: -1 });
  });

  it('wxJsSign signs a page address; ksUpdateProfile keeps a Kuaishou mini-user record', async () => {
    const sign = body<any>(
      await t.app.inject({ url: '/api/site/wxJsSign?url=https%3A%2F%2Fshop.example%2Fshop%2F%23%2Fpages%2Findex%2Findex' }),
    );
    expect(sign.code).toBe(0);
    expect(sign.data.appId).toBe('wxsimulator');
    expect(sign.data.signature).toMatch(/^[0-9a-f]{40}$/);
    const openId = `ks_${hex32()}`;
    const ks = body<any>(
      await t.app.inject({
        method: 'POST',
        url: '/api/site/ksUpdateProfile',
        payload: { nickname: '快手用户', promoCode: 'demo' },
        headers: { 'x-platform-open-id': openId },
      }),
    );
    expect(ks.data).toEqual({ platform: 'ks', openId, promoCode: 'demo', nickname: '快手用户', headPortrait: '', indexFirstGroup: 2 });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/site/ksUpdateProfile', payload: { nickname: 'x' } }))).toMatchObject({
      code: -1,
    });
  });

  it('dyUpdateProfile keeps a Douyin mini-user record of its own, apart from a Kuaishou one of the same open id', async () => {
    const openId = `mp_${hex32()}`;
    const update = async (url: string, payload: object) =>
      body<any>(await t.app.inject({ method: 'POST', url, payload, headers: { 'x-platform-open-id': openId } }));
    const dy = await update('/api/site/dyUpdateProfile', {
      nickname: '抖音用户',
      promoCode: 'agent01',
      headPortrait: 'https://p.example/a.png',
    });
    expect(dy.data).toEqual({
      platform: 'dy',
      openId,
      promoCode: 'agent01',
      nickname: '抖音用户',
      headPortrait: 'https://p.example/a.png',
      indexFirstGroup: 2,
    });
    await update('/api/site/ksUpdateProfile', { nickname: '快手用户' });
    const again = await update('/api/site/dyUpdateProfile', { nickname: '抖音新昵称', promoCode: 'agent01' });
    expect(again.data).toMatchObject({ platform: 'dy', nickname: '抖音新昵称', headPortrait: '' });
    const rows = await t.app.db.db
      .selectFrom('mini_users')
      .select(['platform', 'nickname'])
      .where('open_id', '=', openId)
      .orderBy('platform')
      .execute();
    expect(rows).toEqual([
      { platform: 'dy', nickname: '抖音新昵称' },
      { platform: 'ks', nickname: '快手用户' },
    ]);
    const bad = await update('/api/site/dyUpdateProfile', { nickname: 'x', headPortrait: 'javascript:alert(1)' });
    expect(bad.code).toBe(-1);
  });
});

describe('WeChat accounts linked to a card', () => {
  it('links the signed-in WeChat account to the card, lists it, and refuses unbinding another card’s link', async () => {
    const b = browser(t.app);
    const { c, simNo } = await makeCardClient(t.app);
    const sim = await t.app.inject({ method: 'POST', url: '/api/simLogin', payload: { sn: simNo, agreeProtocol: true } });
    const { token } = body<{ token: string }>(sim).data;
    const simHeaders = { 'x-sim-no': simNo, 'x-sim-token': token };
    const { state } = await consent(b, 'type=iot&page=%2Fpages-sub%2Fiot%2Fuser%2Foauth%2Findex', 'allow', '小王');
    // Without the SIM session the link is refused.
    expect(await complete(b, { state })).toMatchObject({ code: -1, message: 'log in with the SIM card first' });
    expect(await complete(b, { state }, simHeaders)).toMatchObject({ code: 0, data: { status: 'linked' } });
    const list = await client(t.app, simHeaders).get('/api/iot/getSimOauthList');
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ platform: 'wx', nickname: '小王' });
    expect(list.data.list[0].openIdMasked).toMatch(/^osim\*{4}[0-9a-f]{4}$/);

    const other = await makeCardClient(t.app);
    const refused = await other.c.post('/api/iot/unbindSimOauth', { id: list.data.list[0].id });
    expect(refused).toMatchObject({ code: -1, message: 'Item: this account is not linked to your card' });
    expect((await c.get('/api/iot/getSimOauthList')).data.list).toHaveLength(1);
    expect((await c.post('/api/iot/unbindSimOauth', { id: list.data.list[0].id })).code).toBe(0);
    expect((await c.get('/api/iot/getSimOauthList')).data.list).toEqual([]);
  });
});
