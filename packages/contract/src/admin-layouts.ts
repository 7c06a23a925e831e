import { z } from 'zod';
import { simInfo, simLayout, simLayoutReply } from './iot.ts';
import { msg } from './messages.ts';
import { PREVIEW_SIM_DIGITS } from './validate.ts';

/**
 * Layouts in the operator console (`/api/admin/layouts*`) and their preview. A promoter's SIM
 * dashboard layout is edited as drafts: each save is a draft of its own with an id; a draft is
 * previewed in the shop's dashboard (a short-lived preview token, demo card facts) and published
 * (audited). The shop sees only the published layout.
 */

/** The English and Traditional Chinese of a layout text, by its path ("layout.menus.0.title"). */
export const layoutTextPair = z.object({ en: z.string().max(2000), 'zh-Hant': z.string().max(2000) });
export const layoutTexts = z.record(z.string().regex(/^layout(\.[A-Za-z0-9]+){1,6}$/), layoutTextPair);
export type LayoutTexts = z.infer<typeof layoutTexts>;

/** GET /api/admin/layouts */
export const adminLayoutQuery = z.object({ promoterId: z.coerce.number().int().positive() });

export const adminLayoutDraft = z.object({
  id: z.number().int(),
  createdAt: z.number().int(),
  publishedAt: z.number().int().nullable(),
  layout: simLayout,
  texts: layoutTexts,
});
export type AdminLayoutDraft = z.infer<typeof adminLayoutDraft>;

/** A promoter's published layout (its own, the default storefront's, or the built-in one) and its newest draft. */
export const adminLayout = z.object({
  promoter: z.object({ id: z.number().int(), promoCode: z.string(), name: z.string() }),
  source: z.enum(['own', 'inherited', 'builtIn']).describe('own layout, the default storefront’s, or the built-in one'),
  version: z.number().int(),
  layout: simLayout,
  texts: layoutTexts,
  /** The newest draft saved after the published version (null when none). */
  draft: adminLayoutDraft.nullable(),
});
export type AdminLayout = z.infer<typeof adminLayout>;

/** A preview of the dashboard: open `url` (the shop's SIM dashboard) until `expiresAt`. */
export const layoutPreview = z.object({ token: z.string(), expiresAt: z.number().int(), url: z.string() });
export type LayoutPreview = z.infer<typeof layoutPreview>;

/** POST /api/admin/layouts/draft: saves a draft; answers it with its preview. */
export const adminLayoutDraftBody = z.object({ promoterId: z.number().int().positive(), layout: simLayout, texts: layoutTexts });
export const adminLayoutDraftReply = z.object({ draftId: z.number().int(), preview: layoutPreview });

/** POST /api/admin/layouts/preview: a fresh preview of a draft, or of the published layout (draftId null). */
export const adminLayoutPreviewBody = z.object({
  promoterId: z.number().int().positive(),
  draftId: z.number().int().positive().nullable(),
});

/** POST /api/admin/layouts/publish: the draft becomes the promoter's layout. */
export const adminLayoutPublishBody = z.object({ promoterId: z.number().int().positive(), draftId: z.number().int().positive() });
export const adminLayoutPublished = z.object({ version: z.number().int() });

/** The SIM number a layout is previewed with: the digits of `iotPreview=IotLayout:{digits}` (spec §2). */
const previewSimNo = z.string().regex(PREVIEW_SIM_DIGITS, msg('validation.digits'));

/**
 * GET /api/layoutPreview?token=…&simNo=…: the layout a preview token names and demo card facts (no SIM
 * session) carrying the preview SIM number (the digits of `iotPreview`; PREVIEW_SIM_NO when absent).
 */
export const layoutPreviewQuery = z.object({ token: z.string().min(1).max(500), simNo: previewSimNo.optional() });
export const layoutPreviewReply = z.object({ layout: simLayoutReply, simInfo });
export type LayoutPreviewReply = z.infer<typeof layoutPreviewReply>;

/** The SIM number the demo card facts of a preview carry (no card has it). */
export const PREVIEW_SIM_NO = '1449999999999';

/** The dashboard address of a preview (the `iotPreview` query of spec §2 with the token). */
export const previewUrl = (token: string) =>
  `/shop/#/pages/iot/index/index?iotPreview=IotLayout:${PREVIEW_SIM_NO}&previewToken=${encodeURIComponent(token)}`;

