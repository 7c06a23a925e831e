/**
 * Sanitises agreement HTML by rebuilding it from an allowlist: only these tags are kept (their
 * text and children), every attribute is dropped except an http(s) href on links. Anything else
 * (scripts, styles, event handlers, iframes, images) is removed or reduced to its text.
 */
const ALLOWED = new Set([
  'P',
  'BR',
  'H1',
  'H2',
  'H3',
  'H4',
  'UL',
  'OL',
  'LI',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'SPAN',
  'DIV',
  'A',
  'BLOCKQUOTE',
]);
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);

function copy(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      const el = child as Element;
      if (DROPPED.has(el.tagName)) continue;
      if (!ALLOWED.has(el.tagName)) {
        copy(el, to, doc);
        continue;
      }
      const clean = doc.createElement(el.tagName.toLowerCase());
      const href = el.tagName === 'A' ? el.getAttribute('href') : null;
      if (href && /^https?:\/\//i.test(href)) {
        clean.setAttribute('href', href);
        clean.setAttribute('target', '_blank');
        clean.setAttribute('rel', 'noopener noreferrer');
      }
      copy(el, clean, doc);
      to.appendChild(clean);
    }
  }
}

export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const root = out.createElement('div');
  copy(parsed.body, root, out);
  return root.innerHTML;
}
