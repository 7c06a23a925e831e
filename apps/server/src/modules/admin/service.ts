import { createHash, randomBytes } from 'node:crypto';
import type { AdminChallenge, AdminMe, AdminOperator, AdminSession, AuditPage, AuditQuery, OperatorRole } from '@simshop/contract/admin';
import { Code } from '@simshop/contract/codes';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Deps } from '../../lib/deps.ts';
import { BizError, fail, invalid } from '../../lib/errors.ts';
import type { Job } from '../../lib/jobs.ts';
import { hashSecret, verifySecret } from '../../lib/password.ts';
import { release, reserve } from '../../lib/rate-limit.ts';
import type { Promoter, Site } from '../site/service.ts';
import * as repo from './repository.ts';

/** Sign-in rules of the operator console. */
export const ADMIN_RULES = {
  /** Wrong passwords per mobile, and per address, in a window; a right one gives its try back. */
  passwordTriesPerMobile: 5,
  passwordTriesPerIp: 30,
  tryWindowMs: 15 * 60_000,
  /** The TOTP step: this long, this many codes. */
  challengeTtlMs: 5 * 60_000,
  codeTries: 5,
  /** A console session lasts a working day. */
  sessionTtlMs: 12 * 3_600_000,
} as const;

export interface AdminDeps extends Deps {
  site: Site;
}

/** A signed-in operator. */
export interface Operator {
  id: number;
  mobile: string;
  name: string;
  role: OperatorRole;
  promoterId: number | null;
}

const tokenHash = (token: string) => createHash('sha256').update(`admin:${token}`).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** Hash compared against when the mobile is unknown, so both answers take as long. */
let decoyHash: Promise<string> | null = null;

const loginRequired = () => new BizError(Code.LOGIN_TIMEOUT, 'admin.loginRequired');
export const forbidden = () => fail('admin.forbidden');

function toOperator(row: { id: number; mobile: string; name: string; role: string; promoter_id: number | null }): Operator {
  return {
    id: Number(row.id),
    mobile: row.mobile,
    name: row.name,
    role: row.role as OperatorRole,
    promoterId: row.promoter_id === null ? null : Number(row.promoter_id),
  };
}

export async function operatorView(deps: AdminDeps, op: Operator): Promise<AdminOperator> {
  const p = op.promoterId === null ? null : await deps.site.promoterById(op.promoterId);
  return {
    id: op.id,
    mobile: op.mobile,
    name: op.name,
    role: op.role,
    promoter: p ? { id: p.id, promoCode: p.promoCode, name: p.name } : null,
  };
}

/**
 * The password step. Each try is counted before the password is checked (per mobile and per
 * address, in the database), so however many arrive at once, on any instance, at most the limit
 * are checked in a window; a right password gives its try back.
 */
export async function login(deps: AdminDeps, mobile: string, password: string, ip: string): Promise<AdminChallenge> {
  const now = deps.now();
  const byMobile = await reserve(deps.db, `admin:pw:m:${mobile}`, ADMIN_RULES.passwordTriesPerMobile, ADMIN_RULES.tryWindowMs, now);
  const byIp = byMobile && (await reserve(deps.db, `admin:pw:ip:${ip}`, ADMIN_RULES.passwordTriesPerIp, ADMIN_RULES.tryWindowMs, now));
  if (!byMobile || !byIp) {
    if (byMobile) await release(deps.db, byMobile);
    const minutes = Math.ceil((ADMIN_RULES.tryWindowMs - (now % ADMIN_RULES.tryWindowMs)) / 60_000);
    throw invalid('mobile', 'admin.tooManyTries', { minutes });
  }
  const row = await repo.findOperatorByMobile(deps.db, mobile);
  decoyHash ??= hashSecret(randomBytes(16).toString('hex'));
  const right = await verifySecret(password, row?.password_hash ?? (await decoyHash));
  if (!row || !right || row.disabled === 1) throw invalid('password', 'admin.loginFailed');
  await release(deps.db, byMobile);
  await release(deps.db, byIp);
  const challenge = newToken();
  const expiresAt = now + ADMIN_RULES.challengeTtlMs;
  await repo.insertSession(deps.db, {
    token_hash: tokenHash(challenge),
    operator_id: row.id,
    stage: 'totp',
    ip,
    created_at: now,
    expires_at: expiresAt,
  });
  return { challenge, expiresAt };
}

