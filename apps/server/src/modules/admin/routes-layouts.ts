import {
  adminLayout,
  adminLayoutDraftBody,
  adminLayoutDraftReply,
  adminLayoutPreviewBody,
  adminLayoutPublishBody,
  adminLayoutPublished,
  adminLayoutQuery,
  adminNotice,
  adminNoticeBody,
  adminNoticeList,
  adminNoticesQuery,
  adminQuestion,
  adminQuestionBody,
  adminQuestionList,
  layoutPreview,
} from '@simshop/contract/admin-layouts';
import { envelope } from '@simshop/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import type { CustomerService } from '../customer/service.ts';
import type { Layouts } from '../iot-layout/service.ts';
import { security, tags } from './routes.ts';
import * as admin from './service.ts';

/**
 * Promoters' SIM dashboard layouts in the console: drafts, their preview and publishing (audited).
 * Owners reach every promoter, agents their own and their direct downstream, staff none.
 */
export function adminLayoutRoutes(deps: admin.AdminDeps & { iotLayouts: Layouts; customer: CustomerService }) {
  const { iotLayouts, customer } = deps;
  return async (app: App): Promise<void> => {
    app.get(
      '/api/admin/layouts',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's published SIM dashboard layout with its English and Traditional Chinese texts, and its newest draft.",
          querystring: adminLayoutQuery,
          response: { 200: envelope(adminLayout) },
        },
      },
      async (req) => {
        await admin.requireObject(deps, req.operator, 'layouts', req.query.promoterId);
        return ok(await iotLayouts.editable(req.query.promoterId));
      },
    );
    app.post(
      '/api/admin/layouts/draft',
      {
        schema: {
          tags,
          security,
          summary: "Saves a draft of a storefront's SIM dashboard layout (the shop does not see it) and answers its preview. Audited.",
          body: adminLayoutDraftBody,
          response: { 200: envelope(adminLayoutDraftReply) },
        },
      },
      async (req) => {
        const { promoterId } = req.body;
        await admin.requireObject(deps, req.operator, 'layouts', promoterId);
        const draftId = await iotLayouts.saveDraft(promoterId, req.body.layout, req.body.texts, req.operator.id);
        await admin.audit(deps, req.operator, {
          action: 'layout.draft',
          objectType: 'layout',
          objectId: promoterId,
          promoterId,
          before: null,
          after: { draftId },
        });
        return ok({ draftId, preview: await iotLayouts.previewOf(promoterId, draftId) });
      },
    );
    app.post(
      '/api/admin/layouts/preview',
      {
        schema: {
          tags,
          security,
          summary:
            'A preview of a draft, or of the published layout (draftId null): a token valid 15 minutes and the shop dashboard address that shows it with demo card facts.',
          body: adminLayoutPreviewBody,
          response: { 200: envelope(layoutPreview) },
        },
      },
      async (req) => {
        await admin.requireObject(deps, req.operator, 'layouts', req.body.promoterId);
        return ok(await iotLayouts.previewOf(req.body.promoterId, req.body.draftId));
      },
    );
    app.post(
      '/api/admin/layouts/publish',
      {
        schema: {
          tags,
          security,
          summary: "Publishes a draft: the storefront's SIM dashboards show it from now on. Audited with the layout before and after.",
          body: adminLayoutPublishBody,
          response: { 200: envelope(adminLayoutPublished) },
        },
      },
      async (req) => {
        const { promoterId, draftId } = req.body;
        await admin.requireObject(deps, req.operator, 'layouts', promoterId);
        const { version, before, after } = await iotLayouts.publishDraft(promoterId, draftId);
        await admin.audit(deps, req.operator, {
          action: 'layout.publish',
          objectType: 'layout',
          objectId: promoterId,
          promoterId,
          before,
          after: { draftId, ...after },
        });
        return ok({ version });
      },
    );

    // Notices of a storefront's SIM dashboard (the iot-layout module's), same reach as its layout.
    app.get(
      '/api/admin/notices',
      {
        schema: {
          tags,
          security,
          summary: "A storefront's SIM dashboard notices (enabled or not, any time) in the three languages.",
          querystring: adminNoticesQuery,
          response: { 200: envelope(adminNoticeList) },
        },
      },
      async (req) => {
        await admin.requireObject(deps, req.operator, 'layouts', req.query.promoterId);
        return ok({ list: await iotLayouts.noticesOf(req.query.promoterId) });
      },
    );
    app.post(
      '/api/admin/notices/save',
      {
        schema: {
          tags,
          security,
          summary: "Adds a notice to a storefront's SIM dashboard or changes one (three languages, start, end, on/off). Audited.",
          body: adminNoticeBody,
          response: { 200: envelope(adminNotice) },
        },
      },
      async (req) => {
        const { promoterId, ...input } = req.body;
        await admin.requireObject(deps, req.operator, 'layouts', promoterId);
        const { before, after } = await iotLayouts.saveNotice(promoterId, input);
        await admin.audit(deps, req.operator, {
          action: 'notice.save',
          objectType: 'notice',
          objectId: after.id,
          promoterId,
          before,
          after,
        });
        return ok(after);
      },
    );

    // Hot questions / FAQ of the help centre (the customer module's): every storefront's, so owners only.
    app.get(
      '/api/admin/questions',
      {
        schema: {
          tags,
          security,
          summary:
            "The help centre's questions (hot questions and FAQ; every storefront's) in the three languages, with the categories. Owners.",
          response: { 200: envelope(adminQuestionList) },
        },
      },
      async (req) => {
        await admin.requireObject(deps, req.operator, 'layouts', null);
        return ok({ list: await customer.allQuestions(), categories: await customer.categories(req.ctx.language) });
      },
    );
    app.post(
      '/api/admin/questions/save',
      {
        schema: {
          tags,
          security,
          summary: 'Adds a help-centre question or changes one (three languages, category, hot order, on/off). Owners; audited.',
          body: adminQuestionBody,
          response: { 200: envelope(adminQuestion) },
        },
      },
      async (req) => {
        await admin.requireObject(deps, req.operator, 'layouts', null);
        const { before, after } = await customer.saveQuestion(req.body, req.ctx.language);
        await admin.audit(deps, req.operator, {
          action: 'question.save',
          objectType: 'question',
          objectId: after.id,
          promoterId: null,
          before,
          after,
        });
        return ok(after);
      },
    );
  };
}
