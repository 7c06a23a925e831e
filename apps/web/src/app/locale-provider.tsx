import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../lib/i18n.ts';

type AntdLocale = typeof enUS;

/** antd-mobile's Chinese texts load with the language that shows them, not before every first paint. */
const chineseLocales: Record<Exclude<Language, 'en'>, () => Promise<AntdLocale>> = {
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN').then((m) => m.default),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW').then((m) => m.default),
};
const loadedLocales: Partial<Record<Language, AntdLocale>> = { en: enUS };

/** antd-mobile's own texts (clear buttons, pickers, empty states) follow the app language. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (loadedLocales[language] || language === 'en') return;
    const load = chineseLocales[language];
    if (!load) return;
    void load().then((locale) => {
      loadedLocales[language] = locale;
      setLoaded((n) => n + 1);
    });
  }, [language]);
  return <ConfigProvider locale={loadedLocales[language] ?? enUS}>{children}</ConfigProvider>;
}
