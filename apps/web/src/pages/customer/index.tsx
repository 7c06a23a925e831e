import { QUESTION_CATEGORY_DICT } from '@simshop/contract/customer';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHotQuestions } from '../../features/customer/api/hot-questions.ts';
import { CategoryIcon } from '../../features/customer/components/category-icon.tsx';
import { ContactList } from '../../features/customer/components/contact-list.tsx';
import { QuestionItems } from '../../features/customer/components/question-items.tsx';
import { QuestionSearch } from '../../features/customer/components/question-search.tsx';
import { useBaseConfig } from '../../features/site/api/base-config.ts';
import { useDictOptions } from '../../features/site/api/dict-options.ts';
import { ShopFooter } from '../../features/site/components/shop-footer.tsx';
import { openLink } from '../../features/site/open-link.ts';
import { navigateTo } from '../../lib/nav.ts';
import { stringifyQuery } from '../../lib/query.ts';

const QUESTIONS = '/pages/customer/question/index';

/** The Customer service tab: search, hot questions, categories and the ways to reach a person. */
export default function CustomerServicePage() {
  const { t } = useTranslation();
  const config = useBaseConfig();
  const hot = useHotQuestions();
  const categories = useDictOptions([QUESTION_CATEGORY_DICT]).data?.[QUESTION_CATEGORY_DICT] ?? [];
  const search = (keyword: string) => void navigateTo(`${QUESTIONS}${stringifyQuery({ keyword: keyword || undefined })}`);
  return (
    <div>
      <section className="help-hero">
        <h1>{t('help.heading')}</h1>
        <p>{t('service.hours')}</p>
        <QuestionSearch onSearch={search} />
      </section>
      <section className="help-section" aria-labelledby="help-hot">
        <h2 id="help-hot">{t('help.hot')}</h2>
        {hot.data ? <QuestionItems items={hot.data} ranked /> : <Skeleton.Paragraph lineCount={5} animated />}
      </section>
      {categories.length > 0 ? (
        <section className="help-section" aria-labelledby="help-categories">
          <h2 id="help-categories">{t('help.categories')}</h2>
          <div className="help-categories">
            {categories.map((c) => (
              <button
                key={c.value}
                type="button"
                className="help-category"
                data-wrap-ok="grid label"
                onClick={() => void navigateTo(`${QUESTIONS}?category=${c.value}`)}
              >
                <CategoryIcon category={c.value} />
                <span>{c.label}</span>
              </button>
            ))}
          </div>
        </section>
      ) : null}
      {config ? (
        <>
          <ContactList front={config.front} onOpenLink={openLink} />
          <ShopFooter front={config.front} />
        </>
      ) : null}
    </div>
  );
}
