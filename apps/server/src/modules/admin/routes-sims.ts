import {
  adminDeviceReply,
  adminDeviceRestartReply,
  adminRealnameDecideBody,
  adminRealnameDecideReply,
  adminRealnamePage,
  adminRealnameQuery,
  adminSimAdjustBody,
  adminSimAdjustReply,
  adminSimDetail,
  adminSimLedgerPage,
  adminSimLedgerQuery,
  adminSimOrderPage,
  adminSimOrdersQuery,
  adminSimPage,
  adminSimQuery,
  adminSimRef,
  adminSimRefundBody,
  adminSimRefundReply,
  type SimImportLineView,
  simsImportBody,
  simsImportPreview,
  simsImportResult,
} from '@simshop/contract/admin-sims';
import { envelope } from '@simshop/contract/envelope';
import { fileUrl } from '@simshop/contract/uploads';
import type { Db } from '../../db/kysely.ts';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import { type Language, render } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import { textsFor } from '../i18n-texts/service.ts';
import * as account from '../iot-account/service.ts';
import * as carrier from '../iot-carrier/service.ts';
import type * as devices from '../iot-device/service.ts';
import * as money from '../iot-money/service.ts';
import * as sims from '../iot-sims/service.ts';
import type { Payments } from '../payments/service.ts';
import type * as uploads from '../uploads/service.ts';
import { parseSimsCsv } from './csv-sims.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

export interface SimsConsoleDeps extends admin.AdminDeps {
  /** The database with its dialect (the IoT modules' services take it whole). */
  store: Db;
  sims: sims.Sims;
  payments: Payments;
  account: account.Account;
  devices: devices.Devices;
  uploads: uploads.Uploads;
}

/** Pending real-name requests read for the queue at most (the queue is filtered by reach, then paged). */
const QUEUE_LIMIT = 1000;
const REALNAME_PHOTOS: readonly string[] = ['face', 'idFront', 'idBack'];
/** A CSV of 20,000 SIMs is about 1 MB. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

/** Promoter ids by promo code and back. */
async function promoterMaps(deps: SimsConsoleDeps) {
  const all = await deps.site.allPromoters();
  return { idOf: new Map(all.map((p) => [p.promoCode, p.id])), codeOf: new Map(all.map((p) => [p.id, p.promoCode])) };
}

/** The card, refused like a missing one when it is outside the operator's reach. */
async function reachableCard(deps: SimsConsoleDeps, op: admin.Operator, simId: number) {
  const card = await sims.operatorCardFacts(deps.db, simId);
  if (!card) throw invalid('id', 'admin.noSuchObject');
  const promoter = await deps.site.findPromoter(card.promoCode);
  await admin.requireObject(deps, op, 'sims', promoter?.id ?? null);
  return { ...card, promoterId: promoter?.id ?? null };
}

/** What a payment has left to refund (0 when it is not paid, or all of it is refunded). */
async function restOfPayment(deps: SimsConsoleDeps, paymentNo: string): Promise<{ rest: number; refunded: number }> {
  if (!paymentNo) return { rest: 0, refunded: 0 };
  const refunds = await deps.payments.refundsOf(paymentNo);
  const last = refunds.at(-1);
  if (last) return { rest: last.refundable, refunded: last.refundedTotal };
  const p = await deps.payments.findByNo(paymentNo);
  return { rest: p?.status === 'paid' ? p.amount : 0, refunded: 0 };
}

