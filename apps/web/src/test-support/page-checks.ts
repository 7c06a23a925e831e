import type { Language } from '../lib/i18n.ts';
import { ENGLISH_DATA } from './fake-data.ts';

/**
 * What a person sees of a page, and the checks of it: texts that are translation keys, Chinese in
 * English, English-only texts in Chinese, Simplified characters in Traditional Chinese.
 */

/** Every text file of the app (the core one and each domain's), by language: `[en, zh-Hans, zh-Hant]` of each. */
const files = import.meta.glob<Record<string, unknown>>('../locales/**/*.json', { eager: true, import: 'default' });
const BUNDLES = Object.keys(files)
  .filter((path) => path.endsWith('/en.json'))
  .map((en) => [files[en], files[en.replace(/en\.json$/, 'zh-Hans.json')], files[en.replace(/en\.json$/, 'zh-Hant.json')]] as const);

function flatten(o: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (o && typeof o === 'object') for (const [k, v] of Object.entries(o)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else out.set(prefix, String(o));
  return out;
}

/** Every key of the app's texts (every text file). */
export const TEXT_KEYS: ReadonlySet<string> = new Set(BUNDLES.flatMap(([en]) => [...flatten(en).keys()]));

const traditionalChars = new Set(BUNDLES.flatMap(([, , b]) => [...flatten(b).values()].join('').match(/\p{Script=Han}/gu) ?? []));

/**
 * Simplified characters of the app's own texts: where a Simplified text and its Traditional one are
 * the same length, a character that differs (订 for 訂) and that no Traditional text uses. Seen in a
 * Traditional page, such a character is Simplified Chinese left untranslated.
 */
export const SIMPLIFIED_ONLY: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  for (const [, hans, hant] of BUNDLES) {
    const traditional = flatten(hant);
    for (const [key, s] of flatten(hans)) {
      const t = traditional.get(key);
      if (!t || [...s].length !== [...t].length) continue;
      const tc = [...t];
      [...s].forEach((c, i) => {
        if (c !== tc[i] && /\p{Script=Han}/u.test(c) && !traditionalChars.has(c)) out.add(c);
      });
    }
  }
  return out;
})();

const normal = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
/** The English texts of the app's files that its Chinese texts put differently (those without values put in). */
const ENGLISH_TEXTS: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  for (const [en, hans] of BUNDLES) {
    const chinese = flatten(hans);
    for (const [key, text] of flatten(en)) if (!text.includes('{{') && chinese.get(key) !== text) out.add(normal(text));
  }
  return out;
})();

/** Elements whose text is not the app's words: what users typed, an outside party's words, drawings. */
const NOT_APP_TAGS = new Set(['svg', 'script', 'style', 'noscript', 'template']);
const notAppText = (el: Element) =>
  NOT_APP_TAGS.has(el.localName) || el.hasAttribute('data-user-text') || el.hasAttribute('data-outside-text');

export interface SeenText {
  /** Where it was seen: `text`, or the attribute (`placeholder`, `aria-label`, `alt`, `title`). */
  where: string;
  text: string;
}

const SEEN_ATTRIBUTES = ['placeholder', 'aria-label', 'alt', 'title'];

/** The texts of a part of the document a person sees or hears: text nodes and the words of attributes. */
export function seenTexts(root: Element = document.body): SeenText[] {
  const out: SeenText[] = [];
  const visit = (el: Element) => {
    for (const attr of SEEN_ATTRIBUTES) {
      const value = el.getAttribute(attr)?.trim();
      if (value) out.push({ where: attr, text: value });
    }
    for (let node = el.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === Node.TEXT_NODE) {
        const text = node.textContent?.trim() ?? '';
        if (text) out.push({ where: 'text', text });
      } else if (node.nodeType === Node.ELEMENT_NODE && !notAppText(node as Element)) visit(node as Element);
    }
  };
  if (!notAppText(root)) visit(root);
  return out;
}

