import { safeStorage } from './storage.ts';

export const LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'simshop-language';

/**
 * Maps a locale to an app language (spec §1): Chinese locales containing tw, hk, mo or cht (or
 * the Hant script) are Traditional, other Chinese is Simplified, anything else is English.
 */
export function mapLocale(locale: string | undefined | null): Language {
  const l = (locale ?? '').toLowerCase().replaceAll('_', '-');
  if (!/^zh(-|$)/.test(l) && l !== 'cht') return 'en';
  return /(tw|hk|mo|cht|hant)/.test(l) ? 'zh-Hant' : 'zh-Hans';
}

type Bundle = { default: Record<string, unknown> };

/** The texts of a part of the app: its own file per language (top-level key `shop` or `iot`). */
export type TextDomain = 'storefront' | 'iot';
const DOMAINS: TextDomain[] = ['storefront', 'iot'];

/**
 * One file per language for the core texts (tab bar, titles, request messages) and one per domain.
 * A page waits for the core and its own domain only, loaded beside its code (see app/router.tsx).
 */
const loaders: Record<Language | `${TextDomain}/${Language}`, () => Promise<Bundle>> = {
  en: () => import('../locales/en.json'),
  'zh-Hans': () => import('../locales/zh-Hans.json'),
  'zh-Hant': () => import('../locales/zh-Hant.json'),
  'storefront/en': () => import('../locales/storefront/en.json'),
  'storefront/zh-Hans': () => import('../locales/storefront/zh-Hans.json'),
  'storefront/zh-Hant': () => import('../locales/storefront/zh-Hant.json'),
  'iot/en': () => import('../locales/iot/en.json'),
  'iot/zh-Hans': () => import('../locales/iot/zh-Hans.json'),
  'iot/zh-Hant': () => import('../locales/iot/zh-Hant.json'),
};

const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadFile(file: keyof typeof loaders): Promise<void> {
  let p = loading.get(file);
  if (!p) {
    p = loaders[file]().then(({ default: resources }) => {
      const lng = (file.includes('/') ? file.split('/')[1] : file) as Language;
      loaded.add(file);
      addTexts(lng, resources);
    });
    // A failed load (offline) may be tried again.
    p.catch(() => loading.delete(file));
    loading.set(file, p);
  }
  return p;
}

/** Whether the core texts of `lng` and those of `domain` ('core': none besides) are in. */
export function hasTexts(lng: Language, domain: TextDomain | 'core'): boolean {
  return loaded.has(lng) && (domain === 'core' || loaded.has(`${domain}/${lng}`));
}

/**
 * Loads the core texts of `lng` and those of `domain` ('core': none besides; all domains when none
 * is named); English, the fallback of a missing text, follows in the background.
 */
export async function loadTexts(lng: Language, domain?: TextDomain | 'core'): Promise<void> {
  const domains = domain === 'core' ? [] : domain ? [domain] : DOMAINS;
  const files = (l: Language) => [loadFile(l), ...domains.map((d) => loadFile(`${d}/${l}`))];
  if (lng !== 'en') void Promise.all(files('en')).catch(() => undefined);
  await Promise.all(files(lng));
}

/** The HTML lang attribute of an app language. */
export const htmlLang: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

export function initialLanguage(): Language {
  // A console preview of the SIM dashboard names its language (not kept).
  const preview = /[?&]previewLang=(en|zh-Hans|zh-Hant)(&|$)/.exec(typeof location === 'undefined' ? '' : location.hash)?.[1];
  if (preview) return preview as Language;
  const saved = safeStorage.getItem(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  return mapLocale(typeof navigator === 'undefined' ? 'en' : navigator.language);
}

// ── Texts and their look-up ─────────────────────────────────────────────────────────────────────
//
// The app's own small translator (decision 0031): nested keys (`shop.pay.title`), `{{name}}`
// values, plurals by `count` (`key_one` / `key_other`, chosen by Intl.PluralRules), English when a
// text is missing in the language shown, `defaultValue`, and `returnObjects` for a list of texts.

type Texts = { [key: string]: unknown };
const store: Record<Language, Texts> = { en: {}, 'zh-Hans': {}, 'zh-Hant': {} };
let language: Language = 'en';
/** Goes up whenever texts arrive or the language changes: what components re-render on. */
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version++;
  for (const l of listeners) l();
}

/** Subscribes to text and language changes (useTranslation). */
export function onTextsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const textsVersion = (): number => version;

function merge(into: Texts, from: Texts): void {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (v && typeof v === 'object' && !Array.isArray(v) && have && typeof have === 'object' && !Array.isArray(have))
      merge(have as Texts, v as Texts);
    else into[k] = v;
  }
}

function addTexts(lng: Language, texts: Texts): void {
  merge(store[lng], texts);
  changed();
}

function lookUp(lng: Language, key: string): unknown {
  let node: unknown = store[lng];
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralOf(lng: Language, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(htmlLang[lng]);
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

function interpolate(value: unknown, options: Record<string, unknown> | undefined): unknown {
  if (typeof value === 'string') {
    if (!options || !value.includes('{{')) return value;
    return value.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => (options[name] === undefined ? match : String(options[name])));
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, options));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, options)]));
  return value;
}

export interface TOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  lng?: Language;
  [value: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** The text of `key` in `options.lng` or the language shown, else in English, else `defaultValue`, else the key. */
export function translate(key: string, options?: TOptions): string {
  const lngs: Language[] = [options?.lng ?? language];
  if (lngs[0] !== 'en') lngs.push('en');
  for (const lng of lngs) {
    let value: unknown;
    if (typeof options?.count === 'number') value = lookUp(lng, `${key}_${pluralOf(lng, options.count)}`) ?? lookUp(lng, `${key}_other`);
    value ??= lookUp(lng, key);
    if (value === undefined || value === null) continue;
    if (typeof value === 'object' && !options?.returnObjects) continue;
    return interpolate(value, options) as string;
  }
  return options?.defaultValue !== undefined ? (interpolate(options.defaultValue, options) as string) : key;
}

/**
 * Sets the language shown at once, without texts: the app renders without waiting, and each page
 * waits for the texts it shows (app/router.tsx).
 */
export function setupI18n(lng: Language = initialLanguage()): void {
  language = lng;
  changed();
  document.documentElement.lang = htmlLang[lng];
}

/** Sets the language up with every text of it loaded (tests, tools). */
export async function initI18n(lng: Language = initialLanguage()): Promise<void> {
  language = lng;
  await loadTexts(lng);
  changed();
}

export async function changeLanguage(lng: Language): Promise<void> {
  await loadTexts(lng);
  language = lng;
  safeStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = htmlLang[lng];
  changed();
}

export function currentLanguage(): Language {
  return language;
}

/** Translate outside React (request errors, navigation messages). */
export function t(key: string, options?: TOptions): string {
  return translate(key, options);
}
