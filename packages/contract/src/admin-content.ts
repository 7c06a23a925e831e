import { z } from 'zod';
import { protocolType } from './iot-sims.ts';
import { msg } from './messages.ts';
import { FEATURED_OPERATOR, patternTag } from './numbers.ts';

/**
 * Storefront content in the operator console (`/api/admin/agreements*`, `/singlePages*`,
 * `/front*`, `/translations*`): agreements, single pages, the storefront's front settings and the
 * translations of goods and package names. Texts come in the three languages (stored in Simplified
 * Chinese, the others as translations); rich text is sanitised on the server before it is stored.
 * Reach: owners every storefront, agents their own and their direct downstream, staff none.
 */

/** A text in the three languages; Simplified Chinese is required, an empty other language falls back. */
export const triText = (max: number) =>
  z.object({
    'zh-Hans': z.string().trim().min(1, msg('validation.required')).max(max),
    en: z.string().trim().max(max),
    'zh-Hant': z.string().trim().max(max),
  });
/** A text in the three languages that may be empty in all of them. */
export const triOptional = (max: number) =>
  z.object({ 'zh-Hans': z.string().trim().max(max), en: z.string().trim().max(max), 'zh-Hant': z.string().trim().max(max) });
export type TriText = { 'zh-Hans': string; en: string; 'zh-Hant': string };