/** Pages of the SIM app a layout menu may open, by the key whose built-in icon they show. */
export const LAYOUT_MENU_PAGES = [
  { key: 'package', path: '/pages/iot/index/package/index' },
  { key: 'balance', path: '/pages/iot/index/balance/index' },
  { key: 'wifi', path: '/pages-sub/wifi/index' },
  { key: 'task', path: '/pages-sub/iot/task/index' },
  { key: 'couponExchange', path: '/pages-sub/iot/index/couponExchange/index' },
  { key: 'accelerate', path: '/pages-sub/iot/index/accelerate/index' },
  { key: 'packageInfo', path: '/pages-sub/iot/index/packageInfo/index' },
  { key: 'historyLine', path: '/pages-sub/iot/index/historyLine/index' },
  { key: 'orderLogs', path: '/pages/iot/index/orderLogs/index' },
  { key: 'integralShop', path: '/pages-sub/iot/integralShop/index' },
  { key: 'realnameAuth', path: '/pages/iot/index/realnameAuth/index' },
  { key: 'bindPhone', path: '/pages/iot/index/bindPhone/index' },
  { key: 'diagnose', path: '/pages-sub/iot/index/diagnose/index' },
  { key: 'customer', path: '/pages/iot/index/customer/index' },
  { key: 'vip', path: '/pages-sub/iot/index/vip/index' },
  { key: 'changeDevice', path: '/pages-sub/iot/user/changeDevice/index' },
  { key: 'oauth', path: '/pages-sub/iot/user/oauth/index' },
  { key: 'protocol', path: '/pages/iot/login/protocol' },
  { key: 'user', path: '/pages-sub/iot/user/index' },
  { key: 'deviceManage', path: '/pages-sub/iot/deviceManage/index' },
  { key: 'switchNet', path: '/pages/iot/index/switchNet/index' },
  { key: 'deviceTerminalAuth', path: '/pages-sub/iot/index/deviceTerminalAuth/index' },
] as const;

/** Built-in menu icons (the shop draws a glyph for each key); a menu may also name an image (https link). */
export const LAYOUT_MENU_ICONS = [...LAYOUT_MENU_PAGES.map((p) => p.key), 'guide', 'mini', 'setting'] as const;

// ── Notices and hot questions / FAQ ─────────────────────────────────────────────────────────

/** A text in the three languages (stored in Simplified Chinese; the others are its translations). */
const tri = (max: number) =>
  z.object({ 'zh-Hans': z.string().trim().min(1).max(max), en: z.string().max(max), 'zh-Hant': z.string().max(max) });
export type Tri = { 'zh-Hans': string; en: string; 'zh-Hant': string };

/** A notice of a storefront's SIM dashboard, shown from `startAt` until `endAt` (null: no end) while enabled. */
export const adminNotice = z.object({
  id: z.number().int(),
  title: tri(100),
  content: tri(2000),
  startAt: z.number().int(),
  endAt: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminNotice = z.infer<typeof adminNotice>;
/** GET /api/admin/notices?promoterId= */
export const adminNoticesQuery = z.object({ promoterId: z.coerce.number().int().positive() });
export const adminNoticeList = z.object({ list: z.array(adminNotice) });
/** POST /api/admin/notices/save: a new notice (no id) or a change of one of the storefront's. */
export const adminNoticeBody = adminNotice.extend({
  id: z.number().int().positive().optional(),
  promoterId: z.number().int().positive(),
  sort: z.number().int().min(0).max(9999),
  endAt: z.number().int().positive().nullable(),
  startAt: z.number().int().positive(),
});

/** A hot question / FAQ entry of the help centre (every storefront's); `hot` > 0 puts it in the hot list in that order. */
export const adminQuestion = z.object({
  id: z.number().int(),
  category: z.string(),
  title: tri(200),
  content: tri(20_000).describe('HTML; sanitised when shown'),
  hot: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;
export const adminQuestionList = z.object({
  list: z.array(adminQuestion),
  categories: z.array(z.object({ value: z.string(), label: z.string() })),
});
/** POST /api/admin/questions/save (owners). */
export const adminQuestionBody = adminQuestion.extend({
  id: z.number().int().positive().optional(),
  category: z.string().min(1).max(40),
  hot: z.number().int().min(0).max(99),
  sort: z.number().int().min(0).max(9999),
});
