import type { AdminNumber, AdminNumberPage, ImportLineView } from '@simshop/contract/admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvImport } from '../components/csv-import.tsx';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';

const OPERATORS = ['1', '2', '3', '4'] as const;

/** The number inventory (owners): import a CSV (preview, then commit), search, hold and release. */
export function NumbersPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ImportCard />
      <InventoryCard />
    </Space>
  );
}

function ImportCard() {
  const { t } = useTranslation();
  const lineColumns = [
    { title: t('numbers.line'), dataIndex: 'line', width: 70 },
    { title: t('numbers.number'), dataIndex: 'number', width: 140 },
    { title: t('numbers.operator'), dataIndex: 'operator', width: 90, render: (o: string) => t(`operator.${o}`, { defaultValue: o }) },
    { title: t('numbers.price'), dataIndex: 'price', width: 100, render: yuan },
    { title: t('numbers.tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>) },
    {
      title: t('numbers.problem'),
      dataIndex: 'error',
      render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : '✓'),
    },
  ];
  return (
    <Card title={t('numbers.import')}>
      <Typography.Paragraph type="secondary">{t('numbers.importHint')}</Typography.Paragraph>
      <CsvImport<ImportLineView> texts="numbers" endpoint="/numbers/import" invalidates={['admin', 'numbers']} columns={lineColumns} />
    </Card>
  );
}

function InventoryCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ keyword?: string; status?: string; operator?: string }>({});
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['admin', 'numbers', filter, page],
    queryFn: () => api<AdminNumberPage>('GET', '/numbers', { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  const toggle = async (n: AdminNumber) => {
    try {
      await api('POST', n.status === 'off_sale' ? '/numbers/release' : '/numbers/hold', { body: { number: n.number } });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'numbers'] });
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  return (
    <Card title={t('numbers.inventory')}>
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v: { keyword?: string; status?: string; operator?: string }) => {
          setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x)));
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('numbers.keyword')} rules={[{ pattern: /^\d{1,11}$/, message: t('numbers.keywordInvalid') }]}>
          <Input allowClear style={{ width: 160 }} placeholder={t('numbers.keywordHint')} />
        </Form.Item>
        <Form.Item name="status" label={t('numbers.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={['on_sale', 'held', 'sold', 'off_sale'].map((s) => ({ value: s, label: t(`numberStatus.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="operator" label={t('numbers.operator')}>
          <Select allowClear style={{ width: 120 }} options={OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AdminNumber>
        rowKey="number"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: t('numbers.number'), dataIndex: 'number' },
          { title: t('numbers.operator'), dataIndex: 'operator', render: (o: string) => t(`operator.${o}`, { defaultValue: o }) },
          { title: t('numbers.price'), dataIndex: 'price', render: yuan },
          { title: t('numbers.prestored'), dataIndex: 'prestored', render: yuan },
          { title: t('numbers.tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>) },
          { title: t('numbers.status'), dataIndex: 'status', render: (s: string) => t(`numberStatus.${s}`, { defaultValue: s }) },
          {
            title: t('orders.actions'),
            render: (_, n) =>
              n.status === 'on_sale' || n.status === 'off_sale' ? (
                <Button
                  size="small"
                  onClick={() => toggle(n)}
                  aria-label={`${t(n.status === 'on_sale' ? 'numbers.hold' : 'numbers.release')} ${n.number}`}
                >
                  {t(n.status === 'on_sale' ? 'numbers.hold' : 'numbers.release')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
