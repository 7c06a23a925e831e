/**
 * Sign-in with WeChat behind an OAuth provider (the built-in simulator or WeChat itself).
 *
 * An authorisation is a one-time `state` (128 random bits) bound to the browser that started it: a
 * random value goes into an HttpOnly cookie and its SHA-256 into the state row, and the provider's
 * callback and the app's completion are refused unless the same browser presents it (CSRF, login
 * fixation). States live ten minutes and move pending → authorized → used once, each move a
 * conditional update. A WeChat account signs in as the shop login (mobile) it is linked to; an
 * account not linked yet proves a mobile by SMS code once, which links it.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { UserInfo } from '@simshop/contract/auth';
import type { Language } from '@simshop/contract/headers';
import type { AuthorizeStatus, authorizeQuery, CheckScanReply, MiniUser, SimOauthList, WechatInfo } from '@simshop/contract/oauth';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps.ts';
import { fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { OAuthError, type OAuthProvider } from '../../providers/oauth/types.ts';
import { type AuthDeps, currentLogin, login, signInAs } from '../auth/service.ts';
import * as repo from './repository.ts';

export { dailySignUps } from './figures.ts';

export const STATE_TTL_MS = 10 * 60_000;
export const BROWSER_COOKIE = 'wx_oauth';

export type AuthorizeQuery = z.infer<typeof authorizeQuery>;

export interface OAuthDeps extends Deps {
  /** Null when no provider is configured (OAUTH_PROVIDER=none). */
  provider: OAuthProvider | null;
  auth: AuthDeps;
  /** Where the provider sends the browser back: relative for the simulator, PUBLIC_URL for WeChat. */
  callbackUrl: string;
}

const hash = (s: string) => createHash('sha256').update(`oauth-browser:${s}`).digest('hex');
const newState = () => randomBytes(16).toString('hex');
export const newBrowserValue = () => randomBytes(24).toString('base64url');

const APP_PAGE = '/shop/#/pages/authorize/index';

function requireProvider(deps: OAuthDeps): OAuthProvider {
  if (!deps.provider) throw fail('oauth.unavailable');
  return deps.provider;
}

/**
 * The WeChat open id of the login of `sessionId`: the WeChat account linked to its mobile by a
 * sign-in with WeChat, or null (WeChat Pay JSAPI pays with it).
 */
export async function wechatOpenIdOfSession(deps: Deps, sessionId: string): Promise<string | null> {
  const found = await currentLogin(deps, sessionId);
  return found ? repo.wechatOpenIdOfMobile(deps.db, found.mobile) : null;
}

/** GET /api/site/wechatInfo */
export async function wechatInfo(deps: OAuthDeps, userAgent: string, sessionId: string): Promise<WechatInfo> {
  const p = deps.provider;
  const inWechat = /MicroMessenger/i.test(userAgent);
  const loggedIn = (await currentLogin(deps, sessionId)) !== null;
  return {
    enabled: p !== null,
    provider: p?.name ?? 'none',
    appId: p?.appId ?? '',
    inWechat,
    needLogin: p !== null && inWechat && !loggedIn,
  };
}

/**
 * GET /api/wechat/authorize: a new state bound to the browser value (set as its cookie by the
 * route); the provider's consent page to go to.
 */
export async function startAuthorize(deps: OAuthDeps, q: AuthorizeQuery, browserValue: string): Promise<string> {
  const provider = requireProvider(deps);
  const now = deps.now();
  if (q.type === 'scan') {
    const parent = q.scan ? await repo.findState(deps.db, q.scan) : undefined;
    if (parent?.type !== 'scan' || parent.parent !== '' || parent.status !== 'pending' || parent.expires_at <= now) {
      throw invalid('scan', 'oauth.stateInvalid');
    }
  }
  const state = newState();
  await repo.insertState(deps.db, {
    state,
    browser_hash: hash(browserValue),
    type: q.type,
    page: q.page,
    sync_redirect: q.syncRedirect,
    parent: q.type === 'scan' ? (q.scan ?? '') : '',
    promo_code: q.promoCode,
    status: 'pending',
    mini_user_id: null,
    created_at: now,
    expires_at: now + STATE_TTL_MS,
  });
  return provider.authorizeUrl({ redirectUri: deps.callbackUrl, state });
}

/**
 * GET /api/wechat/callback: the provider's answer, in the browser that started the state. The code
 * is exchanged for the profile, the account's record kept, and the state marked authorized (a scan
 * state's desktop parent too). Returns the app page to show.
 */
