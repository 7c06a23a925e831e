import { httpExchange } from '../../lib/http-client.ts';
import { OAuthError, type OAuthProfile, type OAuthProvider } from './types.ts';

/**
 * WeChat's web authorisation (official accounts, snsapi_userinfo) and JS-SDK ticket, as WeChat
 * documents them: the consent page at open.weixin.qq.com, then `sns/oauth2/access_token` for the
 * code, `sns/userinfo` for the profile, `cgi-bin/token` and `cgi-bin/ticket/getticket` for the
 * ticket (kept until shortly before it expires). `apiBase` is WeChat's API host unless a test points
 * it elsewhere.
 */
export interface WechatOptions {
  appId: string;
  appSecret: string;
  apiBase?: string;
  now?: () => number;
}

interface WechatReply {
  errcode?: number;
  errmsg?: string;
}

export function createWechatProvider(o: WechatOptions): OAuthProvider {
  const base = (o.apiBase ?? 'https://api.weixin.qq.com').replace(/\/$/, '');
  const now = o.now ?? Date.now;
  let ticket: { value: string; until: number } | null = null;

  async function call<T extends WechatReply>(path: string, query: Record<string, string>): Promise<T> {
    let reply: T;
    try {
      const res = await httpExchange(`${base}${path}?${new URLSearchParams(query)}`, { method: 'GET', timeoutMs: 10_000 });
      reply = JSON.parse(res.text) as T;
    } catch (err) {
      throw new OAuthError(`WeChat ${path} unreachable: ${(err as Error).message}`);
    }
    if (reply.errcode) throw new OAuthError(`WeChat ${path}: ${reply.errcode} ${reply.errmsg ?? ''}`.trim());
    return reply;
  }

  return {
    name: 'wechat',
    appId: o.appId,
    authorizeUrl: ({ redirectUri, state }) =>
      `https://open.weixin.qq.com/connect/oauth2/authorize?${new URLSearchParams({
        appid: o.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_userinfo',
        state,
      })}#wechat_redirect`,

    async exchange(code: string): Promise<OAuthProfile> {
      const token = await call<WechatReply & { access_token: string; openid: string; unionid?: string }>('/sns/oauth2/access_token', {
        appid: o.appId,
        secret: o.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const user = await call<WechatReply & { nickname?: string; headimgurl?: string; unionid?: string }>('/sns/userinfo', {
        access_token: token.access_token,
        openid: token.openid,
        lang: 'zh_CN',
      });
      return {
        openId: token.openid,
        unionId: user.unionid ?? token.unionid ?? '',
        nickname: user.nickname ?? '',
        avatar: user.headimgurl ?? '',
      };
    },

    async jsapiTicket(): Promise<string> {
      if (ticket && ticket.until > now()) return ticket.value;
      const token = await call<WechatReply & { access_token: string }>('/cgi-bin/token', {
        grant_type: 'client_credential',
        appid: o.appId,
        secret: o.appSecret,
      });
      const t = await call<WechatReply & { ticket: string; expires_in: number }>('/cgi-bin/ticket/getticket', {
        access_token: token.access_token,
        type: 'jsapi',
      });
      // Renewed five minutes before WeChat's expiry (7200 s).
      ticket = { value: t.ticket, until: now() + Math.max(60, t.expires_in - 300) * 1000 };
      return t.ticket;
    },
  };
}
