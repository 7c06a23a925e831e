import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { SendCodeReply, UserInfo } from '@simshop/contract/auth';
import { Code } from '@simshop/contract/codes';
import type { Deps } from '../../lib/deps.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { type Language, render } from '../../lib/messages.ts';
import { hit } from '../../lib/rate-limit.ts';
import type { Site } from '../site/service.ts';
import type { Sms } from '../sms/service.ts';
import * as repo from './repository.ts';

/** SMS login rules (issue 3). */
export const SMS_RULES = {
  codeTtlMs: 5 * 60_000,
  maxWrongTries: 5,
  perMobileMinute: 1,
  perMobileDay: 10,
  perIpHour: 20,
  verifyPerMobileHour: 30,
  sessionTtlMs: 30 * 86_400_000,
} as const;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

export interface AuthDeps extends Deps {
  sms: Sms;
  site: Site;
}

function codeHash(deps: Deps, mobile: string, scene: string, code: string): string {
  return createHmac('sha256', `sms-code:${deps.config.paymentSecret}`).update(`${mobile}:${scene}:${code}`).digest('hex');
}

export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(`login:${sessionId}`).digest('hex');
}

async function checkSendLimits(deps: Deps, mobile: string, scene: string, ip: string, now: number): Promise<void> {
  const perIp = await hit(deps.db, `sms:ip:${ip}`, SMS_RULES.perIpHour, HOUR, now);
  if (!perIp.allowed) throw fail('sms.networkLimit', { minutes: Math.ceil(perIp.retryAfterMs / MINUTE) });
  // Exact: a minute since the last code. The counter then stops two concurrent requests that
  // both passed that check (any two sends a minute apart fall in different windows).
  const latest = await repo.latestCode(deps.db, mobile, scene);
  const sinceLast = latest ? now - latest.created_at : Number.POSITIVE_INFINITY;
  if (sinceLast < MINUTE) throw invalid('mobile', 'sms.resendTooSoon', { seconds: Math.ceil((MINUTE - sinceLast) / 1000) });
  const perMinute = await hit(deps.db, `sms:mobile:${mobile}:minute`, SMS_RULES.perMobileMinute, MINUTE, now);
  if (!perMinute.allowed) throw invalid('mobile', 'sms.resendTooSoon', { seconds: 60 });
  const perDay = await hit(deps.db, `sms:mobile:${mobile}:day`, SMS_RULES.perMobileDay, DAY, now);
  if (!perDay.allowed) throw invalid('mobile', 'sms.dailyLimit', { count: SMS_RULES.perMobileDay });
}

/**
 * Sends a login code (scene `login`) or a fast-number application's (`apply`) in the reader's
 * language. The reply is the same whether or not the mobile has orders; it carries the code only
 * with the console provider and config.smsDevCode (SMS_DEV_CODE, on for the demo). A message the
 * SMS provider does not send is the refusal `sms.sendFailed`.
 */