export async function callback(deps: OAuthDeps, stateId: string, code: string | undefined, browserValue: string): Promise<string> {
  const provider = requireProvider(deps);
  const now = deps.now();
  const state = /^[0-9a-f]{32}$/.test(stateId) ? await repo.findState(deps.db, stateId) : undefined;
  if (
    !state ||
    (state.parent === '' && state.type === 'scan') ||
    state.browser_hash !== hash(browserValue) ||
    state.expires_at <= now ||
    state.status !== 'pending'
  ) {
    return `${APP_PAGE}?error=state`;
  }
  if (!code) {
    await repo.moveState(deps.db, state.state, 'pending', 'denied');
    return `${APP_PAGE}?state=${state.state}`;
  }
  let profile: Awaited<ReturnType<OAuthProvider['exchange']>>;
  try {
    profile = await provider.exchange(code);
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    deps.log.warn({ err }, 'OAuth code refused');
    return `${APP_PAGE}?error=code`;
  }
  const miniUserId = await repo.upsertMiniUser(deps.db, {
    platform: 'wx',
    open_id: profile.openId,
    union_id: profile.unionId,
    promo_code: state.promo_code,
    nickname: profile.nickname,
    head_portrait: profile.avatar,
    now,
  });
  if (!(await repo.moveState(deps.db, state.state, 'pending', 'authorized', miniUserId))) return `${APP_PAGE}?error=state`;
  if (state.type === 'scan') {
    await repo.moveState(deps.db, state.parent, 'pending', 'authorized', miniUserId);
    await repo.moveState(deps.db, state.state, 'authorized', 'used');
  }
  return `${APP_PAGE}?state=${state.state}`;
}

async function profileOf(deps: OAuthDeps, id: number | null) {
  const u = id === null ? undefined : await repo.miniUserById(deps.db, id);
  return { nickname: u?.nickname ?? '', avatar: u?.head_portrait ?? '', mobile: u?.mobile ?? '' };
}

export interface CompleteInput {
  state: string;
  mobile?: string;
  code?: string;
  browserValue: string;
  sessionId: string;
  language: Language;
  /** The card of the SIM session headers, when valid (type iot). */
  simId: () => Promise<number | null>;
}

/**
 * POST /api/site/updateAuthorizeStatus (and the completion of a scan): a login signs the browser's
 * session in as the linked mobile (or, with a mobile and its SMS code, links and signs in); an iot
 * authorisation links the account to the SIM card of the session. The state is then used.
 */
export async function complete(deps: OAuthDeps, input: CompleteInput): Promise<AuthorizeStatus> {
  const now = deps.now();
  const state = await repo.findState(deps.db, input.state);
  if (!state || state.browser_hash !== hash(input.browserValue) || state.expires_at <= now) throw invalid('state', 'oauth.stateInvalid');
  const profile = await profileOf(deps, state.mini_user_id);
  const base = {
    type: state.type,
    page: state.page as string,
    syncRedirect: state.sync_redirect as number,
    nickname: profile.nickname,
    avatar: profile.avatar,
  };
  if (state.status === 'denied') return { ...base, status: 'denied', userInfo: null };
  // The phone's side of a scan sign-in: it confirmed, the desktop that showed the code signs in.
  if (state.type === 'scan' && state.parent !== '' && state.status === 'used') return { ...base, status: 'scanned', userInfo: null };
  if (state.status === 'pending') return { ...base, status: 'pending', userInfo: null };
  if (state.status !== 'authorized' || state.mini_user_id === null) throw invalid('state', 'oauth.stateInvalid');
  const miniUserId = state.mini_user_id;

  if (state.type === 'iot') {
    const simId = await input.simId();
    if (simId === null) throw fail('oauth.simLoginRequired');
    if (!(await repo.moveState(deps.db, state.state, 'authorized', 'used'))) throw invalid('state', 'oauth.stateInvalid');
    await repo.linkCard(deps.db, simId, miniUserId, now);
    return { ...base, status: 'linked', userInfo: null };
  }

  let user: UserInfo;
  if (profile.mobile) {
    if (!(await repo.moveState(deps.db, state.state, 'authorized', 'used'))) throw invalid('state', 'oauth.stateInvalid');
    user = await signInAs(deps.auth, profile.mobile, input.sessionId, input.language);
  } else if (input.mobile && input.code) {
    user = await login(deps.auth, input.mobile, input.code, input.sessionId, input.language);
    if (!(await repo.moveState(deps.db, state.state, 'authorized', 'used'))) throw invalid('state', 'oauth.stateInvalid');
    await repo.linkMobile(deps.db, miniUserId, input.mobile, now);
  } else {
    return { ...base, status: 'needMobile', userInfo: null };
  }
  return { ...base, status: 'loggedIn', userInfo: user };
}

