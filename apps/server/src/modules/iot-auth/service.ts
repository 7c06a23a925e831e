/**
 * SIM login and sessions. A token is 256 random bits, handed out once and stored only as its
 * SHA-256; it expires after SESSION_TTL_MS and is revoked on logout or when switching SIM.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { Code } from '@simshop/contract/codes';
import type { Language } from '@simshop/contract/headers';
import type { SimLoginBody, SimLoginCodeReply, SimProveBody, SimProveReply, SimSession } from '@simshop/contract/iot-login';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { LRUCache } from 'lru-cache';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/kysely.ts';
import type { Database } from '../../db/schema.ts';
import { ttlCache } from '../../lib/cache.ts';
import { type Shopper, shopperOf } from '../../lib/context.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import { clientNetwork } from '../../lib/ip-address.ts';
import type { Job } from '../../lib/jobs.ts';
import { maskMobile } from '../../lib/mask-mobile.ts';
import { verifySecret } from '../../lib/password.ts';
import { hit, type Reservation, release, reserve } from '../../lib/rate-limit.ts';
import type { Bus } from '../../lib/shared.ts';
import { asSeenBy, type LoginTarget, type Sims } from '../iot-sims/service.ts';
import type { Sms, SmsKind } from '../sms/service.ts';
import type { SessionRow } from './repository.ts';
import * as repo from './repository.ts';

export const SESSION_TTL_MS = 7 * 86_400_000;
/**
 * Failed logins lock the client that makes them, not the card holder (decision 0063): whoever knows
 * a card's number must not be able to lock its holder out. Per window, counted across instances:
 * - `perClient` failures for one number from one client network (an IPv4 address, an IPv6 /64)
 *   close that number to that client;
 * - `perIp` failures from one client network, whatever the numbers, close it to every number;
 * - `perNumber` failures for one number from all clients together (an attacker spread over many
 *   networks: at least four of them) close the number to card passwords for everyone; a login by
 *   SMS code still gets in, since the code proves the holder has the bound phone, and its own tries
 *   are capped per code (CODE_RULES.maxAttempts).
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failed logins per login number and client network per window. */
  perClient: 5,
  /** Failed logins per client network per window. */
  perIp: 20,
  /** Failed logins per login number per window, from all clients (logins by SMS code are not refused by it). */
  perNumber: 20,
};
export const CODE_RULES = {
  ttlMs: 5 * 60_000,
  resendMs: 60_000,
  maxAttempts: 5,
  perSimPerDay: 10,
  perIpPerHour: 20,
};

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface AuthedSim {
  sessionId: number;
  simId: number;
  tokenHash: string;
  /**
   * The session proved possession of the card (an SMS code to its bound phone or its card
   * password, at login or since): only such a session reaches the device's secrets and controls
   * (decision 0105).
   */
  proven: boolean;
}

/**
 * Sessions read in the last second, by token hash (per instance), kept from a token's second read
 * within a second or two on: a fleet of cards each asking once is not cached (decision 0047). A
 * revocation is broadcast to every instance (the bus), which drops its entry at once; without
 * Redis another instance sees it within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 1_000;
/** The bus channel of revoked sessions (by token hash). */
const REVOKED = 'sim-session.revoked';

const timeout = (id: 'sim.loginRequired' | 'sim.sessionInvalid' | 'sim.loggedOut' | 'sim.sessionExpired' | 'sim.sessionMismatch') =>
  new BizError(Code.SIM_LOGIN_TIMEOUT, id);

/**
 * The session of a token: missing, unknown, revoked and expired tokens all answer 34061, and so
 * does an x-sim-no header naming another card than the token's.
 */
/** Checks a session row against the call: answers 34061 unless it is live and for the same SIM. */
function checkSession(session: SessionRow | null, tokenHash: string, simNo: string, now: number): AuthedSim & { simNo: string } {
  if (!session) throw timeout('sim.sessionInvalid');
  if (session.revoked_at !== null) throw timeout('sim.loggedOut');
  if (session.expires_at <= now) throw timeout('sim.sessionExpired');
  if (simNo && simNo !== session.sim_no) throw timeout('sim.sessionMismatch');
  return { sessionId: session.id, simId: session.sim_id, simNo: session.sim_no, tokenHash, proven: session.proven_at !== null };
}