/**
 * The TOTP step: a code of the operator's secret (±30 s), each time step used once, at most
 * `codeTries` codes per challenge. The challenge becomes a fresh session token.
 */
export async function verifyTotp(deps: AdminDeps, challenge: string, code: string, ip: string): Promise<AdminSession> {
  const now = deps.now();
  const hash = tokenHash(challenge);
  const s = await repo.findSession(deps.db, hash);
  if (s?.stage !== 'totp' || s.expires_at <= now) throw invalid('challenge', 'admin.challengeExpired');
  const made = await repo.reserveCodeTry(deps.db, hash, ADMIN_RULES.codeTries);
  if (made === null) throw invalid('challenge', 'admin.challengeExpired');
  const row = await repo.findOperatorById(deps.db, Number(s.operator_id));
  if (!row || row.disabled === 1) throw invalid('challenge', 'admin.challengeExpired');
  const result = await verify({ secret: row.totp_secret, token: code, epoch: Math.floor(now / 1000), epochTolerance: 30 });
  const step = result.valid && 'timeStep' in result ? Number(result.timeStep) : null;
  if (step === null || !(await repo.useTotpStep(deps.db, row.id, step))) {
    if (made >= ADMIN_RULES.codeTries) await repo.endChallenge(deps.db, hash);
    throw invalid('code', 'admin.wrongCode');
  }
  const token = newToken();
  const expiresAt = now + ADMIN_RULES.sessionTtlMs;
  const started = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.endChallenge(trx, hash))) return false;
    await repo.insertSession(trx, {
      token_hash: tokenHash(token),
      operator_id: row.id,
      stage: 'active',
      ip,
      created_at: now,
      expires_at: expiresAt,
    });
    return true;
  });
  if (!started) throw invalid('challenge', 'admin.challengeExpired');
  return { token, expiresAt, operator: await operatorView(deps, toOperator(row)) };
}

/** The bearer token of an Authorization header, or ''. */
export function bearerOf(header: string | undefined): string {
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,100})$/.exec(header ?? '');
  return m?.[1] ?? '';
}

/** The operator of a session token, or code 61 when it is missing, expired, revoked or disabled. */
export async function authenticate(deps: AdminDeps, token: string): Promise<{ operator: Operator; expiresAt: number }> {
  if (!token) throw loginRequired();
  const s = await repo.findSession(deps.db, tokenHash(token));
  if (s?.stage !== 'active' || s.revoked_at !== null || s.expires_at <= deps.now()) throw loginRequired();
  const row = await repo.findOperatorById(deps.db, Number(s.operator_id));
  if (!row || row.disabled === 1) throw loginRequired();
  return { operator: toOperator(row), expiresAt: Number(s.expires_at) };
}

export async function me(deps: AdminDeps, token: string): Promise<AdminMe> {
  const { operator, expiresAt } = await authenticate(deps, token);
  return { expiresAt, operator: await operatorView(deps, operator) };
}

export async function logout(deps: AdminDeps, token: string): Promise<void> {
  if (token) await repo.revokeSession(deps.db, tokenHash(token), deps.now());
}

// ── Authorisation ─────────────────────────────────────────────────────────────────────────

/** What an operator works on. */
export type Area =
  | 'orders'
  | 'numbers'
  | 'sims'
  | 'layouts'
  | 'agentPrices'
  | 'audit'
  | 'operators'
  | 'webhooks'
  | 'capabilities'
  | 'storefronts'
  | 'carriers';

/** The areas of each role (spec §6 and the console's roles): owner everything, staff orders and service. */
export const ROLE_AREAS: Readonly<Record<OperatorRole, readonly Area[]>> = {
  owner: [
    'orders',
    'numbers',
    'sims',
    'layouts',
    'agentPrices',
    'audit',
    'operators',
    'webhooks',
    'capabilities',
    'storefronts',
    'carriers',
  ],
  agent: ['orders', 'sims', 'layouts', 'agentPrices', 'webhooks', 'storefronts', 'carriers'],
  staff: ['orders', 'storefronts'],
};

