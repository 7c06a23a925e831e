import { QUESTION_CATEGORY_DICT } from '@simshop/contract/customer';
import { ErrorBlock, InfiniteScroll, Skeleton, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuestions } from '../../../features/customer/api/question-list.ts';
import { QuestionItems } from '../../../features/customer/components/question-items.tsx';
import { QuestionSearch } from '../../../features/customer/components/question-search.tsx';
import { useDictOptions } from '../../../features/site/api/dict-options.ts';

/** Questions of the help centre: by category (tabs) and by words (query `category`, `keyword`). */
export default function QuestionListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const keyword = params.get('keyword') ?? '';
  const categories = useDictOptions([QUESTION_CATEGORY_DICT]).data?.[QUESTION_CATEGORY_DICT] ?? [];
  const list = useQuestions(category, keyword);
  const items = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const update = (next: { category?: string; keyword?: string }) => {
    const merged = { category, keyword, ...next };
    const search = new URLSearchParams();
    if (merged.category) search.set('category', merged.category);
    if (merged.keyword) search.set('keyword', merged.keyword);
    setParams(search, { replace: true });
  };
  return (
    <div>
      <div className="help-hero" style={{ padding: 12 }}>
        <QuestionSearch key={keyword} initial={keyword} onSearch={(k) => update({ keyword: k })} />
      </div>
      <Tabs activeKey={category || 'all'} onChange={(key) => update({ category: key === 'all' ? '' : key })}>
        <Tabs.Tab key="all" title={t('help.all')} />
        {categories.map((c) => (
          <Tabs.Tab key={c.value} title={c.label} />
        ))}
      </Tabs>
      <section className="help-section" aria-live="polite">
        {keyword && !list.isPending ? (
          <p className="muted" style={{ margin: '0 0 4px' }}>
            {t('help.found', { count: total, keyword })}
          </p>
        ) : null}
        {list.isPending ? (
          <Skeleton.Paragraph lineCount={6} animated />
        ) : items.length === 0 ? (
          <ErrorBlock status="empty" title={t('help.none')} description={t('help.noneHint')} />
        ) : (
          <QuestionItems items={items} />
        )}
      </section>
      {items.length > 0 ? (
        <InfiniteScroll loadMore={async () => void (await list.fetchNextPage())} hasMore={list.hasNextPage}>
          {list.hasNextPage ? t('common.loading') : t('help.end')}
        </InfiniteScroll>
      ) : null}
    </div>
  );
}
