import {
  type AdminNameTexts,
  adminAgreement,
  adminAgreementBody,
  adminAgreementList,
  adminAgreementPreview,
  adminAgreementPreviewBody,
  adminFrontBody,
  adminFrontReply,
  adminNameTexts,
  adminNameTextsBody,
  adminNameTextsList,
  adminSinglePage,
  adminSinglePageBody,
  adminSinglePageDelete,
  adminSinglePageList,
  adminTraditionalBody,
  adminTraditionalReply,
  promoterIdQuery,
  type TranslatedKind,
} from '@simshop/contract/admin-content';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import * as goods from '../goods/service.ts';
import { type Entity, replaceTris, toTraditional, trisOf } from '../i18n-texts/service.ts';
import type { Layouts } from '../iot-layout/service.ts';
import * as money from '../iot-money/service.ts';
import type { SinglePages } from '../single-page/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

const ENTITY_OF: Record<TranslatedKind, Entity> = { goods: 'goods', sku: 'goods_sku', package: 'iot_package' };

/** A name in the three languages; a language is its own when it is not what the reader would get anyway. */
const nameRow = (kind: TranslatedKind, id: number, goodsId: number, name: AdminNameTexts['name']): AdminNameTexts => ({
  kind,
  id,
  goodsId,
  name,
  own: { en: name.en !== name['zh-Hans'], 'zh-Hant': name['zh-Hant'] !== toTraditional(name['zh-Hans']) },
});

/** The most goods and packages a storefront's translation list shows. */
const NAMES_MAX = 500;

/**
 * A storefront's content in the console: agreements, single pages, front settings and the
 * translations of its goods and package names. Reach as layouts: owners every storefront, agents
 * their own and their direct downstream, staff none. Every write is audited.
 */