export function requireArea(op: Operator, area: Area): void {
  if (!ROLE_AREAS[op.role].includes(area)) throw forbidden();
}

/**
 * The storefront a call of an area works on: an agent only its own (naming another is refused), an
 * owner the one it names, or every storefront (null) for a list (`forList`) when it names none.
 * Roles without the area are refused.
 */
export async function storefrontOf(
  deps: AdminDeps,
  op: Operator,
  area: Area,
  promoterId: number | undefined,
  forList: boolean,
): Promise<number | null> {
  requireArea(op, area);
  if (op.role === 'owner') {
    if (promoterId === undefined) {
      if (forList) return null;
      throw invalid('promoterId', 'validation.required');
    }
    if (!(await deps.site.promoterById(promoterId))) throw invalid('promoterId', 'admin.noSuchObject');
    return promoterId;
  }
  if (op.promoterId === null || (promoterId !== undefined && promoterId !== op.promoterId))
    throw invalid('promoterId', 'admin.noSuchObject');
  return op.promoterId;
}

/**
 * The promoters whose objects the operator may act on in an area, or 'all' for an owner: staff
 * their own promoter; an agent its own and its direct downstream (spec §6).
 */
export async function reachOf(deps: AdminDeps, op: Operator, area: Area): Promise<'all' | number[]> {
  requireArea(op, area);
  if (op.role === 'owner') return 'all';
  if (op.promoterId === null) return [];
  if (op.role === 'staff') return [op.promoterId];
  const own = await deps.site.promoterById(op.promoterId);
  if (!own) return [];
  return [own.id, ...(await deps.site.downstreamOf(own)).map((p) => p.id)];
}

/**
 * Refuses an object outside the operator's reach; objects of no promoter (numbers) are the owner's.
 * Outside the reach is answered like a missing object, so nothing about it leaks.
 */
export async function requireObject(deps: AdminDeps, op: Operator, area: Area, promoterId: number | null): Promise<void> {
  const reach = await reachOf(deps, op, area);
  if (reach === 'all') return;
  if (promoterId === null || !reach.includes(promoterId)) throw fail('admin.noSuchObject');
}

/** An agent's price rules reach only its direct downstream agents (33001 otherwise); owners any agent with an upstream. */
export async function requireDirectLower(
  deps: AdminDeps,
  op: Operator,
  lowerPromoCode: string,
): Promise<{ agent: Promoter; lower: Promoter }> {
  requireArea(op, 'agentPrices');
  const lower = await deps.site.findPromoter(lowerPromoCode);
  if (op.role === 'owner') {
    const agent = lower?.parentId != null ? await deps.site.promoterById(lower.parentId) : null;
    if (!lower || !agent) throw invalid('lowerPromoCode', 'agents.notDirect');
    return { agent, lower };
  }
  const agent = op.promoterId === null ? null : await deps.site.promoterById(op.promoterId);
  if (!agent || !lower || lower.parentId !== agent.id || !lower.isAgent) throw new BizError(Code.AGENT_NOT_DIRECT, 'agents.notDirect');
  return { agent, lower };
}

/** The promoters the operator may choose from (filters, forms). */
export async function promotersFor(deps: AdminDeps, op: Operator): Promise<Promoter[]> {
  const all = await deps.site.allPromoters();
  if (op.role === 'owner') return all;
  const reach = await reachOf(deps, op, 'orders');
  return reach === 'all' ? all : all.filter((p) => reach.includes(p.id));
}

// ── Audit log ─────────────────────────────────────────────────────────────────────────────

export interface AuditInput {
  action: string;
  objectType: string;
  objectId: string | number;
  promoterId: number | null;
  before: unknown;
  after: unknown;
}