/**
 * Refuses (41003) a session that has not proved possession of the card: a device's secrets (its
 * Wi-Fi password, clients, messages) and controls need an SMS code to the bound phone or the card
 * password first (POST /api/iot/simProve, decision 0105).
 */
export function requireProven(sim: AuthedSim): void {
  if (!sim.proven) throw new BizError(Code.DEVICE_PROOF_REQUIRED, 'sim.proofRequired');
}

export type { SessionQuery } from './repository.ts';

/**
 * What a module reads with the session of an IoT call, in the same statement (see
 * `guardSimScope`): `join` adds its tables and columns to the session query, `start` is called
 * just before the read and `take` makes the module's value of the row read.
 */
export interface SessionCompanion<T> {
  join: (query: repo.SessionQuery) => repo.SessionQuery;
  start: () => number;
  take: (row: Record<string, unknown>, started: number) => T | undefined;
}

/** SIM sessions: opened by a login, checked on every /api/iot call, revoked on logout or switch. */
export class SimSessions {
  /** The row of a token hash, or false for an unknown token. */
  readonly #cache: LRUCache<string, SessionRow | false>;
  /** Counts the revocations heard: a row read while one arrived is not cached (it may predate it). */
  #revocations = 0;
  /** Reads a token's session alone (the guard of scopes without a companion). */
  readonly #read: ReturnType<typeof repo.sessionReader>;

  constructor(private readonly deps: { db: Kysely<Database>; dialect: DialectName; now: () => number; bus: Bus }) {
    this.#read = repo.sessionReader(deps.db, deps.dialect);
    this.#cache = ttlCache({ ttlMs: SESSION_CACHE_MS, max: 20_000, now: deps.now, admit: 'second-use' });
    deps.bus.subscribe(REVOKED, (tokenHash) => {
      this.#revocations++;
      this.#cache.delete(tokenHash);
    });
  }

  /**
   * Resolves once every revocation made (on any instance) before the call is applied here;
   * undefined when none can be on its way (a single instance).
   */
  settled(): Promise<void> | undefined {
    return this.deps.bus.settled();
  }

  /**
   * The session of a token from this instance's one-second cache, without touching the database;
   * undefined when the token is not cached (then `authenticate` reads it).
   */
  authenticateCached(token: string, simNo: string, now: number): (AuthedSim & { simNo: string }) | undefined {
    if (!token) throw timeout('sim.loginRequired');
    const tokenHash = sha256(token);
    const session = this.#cache.get(tokenHash);
    return session === undefined ? undefined : checkSession(session || null, tokenHash, simNo, now);
  }

