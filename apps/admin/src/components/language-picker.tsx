import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, setLanguage } from '../lib/i18n.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <Select
      aria-label={t('common.language')}
      size="small"
      value={i18n.language as Language}
      onChange={(v) => {
        setLanguage(v);
        // What the server wrote (names, statuses, messages) is asked for again in the new language.
        void queryClient.invalidateQueries();
      }}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
      style={{ width: 110 }}
    />
  );
}