/** An internal page path (starting with /pages) or an http(s) link; empty for none. */
export const contentLink = z
  .string()
  .trim()
  .max(300)
  .regex(/^(|\/pages[\w\-/?=&.%]*|https?:\/\/[^\s"'<>]+)$/, msg('validation.format'));
/** An image address: an uploaded file (/uploads/…), one shipped with the shop (/shop/static/…) or an https link. */
export const contentImage = z
  .string()
  .trim()
  .max(300)
  .regex(/^(\/(uploads|shop\/static)\/[\w\-/.]+|https:\/\/[^\s"'<>]+)$/, msg('validation.format'));

/** A row id (a 32-bit integer column). */
const rowId = z.number().int().positive().max(2_147_483_647);
export const promoterIdQuery = z.object({ promoterId: z.coerce.number().int().positive().max(2_147_483_647) });

// ── Agreements (iot-layout's iot_protocols) ───────────────────────────────────────────────────

export const AGREEMENT_TYPES = protocolType.options;
export const agreementType = protocolType;
export type AgreementType = z.infer<typeof agreementType>;

/**
 * An agreement of a storefront as readers get it: its own (`own`), the default storefront's
 * (`inherited`), or none yet (`none`, empty texts). Content is sanitised HTML.
 */
export const adminAgreement = z.object({
  type: agreementType,
  source: z.enum(['own', 'inherited', 'none']),
  title: triOptional(100),
  content: triOptional(50_000),
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type AdminAgreement = z.infer<typeof adminAgreement>;
export const adminAgreementList = z.object({ list: z.array(adminAgreement) });

/** POST /api/admin/agreements/save: the storefront's own agreement of a type (English required; Traditional converted when empty). */
export const adminAgreementBody = z.object({
  promoterId: rowId,
  type: agreementType,
  title: triText(100).extend({ en: z.string().trim().min(1, msg('validation.required')).max(100) }),
  content: triText(50_000).extend({ en: z.string().trim().min(1, msg('validation.required')).max(50_000) }),
});
export type AdminAgreementBody = z.infer<typeof adminAgreementBody>;

/** POST /api/admin/agreements/preview: the content as the app will show it (sanitised), per language. */
export const adminAgreementPreviewBody = z.object({ content: triOptional(50_000) });
export const adminAgreementPreview = z.object({ content: triOptional(60_000) });

// ── Single pages (single-page's single_pages) ────────────────────────────────────────────────

const tri60 = triOptional(60);
export const adminPageBlock = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('banner'),
    items: z
      .array(z.object({ image: contentImage, title: tri60, link: contentLink }))
      .min(1)
      .max(10),
  }),
  z.object({ type: z.literal('text'), title: tri60, content: triOptional(20_000).describe('HTML; sanitised when saved') }),
  z.object({
    type: z.literal('numbers'),
    title: tri60,
    pattern: z.union([z.literal(''), patternTag]),
    operator: z.union([z.literal(''), z.literal(FEATURED_OPERATOR), z.enum(['1', '2', '3', '4'])]),
    limit: z.number().int().min(1).max(20),
  }),
  z.object({
    type: z.literal('goods'),
    title: tri60,
    categoryId: z.number().int().min(0).max(2_147_483_647),
    limit: z.number().int().min(1).max(20),
  }),
  z.object({
    type: z.literal('button'),
    key: z
      .string()
      .trim()
      .max(32)
      .regex(/^[\w-]*$/, msg('validation.format')),
    text: triText(30),
    link: contentLink,
  }),
]);
export type AdminPageBlock = z.infer<typeof adminPageBlock>;
export const adminPagePopup = z.object({
  switch: z.boolean(),
  title: triOptional(60),
  content: triOptional(2000),
  buttonText: triOptional(30),
  link: contentLink,
});
export type AdminPagePopup = z.infer<typeof adminPagePopup>;

export const pageCode = z
  .string()
  .trim()
  .min(1, msg('validation.required'))
  .max(64)
  .regex(/^[\w-]+$/, msg('validation.format'));

export const adminSinglePage = z.object({
  id: z.number().int(),
  promoterId: z.number().int(),
  pageCode: z.string(),
  title: triOptional(60),
  blocks: z.array(adminPageBlock),
  popup: adminPagePopup,
  enabled: z.boolean(),
  updatedAt: z.number().int(),
});
export type AdminSinglePage = z.infer<typeof adminSinglePage>;
export const adminSinglePageList = z.object({ list: z.array(adminSinglePage) });

/** POST /api/admin/singlePages/save: a new page (no id) or a change of one of the storefront's. */
export const adminSinglePageBody = z.object({
  id: rowId.optional(),
  promoterId: rowId,
  pageCode,
  title: triText(60),
  blocks: z.array(adminPageBlock).max(30),
  popup: adminPagePopup,
  enabled: z.boolean(),
});
export type AdminSinglePageBody = z.infer<typeof adminSinglePageBody>;
/** POST /api/admin/singlePages/delete */
export const adminSinglePageDelete = z.object({ promoterId: rowId, id: rowId });

/** Where the shop shows a single page (spec §2 /pages-sub/single/*). */
export const singlePageUrl = (pageCode: string, promoCode: string) =>
  `/shop/#/pages-sub/single/index?pageCode=${encodeURIComponent(pageCode)}&promoCode=${encodeURIComponent(promoCode)}`;

// ── Front settings (site's promoters.front) ─────────────────────────────────────────────────

export const adminFront = z.object({
  title: triOptional(60),
  description: triOptional(300),
  keywords: triOptional(200),
  bottomTips: triOptional(200),
  kefuMobile: z
    .string()
    .trim()
    .max(20)
    .regex(/^(|[0-9][0-9-]{4,19})$/, msg('validation.format')),
  kefuUrl: contentLink,
  indexCarousel: z.array(z.object({ image: contentImage, title: tri60, link: contentLink })).max(10),
  suggest: z.boolean(),
  indexSearch: z.boolean(),
});
export type AdminFront = z.infer<typeof adminFront>;
/** The front settings as stored (the reply is not held to the form's rules: older data may not meet them). */
const frontView = adminFront.extend({
  kefuMobile: z.string(),
  kefuUrl: z.string(),
  indexCarousel: z.array(z.object({ image: z.string(), title: triOptional(200), link: z.string() })),
});
export const adminFrontReply = z.object({ promoterId: z.number().int(), promoCode: z.string(), front: frontView });
export type AdminFrontReply = z.infer<typeof adminFrontReply>;
/** POST /api/admin/front/save */
export const adminFrontBody = z.object({
  promoterId: rowId,
  front: adminFront.extend({ title: triText(60) }),
});

// ── Translations of goods and package names (i18n-texts) ────────────────────────────────────

export const TRANSLATED_KINDS = ['goods', 'sku', 'package'] as const;
export const translatedKind = z.enum(TRANSLATED_KINDS);
export type TranslatedKind = z.infer<typeof translatedKind>;

/** A name as stored (Simplified Chinese) and its English and Traditional Chinese as readers get them, with whether each is its own. */
export const adminNameTexts = z.object({
  kind: translatedKind,
  id: z.number().int(),
  /** The goods of a spec (0 otherwise). */
  goodsId: z.number().int(),
  name: triOptional(100),
  own: z.object({ en: z.boolean(), 'zh-Hant': z.boolean() }),
});
export type AdminNameTexts = z.infer<typeof adminNameTexts>;
export const adminNameTextsList = z.object({ list: z.array(adminNameTexts) });

/** POST /api/admin/translations/save: English and Traditional Chinese of one name; empty drops the translation. */
export const adminNameTextsBody = z.object({
  promoterId: rowId,
  kind: translatedKind,
  id: rowId,
  goodsId: z.number().int().min(0).max(2_147_483_647).default(0),
  en: z.string().trim().max(100),
  'zh-Hant': z.string().trim().max(100),
});
export type AdminNameTextsBody = z.input<typeof adminNameTextsBody>;

/** POST /api/admin/traditional: Simplified Chinese texts converted to Traditional (Taiwan standard), as readers get them without a translation. */
export const adminTraditionalBody = z.object({ texts: z.array(z.string().max(50_000)).min(1).max(200) });
export const adminTraditionalReply = z.object({ texts: z.array(z.string()) });
