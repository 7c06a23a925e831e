import { randomBytes } from 'node:crypto';
import type { OperatorRole } from '@simshop/contract/admin';
import type { CreatedOperator, CreateOperatorBody, OperatorRow, UpdateOperatorBody } from '@simshop/contract/admin-promoters';
import { generateSecret } from 'otplib';
import { invalid } from '../../lib/errors.ts';
import { hashSecret } from '../../lib/password.ts';
import * as repo from './repository.ts';
import { type AdminDeps, audit, createOperator, type Operator, otpauthUrl, requireArea } from './service.ts';

/**
 * Operator accounts in the console (owners): list, create (the initial password and TOTP secret
 * are answered once, as `npm run admin:create` prints them), edit, disable, reset the password or
 * the TOTP secret. A reset or a disable ends the operator's sessions. The last active owner is
 * never disabled nor given another role: the active owners are locked while that is checked.
 */

const newPassword = () => randomBytes(9).toString('base64url');

type Row = Awaited<ReturnType<typeof repo.listOperators>>[number];

async function rowView(deps: AdminDeps, r: Row): Promise<OperatorRow> {
  const p = r.promoter_id === null ? null : await deps.site.promoterById(Number(r.promoter_id));
  return {
    id: Number(r.id),
    mobile: r.mobile,
    name: r.name,
    role: r.role as OperatorRole,
    promoter: p ? { id: p.id, promoCode: p.promoCode, name: p.name } : null,
    disabled: r.disabled === 1,
    createdAt: Number(r.created_at),
  };
}

/** The public fields of an operator (audit rows never hold a password hash or a secret). */
const auditView = (r: { name: string; role: string; promoter_id: number | null; disabled: number }) => ({
  name: r.name,
  role: r.role,
  promoterId: r.promoter_id === null ? null : Number(r.promoter_id),
  disabled: r.disabled === 1,
});

async function target(deps: AdminDeps, op: Operator, operatorId: number) {
  requireArea(op, 'operators');
  const row = await repo.findOperatorById(deps.db, operatorId);
  if (!row) throw invalid('operatorId', 'admin.noSuchObject');
  return row;
}

/** An agent or staff account works for an existing storefront, an owner for none. */
async function checkStorefront(deps: AdminDeps, role: OperatorRole, promoterId: number | null): Promise<void> {
  if ((role === 'owner') !== (promoterId === null)) throw invalid('promoterId', 'adminOperators.storefrontRule');
  if (promoterId !== null && !(await deps.site.promoterById(promoterId))) throw invalid('promoterId', 'admin.noSuchObject');
}

export async function listOperators(deps: AdminDeps, op: Operator): Promise<OperatorRow[]> {
  requireArea(op, 'operators');
  return Promise.all((await repo.listOperators(deps.db)).map((r) => rowView(deps, r)));
}

async function viewOf(deps: AdminDeps, id: number): Promise<OperatorRow> {
  const row = await repo.findOperatorById(deps.db, id);
  if (!row) throw invalid('operatorId', 'admin.noSuchObject');
  return rowView(deps, row);
}

export async function addOperator(deps: AdminDeps, op: Operator, input: CreateOperatorBody): Promise<CreatedOperator> {
  requireArea(op, 'operators');
  await checkStorefront(deps, input.role, input.promoterId);
  if (await repo.findOperatorByMobile(deps.db, input.mobile)) throw invalid('mobile', 'adminOperators.mobileTaken');
  const password = newPassword();
  let made: Awaited<ReturnType<typeof createOperator>>;
  try {
    made = await createOperator(deps, { ...input, password });
  } catch (e) {
    // Another owner made the same mobile meanwhile (the unique index).
    if (await repo.findOperatorByMobile(deps.db, input.mobile)) throw invalid('mobile', 'adminOperators.mobileTaken');
    throw e;
  }
  const operator = await viewOf(deps, made.id);
  await audit(deps, op, {
    action: 'operator.create',
    objectType: 'operator',
    objectId: made.id,
    promoterId: input.promoterId,
    before: null,
    after: { mobile: input.mobile, name: input.name, role: input.role, promoterId: input.promoterId, disabled: false },
  });
  return { operator, password, totpSecret: made.totpSecret, otpauthUrl: made.otpauthUrl };
}

