import { useTranslation } from 'react-i18next';

/**
 * Texts configured in the layout come from the server in the user's language (data texts, see
 * docs/decisions/0011) and are shown as they come. Only an item, menu or element the promoter left
 * without a title is named by the app, by its key.
 */
export function useLayoutText() {
  const { t } = useTranslation();
  return (group: 'menu' | 'item' | 'element', key: string, title: string): string =>
    title || t(`iot.${group}.${key}`, { defaultValue: key });
}