  /**
   * Reads a token's session together with what `companion` joins to it, in one statement; the
   * session is cached like `authenticate`'s, the companion's part is the caller's for this request.
   */
  companionReader<T>(companion: SessionCompanion<T>) {
    const read = repo.sessionReader(this.deps.db, this.deps.dialect, companion.join);
    return async (token: string, simNo: string, now: number): Promise<{ sim: AuthedSim & { simNo: string }; companion: T | undefined }> => {
      if (!token) throw timeout('sim.loginRequired');
      const tokenHash = sha256(token);
      const heard = this.#revocations;
      const started = companion.start();
      const found = await read(tokenHash);
      const session = found?.session ?? false;
      if (heard === this.#revocations) this.#cache.set(tokenHash, session);
      const sim = checkSession(session || null, tokenHash, simNo, now);
      return { sim, companion: found ? companion.take(found.row, started) : undefined };
    };
  }

  async authenticate(token: string, simNo: string, now: number): Promise<AuthedSim & { simNo: string }> {
    if (!token) throw timeout('sim.loginRequired');
    const tokenHash = sha256(token);
    let session = this.#cache.get(tokenHash);
    if (session === undefined) {
      const heard = this.#revocations;
      session = (await this.#read(tokenHash))?.session ?? false;
      if (heard === this.#revocations) this.#cache.set(tokenHash, session);
    }
    return checkSession(session || null, tokenHash, simNo, now);
  }

  /** A new session of a card: its token (handed out once) and expiry. */
  async open(target: LoginTarget, mode: string, ip: string, now: number, proven: boolean): Promise<{ token: string; expiresAt: number }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + SESSION_TTL_MS;
    await repo.insertSession(this.deps.db, {
      token_hash: sha256(token),
      sim_id: target.simId,
      sim_no: target.simNo,
      login_mode: mode,
      ip,
      created_at: now,
      expires_at: expiresAt,
      proven_at: proven ? now : null,
    });
    return { token, expiresAt };
  }

  /**
   * Marks a session proven; every instance drops its cached row at once (the revocation channel),
   * so the next call of the token, anywhere, reads it proven.
   */
  async prove(session: AuthedSim, now: number): Promise<void> {
    await repo.proveSession(this.deps.db, session.sessionId, now);
    this.#cache.delete(session.tokenHash);
    this.deps.bus.publish(REVOKED, session.tokenHash);
  }

  async revoke(session: AuthedSim, now: number): Promise<void> {
    await repo.revokeSession(this.deps.db, session.sessionId, now);
    this.deps.bus.publish(REVOKED, session.tokenHash);
  }
}

/** The failure counters of a login try: the number from this client, this client, the number from anyone. */
const failKeys = (sn: string, ip: string) => {
  const client = clientNetwork(ip);
  return { byClient: `iot-login-fail:sn-ip:${sn}:${client}`, byIp: `iot-login-fail:ip:${client}`, bySn: `iot-login-fail:sn:${sn}` };
};

/** Refusals that count as a failed login; any other outcome of a login try gives its slots back. */
const countedFailures = new WeakSet<object>();
function failure(err: BizError): BizError {
  countedFailures.add(err);
  return err;
}

/** Counts a failed try that was not reserved beforehand (a code used inside a SIM session: its client and network). */
async function recordFailure(db: Kysely<Database>, sn: string, ip: string, now: number) {
  const { byClient, byIp } = failKeys(sn, ip);
  await hit(db, byClient, LOGIN_LIMITS.perClient, LOGIN_LIMITS.windowMs, now);
  await hit(db, byIp, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs, now);
}

/**
 * Runs one login try under the failed-login limits (LOGIN_LIMITS): the try takes a slot of the
 * number from this client, of the client and (unless it proves possession with an SMS code) of the
 * number before anything is checked, so concurrent tries on any instance never get more checks than
 * the limits allow. A try that fails keeps its slots; any other outcome gives them back.
 */
async function withLoginTry<T>(
  db: Kysely<Database>,
  sn: string,
  ip: string,
  now: number,
  byCode: boolean,
  check: () => Promise<T>,
): Promise<T> {
  const { byClient, byIp, bySn } = failKeys(sn, ip);
  const { windowMs } = LOGIN_LIMITS;
  const minutes = Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 60_000));
  const slots: Reservation[] = [];
  const giveBack = async () => {
    for (const slot of slots) await release(db, slot);
  };
  const take = async (key: string, limit: number) => {
    const slot = await reserve(db, key, limit, windowMs, now);
    if (slot) slots.push(slot);
    return slot !== null;
  };
  if (!(await take(byClient, LOGIN_LIMITS.perClient))) throw fail('sim.numberLocked', { minutes });
  if (!(await take(byIp, LOGIN_LIMITS.perIp))) {
    await giveBack();
    throw fail('sim.networkLocked', { minutes });
  }
  if (!byCode && !(await take(bySn, LOGIN_LIMITS.perNumber))) {
    await giveBack();
    throw fail('sim.numberLocked', { minutes });
  }
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (!(err instanceof Object && countedFailures.has(err))) await giveBack();
    throw err;
  }
  await giveBack();
  return result;
}

const hashCode = (simId: number, code: string, salt: string) => `${salt}:${sha256(`${salt}:${simId}:${code}`)}`;

function codeMatches(simId: number, code: string, stored: string): boolean {
  const [salt] = stored.split(':');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(simId, code, salt ?? ''));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface LoginEnv {
  ip: string;
  now: number;
  language: Language;
  log: FastifyBaseLogger;
}

/**
 * Checks an SMS code of the card: the try is counted on the code before it is compared, so at most
 * CODE_RULES.maxAttempts comparisons are ever made per code; the last wrong one closes it. A bind
 * code counts only for the phone it was sent to.
 */
