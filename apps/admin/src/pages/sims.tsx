import type { AdminSim } from '@simshop/contract/admin-sims';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FilterBar, useServerTable } from '../components/server-table.tsx';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { yuan } from '../lib/money.ts';

interface Filter {
  keyword?: string;
  promoterId?: number;
  status?: number;
  operator?: number;
  state?: string;
}
type Sort = { sort: 'createdAt' | 'balance' | 'endAt'; order: 'asc' | 'desc' };

export const SIM_STATUS_COLOURS: Record<number, string> = { 1: 'gold', 2: 'green', 3: 'red', 4: 'default' };
export const AUTH_COLOURS: Record<number, string> = { 0: 'default', 1: 'green', 2: 'blue', 3: 'red' };

/** A card's real-name state in one tag: carrier first, then the platform's when the storefront asks for it. */
export function RealnameTag({ sim }: { sim: Pick<AdminSim, 'authStatus' | 'authPlatformStatus' | 'platformAuthRequired'> }) {
  const { t } = useTranslation();
  const state = sim.authStatus !== 1 ? sim.authStatus : sim.platformAuthRequired ? sim.authPlatformStatus : 1;
  return <Tag color={AUTH_COLOURS[state]}>{t(`sims.auth.${state}`)}</Tag>;
}

/** The SIM cards within the operator's reach: search, filter, sort, page; each opens its card view. */
export function SimsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search, table, sortOrder } = useServerTable<AdminSim, Filter, Sort['sort']>({
    key: ['admin', 'sims'],
    path: '/sims',
    defaultSort: { sort: 'createdAt', order: 'desc' },
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' });

  return (
    <Card title={t('sims.menu')} extra={<Button onClick={() => navigate('/sims/import')}>{t('sims.import.open')}</Button>}>
      <FilterBar<Filter> onSearch={search}>
        <Form.Item name="keyword" label={t('sims.keyword')}>
          <Input allowClear style={{ width: 220 }} placeholder={t('sims.keywordHint')} />
        </Form.Item>
        <Form.Item name="promoterId" label={t('sims.storefront')}>
          <StorefrontSelect allowClear style={{ width: 170 }} />
        </Form.Item>
        <Form.Item name="status" label={t('sims.status')}>
          <Select allowClear style={{ width: 120 }} options={[1, 2, 3, 4].map((s) => ({ value: s, label: t(`sims.simStatus.${s}`) }))} />
        </Form.Item>
        <Form.Item name="operator" label={t('sims.operator')}>
          <Select allowClear style={{ width: 120 }} options={[4, 2, 1, 3].map((s) => ({ value: s, label: t(`sims.operatorType.${s}`) }))} />
        </Form.Item>
        <Form.Item name="state" label={t('sims.realname')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={(['done', 'missing', 'reviewing'] as const).map((s) => ({ value: s, label: t(`sims.realnameState.${s}`) }))}
          />
        </Form.Item>
      </FilterBar>
      <Table<AdminSim>
        rowKey="id"
        size="middle"
        {...table}
        scroll={{ x: 1010 }}
        columns={[
          {
            title: `${t('sims.simNo')} / ${t('sims.iccid')}`,
            dataIndex: 'simNo',
            width: 200,
            fixed: 'left',
            render: (v: string, s) => (
              <>
                <Link to={`/sims/${s.id}`} aria-label={`${t('sims.open')} ${v}`}>
                  {v}
                </Link>
                <div style={{ color: '#8c8c8c', fontSize: 12 }}>{s.iccid}</div>
              </>
            ),
          },
          { title: t('sims.storefront'), dataIndex: 'promoCode', width: 90 },
          { title: t('sims.operator'), dataIndex: 'operatorType', width: 115, render: (v: number) => t(`sims.operatorType.${v}`) },
          {
            title: t('sims.status'),
            dataIndex: 'simStatus',
            width: 150,
            render: (v: number, s) => (
              <Space size={4} wrap>
                <Tag color={SIM_STATUS_COLOURS[v]}>{t(`sims.simStatus.${v}`)}</Tag>
                {s.inBreak && <Tag color="orange">{t('sims.inBreak')}</Tag>}
              </Space>
            ),
          },
          { title: t('sims.realname'), width: 100, render: (_, s) => <RealnameTag sim={s} /> },
          {
            title: t('sims.balance'),
            key: 'balance',
            dataIndex: 'balance',
            width: 110,
            sorter: true,
            sortOrder: sortOrder('balance'),
            render: (v: number, s) => (
              <>
                {yuan(v)}
                {s.arrearsBalance > 0 && <div style={{ color: '#cf1322' }}>{`${t('sims.arrears')} ${yuan(s.arrearsBalance)}`}</div>}
              </>
            ),
          },
          { title: t('sims.device'), dataIndex: 'deviceNo', width: 125, render: (v: string) => v || '—' },
          {
            title: t('sims.endAt'),
            key: 'endAt',
            dataIndex: 'endAt',
            width: 120,
            sorter: true,
            sortOrder: sortOrder('endAt'),
            render: (v: number | null) => (v === null ? '—' : time.format(v)),
          },
        ]}
      />
    </Card>
  );
}
