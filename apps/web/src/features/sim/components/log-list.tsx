import { InfiniteScroll } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardsSkeleton, MoneyEmpty } from './money-parts.tsx';
import { SimLoadFailed } from './page-state.tsx';

/** A paged list with infinite scroll: skeleton first, an empty state, "no more" at the end. */
export function LogList({
  q,
  empty,
  children,
  label,
  action,
}: {
  q: { isError: boolean; isPending: boolean; hasNextPage: boolean; fetchNextPage: () => Promise<unknown>; refetch: () => Promise<unknown> };
  empty: string;
  children: ReactNode[];
  label: string;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  if (q.isError) return <SimLoadFailed onRetry={() => void q.refetch()} />;
  if (q.isPending) return <CardsSkeleton count={3} />;
  if (children.length === 0) return <MoneyEmpty text={empty} action={action} />;
  return (
    <>
      <ul className="log-list" aria-label={label}>
        {children}
      </ul>
      <InfiniteScroll
        loadMore={async () => {
          await q.fetchNextPage();
        }}
        hasMore={q.hasNextPage}
      >
        {(hasMore) => <span className="log-end">{hasMore ? t('common.loading') : t('iot.orderLogs.noMore')}</span>}
      </InfiniteScroll>
    </>
  );
}
