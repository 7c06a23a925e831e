import DOMPurify from 'dompurify';

/** Tags agreement texts may use; everything else is removed (scripts, styles, frames, forms, media). */
const ALLOWED_TAGS = ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 'span', 'div', 'a', 'blockquote'];

let hooked = false;

/** Links keep only an http(s) target and open in a new tab without access to this page. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!/^https?:\/\//i.test(href)) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  });
}

/** Sanitises agreement HTML for display (DOMPurify with a small allowlist of tags; only href survives). */
export function sanitizeHtml(html: string): string {
  hookLinks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ['href'], KEEP_CONTENT: true });
}
