import {
  carrierAccount,
  carrierAccountBody,
  carrierAccountIdBody,
  carrierAccountList,
  carrierAccountsQuery,
  carrierAccountUpdateBody,
  carrierAssignBody,
  carrierAssignReply,
  carrierTestReply,
  carrierUnassignBody,
} from '@simshop/contract/carrier-accounts';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import type { CarrierAccounts } from '../iot-carrier-accounts/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

type CarrierAdminDeps = admin.AdminDeps & { carrierAccounts: CarrierAccounts };

/** An account the operator may work on: the owner's any, an agent's only its storefront's (else answered as missing). */
async function ownAccount(deps: CarrierAdminDeps, op: admin.Operator, id: number): Promise<number> {
  admin.requireArea(op, 'carriers');
  const promoterId = await deps.carrierAccounts.promoterOf(id);
  if (promoterId === null) throw fail('admin.noSuchObject');
  if (op.role !== 'owner' && promoterId !== op.promoterId) throw fail('admin.noSuchObject');
  return promoterId;
}

/** Operator accounts of a storefront: list with sync status, add, edit, disable, test, cards assigned. */
export function adminCarrierAccountRoutes(deps: CarrierAdminDeps) {
  return async (app: App): Promise<void> => {
    const accounts = deps.carrierAccounts;
    app.get(
      '/api/admin/carrier-accounts',
      {
        schema: {
          tags,
          security,
          summary:
            "Operator accounts with their sync status (last success, lag, cards, last error): an agent's own storefront's; an owner's of the storefront it names, or all. Passwords and keys are never sent back.",
          querystring: carrierAccountsQuery,
          response: { 200: envelope(carrierAccountList) },
        },
      },
      async (req) =>
        ok({ list: await accounts.list(await admin.storefrontOf(deps, req.operator, 'carriers', req.query.promoterId, true)) }),
    );
    app.post(
      '/api/admin/carrier-accounts',
      {
        schema: {
          tags,
          security,
          summary:
            "Adds an operator account to a storefront (its password or key encrypted at rest). As the default, the storefront's cards are read and changed there. Audited.",
          body: carrierAccountBody,
          response: { 200: envelope(carrierAccount) },
        },
      },
      async (req) => {
        const promoterId = (await admin.storefrontOf(deps, req.operator, 'carriers', req.body.promoterId, false))!;
        const { promoterId: _, ...input } = req.body;
        const made = await accounts.create({ ...input, promoterId });
        await admin.audit(deps, req.operator, {
          action: 'carrierAccount.create',
          objectType: 'carrierAccount',
          objectId: made.id,
          promoterId,
          before: null,
          after: { kind: made.kind, name: made.name, baseUrl: made.baseUrl, appId: made.appId, isDefault: made.isDefault },
        });
        return ok(made);
      },
    );
    app.post(
      '/api/admin/carrier-accounts/update',
      {
        schema: {
          tags,
          security,
          summary: 'Edits an account, replaces its password or key (an empty one keeps it), disables or enables it. Audited.',
          body: carrierAccountUpdateBody,
          response: { 200: envelope(carrierAccount) },
        },
      },
      async (req) => {
        const promoterId = await ownAccount(deps, req.operator, req.body.id);
        const before = await accounts.get(req.body.id);
        const after = await accounts.update(req.body);
        const shown = (a: typeof after | null) =>
          a && {
            name: a.name,
            baseUrl: a.baseUrl,
            appId: a.appId,
            callsPerSecond: a.callsPerSecond,
            enabled: a.enabled,
            isDefault: a.isDefault,
          };
        await admin.audit(deps, req.operator, {
          action: 'carrierAccount.update',
          objectType: 'carrierAccount',
          objectId: after.id,
          promoterId,
          before: shown(before),
          after: { ...shown(after), secretReplaced: Boolean(req.body.secret) },
        });
        return ok(after);
      },
    );
    app.post(
      '/api/admin/carrier-accounts/test',
      {
        schema: {
          tags,
          security,
          summary:
            "Tests the account's settings at the operator (a new token, then one of its cards, or a figure query): OK, or the problem in our words with the operator's own.",
          body: carrierAccountIdBody,
          response: { 200: envelope(carrierTestReply) },
        },
      },
      async (req) => {
        await ownAccount(deps, req.operator, req.body.id);
        return ok(await accounts.test(req.body.id));
      },
    );
    app.post(
      '/api/admin/carrier-accounts/assign',
      {
        schema: {
          tags,
          security,
          summary:
            "Moves cards (by ICCID) onto an account of their storefront; ICCIDs that are not the storefront's cards are listed back. Audited.",
          body: carrierAssignBody,
          response: { 200: envelope(carrierAssignReply) },
        },
      },
      async (req) => {
        const promoterId = await ownAccount(deps, req.operator, req.body.id);
        const done = await accounts.assign(req.body.id, req.body.iccids);
        await admin.audit(deps, req.operator, {
          action: 'carrierAccount.assign',
          objectType: 'carrierAccount',
          objectId: req.body.id,
          promoterId,
          before: null,
          after: { assigned: done.assigned, iccids: req.body.iccids.slice(0, 50) },
        });
        return ok(done);
      },
    );
    app.post(
      '/api/admin/carrier-accounts/unassign',
      {
        schema: {
          tags,
          security,
          summary: "Puts cards (by ICCID) back on their storefront's default account. Audited.",
          body: carrierUnassignBody,
          response: { 200: envelope(carrierAssignReply) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'carriers');
        const cards = await accounts.cardPromoters(req.body.iccids);
        const mine = [...cards.entries()].filter(
          ([, c]) => req.operator.role === 'owner' || (c.promoterId !== null && c.promoterId === req.operator.promoterId),
        );
        const done = await accounts.unassign(mine.map(([, c]) => c.id));
        const known = new Set(mine.map(([iccid]) => iccid));
        await admin.audit(deps, req.operator, {
          action: 'carrierAccount.unassign',
          objectType: 'carrierAccount',
          objectId: 0,
          promoterId: req.operator.role === 'owner' ? null : req.operator.promoterId,
          before: null,
          after: { unassigned: done, iccids: req.body.iccids.slice(0, 50) },
        });
        return ok({ assigned: done, unknown: req.body.iccids.filter((i) => !known.has(i)) });
      },
    );
  };
}
