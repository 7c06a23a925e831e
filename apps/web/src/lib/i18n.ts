import i18next from 'i18next';
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

/** Each language is the core texts plus one file per domain (top-level keys `shop`, `iot`). */
const loaders: Record<Language, () => Promise<Bundle[]>> = {
  en: () => Promise.all([import('../locales/en.json'), import('../locales/storefront/en.json'), import('../locales/iot/en.json')]),
  'zh-Hans': () =>
    Promise.all([import('../locales/zh-Hans.json'), import('../locales/storefront/zh-Hans.json'), import('../locales/iot/zh-Hans.json')]),
  'zh-Hant': () =>
    Promise.all([import('../locales/zh-Hant.json'), import('../locales/storefront/zh-Hant.json'), import('../locales/iot/zh-Hant.json')]),
};

/** The HTML lang attribute of an app language. */
export const htmlLang: Record<Language, string> = { en: 'en', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' };

export function initialLanguage(): Language {
  const saved = safeStorage.getItem(STORAGE_KEY);
  if (saved && (LANGUAGES as readonly string[]).includes(saved)) return saved as Language;
  return mapLocale(typeof navigator === 'undefined' ? 'en' : navigator.language);
}

async function ensureLoaded(lng: Language): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  for (const { default: resources } of await loaders[lng]()) i18next.addResourceBundle(lng, 'translation', resources, true, true);
}

export async function initI18n(lng: Language = initialLanguage()): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(lng);
  if (lng !== 'en') void ensureLoaded('en');
  document.documentElement.lang = htmlLang[lng];
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  await ensureLoaded(lng);
  await i18next.changeLanguage(lng);
  safeStorage.setItem(STORAGE_KEY, lng);
  document.documentElement.lang = htmlLang[lng];
}

export function currentLanguage(): Language {
  const l = i18next.language;
  return (LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en';
}

/** Translate outside React (request errors, navigation messages). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options) as string;
}
