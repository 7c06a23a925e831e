import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';
import type { ReactNode } from 'react';
import type { Language } from '../lib/i18n.ts';
import { useTranslation } from '../lib/use-translation.ts';

const antdLocales: Record<Language, typeof enUS> = { en: enUS, 'zh-Hans': zhCN, 'zh-Hant': zhTW };

/** antd-mobile's own texts (clear buttons, pickers, empty states) follow the app language. */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = antdLocales[i18n.language as Language] ?? enUS;
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}
