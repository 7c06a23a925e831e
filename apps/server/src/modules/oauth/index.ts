import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { depsOf } from '../../lib/deps.ts';
import { addJobs } from '../../lib/jobs.ts';
import type { App } from '../../lib/route.ts';
import { createOAuthSimulator, oauthSimulatorRoutes } from '../../providers/oauth/simulator.ts';
import type { OAuthProvider } from '../../providers/oauth/types.ts';
import { createWechatProvider } from '../../providers/oauth/wechat.ts';
import { oauthRoutes, simOauthRoutes } from './routes.ts';
import { type OAuthDeps, purgeJob, wechatOpenIdOfSession } from './service.ts';

function providerOf(config: Config): OAuthProvider | null {
  if (config.oauth.provider === 'wechat') {
    return createWechatProvider({ appId: config.oauth.wechatAppId, appSecret: config.oauth.wechatAppSecret, now: config.now });
  }
  return null;
}

/** Sign-in with WeChat (or its simulator), mini-user records, and accounts linked to SIM cards. */
export const oauthPlugin = fp(
  async (app: App) => {
    const base = depsOf(app);
    const simulator =
      app.config.oauth.provider === 'simulator' ? createOAuthSimulator({ secret: app.config.paymentSecret, now: base.now }) : null;
    const deps: OAuthDeps = {
      ...base,
      provider: simulator ?? providerOf(app.config),
      auth: { ...base, sms: app.sms, site: app.site },
      callbackUrl: app.config.oauth.provider === 'wechat' ? `${app.config.publicUrl ?? ''}/api/wechat/callback` : '/api/wechat/callback',
    };
    addJobs(app.jobs, [purgeJob(deps)]);
    // Open ids of WeChat's own sign-in belong to WECHAT_APP_ID: WeChat Pay JSAPI can use them when it
    // pays for the same app (the simulator's are not WeChat's).
    if (app.config.oauth.provider === 'wechat' && app.config.wechatPay?.appId === app.config.oauth.wechatAppId) {
      app.payments.useWechatPayer((sessionId) => wechatOpenIdOfSession(base, sessionId));
    }
    await app.register(async (scope) => {
      await scope.register(cookie);
      await oauthRoutes(scope, deps, app.iotSessions);
      if (simulator) oauthSimulatorRoutes(scope, simulator, app.config.paymentSecret);
    });
    await app.register(async (scope) => {
      app.guardSimScope(scope);
      await simOauthRoutes(scope, deps);
    });
  },
  { name: 'oauth', dependencies: ['jobs', 'site', 'auth', 'iot-sessions', 'sms', 'payments'] },
);
