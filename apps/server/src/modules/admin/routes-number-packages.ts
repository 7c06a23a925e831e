import { adminNumberPackage, adminNumberPackages, saveNumberPackageBody } from '@simshop/contract/admin-number-packages';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { Language } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as numbers from '../numbers/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

/** Number plans in the console (owners): the monthly plans numbers and fast-number applications come with. */
export function adminNumberPackageRoutes(deps: admin.AdminDeps & { numbers: numbers.Numbers }) {
  const list = async (language: Language) => {
    const rows = await numbers.operatorNumberPackages(deps.db);
    const names = new Map(
      await Promise.all(
        [...new Set(rows.map((r) => r.operator))].map(async (o) => [o, await deps.numbers.operatorName(o, language)] as const),
      ),
    );
    return rows.map((r) => ({ ...r, operatorName: names.get(r.operator) ?? r.operator }));
  };
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/numberPackages',
      {
        schema: {
          tags,
          security,
          summary: 'Every number plan, by operator and order, with its texts in the three languages. Owners only.',
          response: { 200: envelope(adminNumberPackages) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        return ok({ list: await list(req.ctx.language) });
      },
    );
    app.post(
      '/api/admin/numberPackages/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a number plan (no id) or changes one (its operator stays): name and description in three languages, monthly fee, data, minutes, order, offered or not. Shoppers see it at once; orders placed keep the plan as it was. Owners only; audited.',
          body: saveNumberPackageBody,
          response: { 200: envelope(adminNumberPackage) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        const before = req.body.id === undefined ? null : ((await list(req.ctx.language)).find((p) => p.id === req.body.id) ?? null);
        const id = await numbers.saveNumberPackage(deps.db, req.body);
        const after = (await list(req.ctx.language)).find((p) => p.id === id)!;
        await admin.audit(deps, req.operator, {
          action: before ? 'numberPackage.update' : 'numberPackage.create',
          objectType: 'numberPackage',
          objectId: id,
          promoterId: null,
          before,
          after,
        });
        return ok(after);
      },
    );
  };
}
