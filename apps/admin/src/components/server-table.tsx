import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Space, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

/** A list's order: a column and its direction. */
export type SortState<K extends string> = { sort: K; order: 'asc' | 'desc' };

/**
 * A list paged (and, with `defaultSort`, sorted) by the server, narrowed by a filter bar: the query
 * (under `key`, then the filter, page, sort and `keySuffix`), `search` for the filter bar, the sort
 * state of a column, and the props of the table showing it.
 */
export function useServerTable<R, F extends object, K extends string = never>(opts: {
  key: readonly unknown[];
  path: string;
  defaultSort?: SortState<K>;
  keySuffix?: readonly unknown[];
}) {
  const [filter, setFilter] = useState<F>({} as F);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [sort, setSort] = useState<SortState<K> | undefined>(opts.defaultSort);
  const q = useQuery({
    queryKey: [...opts.key, filter, page, ...(sort ? [sort] : []), ...(opts.keySuffix ?? [])],
    queryFn: () =>
      api<{ list: R[]; total: number }>('GET', opts.path, {
        query: { ...filter, ...page, ...sort } as Record<string, string | number | undefined>,
      }),
    placeholderData: keepPreviousData,
  });
  /** Applies the filter bar's values (the empty ones dropped), from the first page. */
  const search = (v: F) => {
    setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as F);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const sortOrder = (key: K) => (sort?.sort === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null);
  const table: Pick<TableProps<R>, 'loading' | 'dataSource' | 'pagination' | 'onChange'> = {
    loading: q.isFetching,
    dataSource: q.data?.list ?? [],
    pagination: { current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true },
    onChange: (p, _f, sorter) => {
      setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 });
      const first = opts.defaultSort;
      if (!first) return;
      const s = sorter as SorterResult<R>;
      const key = s.columnKey as K | undefined;
      setSort(key && s.order ? { sort: key, order: s.order === 'ascend' ? 'asc' : 'desc' } : first);
    },
  };
  return { q, filter, sort, search, sortOrder, table };
}

/** A list's filter bar: its fields, then the search button (with `actions` beside it). */
export function FilterBar<F>({ onSearch, actions, children }: { onSearch: (v: F) => void; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const button = (
    <Button type="primary" htmlType="submit">
      {t('common.search')}
    </Button>
  );
  return (
    <Form<F> layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={onSearch}>
      {children}
      {actions ? (
        <Space>
          {button}
          {actions}
        </Space>
      ) : (
        button
      )}
    </Form>
  );
}
