import { SearchOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainInput } from '../../../components/text-field.tsx';
import './customer.css';

/** The help centre's search box: words of a question, sent on submit. */
export function QuestionSearch({ initial = '', onSearch }: { initial?: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form className="help-search" onSubmit={submit}>
      <SearchOutline aria-hidden="true" />
      <PlainInput
        type="search"
        enterKeyHint="search"
        aria-label={t('help.search')}
        placeholder={t('help.search')}
        value={keyword}
        maxLength={50}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <button type="submit" className="help-search-go">
        {t('help.searchGo')}
      </button>
    </form>
  );
}