/** Records a write: who, what, before → after, when. */
export async function audit(deps: Deps, op: Operator, e: AuditInput): Promise<void> {
  await repo.insertAudit(deps.db, {
    operator_id: op.id,
    operator_mobile: op.mobile,
    role: op.role,
    action: e.action,
    object_type: e.objectType,
    object_id: String(e.objectId),
    promoter_id: e.promoterId,
    before: e.before === undefined || e.before === null ? null : JSON.stringify(e.before),
    after: e.after === undefined || e.after === null ? null : JSON.stringify(e.after),
    at: deps.now(),
  });
}

/** Records a save: `<action>.create` when there was no row before, `<action>.edit` when there was. */
export async function auditSave(deps: Deps, op: Operator, action: string, e: Omit<AuditInput, 'action'>): Promise<void> {
  await audit(deps, op, { ...e, action: `${action}.${e.before ? 'edit' : 'create'}` });
}

/** Records a switch of one field of a row (on sale, enabled): that field before and after. */
export async function auditSwitch<K extends string>(
  deps: Deps,
  op: Operator,
  e: Omit<AuditInput, 'before' | 'after'>,
  field: K,
  before: Record<K, unknown>,
  after: Record<K, unknown>,
): Promise<void> {
  await audit(deps, op, { ...e, before: { [field]: before[field] }, after: { [field]: after[field] } });
}

export async function searchAudit(deps: AdminDeps, op: Operator, q: AuditQuery): Promise<AuditPage> {
  requireArea(op, 'audit');
  const { rows, total } = await repo.searchAudit(deps.db, q, (q.page - 1) * q.pageSize, q.pageSize);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      at: Number(r.at),
      operatorId: Number(r.operator_id),
      operatorMobile: r.operator_mobile,
      role: r.role,
      action: r.action,
      objectType: r.object_type,
      objectId: r.object_id,
      promoterId: r.promoter_id === null ? null : Number(r.promoter_id),
      before: r.before === null ? null : JSON.parse(r.before),
      after: r.after === null ? null : JSON.parse(r.after),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ── Operators ─────────────────────────────────────────────────────────────────────────────

export interface NewOperator {
  mobile: string;
  name: string;
  role: OperatorRole;
  promoterId: number | null;
  password: string;
  totpSecret?: string;
}

/** Creates an operator (the admin:create command, the demo seed's shape); returns its TOTP secret and otpauth URL. */
export async function createOperator(deps: Deps, input: NewOperator): Promise<{ id: number; totpSecret: string; otpauthUrl: string }> {
  if ((input.role === 'owner') !== (input.promoterId === null)) throw invalid('promoterId', 'admin.forbidden');
  const totpSecret = input.totpSecret ?? generateSecret();
  const id = await repo.insertOperator(
    deps.db,
    {
      mobile: input.mobile,
      name: input.name,
      role: input.role,
      promoter_id: input.promoterId,
      password_hash: await hashSecret(input.password),
      totp_secret: totpSecret,
    },
    deps.now(),
  );
  return { id, totpSecret, otpauthUrl: otpauthUrl(input.mobile, totpSecret) };
}

export const otpauthUrl = (mobile: string, secret: string) => generateURI({ issuer: 'SIM shop console', label: mobile, secret });

/** Ends every session of an operator (owners); audited. */
export async function revokeSessions(deps: AdminDeps, op: Operator, operatorId: number): Promise<number> {
  requireArea(op, 'operators');
  const target = await repo.findOperatorById(deps.db, operatorId);
  if (!target) throw invalid('operatorId', 'admin.noSuchObject');
  const revoked = await repo.revokeOperatorSessions(deps.db, operatorId, deps.now());
  await audit(deps, op, {
    action: 'operator.revokeSessions',
    objectType: 'operator',
    objectId: operatorId,
    promoterId: target.promoter_id,
    before: null,
    after: { revoked },
  });
  return revoked;
}

/** Hourly: ended console sessions and challenges go. */
export function purgeJob(deps: Deps): Job {
  return { name: 'admin.purge', everyMs: 3_600_000, run: (now: number) => repo.purgeSessions(deps.db, deps.dialect, now) };
}