/**
 * POST /api/site/checkScanAuthorize: without a state, a new scan sign-in bound to this browser and
 * the address a phone opens; with one, its progress (completed like updateAuthorizeStatus once the
 * phone has authorised).
 */
export async function checkScan(
  deps: OAuthDeps,
  input: Omit<CompleteInput, 'state' | 'mobile' | 'code'> & { state?: string },
): Promise<CheckScanReply> {
  requireProvider(deps);
  const now = deps.now();
  let stateId = input.state;
  if (!stateId) {
    stateId = newState();
    await repo.insertState(deps.db, {
      state: stateId,
      browser_hash: hash(input.browserValue),
      type: 'scan',
      page: '/pages/user/index',
      sync_redirect: 1,
      parent: '',
      status: 'pending',
      mini_user_id: null,
      created_at: now,
      expires_at: now + STATE_TTL_MS,
    });
  }
  const row = await repo.findState(deps.db, stateId);
  if (row?.type !== 'scan' || row.parent !== '') throw invalid('state', 'oauth.stateInvalid');
  const result = await complete(deps, { ...input, state: stateId });
  return { state: stateId, url: `/api/wechat/authorize?type=scan&scan=${stateId}`, expiresAt: row.expires_at, result };
}

/** GET /api/site/wxJsSign: WeChat JS-SDK's signature (SHA-1 of ticket, nonce, time and page address). */
export async function jsSign(deps: OAuthDeps, url: string) {
  const provider = requireProvider(deps);
  const ticket = await provider.jsapiTicket().catch((err) => {
    if (err instanceof OAuthError) throw fail('oauth.unavailable');
    throw err;
  });
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(deps.now() / 1000);
  const page = url.split('#')[0] ?? url;
  const signature = createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`)
    .digest('hex');
  return { appId: provider.appId, timestamp, nonceStr, signature };
}

/**
 * POST /api/site/ksUpdateProfile and /api/site/dyUpdateProfile: the Kuaishou or Douyin mini-program
 * user (its open id header) sets its nickname and picture; the record is kept per platform (spec §3).
 */
export async function updateMiniProfile(
  deps: OAuthDeps,
  platform: 'ks' | 'dy',
  openId: string,
  p: { promoCode: string; nickname: string; headPortrait: string },
): Promise<MiniUser> {
  if (!openId) throw invalid('x-platform-open-id', 'oauth.openIdMissing');
  const id = await repo.upsertMiniUser(deps.db, {
    platform,
    open_id: openId,
    union_id: '',
    promo_code: p.promoCode,
    nickname: p.nickname,
    head_portrait: p.headPortrait,
    now: deps.now(),
  });
  const u = (await repo.miniUserById(deps.db, id))!;
  return {
    platform,
    openId: u.open_id,
    promoCode: u.promo_code,
    nickname: u.nickname,
    headPortrait: u.head_portrait,
    indexFirstGroup: u.index_first_group,
  };
}

/** GET /api/iot/getSimOauthList: the accounts linked to the card. */
export async function simOauthList(deps: OAuthDeps, simId: number): Promise<SimOauthList> {
  const rows = await repo.cardLinks(deps.db, simId);
  return {
    list: rows.map((r) => ({
      id: r.id,
      platform: r.platform as 'wx',
      nickname: r.nickname,
      headPortrait: r.head_portrait,
      openIdMasked: r.open_id.length > 8 ? `${r.open_id.slice(0, 4)}****${r.open_id.slice(-4)}` : maskMobile(r.open_id),
      createdAt: r.created_at,
    })),
  };
}

/** POST /api/iot/unbindSimOauth: only a link of the session's own card. */
export async function unbindSimOauth(deps: OAuthDeps, simId: number, id: number): Promise<void> {
  if (!(await repo.unlinkCard(deps.db, simId, id))) throw invalid('id', 'oauth.notYourLink');
}

/** Hourly: states past their ten minutes go. */
export function purgeJob(deps: OAuthDeps): Job {
  return { name: 'oauth.purge', everyMs: 3_600_000, run: (now) => repo.purgeStates(deps.db, now) };
}
