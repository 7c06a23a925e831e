import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage, type Language, onTextsChange, type TFunction, textsVersion, translate } from './i18n.ts';

/**
 * The texts of the language shown, for a component: `t` (a new function whenever texts arrive or
 * the language changes, so the component renders again) and the language.
 */
export function useTranslation(): { t: TFunction; i18n: { language: Language } } {
  const version = useSyncExternalStore(onTextsChange, textsVersion, textsVersion);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for every text or language change
  return useMemo(() => ({ t: (key, options) => translate(key, options), i18n: { language: currentLanguage() } }), [version]);
}
