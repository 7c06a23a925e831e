import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthError } from './types.ts';
import { createWechatProvider } from './wechat.ts';

/** A stand-in for WeChat's API on a local port, answering as WeChat documents it. */
let server: Server;
let base = '';
const calls: string[] = [];
let tokenCalls = 0;

function answer(req: IncomingMessage): unknown {
  const url = new URL(req.url ?? '/', 'http://x');
  const q = Object.fromEntries(url.searchParams);
  calls.push(`${url.pathname}?${url.searchParams}`);
  switch (url.pathname) {
    case '/sns/oauth2/access_token':
      if (q.appid !== 'wxapp' || q.secret !== 's3cret' || q.grant_type !== 'authorization_code')
        return { errcode: 40125, errmsg: 'invalid appsecret' };
      if (q.code !== 'good-code') return { errcode: 40029, errmsg: 'invalid code' };
      return { access_token: 'user-token', expires_in: 7200, refresh_token: 'r', openid: 'oABC123', scope: 'snsapi_userinfo' };
    case '/sns/userinfo':
      if (q.access_token !== 'user-token' || q.openid !== 'oABC123') return { errcode: 40003, errmsg: 'invalid openid' };
      return { openid: 'oABC123', nickname: '张三', headimgurl: 'https://thirdwx.qlogo.cn/a.png', unionid: 'uXYZ' };
    case '/cgi-bin/token':
      tokenCalls++;
      return { access_token: 'app-token', expires_in: 7200 };
    case '/cgi-bin/ticket/getticket':
      return q.access_token === 'app-token' && q.type === 'jsapi'
        ? { errcode: 0, errmsg: 'ok', ticket: 'TICKET1', expires_in: 7200 }
        : { errcode: 40001 };
    default:
      return { errcode: 404 };
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer(req)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('WeChat OAuth adapter', () => {
  it("builds WeChat's consent address with the app id, the callback, the scope and the state", () => {
    const p = createWechatProvider({ appId: 'wxapp', appSecret: 's3cret', apiBase: base });
    expect(p.authorizeUrl({ redirectUri: 'https://shop.example/api/wechat/callback', state: 'ab'.repeat(16) })).toBe(
      `https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxapp&redirect_uri=https%3A%2F%2Fshop.example%2Fapi%2Fwechat%2Fcallback&response_type=code&scope=snsapi_userinfo&state=${'ab'.repeat(16)}#wechat_redirect`,
    );
  });

  it('exchanges a code for the access token, then reads the profile', async () => {
    const p = createWechatProvider({ appId: 'wxapp', appSecret: 's3cret', apiBase: base });
    expect(await p.exchange('good-code')).toEqual({
      openId: 'oABC123',
      unionId: 'uXYZ',
      nickname: '张三',
      avatar: 'https://thirdwx.qlogo.cn/a.png',
    });
    await expect(p.exchange('bad-code')).rejects.toThrow(new OAuthError('WeChat /sns/oauth2/access_token: 40029 invalid code'));
  });

  it('a wrong secret and an unreachable WeChat are OAuth errors', async () => {
    await expect(createWechatProvider({ appId: 'wxapp', appSecret: 'wrong', apiBase: base }).exchange('good-code')).rejects.toBeInstanceOf(
      OAuthError,
    );
    await expect(
      createWechatProvider({ appId: 'wxapp', appSecret: 's3cret', apiBase: 'http://127.0.0.1:1' }).exchange('good-code'),
    ).rejects.toBeInstanceOf(OAuthError);
  });

  it('keeps the jsapi ticket until five minutes before it expires', async () => {
    let now = 1_000_000;
    const p = createWechatProvider({ appId: 'wxapp', appSecret: 's3cret', apiBase: base, now: () => now });
    const before = tokenCalls;
    expect(await p.jsapiTicket()).toBe('TICKET1');
    expect(await p.jsapiTicket()).toBe('TICKET1');
    expect(tokenCalls).toBe(before + 1);
    now += (7200 - 300) * 1000;
    await p.jsapiTicket();
    expect(tokenCalls).toBe(before + 2);
  });
});