/**
 * Changes an operator's role, name or storefront, or disables/enables it, refusing to leave no
 * active owner; the operator before and after.
 */
async function change(
  deps: AdminDeps,
  id: number,
  next: (row: Row) => { name: string; role: OperatorRole; promoter_id: number | null; disabled: number },
): Promise<{ before: ReturnType<typeof auditView>; after: ReturnType<typeof auditView> }> {
  return deps.db.transaction().execute(async (trx) => {
    const owners = await repo.lockActiveOwners(trx, deps.dialect);
    const row = await repo.findOperatorById(trx, id);
    if (!row) throw invalid('operatorId', 'admin.noSuchObject');
    const set = next(row);
    const staysOwner = set.role === 'owner' && set.disabled === 0;
    if (owners.includes(id) && !staysOwner && owners.length <= 1) {
      throw invalid(set.role === 'owner' ? 'operatorId' : 'role', 'adminOperators.lastOwner');
    }
    await repo.updateOperator(trx, id, set, deps.now());
    if (set.disabled === 1) await repo.revokeOperatorSessions(trx, id, deps.now());
    return { before: auditView(row), after: auditView(set) };
  });
}

export async function editOperator(deps: AdminDeps, op: Operator, input: UpdateOperatorBody): Promise<OperatorRow> {
  const row = await target(deps, op, input.operatorId);
  await checkStorefront(deps, input.role, input.promoterId);
  const { before, after } = await change(deps, row.id, (now) => ({
    name: input.name,
    role: input.role,
    promoter_id: input.promoterId,
    disabled: now.disabled,
  }));
  await audit(deps, op, {
    action: 'operator.update',
    objectType: 'operator',
    objectId: row.id,
    promoterId: input.promoterId,
    before,
    after,
  });
  return viewOf(deps, row.id);
}

export async function setDisabled(deps: AdminDeps, op: Operator, operatorId: number, disabled: boolean): Promise<OperatorRow> {
  const row = await target(deps, op, operatorId);
  const { before, after } = await change(deps, row.id, (now) => ({
    name: now.name,
    role: now.role as OperatorRole,
    promoter_id: now.promoter_id,
    disabled: disabled ? 1 : 0,
  }));
  await audit(deps, op, {
    action: disabled ? 'operator.disable' : 'operator.enable',
    objectType: 'operator',
    objectId: row.id,
    promoterId: row.promoter_id,
    before,
    after,
  });
  return viewOf(deps, row.id);
}

/** A new password, answered once; the operator's sessions end. */
export async function resetPassword(deps: AdminDeps, op: Operator, operatorId: number): Promise<{ password: string }> {
  const row = await target(deps, op, operatorId);
  const password = newPassword();
  const hash = await hashSecret(password);
  const revoked = await deps.db.transaction().execute(async (trx) => {
    await repo.updateOperator(trx, row.id, { password_hash: hash }, deps.now());
    return repo.revokeOperatorSessions(trx, row.id, deps.now());
  });
  await audit(deps, op, {
    action: 'operator.resetPassword',
    objectType: 'operator',
    objectId: row.id,
    promoterId: row.promoter_id,
    before: null,
    after: { revoked },
  });
  return { password };
}

/** A new TOTP secret, answered once (the authenticator app is enrolled again); the operator's sessions end. */
export async function resetTotp(deps: AdminDeps, op: Operator, operatorId: number): Promise<{ totpSecret: string; otpauthUrl: string }> {
  const row = await target(deps, op, operatorId);
  const totpSecret = generateSecret();
  const revoked = await deps.db.transaction().execute(async (trx) => {
    await repo.updateOperator(trx, row.id, { totp_secret: totpSecret, totp_last_step: 0 }, deps.now());
    return repo.revokeOperatorSessions(trx, row.id, deps.now());
  });
  await audit(deps, op, {
    action: 'operator.resetTotp',
    objectType: 'operator',
    objectId: row.id,
    promoterId: row.promoter_id,
    before: null,
    after: { revoked },
  });
  return { totpSecret, otpauthUrl: otpauthUrl(row.mobile, totpSecret) };
}
