/**
 * Layout and reading checks run inside the page (passed to page.evaluate, so self-contained).
 * Returns one line per violation: `<kind> <element> <detail>`.
 *
 * - overflow: an element wider than the viewport or sticking out of it, outside a container that
 *   clips or scrolls it (carousels and horizontal tab lists scroll on purpose).
 * - clipped: an element with its own text whose content is wider than its box (scrollWidth > clientWidth).
 * - word-break: a word split over two lines in a button, tab, link, toast or result page.
 * - wrap: a short button or tab label (up to three words, or up to eight Han characters) on more than one line;
 *   grid menu labels marked `data-wrap-ok` may take two lines.
 * - tap: a button or link smaller than 44×44 px. Exceptions: links inside running text (WCAG 2.5.8
 *   inline exception) and elements marked `data-tap-exempt` with the reason as its value.
 * - text: text nodes returned for the language check done by the caller, except user data (`data-user-text`:
 *   what users typed or picked, such as names, addresses and reviews) and texts of an outside party passed
 *   on as it wrote them (`data-outside-text`: a carrier's name and tracking events).
 */
export interface AuditResult {
  violations: string[];
  texts: string[];
}

export function audit(): AuditResult {
  const vw = document.documentElement.clientWidth;
  const violations: string[] = [];
  const texts: string[] = [];
  const name = (el: Element) => {
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls}>"${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && el.closest('[aria-hidden="true"]') === null;
  };
  const clipsX = (el: Element) => {
    const o = getComputedStyle(el).overflowX;
    return o === 'hidden' || o === 'auto' || o === 'scroll' || o === 'clip';
  };
  const insideClipper = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (clipsX(p)) return true;
    return false;
  };
  const all = Array.from(document.body.querySelectorAll('*')).filter(shown);

  if (document.documentElement.scrollWidth > vw + 1)
    violations.push(`overflow <html> page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
  for (const el of all) {
    const r = el.getBoundingClientRect();
    if ((r.width > vw + 1 || r.right > vw + 1 || r.left < -1) && !insideClipper(el)) {
      violations.push(`overflow ${name(el)} ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
    }
  }

  const ownText = (el: Element) =>
    Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? '')
      .join('')
      .trim();
  for (const el of all) {
    if (!ownText(el)) continue;
    const cs = getComputedStyle(el);
    // Inline boxes have no width of their own; 1-px boxes are screen-reader-only text.
    const hidden = el.closest('.sr-only') !== null || cs.clipPath !== 'none' || (cs.clip !== 'auto' && cs.clip !== '');
    if (cs.display === 'inline' || el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.clientWidth <= 1 || hidden) continue;
    if (el.scrollWidth > el.clientWidth + 1) violations.push(`clipped ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
  }

  /** Line tops of each word of an element's text. */
  const wordLines = (el: Element) => {
    const words: { word: string; tops: number[]; node: number }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode(), index++) {
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/[\p{Script=Han}]|[^\s\p{Script=Han}]+/gu)) {
        const range = document.createRange();
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = Array.from(range.getClientRects())
          .filter((q) => q.width > 0)
          .map((q) => Math.round(q.top));
        if (tops.length) words.push({ word: m[0], tops: [...new Set(tops)], node: index });
      }
    }
    return words;
  };
  const labels = all.filter((el) =>
    el.matches(
      'button, a[href], [role="button"], [role="tab"], .adm-button, .adm-toast-main, .adm-tabs-tab, .adm-capsule-tabs-tab, .adm-dialog-button, .adm-result-title, .adm-result-description, .adm-result-page-title, .adm-result-page-description',
    ),
  );
  for (const el of labels) {
    const words = wordLines(el);
    const split = words.filter((w) => w.tops.length > 1 && /^[^\p{Script=Han}]{2,}$/u.test(w.word));
    for (const w of split) violations.push(`word-break ${name(el)} "${w.word}"`);
    // Toasts may wrap between words; labels of grid menus (data-wrap-ok) may take two lines; a card
    // that is a button (more than a label's worth of text) lets its texts wrap.
    if (el.matches('.adm-toast-main') || el.closest('[data-wrap-ok]') || (el.textContent ?? '').trim().length > 32) continue;
    // A short piece of text (one text node) on more than one line; separate blocks of a button are not wrapping.
    const nodes = new Map<number, { word: string; tops: number[] }[]>();
    for (const w of words) nodes.set(w.node, [...(nodes.get(w.node) ?? []), w]);
    for (const list of nodes.values()) {
      const lines = new Set(list.map((w) => w.tops[0]));
      const latin = list.filter((w) => !/\p{Script=Han}/u.test(w.word)).length;
      const han = list.length - latin;
      if (lines.size > 1 && (han === 0 ? latin <= 3 : han <= 8 && latin <= 1)) {
        violations.push(`wrap ${name(el)} "${list.map((w) => w.word).join(' ')}" on ${lines.size} lines`);
      }
    }
  }

  const targets = all.filter((el) => el.matches('button, a[href], [role="button"], [role="tab"], [role="checkbox"], [role="switch"]'));
  for (const el of targets) {
    if (el.closest('[data-tap-exempt]')) continue;
    // Layout size, not the drawn one: a popup still scaling in has its final size already.
    const box = el as HTMLElement;
    const r = { width: box.offsetWidth ?? el.getBoundingClientRect().width, height: box.offsetHeight ?? el.getBoundingClientRect().height };
    if (r.width >= 44 - 0.5 && r.height >= 44 - 0.5) continue;
    const cs = getComputedStyle(el);
    const parentText = el.parentElement ? ownText(el.parentElement) : '';
    if (cs.display === 'inline' && parentText) continue;
    if (el.matches('.adm-button, button, [role="button"]') && el.parentElement?.closest('button, [role="button"], a[href]')) continue;
    violations.push(`tap ${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`);
  }

  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = (n.textContent ?? '').trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest('[data-user-text], [data-outside-text], script, style, noscript')) continue;
    if (!shown(parent)) continue;
    texts.push(text);
  }
  return { violations, texts };
}
