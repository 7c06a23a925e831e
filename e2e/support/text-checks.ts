/**
 * Checks of the texts a page shows (the audit's `texts`), shared by the sweep and the page tests.
 */

/** A request field's name before a colon (`numberRules.0.markup: `, `cardPassword: `). */
const FIELD_PATH = /\b[a-z]+[A-Z]\w*(\.\d+)?(\.\w+)?:\s|\b[a-z]\w*\.\d+\.\w+/;
/** A translation key shown as it is (`shop.address.title`). */
const RAW_KEY = /\b(shop|iot|common|admin|my|orders|agent|request|sim)\.[a-z]\w*\.[a-z]\w*/;

/** Internals a person must never read: a field's name in the request, a raw translation key. */
export function internalTextProblems(texts: string[]): string[] {
  const out: string[] = [];
  for (const text of texts) {
    if (FIELD_PATH.test(text)) out.push(`field name shown: "${text.slice(0, 60)}"`);
    if (RAW_KEY.test(text)) out.push(`raw key shown: "${text.slice(0, 60)}"`);
  }
  return out;
}
