import { useTranslation } from 'react-i18next';

/**
 * Texts configured in the layout are written in Simplified Chinese by the promoter. In Simplified
 * Chinese they are shown as configured; in the other languages a known key shows its translation,
 * and an unknown key its configured text.
 */
export function useLayoutText() {
  const { t, i18n } = useTranslation();
  return (group: 'menu' | 'item' | 'element', key: string, title: string): string => {
    if (i18n.language === 'zh-Hans' && title) return title;
    return t(`iot.${group}.${key}`, { defaultValue: title || key });
  };
}
