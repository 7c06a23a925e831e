import { reconActionReply, reconExplainBody, reconIdBody, reconPage, reconQuery } from '@simshop/contract/carrier-recon';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { fail } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import type { Reconciliation } from '../iot-carrier-recon/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

type ReconAdminDeps = admin.AdminDeps & { recon: Reconciliation };

/** A difference the operator may act on: the owner's any, an agent's only its storefront's (else answered as missing). */
async function ownItem(deps: ReconAdminDeps, op: admin.Operator, id: number) {
  admin.requireArea(op, 'carriers');
  const item = await deps.recon.get(id);
  if (!item) throw fail('admin.noSuchObject');
  if (op.role !== 'owner' && item.promoterId !== op.promoterId) throw fail('admin.noSuchObject');
  return item;
}

/** Who resolved a difference, as the list shows it. */
const byOf = (op: admin.Operator) => op.name || op.mobile;

/** Differences between the operators and us (decision 0090): list, resync, resume at the operator, mark as explained. */
export function adminReconRoutes(deps: ReconAdminDeps) {
  return async (app: App): Promise<void> => {
    const recon = deps.recon;
    const audited = async (op: admin.Operator, action: string, before: Awaited<ReturnType<typeof ownItem>>, after: object) =>
      admin.audit(deps, op, {
        action,
        objectType: 'carrierRecon',
        objectId: before.id,
        promoterId: before.promoterId,
        before: { kind: before.kind, day: before.day, iccid: before.iccid, ours: before.ours, theirs: before.theirs },
        after,
      });
    app.get(
      '/api/admin/reconciliation',
      {
        schema: {
          tags,
          security,
          summary:
            "Differences between the cards' operators and us (usage of a closed day, state, package, real name), open ones by default: an agent's own storefront's; an owner's of the storefront it names, or all.",
          querystring: reconQuery,
          response: { 200: envelope(reconPage) },
        },
      },
      async (req) => {
        const promoterId = await admin.storefrontOf(deps, req.operator, 'carriers', req.query.promoterId, true);
        return ok(await recon.list({ ...req.query, promoterId }));
      },
    );
    app.post(
      '/api/admin/reconciliation/resync',
      {
        schema: {
          tags,
          security,
          summary: "Pulls the card's figures and state from its operator again and compares: closed when both sides now agree. Audited.",
          body: reconIdBody,
          response: { 200: envelope(reconActionReply) },
        },
      },
      async (req) => {
        const before = await ownItem(deps, req.operator, req.body.id);
        const done = await recon.resync(req.body.id, byOf(req.operator));
        await audited(req.operator, 'carrierRecon.resync', before, { resolution: done.item.resolution, theirs: done.item.theirs });
        return ok(done);
      },
    );
    app.post(
      '/api/admin/reconciliation/resume',
      {
        schema: {
          tags,
          security,
          summary:
            'Resumes at the operator a card we sell as active that the operator stopped (its state-change operation), then compares. Refused for any other difference. Audited.',
          body: reconIdBody,
          response: { 200: envelope(reconActionReply) },
        },
      },
      async (req) => {
        const before = await ownItem(deps, req.operator, req.body.id);
        const done = await recon.resume(req.body.id, byOf(req.operator));
        await audited(req.operator, 'carrierRecon.resume', before, { resolution: done.item.resolution, pending: done.pending });
        return ok(done);
      },
    );
    app.post(
      '/api/admin/reconciliation/explain',
      {
        schema: {
          tags,
          security,
          summary: 'Closes a difference a person has explained, with the note. Audited.',
          body: reconExplainBody,
          response: { 200: envelope(reconActionReply) },
        },
      },
      async (req) => {
        const before = await ownItem(deps, req.operator, req.body.id);
        const item = await recon.explain(req.body.id, req.body.note, byOf(req.operator));
        await audited(req.operator, 'carrierRecon.explain', before, { resolution: 'explained', note: req.body.note });
        return ok({ item, pending: false });
      },
    );
  };
}
