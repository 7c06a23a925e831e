import type { AdminPromoter } from '@simshop/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

export const promotersQuery = {
  queryKey: ['admin', 'promoters'],
  queryFn: () => api<{ list: AdminPromoter[] }>('GET', '/promoters'),
  staleTime: 60_000,
};

/** The storefronts the operator works for (all for an owner). */
export function StorefrontsPage() {
  const { t } = useTranslation();
  const q = useQuery(promotersQuery);
  const list = q.data?.list ?? [];
  const codeOf = (id: number | null) => list.find((p) => p.id === id)?.promoCode ?? '';
  return (
    <Card title={t('menu.storefronts')}>
      <Table<AdminPromoter>
        rowKey="id"
        loading={q.isLoading}
        dataSource={list}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('storefronts.promoCode'), dataIndex: 'promoCode' },
          { title: t('storefronts.name'), dataIndex: 'name' },
          {
            title: t('storefronts.kind'),
            render: (_, p) => (p.isAgent ? <Tag color="green">{t('storefronts.agent')}</Tag> : <Tag>{t('storefronts.shop')}</Tag>),
          },
          { title: t('storefronts.upstream'), render: (_, p) => codeOf(p.parentId) },
        ]}
      />
    </Card>
  );
}
