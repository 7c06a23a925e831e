import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import capabilitiesEn from '../locales/capabilities.en.json';
import capabilitiesZhHans from '../locales/capabilities.zh-Hans.json';
import capabilitiesZhHant from '../locales/capabilities.zh-Hant.json';
import carrierAccountsEn from '../locales/carrier-accounts.en.json';
import carrierAccountsZhHans from '../locales/carrier-accounts.zh-Hans.json';
import carrierAccountsZhHant from '../locales/carrier-accounts.zh-Hant.json';
import carrierReconEn from '../locales/carrier-recon.en.json';
import carrierReconZhHans from '../locales/carrier-recon.zh-Hans.json';
import carrierReconZhHant from '../locales/carrier-recon.zh-Hant.json';
import contentEn from '../locales/content.en.json';
import contentZhHans from '../locales/content.zh-Hans.json';
import contentZhHant from '../locales/content.zh-Hant.json';
import en from '../locales/en.json';
import engageEn from '../locales/engage.en.json';
import engageZhHans from '../locales/engage.zh-Hans.json';
import engageZhHant from '../locales/engage.zh-Hant.json';
import fastNumberEn from '../locales/fast-number.en.json';
import fastNumberZhHans from '../locales/fast-number.zh-Hans.json';
import fastNumberZhHant from '../locales/fast-number.zh-Hant.json';
import iotCatalogueEn from '../locales/iot-catalogue.en.json';
import iotCatalogueZhHans from '../locales/iot-catalogue.zh-Hans.json';
import iotCatalogueZhHant from '../locales/iot-catalogue.zh-Hant.json';
import numberPlansEn from '../locales/number-plans.en.json';
import numberPlansZhHans from '../locales/number-plans.zh-Hans.json';
import numberPlansZhHant from '../locales/number-plans.zh-Hant.json';
import promotersEn from '../locales/promoters.en.json';
import promotersZhHans from '../locales/promoters.zh-Hans.json';
import promotersZhHant from '../locales/promoters.zh-Hant.json';
import simsEn from '../locales/sims.en.json';
import simsZhHans from '../locales/sims.zh-Hans.json';
import simsZhHant from '../locales/sims.zh-Hant.json';
import webhooksEn from '../locales/webhooks.en.json';
import webhooksZhHans from '../locales/webhooks.zh-Hans.json';
import webhooksZhHant from '../locales/webhooks.zh-Hant.json';
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
    en: {
      translation: {
        ...en,
        ...promotersEn,
        sims: simsEn,
        capabilities: capabilitiesEn,
        webhooks: webhooksEn,
        carrierAccounts: carrierAccountsEn,
        carrierRecon: carrierReconEn,
        engage: engageEn,
        iotCatalogue: iotCatalogueEn,
        content: contentEn,
        fastNumber: fastNumberEn,
        numberPlans: numberPlansEn,
      },
    },
    'zh-Hans': {
      translation: {
        ...zhHans,
        ...promotersZhHans,
        sims: simsZhHans,
        capabilities: capabilitiesZhHans,
        webhooks: webhooksZhHans,
        carrierAccounts: carrierAccountsZhHans,
        carrierRecon: carrierReconZhHans,
        engage: engageZhHans,
        iotCatalogue: iotCatalogueZhHans,
        content: contentZhHans,
        fastNumber: fastNumberZhHans,
        numberPlans: numberPlansZhHans,
      },
    },
    'zh-Hant': {
      translation: {
        ...zhHant,
        ...promotersZhHant,
        sims: simsZhHant,
        capabilities: capabilitiesZhHant,
        webhooks: webhooksZhHant,
        carrierAccounts: carrierAccountsZhHant,
        carrierRecon: carrierReconZhHant,
        engage: engageZhHant,
        iotCatalogue: iotCatalogueZhHant,
        content: contentZhHant,
        fastNumber: fastNumberZhHant,
        numberPlans: numberPlansZhHant,
      },
    },
  },
  interpolation: { escapeValue: false },
});

export { i18next };