async function checkCode(
  db: Kysely<Database>,
  target: LoginTarget,
  code: string,
  now: number,
  purpose: repo.CodePurpose = 'login',
  mobile = '',
) {
  const row = await repo.latestOpenCode(db, target.simId, purpose);
  if (!row || (purpose !== 'login' && row.mobile !== mobile)) throw failure(invalid('code', 'sim.noValidCode'));
  if (row.expires_at <= now) {
    await repo.consumeCode(db, row.id, now);
    throw failure(invalid('code', 'sms.expired'));
  }
  const tries = await repo.reserveCodeTry(db, row.id, CODE_RULES.maxAttempts);
  if (tries === null) throw failure(invalid('code', 'sim.wrongCodeTooMany'));
  if (!codeMatches(target.simId, code, row.code_hash)) {
    const left = CODE_RULES.maxAttempts - tries;
    if (left <= 0) await repo.consumeCode(db, row.id, now);
    throw failure(left > 0 ? invalid('code', 'sms.wrongCode', { left }) : invalid('code', 'sim.wrongCodeTooMany'));
  }
  if (!(await repo.consumeCode(db, row.id, now))) throw invalid('code', 'sim.codeUsed');
}

export interface SimLoginDeps {
  db: Db;
  sims: Sims;
  sessions: SimSessions;
  sms: Sms;
}

/** The SMS message of each purpose of a card's code. */
const SMS_KIND: Record<repo.CodePurpose, SmsKind> = { login: 'simLogin', bind: 'bindPhone', terminal: 'deviceAuth' };

/** Login by number, card password or SMS code; switching SIM within a device; logout. */
export class SimLogin {
  constructor(private readonly deps: SimLoginDeps) {}

  private async openSession(
    target: LoginTarget,
    mode: string,
    proven: boolean,
    env: { ip: string; now: number; language: Language },
  ): Promise<SimSession> {
    const { ip, now, language } = env;
    const { token, expiresAt } = await this.deps.sessions.open(target, mode, ip, now, proven);
    const info = await this.deps.sims.getSimInfo(target.simId, now, language);
    return { token, simNo: target.simNo, expiresAt, simInfo: asSeenBy(info, proven) };
  }

  private async findUsable(sn: string): Promise<LoginTarget> {
    const target = await this.deps.sims.findLoginTarget(sn);
    if (!target) throw failure(invalid('sn', 'sim.notFound'));
    if (target.cancelStatus !== 0) throw invalid('sn', 'sim.cancelled');
    if (target.status !== 1) throw invalid('sn', 'sim.disabled');
    return target;
  }

  /** POST /api/simLoginCode: a 6-digit code for the card's bound phone. */
  async sendLoginCode(sn: string, env: LoginEnv & { echo: boolean }): Promise<SimLoginCodeReply> {
    // Asking for a code proves nothing yet; its failures (unknown numbers) are the client's.
    const target = await withLoginTry(this.deps.db.db, sn, env.ip, env.now, true, () => this.findUsable(sn));
    if (!target.mobile) throw invalid('sn', 'sim.noBoundPhone');
    return this.issueCode(target, target.mobile, 'login', env);
  }

  /** A code to `mobile`, a phone the holder of the card `simId` is binding (the same limits as login codes). */
  async sendBindCode(simId: number, simNo: string, mobile: string, env: LoginEnv & { echo: boolean }): Promise<SimLoginCodeReply> {
    const target = await this.deps.sims.findLoginTarget(simNo);
    if (!target || target.simId !== simId) throw fail('sim.gone');
    return this.issueCode(target, mobile, 'bind', env);
  }

  /** Checks and uses the bind code sent to `mobile` for the card (expiry and tries as a login code). */
  async useBindCode(simId: number, simNo: string, mobile: string, code: string, ip: string, now: number): Promise<void> {
    await this.useCode(simId, simNo, code, ip, now, 'bind', mobile);
  }

  /** Sends a code to the owner of a phone joining the card's device Wi-Fi (the same limits as a login code). */
  async sendTerminalCode(simId: number, simNo: string, mobile: string, env: LoginEnv & { echo: boolean }): Promise<SimLoginCodeReply> {
    const target = await this.deps.sims.findLoginTarget(simNo);
    if (!target || target.simId !== simId) throw fail('sim.gone');
    return this.issueCode(target, mobile, 'terminal', env);
  }

  /** Checks and uses the code sent to `mobile` for authorising a phone on the card's device. */
  async useTerminalCode(simId: number, simNo: string, mobile: string, code: string, ip: string, now: number): Promise<void> {
    await this.useCode(simId, simNo, code, ip, now, 'terminal', mobile);
  }

