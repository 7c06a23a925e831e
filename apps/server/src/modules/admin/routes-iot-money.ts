import {
  adminCouponPage,
  adminCouponQuery,
  adminTopupOffer,
  adminTopupOfferList,
  adminTopupOfferQuery,
  type CouponGrantLine,
  couponGrantBody,
  couponGrantCommitBody,
  couponGrantPreview,
  couponGrantResult,
  couponRevokeBody,
  couponRevokeReply,
  MAX_COUPON_GRANT_CARDS,
  saveTopupOfferBody,
  topupOfferEnableBody,
} from '@simshop/contract/admin-iot-money';
import { envelope } from '@simshop/contract/envelope';
import type { MessageId } from '@simshop/contract/messages';
import { ok } from '../../lib/envelope.ts';
import { fail, invalid } from '../../lib/errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { type Language, render } from '../../lib/messages.ts';
import type { App } from '../../lib/route.ts';
import * as money from '../iot-money/service.ts';
import * as sims from '../iot-sims/service.ts';
import { security, tags } from './routes.ts';
import { catalogueReach, requireStorefront } from './routes-catalogue.ts';
import * as admin from './service.ts';

interface CheckedLine {
  line: number;
  value: string;
  card: { id: number; simNo: string; iccid: string; promoCode: string } | null;
  problem: { id: MessageId; line?: number } | null;
}