export function adminContentRoutes(deps: admin.AdminDeps & { iotLayouts: Layouts; singlePages: SinglePages }) {
  const { iotLayouts, singlePages, site } = deps;
  /** Refuses a storefront outside the operator's reach (or missing) like a missing object. */
  const reach = async (op: admin.Operator, promoterId: number) => {
    await admin.requireObject(deps, op, 'layouts', promoterId);
    const promoter = await site.promoterById(promoterId);
    if (!promoter) throw invalid('promoterId', 'admin.noSuchObject');
    return promoter;
  };

  /** The goods, spec and package names of a storefront with their translations. */
  const namesOf = async (promoterId: number, promoCode: string): Promise<AdminNameTexts[]> => {
    const [{ list: goodsList }, { list: packages }] = await Promise.all([
      goods.operatorGoodsList(deps.db, { reach: 'all', promoterId }, 1, NAMES_MAX),
      money.operatorPackageList(deps.db, 'all', promoCode, 1, NAMES_MAX),
    ]);
    const skus = goodsList.flatMap((g) => g.skus.map((s) => ({ ...s, goodsId: g.id })));
    const [gt, st, pt] = await Promise.all([
      trisOf(deps.db, 'goods', goodsList, ['name'] as const),
      trisOf(deps.db, 'goods_sku', skus, ['name'] as const),
      trisOf(deps.db, 'iot_package', packages, ['name'] as const),
    ]);
    const out: AdminNameTexts[] = [];
    for (const g of goodsList) {
      out.push(nameRow('goods', g.id, 0, gt.get(g.id)!.name));
      for (const s of g.skus) out.push(nameRow('sku', s.id, g.id, st.get(s.id)!.name));
    }
    for (const p of packages) out.push(nameRow('package', p.id, 0, pt.get(p.id)!.name));
    return out;
  };

  return async (app: App): Promise<void> => {
    // ── Agreements ────────────────────────────────────────────────────────────────────────
    app.get(
      '/api/admin/agreements',
      {
        schema: {
          tags,
          security,
          summary:
            "A storefront's agreements (user, SIM login, service, privacy, task rules) in the three languages: its own or inherited.",
          querystring: promoterIdQuery,
          response: { 200: envelope(adminAgreementList) },
        },
      },
      async (req) => {
        await reach(req.operator, req.query.promoterId);
        return ok({ list: await iotLayouts.agreementsOf(req.query.promoterId) });
      },
    );
    app.post(
      '/api/admin/agreements/save',
      {
        schema: {
          tags,
          security,
          summary:
            "Writes a storefront's own agreement of a type in the three languages (HTML sanitised; Traditional converted when empty); its version goes up. Audited.",
          body: adminAgreementBody,
          response: { 200: envelope(adminAgreement) },
        },
      },
      async (req) => {
        const { promoterId, type, title, content } = req.body;
        await reach(req.operator, promoterId);
        const { before, after } = await iotLayouts.saveAgreement(promoterId, type, title, content);
        await admin.audit(deps, req.operator, {
          action: 'agreement.save',
          objectType: 'agreement',
          objectId: `${promoterId}:${type}`,
          promoterId,
          before,
          after,
        });
        return ok(after);
      },
    );
    app.post(
      '/api/admin/agreements/preview',
      {
        schema: {
          tags,
          security,
          summary: 'Agreement content as the app will show it (sanitised), in each language; nothing is stored.',
          body: adminAgreementPreviewBody,
          response: { 200: envelope(adminAgreementPreview) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'layouts');
        return ok({ content: iotLayouts.previewAgreement(req.body.content) });
      },
    );

    app.post(
      '/api/admin/traditional',
      {
        schema: {
          tags,
          security,
          summary: 'Simplified Chinese texts converted to Traditional Chinese (fills a form; nothing is stored).',
          body: adminTraditionalBody,
          response: { 200: envelope(adminTraditionalReply) },
        },
      },
      async (req) => {
        admin.requireArea(req.operator, 'layouts');
        return ok({ texts: req.body.texts.map((t) => toTraditional(t)) });
      },
    );

    // ── Single pages ──────────────────────────────────────────────────────────────────────
    app.get(
      '/api/admin/singlePages',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's single pages (enabled or not) with their blocks, texts in the three languages.",
          querystring: promoterIdQuery,
          response: { 200: envelope(adminSinglePageList) },
        },
      },
      async (req) => {
        await reach(req.operator, req.query.promoterId);
        return ok({ list: await singlePages.pagesOf(req.query.promoterId) });
      },
    );
    app.post(
      '/api/admin/singlePages/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Adds a single page to a storefront or changes one (code, three languages, blocks, popup, on/off; rich text sanitised). Audited.',
          body: adminSinglePageBody,
          response: { 200: envelope(adminSinglePage) },
        },
      },
      async (req) => {
        await reach(req.operator, req.body.promoterId);
        const { before, after } = await singlePages.savePage(req.body);
        await admin.audit(deps, req.operator, {
          action: 'singlePage.save',
          objectType: 'singlePage',
          objectId: after.id,
          promoterId: req.body.promoterId,
          before,
          after,
        });
        return ok(after);
      },
    );
    app.post(
      '/api/admin/singlePages/delete',
      {
        schema: {
          tags,
          security,
          summary: "Removes a storefront's single page with its translations. Audited.",
          body: adminSinglePageDelete,
          response: { 200: envelope(adminSinglePage) },
        },
      },
      async (req) => {
        const { promoterId, id } = req.body;
        await reach(req.operator, promoterId);
        const before = await singlePages.deletePage(promoterId, id);
        await admin.audit(deps, req.operator, {
          action: 'singlePage.delete',
          objectType: 'singlePage',
          objectId: id,
          promoterId,
          before,
          after: null,
        });
        return ok(before);
      },
    );

    // ── Front settings ────────────────────────────────────────────────────────────────────
    app.get(
      '/api/admin/front',
      {
        schema: {
          tags,
          security,
          summary:
            "A storefront's front settings (title, texts, service phone and link, banners, search) with their texts in the three languages.",
          querystring: promoterIdQuery,
          response: { 200: envelope(adminFrontReply) },
        },
      },
      async (req) => {
        await reach(req.operator, req.query.promoterId);
        return ok(await site.frontOf(req.query.promoterId));
      },
    );
    app.post(
      '/api/admin/front/save',
      {
        schema: {
          tags,
          security,
          summary:
            "Changes a storefront's front settings; the shop shows them at once on this instance and within 5 seconds on the others. Audited.",
          body: adminFrontBody,
          response: { 200: envelope(adminFrontReply) },
        },
      },
      async (req) => {
        const { promoterId, front } = req.body;
        await reach(req.operator, promoterId);
        const { before, after } = await site.saveFront(promoterId, front);
        await admin.audit(deps, req.operator, {
          action: 'front.save',
          objectType: 'front',
          objectId: promoterId,
          promoterId,
          before: before.front,
          after: after.front,
        });
        return ok(after);
      },
    );

    // ── Translations of goods and package names ───────────────────────────────────────────
    app.get(
      '/api/admin/translations',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's goods, spec and IoT package names as stored, with their English and Traditional Chinese.",
          querystring: promoterIdQuery,
          response: { 200: envelope(adminNameTextsList) },
        },
      },
      async (req) => {
        const promoter = await reach(req.operator, req.query.promoterId);
        return ok({ list: await namesOf(promoter.id, promoter.promoCode) });
      },
    );
    app.post(
      '/api/admin/translations/save',
      {
        schema: {
          tags,
          security,
          summary:
            'Sets the English and Traditional Chinese of a goods, spec or package name of a storefront (empty: the reader gets the stored name, or its conversion). Audited.',
          body: adminNameTextsBody,
          response: { 200: envelope(adminNameTexts) },
        },
      },
      async (req) => {
        const b = req.body;
        const promoter = await reach(req.operator, b.promoterId);
        let stored: string | undefined;
        if (b.kind === 'goods') {
          const g = await goods.operatorGoods(deps.db, b.id);
          if (g?.promoterId === promoter.id) stored = g.name;
        } else if (b.kind === 'sku') {
          const g = await goods.operatorGoods(deps.db, b.goodsId);
          if (g?.promoterId === promoter.id) stored = g.skus.find((s) => s.id === b.id)?.name;
        } else {
          const p = await money.operatorPackage(deps.db, b.id);
          if (p?.promoCode === promoter.promoCode) stored = p.name;
        }
        if (stored === undefined) throw invalid('id', 'admin.noSuchObject');
        const name = stored;
        const find = async () => {
          const tris = await trisOf(deps.db, ENTITY_OF[b.kind], [{ id: b.id, name }], ['name'] as const);
          return nameRow(b.kind, b.id, b.kind === 'sku' ? b.goodsId : 0, tris.get(b.id)!.name);
        };
        const before = await find();
        await deps.db.transaction().execute(async (trx) => {
          await replaceTris(trx, ENTITY_OF[b.kind], b.id, { name: { 'zh-Hans': name, en: b.en, 'zh-Hant': b['zh-Hant'] } });
        });
        const after = await find();
        await admin.audit(deps, req.operator, {
          action: 'translation.save',
          objectType: b.kind,
          objectId: b.id,
          promoterId: promoter.id,
          before: before.name,
          after: after.name,
        });
        return ok(after);
      },
    );
  };
}
