import type sanitizeHtml from 'sanitize-html';
import { lazyRequire } from './lazy-require.ts';

/** Loaded on the first answer written. */
const sanitizer = lazyRequire<typeof sanitizeHtml>('sanitize-html');

/** Tags rich text (answers, agreements, page texts) may use: text structure and emphasis; no scripts, styles, frames, forms, media or handlers. */
const ALLOWED_TAGS = ['p', 'br', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'span', 'div', 'a', 'blockquote'];

/**
 * Rich text (an answer, an agreement, a page's text) made safe to show: only the allowed tags, only `href` on links, only
 * http(s) targets, which open in a new tab without access to the page.
 */
export function sanitizeRichText(html: string): string {
  return sanitizer()(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href ?? '';
        return { tagName, attribs: /^https?:\/\//i.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {} };
      },
    },
  });
}
