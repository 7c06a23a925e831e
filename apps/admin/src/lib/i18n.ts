import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import contentEn from '../locales/content.en.json';
import contentZhHans from '../locales/content.zh-Hans.json';
import contentZhHant from '../locales/content.zh-Hant.json';
import en from '../locales/en.json';
import simsEn from '../locales/sims.en.json';
import simsZhHans from '../locales/sims.zh-Hans.json';
import simsZhHant from '../locales/sims.zh-Hant.json';
import zhHans from '../locales/zh-Hans.json';
import zhHant from '../locales/zh-Hant.json';
import { setApiLanguage } from './api.ts';

export const LANGUAGES = ['zh-Hans', 'zh-Hant', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const KEY = 'simshop-admin-language';

/** Chinese first for operators: the stored choice, else Simplified Chinese. */
function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  } catch {
    // no storage
  }
  return 'zh-Hans';
}

export function setLanguage(lng: Language): void {
  try {
    localStorage.setItem(KEY, lng);
  } catch {
    // no storage
  }
  setApiLanguage(lng);
  document.documentElement.lang = lng;
  void i18next.changeLanguage(lng);
}

const lng = initialLanguage();
setApiLanguage(lng);
document.documentElement.lang = lng;
void i18next.use(initReactI18next).init({
  lng,
  fallbackLng: false,
  resources: {
    en: { translation: { ...en, sims: simsEn, content: contentEn } },
    'zh-Hans': { translation: { ...zhHans, sims: simsZhHans, content: contentZhHans } },
    'zh-Hant': { translation: { ...zhHant, sims: simsZhHant, content: contentZhHant } },
  },
  interpolation: { escapeValue: false },
});

export { i18next };