  /**
   * Sends a 6-digit code to `mobile` for the card, in the reader's language: one a minute per card
   * and purpose, CODE_RULES per IP and per card a day, whichever instance answers. The message is
   * sent after the code is stored (outside the transaction); one the SMS provider does not send is
   * the refusal `sms.sendFailed`.
   */
  private async issueCode(target: LoginTarget, mobile: string, purpose: repo.CodePurpose, env: LoginEnv & { echo: boolean }) {
    const { ip, now } = env;
    const last = await repo.latestCodeSentAt(this.deps.db.db, target.simId, purpose);
    if (last && now - last.created_at < CODE_RULES.resendMs) {
      throw fail('sms.resendTooSoon', { seconds: Math.ceil((last.created_at + CODE_RULES.resendMs - now) / 1000) });
    }
    // Exact: a minute since the last code. The counter then stops concurrent requests that all
    // passed that check, on any instance (any two sends a minute apart fall in different windows).
    if (!(await hit(this.deps.db.db, `iot-code:sim-minute:${purpose}:${target.simId}`, 1, CODE_RULES.resendMs, now)).allowed) {
      throw fail('sms.resendTooSoon', { seconds: CODE_RULES.resendMs / 1000 });
    }
    if (!(await hit(this.deps.db.db, `iot-code:ip:${ip}`, CODE_RULES.perIpPerHour, 3_600_000, now)).allowed) {
      throw fail('sim.codeNetworkLimit');
    }
    if (!(await hit(this.deps.db.db, `iot-code:sim:${target.simId}`, CODE_RULES.perSimPerDay, 86_400_000, now)).allowed) {
      throw fail('sim.codeDailyLimit');
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.deps.db.db.transaction().execute(async (trx) => {
      await repo.closeOpenCodes(trx, target.simId, now, purpose);
      await repo.insertCode(trx, {
        sim_id: target.simId,
        mobile,
        purpose,
        code_hash: hashCode(target.simId, code, randomBytes(8).toString('hex')),
        created_at: now,
        expires_at: now + CODE_RULES.ttlMs,
      });
    });
    await this.deps.sms.send({ mobile, kind: SMS_KIND[purpose], language: env.language, code, ttlMinutes: CODE_RULES.ttlMs / 60_000 });
    env.log.info({ to: maskMobile(mobile), simNo: target.simNo, purpose }, 'SIM code sent');
    return {
      mobile: maskMobile(mobile),
      expiresIn: CODE_RULES.ttlMs / 1000,
      resendIn: CODE_RULES.resendMs / 1000,
      ...(env.echo && this.deps.sms.revealsCode ? { devCode: code } : {}),
    };
  }

  /**
   * Checks and uses an SMS code sent to a card's bound phone by sendLoginCode (the pay-password
   * change reuses login codes): the same expiry, tries and failure counting as a login by code.
   */
  async useCardCode(simId: number, simNo: string, code: string, ip: string, now: number): Promise<void> {
    await this.useCode(simId, simNo, code, ip, now, 'login');
  }

  /** Closes the card's open login codes (they were sent to a phone that is no longer bound). */
  async closeLoginCodes(simId: number, now: number): Promise<void> {
    await repo.closeOpenCodes(this.deps.db.db, simId, now, 'login');
  }

  private async useCode(simId: number, simNo: string, code: string, ip: string, now: number, purpose: repo.CodePurpose, mobile = '') {
    const target = await this.deps.sims.findLoginTarget(simNo);
    if (!target || target.simId !== simId) throw invalid('code', 'sim.noValidCode');
    await checkCode(this.deps.db.db, target, code, now, purpose, mobile).catch(async (err) => {
      if (countedFailures.has(err)) await recordFailure(this.deps.db.db, simNo, ip, now);
      throw err;
    });
  }

  /** POST /api/simLogin: by number (and card password when the card asks for it) or by SMS code. */
  async login(body: SimLoginBody, env: LoginEnv): Promise<SimSession> {
    const { ip, now } = env;
    if (!body.agreeProtocol) throw invalid('agreeProtocol', 'sim.agreementRequired');
    const sn = body.sn;
    const { target, mode, proven } = await withLoginTry(this.deps.db.db, sn, ip, now, body.code !== undefined, async () => {
      const found = await this.findUsable(sn);
      if (body.code !== undefined) {
        await checkCode(this.deps.db.db, found, body.code, now);
        return { target: found, mode: 'code', proven: true };
      }
      if (found.cardPasswordHash !== null) {
        if (!body.cardPassword) throw invalid('cardPassword', 'sim.cardPasswordRequired');
        if (!(await verifySecret(body.cardPassword, found.cardPasswordHash)))
          throw failure(invalid('cardPassword', 'sim.wrongCardPassword'));
        return { target: found, mode: found.mode as string, proven: true };
      }
      // A number alone (it may be read off the device's label) proves nothing: decision 0105.
      return { target: found, mode: found.mode as string, proven: false };
    });
    await this.deps.sims.refreshIfStale(target, now);
    return this.openSession(target, mode, proven, env);
  }

  /**
   * POST /api/iot/simProofCode: a code to the card's bound phone that proves the session (the
   * login-code limits apply: one a minute, per network and per card a day).
   */
  async sendProofCode(session: AuthedSim & { simNo: string }, env: LoginEnv & { echo: boolean }): Promise<SimLoginCodeReply> {
    const target = await this.deps.sims.findLoginTarget(session.simNo);
    if (!target || target.simId !== session.simId) throw fail('sim.gone');
    if (!target.mobile) throw fail('sim.proofNoPhone');
    return this.issueCode(target, target.mobile, 'login', env);
  }

  /**
   * POST /api/iot/simProve: proves the session by the code sent to the bound phone (its tries are
   * capped per code, whichever instance answers) or by the card password (under the failed-login
   * limits of the number, reserved before the check, LOGIN_LIMITS).
   */
  async prove(session: AuthedSim & { simNo: string }, body: SimProveBody, env: LoginEnv): Promise<SimProveReply> {
    const { ip, now } = env;
    if (body.code !== undefined) {
      await this.useCardCode(session.simId, session.simNo, body.code, ip, now);
    } else if (body.cardPassword !== undefined) {
      const password = body.cardPassword;
      await withLoginTry(this.deps.db.db, session.simNo, ip, now, false, async () => {
        const target = await this.deps.sims.findLoginTarget(session.simNo);
        if (!target || target.simId !== session.simId) throw fail('sim.gone');
        if (target.cardPasswordHash === null) throw invalid('cardPassword', 'sim.noCardPassword');
        if (!(await verifySecret(password, target.cardPasswordHash))) throw failure(invalid('cardPassword', 'sim.wrongCardPassword'));
      });
    } else {
      throw invalid('code', 'sim.proofMissing');
    }
    await this.deps.sessions.prove(session, now);
    return { proven: true, simInfo: asSeenBy(await this.deps.sims.getSimInfo(session.simId, now, env.language), true) };
  }

  async logout(session: AuthedSim, now: number): Promise<void> {
    await this.deps.sessions.revoke(session, now);
  }

  /** POST /api/iot/changeSim: a session for another SIM of the same device; the current one is revoked. */
  async changeSim(session: AuthedSim, simNo: string, env: LoginEnv): Promise<SimSession> {
    const target = await this.deps.sims.findDeviceSibling(session.simId, simNo);
    if (!target) throw invalid('simNo', 'sim.notInDevice');
    if (target.cancelStatus !== 0 || target.status !== 1) throw invalid('simNo', 'sim.cancelledOrDisabled');
    // The device is the same: a proven session stays proven on its other SIM.
    const next = await this.openSession(target, 'switch', session.proven, env);
    await this.deps.sessions.revoke(session, env.now);
    return next;
  }
}

/** Hourly: expired SIM sessions and login codes go. */
export function purgeJob(db: Db): Job {
  return { name: 'iot-auth.purge', everyMs: 3_600_000, run: (now) => repo.purge(db.db, db.dialect, now) };
}

/** The card holder of a guarded request, as a call that may take their money needs them. */
export interface SimCaller {
  simId: number;
  idempotencyKey: string;
  /** Who pays an online order (`NO_SHOPPER` for work no request started). */
  shopper: Shopper;
}

export function simCaller(req: FastifyRequest): SimCaller {
  return { simId: req.sim.simId, idempotencyKey: req.ctx.idempotencyKey, shopper: shopperOf(req) };
}
