import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { App } from '../../lib/route.ts';
import { escapeHtml } from '../payment/sandbox-cashier.ts';
import { OAuthError, type OAuthProfile, type OAuthProvider } from './types.ts';

/**
 * The built-in OAuth simulator: a consent page served by the app (like the sandbox cashier) where
 * the person allows or denies signing in "with WeChat". Each browser is one simulated WeChat user
 * (a random id in a cookie); its open id is derived from it. The code sent back is signed and lives
 * five minutes, so it cannot be forged or kept.
 */
export const SIMULATOR_APP_ID = 'wxsimulator';
const CODE_TTL_MS = 5 * 60_000;
const USER_COOKIE = 'oauth_sim_user';

const b64 = (s: string) => Buffer.from(s).toString('base64url');

export function createOAuthSimulator(o: {
  secret: string;
  now: () => number;
}): OAuthProvider & { issueCode(profile: OAuthProfile): string } {
  const sign = (payload: string) => createHmac('sha256', `oauth-sim:${o.secret}`).update(payload).digest('base64url');
  return {
    name: 'simulator',
    appId: SIMULATOR_APP_ID,
    authorizeUrl: ({ redirectUri, state }) =>
      `/oauth-sim/authorize?${new URLSearchParams({ appid: SIMULATOR_APP_ID, redirect_uri: redirectUri, state })}`,
    issueCode(profile: OAuthProfile): string {
      const payload = b64(JSON.stringify({ ...profile, exp: o.now() + CODE_TTL_MS }));
      return `${payload}.${sign(payload)}`;
    },
    async exchange(code: string): Promise<OAuthProfile> {
      const [payload = '', mac = ''] = code.split('.');
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new OAuthError('forged code');
      const p = JSON.parse(Buffer.from(payload, 'base64url').toString()) as OAuthProfile & { exp: number };
      if (p.exp <= o.now()) throw new OAuthError('expired code');
      return { openId: p.openId, unionId: p.unionId, nickname: p.nickname, avatar: p.avatar };
    },
    async jsapiTicket(): Promise<string> {
      return `sim-ticket-${sign('jsapi').slice(0, 24)}`;
    },
  };
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#ededed;color:#111}
main{max-width:480px;margin:0 auto;padding:32px 16px;text-align:center}
.logo{width:64px;height:64px;border-radius:16px;background:#07c160;color:#fff;font-size:30px;line-height:64px;margin:0 auto 12px}
.card{background:#fff;border-radius:12px;padding:20px;margin:16px 0;text-align:left}
label{display:block;font-size:14px;color:#555;margin-bottom:6px}input{width:100%;font-size:17px;padding:10px;border:1px solid #ccc;border-radius:8px}
.muted{color:#666;font-size:14px}
button{display:block;width:100%;border:0;border-radius:8px;padding:12px;font-size:17px;margin-top:12px;cursor:pointer}
.allow{background:#07c160;color:#fff}.deny{background:#fff;color:#333;border:1px solid #ddd}`;

const query = z.object({
  appid: z.literal(SIMULATOR_APP_ID),
  redirect_uri: z.string().regex(/^\/api\/wechat\/callback$|^https?:\/\/[^\s]+\/api\/wechat\/callback$/),
  state: z.string().regex(/^[0-9a-f]{32}$/),
});

/** GET and POST /oauth-sim/authorize: the simulator's consent page. Needs @fastify/cookie in the scope. */
export function oauthSimulatorRoutes(app: App, sim: ReturnType<typeof createOAuthSimulator>, secret: string): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(text)))),
  );
  const userOf = (req: { cookies: Record<string, string | undefined> }, reply: { setCookie(n: string, v: string, o: object): unknown }) => {
    let id = req.cookies[USER_COOKIE] ?? '';
    if (!/^[0-9a-f]{32}$/.test(id)) {
      id = randomBytes(16).toString('hex');
      reply.setCookie(USER_COOKIE, id, { path: '/oauth-sim', httpOnly: true, sameSite: 'lax', maxAge: 365 * 86_400 });
    }
    return { id, openId: `osim${createHmac('sha256', `oauth-sim-user:${secret}`).update(id).digest('hex').slice(0, 24)}` };
  };

  app.get('/oauth-sim/authorize', { schema: { hide: true } }, async (req, reply) => {
    const q = query.safeParse(req.query);
    if (!q.success) return reply.status(400).type('text/plain').send('bad request');
    const user = userOf(req, reply);
    const hidden = (['redirect_uri', 'state'] as const)
      .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.data[k])}">`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>授权登录 Sign in</title><style>${STYLE}</style></head><body><main>
<div class="logo" aria-hidden="true">W</div><h1>微信授权 · WeChat sign-in (simulator)</h1>
<p class="muted">申请获取你的昵称、头像 · The shop asks for your nickname and avatar</p>
<form method="post" action="/oauth-sim/authorize">${hidden}<div class="card"><label for="nickname">昵称 Nickname</label><input id="nickname" name="nickname" maxlength="30" value="微信用户${escapeHtml(user.openId.slice(-4))}"></div>
<button class="allow" type="submit" name="decision" value="allow">允许 Allow</button><button class="deny" type="submit" name="decision" value="deny">拒绝 Deny</button></form></main></body></html>`);
  });

  app.post('/oauth-sim/authorize', { schema: { hide: true } }, async (req, reply) => {
    const form = (req.body ?? {}) as Record<string, string>;
    const q = query.safeParse({ ...form, appid: SIMULATOR_APP_ID });
    if (!q.success) return reply.status(400).type('text/plain').send('bad request');
    const target = new URL(q.data.redirect_uri, 'http://x');
    target.searchParams.set('state', q.data.state);
    if (form.decision === 'allow') {
      const user = userOf(req, reply);
      const nickname =
        String(form.nickname ?? '')
          .trim()
          .slice(0, 30) || '微信用户';
      target.searchParams.set('code', sim.issueCode({ openId: user.openId, unionId: '', nickname, avatar: '' }));
    }
    const location = q.data.redirect_uri.startsWith('/') ? `${target.pathname}${target.search}` : target.toString();
    return reply.redirect(location, 303);
  });
}