export async function sendCode(
  deps: AuthDeps,
  mobile: string,
  scene: 'login' | 'apply',
  ip: string,
  language: Language,
): Promise<SendCodeReply> {
  const now = deps.now();
  await checkSendLimits(deps, mobile, scene, ip, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.transaction().execute((trx) =>
    repo.replaceCode(trx, {
      mobile,
      scene,
      code_hash: codeHash(deps, mobile, scene, code),
      ip,
      created_at: now,
      expires_at: now + SMS_RULES.codeTtlMs,
    }),
  );
  await deps.sms.send({ mobile, kind: scene, language, code, ttlMinutes: SMS_RULES.codeTtlMs / MINUTE });
  return {
    expiresIn: SMS_RULES.codeTtlMs / 1000,
    resendIn: MINUTE / 1000,
    ...(deps.sms.revealsCode && deps.config.smsDevCode ? { devCode: code } : {}),
  };
}

/**
 * Checks a code: right once, within 5 minutes, the latest sent, fewer than 5 wrong tries. Other
 * modules prove a mobile with it (a fast-number application, scene `apply`).
 */
export async function verifyCode(deps: Deps, mobile: string, scene: string, code: string, now: number): Promise<void> {
  const tries = await hit(deps.db, `sms:verify:${mobile}`, SMS_RULES.verifyPerMobileHour, HOUR, now);
  if (!tries.allowed) throw invalid('code', 'sms.tooManyTries');
  const row = await repo.latestCode(deps.db, mobile, scene);
  if (!row || row.used_at !== null) throw invalid('code', 'sms.noValidCode');
  if (row.voided === 1 || row.attempts >= SMS_RULES.maxWrongTries) throw invalid('code', 'sms.wrongTriesExceeded');
  if (row.expires_at <= now) throw invalid('code', 'sms.expired');
  // The try is counted before the code is compared: at most maxWrongTries comparisons per code.
  const made = await repo.reserveTry(deps.db, row.id, SMS_RULES.maxWrongTries);
  if (made === null) throw invalid('code', 'sms.wrongTriesExceeded');
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(deps, mobile, scene, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const left = SMS_RULES.maxWrongTries - made;
    if (left <= 0) await repo.voidCode(deps.db, row.id);
    throw left > 0 ? invalid('code', 'sms.wrongCode', { left }) : invalid('code', 'sms.wrongTriesExceeded');
  }
  if (!(await repo.consumeCode(deps.db, row.id, now))) {
    throw invalid('code', 'sms.noValidCode');
  }
}

async function userInfoOf(deps: Deps & { site: Site }, mobile: string, expiresAt: number, language: Language): Promise<UserInfo> {
  const generic = await deps.site.getGenericConfig();
  const nickname = render('profile.nickname', { digits: mobile.slice(-4) }, language);
  return { mobile, mobileMasked: maskMobile(mobile), nickname, avatar: generic.loginAvatar, expiresAt };
}

/** Logs the browser's session id in as the mobile whose code it proves. */
export async function login(deps: AuthDeps, mobile: string, code: string, sessionId: string, language: Language): Promise<UserInfo> {
  if (!sessionId) throw invalid('x-session-id', 'auth.sessionHeaderMissing');
  const now = deps.now();
  await verifyCode(deps, mobile, 'login', code, now);
  return signInAs(deps, mobile, sessionId, language);
}

/**
 * Logs the browser's session id in as `mobile` without a code: the caller has proven the account
 * another way (a WeChat sign-in linked to this mobile by an earlier SMS code).
 */
export async function signInAs(deps: Deps & { site: Site }, mobile: string, sessionId: string, language: Language): Promise<UserInfo> {
  if (!sessionId) throw invalid('x-session-id', 'auth.sessionHeaderMissing');
  const now = deps.now();
  const expiresAt = now + SMS_RULES.sessionTtlMs;
  await deps.db.transaction().execute((trx) => repo.bindSession(trx, sessionHash(sessionId), mobile, now, expiresAt));
  return userInfoOf(deps, mobile, expiresAt, language);
}

export async function logout(deps: Deps, sessionId: string): Promise<void> {
  if (sessionId) await repo.revokeSession(deps.db, sessionHash(sessionId), deps.now());
}

/** The logged-in mobile of a session id, or null when none, expired or revoked. */
export async function currentLogin(deps: Deps, sessionId: string): Promise<{ mobile: string; expiresAt: number } | null> {
  if (!sessionId) return null;
  const row = await repo.findSession(deps.db, sessionHash(sessionId));
  if (!row || row.revoked_at !== null || row.expires_at <= deps.now()) return null;
  return { mobile: row.mobile, expiresAt: row.expires_at };
}

export const loginTimeout = () => new BizError(Code.LOGIN_TIMEOUT, 'auth.loginTimeout');

/** The logged-in mobile, or code 61. */
export async function requireLogin(deps: Deps, sessionId: string): Promise<string> {
  const found = await currentLogin(deps, sessionId);
  if (!found) throw loginTimeout();
  return found.mobile;
}

export async function userInfo(deps: AuthDeps, sessionId: string, language: Language): Promise<UserInfo> {
  const found = await currentLogin(deps, sessionId);
  if (!found) throw loginTimeout();
  return userInfoOf(deps, found.mobile, found.expiresAt, language);
}

/** Hourly: old SMS codes and expired login sessions go. */
export function purgeJob(deps: Deps): Job {
  return { name: 'auth.purge', everyMs: HOUR, run: (now: number) => repo.purge(deps.db, deps.dialect, now) };
}