/** SIMs and devices in the console: the list within reach, one card, its ledgers and orders, money changes. */
export function adminSimRoutes(deps: SimsConsoleDeps) {
  // An operator's bearer token may read the real-name photos of a card within its reach.
  deps.uploads.addReader(async (req, file) => {
    if (!file.owner.startsWith('sim:') || !REALNAME_PHOTOS.includes(file.purpose)) return false;
    const op = await admin
      .authenticate(deps, admin.bearerOf(req.headers.authorization))
      .then((s) => s.operator)
      .catch(() => null);
    if (!op) return false;
    return reachableCard(deps, op, Number(file.owner.slice(4)))
      .then(() => true)
      .catch(() => false);
  });
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/sims',
      {
        schema: {
          tags,
          security,
          summary:
            'SIM cards within reach (owners all, agents their own storefront and direct downstream): by SIM number, ICCID or device number, storefront, state, operator and real-name state; sorted, paged.',
          querystring: adminSimQuery,
          response: { 200: envelope(adminSimPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'sims');
        if (q.promoterId !== undefined && reach !== 'all' && !reach.includes(q.promoterId))
          throw invalid('promoterId', 'admin.noSuchObject');
        const { idOf, codeOf } = await promoterMaps(deps);
        const ids = q.promoterId !== undefined ? [q.promoterId] : reach;
        const { rows, total } = await sims.operatorSimList(
          deps.db,
          {
            reach: ids === 'all' ? 'all' : ids.flatMap((id) => codeOf.get(id) ?? []),
            keyword: q.keyword?.trim() || undefined,
            simStatus: q.status,
            operatorType: q.operator,
            realname: q.state || undefined,
            sort: q.sort,
            order: q.order,
          },
          q.page,
          q.pageSize,
        );
        return ok({
          list: rows.map((r) => ({ ...r, promoterId: idOf.get(r.promoCode) ?? null })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        });
      },
    );
    app.get(
      '/api/admin/sims/detail',
      {
        schema: {
          tags,
          security,
          summary:
            "One card as its holder's dashboard shows it (state, balance, package and data left, real-name, break, device), with its bound phone in full.",
          querystring: adminSimRef,
          response: { 200: envelope(adminSimDetail) },
        },
      },
      async (req) => {
        const card = await reachableCard(deps, req.operator, req.query.id);
        const [info, packages] = await Promise.all([
          deps.sims.getSimInfo(card.id, deps.now(), req.ctx.language),
          carrier.livePackagesOfCard(deps.db, card.id),
        ]);
        const [own, catalogue] = await Promise.all([
          textsFor(
            deps.db,
            req.ctx.language,
            'iot_sim_package',
            packages.map((p) => Number(p.id)),
          ),
          textsFor(
            deps.db,
            req.ctx.language,
            'iot_package',
            packages.flatMap((p) => (p.package_id === null ? [] : [Number(p.package_id)])),
          ),
        ]);
        const nameOf = (p: (typeof packages)[number]) =>
          own.text(Number(p.id), 'name', p.package_id === null ? p.name : catalogue.text(Number(p.package_id), 'name', p.name));
        return ok({
          id: card.id,
          promoterId: card.promoterId,
          boundMobile: card.mobile,
          packages: packages.map((p) => ({
            id: Number(p.id),
            name: nameOf(p),
            kind: p.kind,
            flowMb: Number(p.flow_mb),
            usedMb: Number(p.used_mb),
            unlimited: Number(p.unlimited) === 1,
            startsAt: Number(p.starts_at),
            endsAt: Number(p.ends_at),
            status: p.status,
          })),
          info,
        });
      },
    );
    app.get(
      '/api/admin/sims/ledger',
      {
        schema: {
          tags,
          security,
          summary: "A card's ledger (balance, points, coupon coins or arrears), newest first, paged.",
          querystring: adminSimLedgerQuery,
          response: { 200: envelope(adminSimLedgerPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const card = await reachableCard(deps, req.operator, q.id);
        return ok(await money.ledgerList(deps.db, card.id, q.account, q.page, q.pageSize));
      },
    );
    app.get(
      '/api/admin/sims/orders',
      {
        schema: {
          tags,
          security,
          summary: "A card's IoT orders (packages and top-ups), newest first, with what each payment has left to refund.",
          querystring: adminSimOrdersQuery,
          response: { 200: envelope(adminSimOrderPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const card = await reachableCard(deps, req.operator, q.id);
        const { list, total } = await money.operatorOrders(deps.store, card.id, q.page, q.pageSize, req.ctx.language);
        const withRefunds = await Promise.all(
          list.map(async (o) => {
            const { rest, refunded } = await restOfPayment(deps, o.paymentNo);
            const refundable = o.kind !== 'package' && o.status === 'effective' ? rest : 0;
            return { ...o, refundable, refunded };
          }),
        );
        return ok({ list: withRefunds, total, page: q.page, pageSize: q.pageSize });
      },
    );
    app.post(
      '/api/admin/sims/adjust',
      {
        schema: {
          tags,
          security,
          summary:
            "Credits or debits a card's balance through its ledger (reason `adjustment`, the operator's reason as its remark); a debit never takes the balance below zero. Audited.",
          body: adminSimAdjustBody,
          response: { 200: envelope(adminSimAdjustReply) },
        },
      },
      async (req) => {
        const b = req.body;
        const card = await reachableCard(deps, req.operator, b.id);
        const done = await money.adjustBalance(deps.store, {
          simId: card.id,
          delta: b.kind === 'credit' ? b.amount : -b.amount,
          remark: b.reason,
          now: deps.now(),
        });
        deps.sims.forgetSimInfo(card.id);
        await admin.audit(deps, req.operator, {
          action: `sim.${b.kind}`,
          objectType: 'sim',
          objectId: card.id,
          promoterId: card.promoterId,
          before: { balance: done.before },
          after: { balance: done.balance, amount: b.amount, reason: b.reason, entryId: done.entryId },
        });
        return ok({ balance: done.balance, entryId: done.entryId });
      },
    );
    app.post(
      '/api/admin/sims/refundTopup',
      {
        schema: {
          tags,
          security,
          summary:
            "Refunds part or all of a top-up paid online through its payment provider (idempotent by refundKey); the card's balance (coins for a coin top-up) is debited by what is refunded, and refused when it no longer holds it. Audited.",
          body: adminSimRefundBody,
          response: { 200: envelope(adminSimRefundReply) },
        },
      },
      async (req) => {
        const b = req.body;
        const card = await reachableCard(deps, req.operator, b.id);
        const paymentNo = await money.topupPaymentNo(deps.db, card.id, b.orderNo);
        // The same key again answers the refund it made, without checking or recording anything anew.
        const replay = paymentNo ? await deps.payments.refundByKey(paymentNo, b.refundKey) : null;
        if (!replay) await money.planTopupRefund(deps.db, card.id, b.orderNo, b.amount, async (no) => (await restOfPayment(deps, no)).rest);
        // No transaction is open here: refundPart records the refund in its own transaction, then asks the
        // provider after the commit (one the provider did not answer is asked again by payments.reconcile).
        const refund = await deps.payments.refundPart({ paymentNo, amount: b.amount, reason: b.reason, key: b.refundKey });
        const after = (await sims.operatorCardFacts(deps.db, card.id))!;
        if (!replay)
          await admin.audit(deps, req.operator, {
            action: 'sim.refundTopup',
            objectType: 'sim',
            objectId: card.id,
            promoterId: card.promoterId,
            before: { balance: card.balance, orderNo: b.orderNo },
            after: {
              balance: after.balance,
              orderNo: b.orderNo,
              refundNo: refund.refundNo,
              amount: refund.amount,
              state: refund.state,
              reason: b.reason,
            },
          });
        return ok({
          refundNo: refund.refundNo,
          state: refund.state,
          amount: refund.amount,
          refundedTotal: refund.refundedTotal,
          refundable: refund.refundable,
          balance: after.balance,
        });
      },
    );
    app.get(
      '/api/admin/sims/realname',
      {
        schema: {
          tags,
          security,
          summary:
            'Platform real-name submissions waiting for a decision on cards within reach, oldest first; the photos are served at /api/files/{id} to the bearer.',
          querystring: adminRealnameQuery,
          response: { 200: envelope(adminRealnamePage) },
        },
      },
      async (req) => {
        const q = req.query;
        const reach = await admin.reachOf(deps, req.operator, 'sims');
        const { codeOf } = await promoterMaps(deps);
        const codes = reach === 'all' ? null : new Set(reach.flatMap((id) => codeOf.get(id) ?? []));
        const pending = await account.pendingPlatformRequests(deps.db, QUEUE_LIMIT);
        const cards = new Map(
          (await sims.operatorCardsByIds(deps.db, [...new Set(pending.map((r) => Number(r.sim_id)))])).map((c) => [c.id, c]),
        );
        const mine = pending.flatMap((r) => {
          const card = cards.get(Number(r.sim_id));
          if (!card || (codes && !codes.has(card.promoCode))) return [];
          return [
            {
              id: Number(r.id),
              simId: card.id,
              simNo: card.simNo,
              promoCode: card.promoCode,
              name: r.name,
              idNumber: r.id_number,
              facePhoto: fileUrl(r.face_photo),
              idFrontPhoto: fileUrl(r.id_front_photo),
              idBackPhoto: fileUrl(r.id_back_photo),
              createdAt: Number(r.created_at),
            },
          ];
        });
        const from = (q.page - 1) * q.pageSize;
        return ok({ list: mine.slice(from, from + q.pageSize), total: mine.length, page: q.page, pageSize: q.pageSize });
      },
    );
    app.post(
      '/api/admin/sims/realname/decide',
      {
        schema: {
          tags,
          security,
          summary:
            "Approves a pending real-name request, or rejects it with the reason the holder's real-name page then shows; the card's state follows. Audited.",
          body: adminRealnameDecideBody,
          response: { 200: envelope(adminRealnameDecideReply) },
        },
      },
      async (req) => {
        const b = req.body;
        const request = await account.requestFacts(deps.db, b.id);
        if (!request) throw invalid('id', 'admin.noSuchObject');
        const card = await reachableCard(deps, req.operator, Number(request.sim_id));
        if (request.status !== 'pending') throw invalid('id', 'adminSims.alreadyDecided');
        const verdict = b.status === 'verified' ? { status: 'verified' as const } : { status: 'rejected' as const, reason: b.reason };
        if (!(await deps.account.decide(b.id, verdict))) throw invalid('id', 'adminSims.alreadyDecided');
        await admin.audit(deps, req.operator, {
          action: `realname.${b.status === 'verified' ? 'approve' : 'reject'}`,
          objectType: 'sim',
          objectId: card.id,
          promoterId: card.promoterId,
          before: { request: b.id, kind: request.kind, status: 'pending' },
          after: { request: b.id, kind: request.kind, status: b.status, reason: verdict.status === 'rejected' ? verdict.reason : '' },
        });
        return ok({ id: b.id, status: b.status });
      },
    );
    app.get(
      '/api/admin/sims/device',
      {
        schema: {
          tags,
          security,
          summary:
            "The last report of the card's portable Wi-Fi device (on line, battery, signal, phones, traffic) and its latest commands.",
          querystring: adminSimRef,
          response: { 200: envelope(adminDeviceReply) },
        },
      },
      async (req) => {
        const card = await reachableCard(deps, req.operator, req.query.id);
        const [status, commands] = await Promise.all([deps.devices.status(card.id), deps.devices.commands(card.id)]);
        return ok({ status, commands });
      },
    );
    app.post(
      '/api/admin/sims/device/restart',
      {
        schema: {
          tags,
          security,
          summary:
            "Restarts the card's portable Wi-Fi device (off line a few seconds); the command's state follows on the device view. Audited.",
          body: adminSimRef,
          response: { 200: envelope(adminDeviceRestartReply) },
        },
      },
      async (req) => {
        const card = await reachableCard(deps, req.operator, req.body.id);
        const command = await deps.devices.restart(card.id);
        await admin.audit(deps, req.operator, {
          action: 'device.restart',
          objectType: 'sim',
          objectId: card.id,
          promoterId: card.promoterId,
          before: { deviceNo: card.deviceNo },
          after: { deviceNo: card.deviceNo, commandId: command.commandId, state: command.state },
        });
        return ok(command);
      },
    );
    const checked = async (op: admin.Operator, csv: string) => {
      const reach = await admin.reachOf(deps, op, 'sims');
      const { codeOf } = await promoterMaps(deps);
      const codes = new Set(reach === 'all' ? codeOf.values() : reach.flatMap((id) => codeOf.get(id) ?? []));
      return sims.checkSimImport(deps.db, parseSimsCsv(csv), codes);
    };
    const lineView = (l: sims.CheckedSimLine, language: Language): SimImportLineView => ({
      line: l.line,
      iccid: l.iccid,
      simNo: l.simNo,
      operator: l.operator,
      promoCode: l.promoCode,
      deviceNo: l.deviceNo,
      slot: l.slot,
      error: l.problem === null ? null : render(l.problem.id, ('line' in l.problem ? { line: l.problem.line } : {}) as never, language),
    });
    app.post(
      '/api/admin/sims/import/preview',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary:
            'Checks a CSV of SIM cards without storing anything: per-line problems (ICCID, SIM number, repeats, existing cards, operator, storefront within reach, device and slot).',
          body: simsImportBody,
          response: { 200: envelope(simsImportPreview) },
        },
      },
      async (req) => {
        const lines = await checked(req.operator, req.body.csv);
        const bad = lines.filter((l) => l.problem !== null);
        return ok({
          total: lines.length,
          valid: lines.length - bad.length,
          invalid: bad.length,
          lines: lines.slice(0, 100).map((l) => lineView(l, req.ctx.language)),
          errors: bad.slice(0, 500).map((l) => lineView(l, req.ctx.language)),
        });
      },
    );
    app.post(
      '/api/admin/sims/import/commit',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary:
            'Adds the lines of a SIM CSV without a problem as cards awaiting activation (500 at a time); lines with a problem are skipped and listed. Audited.',
          body: simsImportBody,
          response: { 200: envelope(simsImportResult) },
        },
      },
      async (req) => {
        const lines = await checked(req.operator, req.body.csv);
        const imported = await sims.addSims(deps.db, lines, deps.now());
        const good = lines.filter((l) => l.problem === null);
        const bad = lines.filter((l) => l.problem !== null);
        await admin.audit(deps, req.operator, {
          action: 'sims.import',
          objectType: 'sims',
          objectId: good[0]?.iccid ?? '',
          promoterId: req.operator.promoterId,
          before: null,
          after: { imported, skipped: lines.length - imported, first: good[0]?.iccid ?? null, last: good.at(-1)?.iccid ?? null },
        });
        return ok({ imported, skipped: lines.length - imported, errors: bad.slice(0, 500).map((l) => lineView(l, req.ctx.language)) });
      },
    );
  };
}