/** Top-level domains of addresses shown as text (help.example.com is not a key). */
const HOST = /\.(com|cn|net|org|io|hk|tw)$/;
/** A dotted lower-camel name of two or more dots (`shop.logistics.event`), the brief's key shape. */
const KEY_SHAPE = /(?<![\w@/.-])[a-z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9.]*/g;

/** Texts that show a translation key instead of its text (a known key, or a key-shaped name). */
export function rawKeys(texts: SeenText[]): string[] {
  const found: string[] = [];
  for (const { where, text } of texts) {
    for (const token of text.split(/[\s,;:()'"“”，。：；（）]+/)) {
      const word = token.replace(/[.…!?]+$/, '');
      if (TEXT_KEYS.has(word)) found.push(`${where}: "${text}" (key ${word})`);
    }
    for (const m of text.matchAll(KEY_SHAPE)) if (!HOST.test(m[0])) found.push(`${where}: "${text}" (key-shaped ${m[0]})`);
  }
  return [...new Set(found)];
}

/**
 * Latin words that are the same in every language of the app: units, technical names and codes,
 * brands. Anything else in Latin letters, with no Chinese beside it, is English left untranslated.
 */
const SAME_IN_ALL = new Set(
  [
    'GB',
    'MB',
    'KB',
    'TB',
    'Mbps',
    'kbps',
    'mAh',
    'SIM',
    'VIP',
    'APN',
    'ICCID',
    'IMEI',
    'IMSI',
    'Wi-Fi',
    'WiFi',
    'WPA',
    'WPA2',
    'WPA2-PSK',
    'WPA/WPA2',
    'PSK',
    'QR',
    'ID',
    'SMS',
    'MAC',
    'SSID',
    'ICP',
    'AAAA',
    'AAA',
    'AABB',
    'ABAB',
    'ABBA',
    'MMDD',
    'YYYYMMDD',
    'WeChat',
    'WEP',
    'nopass',
    'IoT',
    'VS',
  ].map((w) => w.toLowerCase()),
);

/**
 * Texts in a Chinese page that are English only: no Chinese, and an English phrase ("Pay now", "tab
 * bar") or an English text of the app's files or of the server's data. Names and codes in Latin
 * letters (a Wi-Fi name, an APN, a promo code) are neither.
 */
export function englishOnly(texts: SeenText[]): string[] {
  return texts
    .filter(({ text }) => !/\p{Script=Han}/u.test(text))
    .filter(({ text }) => !(text.match(/[A-Za-z][A-Za-z'-]*/g) ?? []).every((w) => SAME_IN_ALL.has(w.toLowerCase())))
    .filter(({ text }) => /\b[A-Za-z][a-z]+ [a-z]{2,}\b/.test(text) || ENGLISH_TEXTS.has(normal(text)) || ENGLISH_DATA.has(normal(text)))
    .map(({ where, text }) => `${where}: "${text}"`);
}

/** Texts in an English page with Chinese characters. */
export function chineseInEnglish(texts: SeenText[]): string[] {
  return texts.filter(({ text }) => /\p{Script=Han}/u.test(text)).map(({ where, text }) => `${where}: "${text}"`);
}

/** Texts in a Traditional Chinese page with Simplified-only characters. */
export function simplifiedInTraditional(texts: SeenText[]): string[] {
  return texts
    .filter(({ text }) => [...text].some((c) => SIMPLIFIED_ONLY.has(c)))
    .map(({ where, text }) => `${where}: "${text}" (${[...new Set([...text].filter((c) => SIMPLIFIED_ONLY.has(c)))].join('')})`);
}

/** Everything wrong with what a page shows in `language`, as messages. */
export function languageProblems(language: Language, texts: SeenText[]): string[] {
  const problems = rawKeys(texts).map((p) => `raw key ${p}`);
  if (language === 'en') problems.push(...chineseInEnglish(texts).map((p) => `Chinese in English ${p}`));
  else problems.push(...englishOnly(texts).map((p) => `English in ${language} ${p}`));
  if (language === 'zh-Hant') problems.push(...simplifiedInTraditional(texts).map((p) => `Simplified in Traditional ${p}`));
  return problems;
}
