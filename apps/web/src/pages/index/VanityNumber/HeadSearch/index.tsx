import { SearchOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../../components/text-field.tsx';
import './index.css';

export type SearchMode = 'contains' | 'endsWith';

/**
 * The search head of the number list: a digits box that searches numbers containing the digits
 * or ending with them (the mode switch on the left).
 */
export function HeadSearch({
  mode,
  keyword,
  onSearch,
}: {
  mode: SearchMode;
  keyword: string;
  onSearch: (mode: SearchMode, keyword: string) => void;
}) {
  const { t } = useTranslation();
  const [draftMode, setDraftMode] = useState<SearchMode>(mode);
  const [draft, setDraft] = useState(keyword);
  useEffect(() => {
    setDraftMode(mode);
    setDraft(keyword);
  }, [mode, keyword]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draftMode, draft);
  };
  const maxLength = draftMode === 'endsWith' ? 8 : 11;

  return (
    <form className="head-search" onSubmit={submit}>
      <div className="head-search-box">
        <button
          type="button"
          className="head-search-mode"
          aria-label={t('shop.search.modeLabel')}
          onClick={() => {
            const next = draftMode === 'contains' ? 'endsWith' : 'contains';
            setDraftMode(next);
            if (draft) onSearch(next, draft.slice(0, next === 'endsWith' ? 8 : 11));
          }}
        >
          {t(`shop.search.mode.${draftMode}`)}
          <span className="head-search-caret" aria-hidden="true">
            ⇅
          </span>
        </button>
        <SearchOutline className="head-search-icon" />
        <PlainInput
          type="search"
          inputMode="numeric"
          enterKeyHint="search"
          aria-label={t('shop.search.label')}
          placeholder={t(`shop.search.placeholder.${draftMode}`)}
          value={draft}
          maxLength={maxLength}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, maxLength);
            setDraft(digits);
            if (digits === '' && keyword !== '') onSearch(draftMode, '');
          }}
        />
      </div>
      <button type="submit" className="head-search-go">
        {t('shop.search.go')}
      </button>
    </form>
  );
}