/** Top-up offers and package coupons of IoT cards in the console (owners all storefronts, agents their reach, staff none); every write audited. */
export function adminIotMoneyRoutes(deps: admin.AdminDeps) {
  const offerView = async (o: money.OperatorTopupOffer) => {
    const { promoCode, ...rest } = o;
    return { ...rest, promoterId: (await deps.site.findPromoter(promoCode))?.id ?? 0 };
  };
  const existingOffer = async (op: admin.Operator, id: number) => {
    const o = await money.operatorOffer(deps.db, id);
    const owner = o && (await deps.site.findPromoter(o.promoCode));
    if (!o || !owner) throw invalid('id', 'admin.noSuchObject');
    await requireStorefront(deps, op, owner.id, 'id');
    return { o, promoterId: owner.id };
  };

  /** The promo codes within the operator's reach ('all' for an owner). */
  const reachCodes = async (op: admin.Operator): Promise<'all' | Set<string>> => {
    const reach = await catalogueReach(deps, op);
    if (reach === 'all') return 'all';
    return new Set((await deps.site.allPromoters()).filter((p) => reach.includes(p.id)).map((p) => p.promoCode));
  };

  /** The lines of a grant: each card by ICCID or SIM number, within reach, once. */
  const checkGrant = async (op: admin.Operator, text: string, expiresAt: number): Promise<CheckedLine[]> => {
    if (expiresAt <= deps.now()) throw invalid('expiresAt', 'couponGrant.expiresPast');
    const values = text
      .split(/[\s,;\uff0c\uff1b]+/) // full-width ， and ； too
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length === 0) throw invalid('cards', 'validation.required');
    if (values.length > MAX_COUPON_GRANT_CARDS) throw invalid('cards', 'couponGrant.tooMany', { max: MAX_COUPON_GRANT_CARDS });
    const codes = await reachCodes(op);
    const found = await sims.operatorCardsByNumbers(deps.db, [...new Set(values)]);
    const byValue = new Map<string, (typeof found)[number]>();
    for (const c of found) {
      byValue.set(c.simNo, c);
      byValue.set(c.iccid, c);
    }
    const seen = new Map<number, number>();
    return values.map((value, i): CheckedLine => {
      const line = i + 1;
      const card = byValue.get(value) ?? null;
      if (!card || (codes !== 'all' && !codes.has(card.promoCode)))
        return { line, value, card: null, problem: { id: 'couponGrant.noSuchCard' } };
      const first = seen.get(card.id);
      if (first !== undefined) return { line, value, card, problem: { id: 'couponGrant.repeated', line: first } };
      seen.set(card.id, line);
      return { line, value, card, problem: null };
    });
  };
  const lineView = (l: CheckedLine, language: Language): CouponGrantLine => ({
    line: l.line,
    value: l.value,
    simId: l.card?.id ?? null,
    simNo: l.card?.simNo ?? '',
    iccid: l.card?.iccid ?? '',
    promoCode: l.card?.promoCode ?? '',
    error:
      l.problem === null ? null : render(l.problem.id, (l.problem.line === undefined ? {} : { line: l.problem.line }) as never, language),
  });

  return async (app: App): Promise<void> => {
    // ── Top-up offers ──
    app.get(
      '/api/admin/topupOffers',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's top-up offers (balance and coupon coins), enabled or not, in their order.",
          querystring: adminTopupOfferQuery,
          response: { 200: envelope(adminTopupOfferList) },
        },
      },
      async (req) => {
        await requireStorefront(deps, req.operator, req.query.promoterId, 'promoterId');
        const promoter = (await deps.site.promoterById(req.query.promoterId))!;
        const list = await money.operatorOffers(deps.db, promoter.promoCode);
        return ok({ list: await Promise.all(list.map(offerView)) });
      },
    );
    app.post(
      '/api/admin/topupOffers/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a top-up offer to a storefront (no id) or edits one: amount paid, bonus balance and coins, title and tag in three languages, window, order, enabled. Orders placed keep their terms; audited.',
          body: saveTopupOfferBody,
          response: { 200: envelope(adminTopupOffer) },
        },
      },
      async (req) => {
        const b = req.body;
        await requireStorefront(deps, req.operator, b.promoterId, 'promoterId');
        const promoter = (await deps.site.promoterById(b.promoterId))!;
        const before = b.id === undefined ? null : (await existingOffer(req.operator, b.id)).o;
        if (before && before.promoCode !== promoter.promoCode) throw invalid('promoterId', 'admin.noSuchObject');
        const id = await money.saveOffer(deps.db, promoter.promoCode, b, deps.now());
        const after = (await money.operatorOffer(deps.db, id))!;
        await admin.auditSave(deps, req.operator, 'topupOffer', {
          objectType: 'topupOffer',
          objectId: id,
          promoterId: promoter.id,
          before,
          after,
        });
        return ok(await offerView(after));
      },
    );
    app.post(
      '/api/admin/topupOffers/enable',
      {
        schema: {
          tags,
          security,
          summary: 'Offers a top-up offer again, or stops offering it (cards no longer see or order it; orders placed keep it); audited.',
          body: topupOfferEnableBody,
          response: { 200: envelope(adminTopupOffer) },
        },
      },
      async (req) => {
        const { o: before, promoterId } = await existingOffer(req.operator, req.body.id);
        await money.enableOffer(deps.db, before.id, req.body.enabled);
        const after = (await money.operatorOffer(deps.db, before.id))!;
        await admin.auditSwitch(
          deps,
          req.operator,
          { action: 'topupOffer.enable', objectType: 'topupOffer', objectId: before.id, promoterId },
          'enabled',
          before,
          after,
        );
        return ok(await offerView(after));
      },
    );

    // ── Package coupons ──
    app.post(
      '/api/admin/coupons/grant/preview',
      {
        schema: {
          tags,
          security,
          summary:
            'Checks a coupon grant without storing anything: each line a card by ICCID or SIM number, with its problem (no such card within reach, repeated).',
          body: couponGrantBody,
          response: { 200: envelope(couponGrantPreview) },
        },
      },
      async (req) => {
        const lines = await checkGrant(req.operator, req.body.cards, req.body.expiresAt);
        const bad = lines.filter((l) => l.problem !== null).length;
        return ok({
          total: lines.length,
          valid: lines.length - bad,
          invalid: bad,
          lines: lines.map((l) => lineView(l, req.ctx.language)),
        });
      },
    );
    app.post(
      '/api/admin/coupons/grant/commit',
      {
        schema: {
          tags,
          security,
          summary:
            'Gives a package coupon (amount, minimum price, expiry) to each listed card without a problem, in one transaction; lines with a problem are skipped and listed. The same grantKey answers the same grant once. Audited.',
          body: couponGrantCommitBody,
          response: { 200: envelope(couponGrantResult) },
        },
      },
      async (req) => {
        const { grantKey, ...grant } = req.body;
        const op = req.operator;
        return ok(
          await idempotent(
            deps.db,
            `admin.couponGrant:${op.id}`,
            grantKey,
            grant,
            async () => {
              const lines = await checkGrant(op, grant.cards, grant.expiresAt);
              const good = lines.filter((l) => l.problem === null).map((l) => l.card!);
              const sourceNo = `grant:${grantKey}`;
              const now = deps.now();
              const granted = await money.grantCoupons(
                deps.db,
                good.map((c) => c.id),
                { sourceNo, amount: grant.amount, minSpend: grant.minSpend, expiresAt: grant.expiresAt, now },
              );
              await admin.audit(deps, op, {
                action: 'coupon.grant',
                objectType: 'couponGrant',
                objectId: sourceNo,
                promoterId: op.promoterId,
                before: null,
                after: {
                  amount: grant.amount,
                  minSpend: grant.minSpend,
                  expiresAt: grant.expiresAt,
                  granted,
                  cards: good.map((c) => c.simNo),
                },
              });
              return {
                sourceNo,
                granted,
                skipped: lines.length - granted,
                errors: lines.filter((l) => l.problem !== null).map((l) => lineView(l, req.ctx.language)),
              };
            },
            deps.now(),
          ),
        );
      },
    );
    app.get(
      '/api/admin/coupons',
      {
        schema: {
          tags,
          security,
          summary: "Package coupons of the cards within reach: one card's (ICCID or SIM number) or a storefront's; newest first, paged.",
          querystring: adminCouponQuery,
          response: { 200: envelope(adminCouponPage) },
        },
      },
      async (req) => {
        const q = req.query;
        const codes = await reachCodes(req.operator);
        let simIds: money.CouponFilter['simIds'];
        let only: string | undefined;
        if (q.promoterId !== undefined) {
          await requireStorefront(deps, req.operator, q.promoterId, 'promoterId');
          only = (await deps.site.promoterById(q.promoterId))!.promoCode;
        }
        if (q.card) {
          const card = (await sims.operatorCardsByNumbers(deps.db, [q.card]))[0];
          const visible = card && (codes === 'all' || codes.has(card.promoCode)) && (only === undefined || card.promoCode === only);
          simIds = visible ? [card.id] : [];
        } else if (only !== undefined) {
          simIds = sims.simIdsQuery(deps.db, [only]);
        } else {
          simIds = codes === 'all' ? 'all' : sims.simIdsQuery(deps.db, [...codes]);
        }
        const { list, total } = await money.operatorCouponList(
          deps.db,
          { simIds, state: q.state || undefined, now: deps.now() },
          q.page,
          q.pageSize,
        );
        const cards = new Map((await sims.operatorCardsByIds(deps.db, [...new Set(list.map((c) => c.simId))])).map((c) => [c.id, c]));
        return ok({
          list: list.map((c) => ({
            id: c.id,
            simId: c.simId,
            simNo: cards.get(c.simId)?.simNo ?? '',
            iccid: cards.get(c.simId)?.iccid ?? '',
            promoCode: cards.get(c.simId)?.promoCode ?? '',
            amount: c.amount,
            minSpend: c.minSpend,
            expiresAt: c.expiresAt,
            state: c.state,
            orderNo: c.orderNo,
            sourceNo: c.sourceNo,
            createdAt: c.createdAt,
          })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        });
      },
    );
    app.post(
      '/api/admin/coupons/revoke',
      {
        schema: {
          tags,
          security,
          summary: 'Takes back a package coupon no purchase used (the card no longer has it); refused once a purchase used it. Audited.',
          body: couponRevokeBody,
          response: { 200: envelope(couponRevokeReply) },
        },
      },
      async (req) => {
        const c = await money.operatorCoupon(deps.db, req.body.id, deps.now());
        const card = c && (await sims.operatorCardsByIds(deps.db, [c.simId]))[0];
        const owner = card && (await deps.site.findPromoter(card.promoCode));
        if (!c || !owner) throw invalid('id', 'admin.noSuchObject');
        await requireStorefront(deps, req.operator, owner.id, 'id');
        if (c.state === 'used' || !(await money.revokeCoupon(deps.db, c.id))) throw fail('coupon.notRevocable');
        await admin.audit(deps, req.operator, {
          action: 'coupon.revoke',
          objectType: 'coupon',
          objectId: c.id,
          promoterId: owner.id,
          before: { simNo: card.simNo, amount: c.amount, minSpend: c.minSpend, expiresAt: c.expiresAt, sourceNo: c.sourceNo },
          after: null,
        });
        return ok({ id: c.id });
      },
    );
  };
}
