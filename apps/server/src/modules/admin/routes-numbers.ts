import {
  adminNumberPage,
  adminNumberQuery,
  type ImportLineView,
  numberHoldBody,
  numbersImportBody,
  numbersImportPreview,
  numbersImportResult,
} from '@simshop/contract/admin';
import { envelope } from '@simshop/contract/envelope';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import { type Language, render } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as numbers from '../numbers/service.ts';
import { parseNumbersCsv } from './csv.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

/** A CSV of 100,000 numbers is about 4 MB. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

function view(l: numbers.CheckedLine, language: Language): ImportLineView {
  const { problem } = l;
  const error = problem === null ? null : render(problem.id, ('line' in problem ? { line: problem.line } : {}) as never, language);
  return {
    line: l.line,
    number: l.number,
    operator: l.operator,
    province: l.province,
    city: l.city,
    price: l.price,
    prestored: l.prestored,
    tags: l.tags,
    error,
  };
}

/** The number inventory in the console (owners): CSV import with a preview, search, hold and release. */
export function adminNumberRoutes(deps: admin.AdminDeps) {
  return async (app: App): Promise<void> => {
    app.post(
      '/api/admin/numbers/import/preview',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Checks a CSV of numbers without storing anything: per-line problems and the pattern tags each number gets.',
          body: numbersImportBody,
          response: { 200: envelope(numbersImportPreview) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        const checked = await numbers.checkImport(deps.db, parseNumbersCsv(req.body.csv));
        const bad = checked.filter((l) => l.problem !== null);
        return ok({
          total: checked.length,
          valid: checked.length - bad.length,
          invalid: bad.length,
          lines: checked.slice(0, 100).map((l) => view(l, req.ctx.language)),
          errors: bad.slice(0, 500).map((l) => view(l, req.ctx.language)),
        });
      },
    );
    app.post(
      '/api/admin/numbers/import/commit',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary:
            'Adds the lines of a CSV without a problem to the inventory, on sale (500 at a time, yielding between chunks); lines with a problem are skipped and listed. Audited.',
          body: numbersImportBody,
          response: { 200: envelope(numbersImportResult) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        const checked = await numbers.checkImport(deps.db, parseNumbersCsv(req.body.csv));
        const imported = await numbers.addNumbers(deps.db, checked, deps.now());
        const bad = checked.filter((l) => l.problem !== null);
        const good = checked.filter((l) => l.problem === null);
        await admin.audit(deps, req.operator, {
          action: 'numbers.import',
          objectType: 'numbers',
          objectId: good[0]?.number ?? '',
          promoterId: null,
          before: null,
          after: { imported, skipped: checked.length - imported, first: good[0]?.number ?? null, last: good.at(-1)?.number ?? null },
        });
        return ok({ imported, skipped: checked.length - imported, errors: bad.slice(0, 500).map((l) => view(l, req.ctx.language)) });
      },
    );
    app.get(
      '/api/admin/numbers',
      {
        schema: {
          tags,
          security,
          summary: 'The number inventory (owners): by number or its ending, state and operator; newest first.',
          querystring: adminNumberQuery,
          response: { 200: envelope(adminNumberPage) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'numbers');
        const q = req.query;
        const { rows, total } = await numbers.inventoryList(
          deps.db,
          { keyword: q.keyword || undefined, status: q.status || undefined, operator: q.operator || undefined },
          q.page,
          q.pageSize,
        );
        return ok({
          list: rows.map((r) => ({
            number: r.number,
            operator: r.operator,
            province: r.province,
            city: r.city,
            price: Number(r.price),
            prestored: Number(r.prestored),
            minMonthlyFee: Number(r.min_monthly_fee),
            tags: numbers.tagsOfMask(Number(r.tags)),
            status: r.status,
            updatedAt: Number(r.updated_at),
          })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        });
      },
    );
    for (const action of ['hold', 'release'] as const) {
      app.post(
        `/api/admin/numbers/${action}`,
        {
          schema: {
            tags,
            security,
            summary:
              action === 'hold'
                ? 'Takes a number on sale off sale (owners); audited.'
                : 'Puts a number an operator took off sale back on sale (owners); audited.',
            body: numberHoldBody,
            response: { 200: envelope(z.object({ number: z.string(), status: z.string() })) },
          },
        },
        async (req) => {
          admin.requireArea(req.operator, 'numbers');
          const { number } = req.body;
          const done =
            action === 'hold'
              ? await numbers.holdNumber(deps.db, number, deps.now())
              : await numbers.releaseNumber(deps.db, number, deps.now());
          if (!done) throw invalid('number', action === 'hold' ? 'numbersImport.notOnSale' : 'numbersImport.notHeld');
          const [before, after] = action === 'hold' ? ['on_sale', 'off_sale'] : ['off_sale', 'on_sale'];
          await admin.audit(deps, req.operator, {
            action: `number.${action}`,
            objectType: 'number',
            objectId: number,
            promoterId: null,
            before: { status: before },
            after: { status: after },
          });
          return ok({ number, status: after! });
        },
      );
    }
  };
}
