import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

/**
 * The texts of a part of the app, each its own file per language. A first screen waits only for
 * what it shows: the storefront home (`home`: the `shop` texts it shows), the SIM login
 * (`sim-start`: its texts and the SIM pages' titles) and the SIM dashboard (`sim-start` and `sim`:
 * the `iot` texts it shows). The other pages wait for the rest of their part too: `storefront`
 * (the other `shop` texts) and `iot` (the SIM app's other pages, engagement, mall, Wi-Fi).
 */
export type TextDomain = 'home' | 'storefront' | 'sim-start' | 'sim' | 'iot';
const DOMAINS: TextDomain[] = ['home', 'storefront', 'sim-start', 'sim', 'iot'];

/**
 * One file per language for the core texts (tab bar, titles, request messages) and one per domain.
 * A page waits for the core and its own domains only, loaded beside its code (see app/router.tsx).
 */
const loaders: Record<Language | `${TextDomain}/${Language}`, () => Promise<Bundle>> = {
  en: () => import('../locales/en.json'),
  'zh-Hans': () => import('../locales/zh-Hans.json'),
  'zh-Hant': () => import('../locales/zh-Hant.json'),
  'home/en': () => import('../locales/home/en.json'),
  'home/zh-Hans': () => import('../locales/home/zh-Hans.json'),
  'home/zh-Hant': () => import('../locales/home/zh-Hant.json'),
  'storefront/en': () => import('../locales/storefront/en.json'),
  'storefront/zh-Hans': () => import('../locales/storefront/zh-Hans.json'),
  'storefront/zh-Hant': () => import('../locales/storefront/zh-Hant.json'),
  'sim-start/en': () => import('../locales/sim-start/en.json'),
  'sim-start/zh-Hans': () => import('../locales/sim-start/zh-Hans.json'),
  'sim-start/zh-Hant': () => import('../locales/sim-start/zh-Hant.json'),
  'sim/en': () => import('../locales/sim/en.json'),
  'sim/zh-Hans': () => import('../locales/sim/zh-Hans.json'),
  'sim/zh-Hant': () => import('../locales/sim/zh-Hant.json'),
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
      i18next.addResourceBundle(lng, 'translation', resources, true, true);
    });
    // A failed load (offline) may be tried again.
    p.catch(() => loading.delete(file));
    loading.set(file, p);
  }
  return p;
}

/** Whether the core texts of `lng` and those of `domains` are in. */
export function hasTexts(lng: Language, domains: readonly TextDomain[]): boolean {
  return loaded.has(lng) && domains.every((d) => loaded.has(`${d}/${lng}`));
}

/**
 * Loads the core texts of `lng` and those of `domains` (every domain when none are named); English,
 * the fallback of a missing text, follows in the background.
 */
export async function loadTexts(lng: Language, domains: readonly TextDomain[] = DOMAINS): Promise<void> {
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

/**
 * Sets i18next up for `lng` at once, without texts: the app renders without waiting, and each page
 * waits for the texts it shows (app/router.tsx). A value missing from a text's `{{name}}` stays as
 * written; keys hold no namespace (`:` is an ordinary character).
 */
export function setupI18n(lng: Language = initialLanguage()): void {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: {},
      initAsync: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      missingInterpolationHandler: (_text, match: RegExpExecArray) => match[0],
      // A key naming a group of texts reads as the key, as a missing one does.
      returnedObjectHandler: (key) => key,
      returnNull: false,
      // Components render again when texts arrive after their first render (a page's domain).
      react: { bindI18nStore: 'added' },
    });
  } else void i18next.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[lng];
}

/** Sets i18next up for `lng` with every text of it loaded (tests, tools). */
export async function initI18n(lng: Language = initialLanguage()): Promise<void> {
  setupI18n(lng);
  await loadTexts(lng);
  await i18next.changeLanguage(lng);
}

export async function changeLanguage(lng: Language): Promise<void> {
  await loadTexts(lng);
  await i18next.changeLanguage(lng);
  safeStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = htmlLang[lng];
}

export function currentLanguage(): Language {
  const l = i18next.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en';
}

export type { TFunction } from 'i18next';

/** Translate outside React (request errors, navigation messages). */
export function t(key: string, options?: TOptions & { lng?: Language }): string {
  return i18next.t(key, options as TOptions) as string;
}
