import type { AdminOperator } from '@simshop/contract/admin';
import type { Dashboard, DashboardDay, DashboardPromoter } from '@simshop/contract/admin-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useOutletContext } from 'react-router';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';
import { DayChart } from './day-chart.tsx';

type Series = 'sales' | 'topUps' | 'packageSales' | 'signUps' | 'activations';
const MONEY: readonly Series[] = ['sales', 'topUps', 'packageSales'];
const COLOURS: Record<Series, string> = {
  sales: '#018d71',
  topUps: '#1677ff',
  packageSales: '#722ed1',
  signUps: '#fa8c16',
  activations: '#13c2c2',
};

/** The console's home: owners and agents see the dashboard; staff, whose work is orders, their storefront. */
export function HomePage() {
  const op = useOutletContext<AdminOperator>();
  return op.role === 'staff' ? <Navigate to="/storefronts" replace /> : <DashboardPage />;
}

/** Today's and the last 30 days' figures of the reach (or one storefront in it), a daily chart, and each storefront's month. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [promoterId, setPromoterId] = useState<number | undefined>(undefined);
  const [series, setSeries] = useState<Series>('sales');
  const q = useQuery({
    queryKey: ['admin', 'dashboard', promoterId],
    queryFn: () => api<Dashboard>('GET', '/dashboard', { query: { promoterId } }),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric', timeZone: 'Asia/Shanghai' });
  const money = MONEY.includes(series);
  const seriesOf = (day: DashboardDay) => day[series];
  const format = (v: number) => (money ? yuan(v).replace(/\.00$/, '') : String(Math.round(v)));
  const tile = (key: Series) => {
    const f = d?.[key];
    const isMoney = MONEY.includes(key);
    return (
      <Col span={4} key={key}>
        <Card size="small" data-testid={`figure-${key}`} style={{ height: '100%' }}>
          <Statistic title={t(`reports.${key}Today`)} value={f ? (isMoney ? yuan(f.today.amount) : f.today.count) : '—'} />
          <Typography.Text type="secondary">
            {t('reports.days30')}:{' '}
            {f ? (isMoney ? `${yuan(f.days30.amount)} · ${t('reports.count', { count: f.days30.count })}` : f.days30.count) : '—'}
          </Typography.Text>
        </Card>
      </Col>
    );
  };
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('reports.dashboard')}
        extra={
          <StorefrontSelect
            aria-label={t('orders.storefront')}
            allowClear
            placeholder={t('reports.allStorefronts')}
            style={{ width: 220 }}
            value={promoterId}
            onChange={(v) => setPromoterId(v)}
          />
        }
      >
        {q.error && <Alert type="error" showIcon message={q.error.message} style={{ marginBottom: 16 }} />}
        <Row gutter={[12, 12]}>
          {tile('sales')}
          {tile('topUps')}
          {tile('packageSales')}
          <Col span={4}>
            <Card size="small" data-testid="figure-activeSims" style={{ height: '100%' }}>
              <Statistic title={t('reports.activeSims')} value={d?.activeSims ?? '—'} />
              <Typography.Text type="secondary">{t('reports.activeSimsHint')}</Typography.Text>
            </Card>
          </Col>
          {tile('signUps')}
          {tile('activations')}
        </Row>
      </Card>
      <Card
        title={t('reports.last30')}
        extra={
          <Segmented<Series>
            value={series}
            onChange={setSeries}
            options={(['sales', 'topUps', 'packageSales', 'signUps', 'activations'] as const).map((s) => ({
              value: s,
              label: t(`reports.${s}`),
            }))}
          />
        }
      >
        <DayChart
          label={t(`reports.${series}`)}
          colour={COLOURS[series]}
          points={(d?.days ?? []).map((day) => ({ day: day.day, value: seriesOf(day) }))}
          format={format}
          dayLabel={(day) => dayFormat.format(day)}
        />
      </Card>
      <Card title={t('reports.byStorefront')}>
        <Table<DashboardPromoter>
          rowKey="id"
          size="small"
          dataSource={d?.promoters ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: t('storefronts.promoCode'), dataIndex: 'promoCode', width: 140 },
            { title: t('storefronts.name'), dataIndex: 'name' },
            { title: t('reports.monthOrders'), dataIndex: 'monthOrders', width: 160, align: 'right' },
            { title: t('reports.monthAmount'), dataIndex: 'monthAmount', width: 180, align: 'right', render: yuan },
            { title: t('reports.activeSims'), dataIndex: 'activeSims', width: 140, align: 'right' },
          ]}
        />
      </Card>
    </Space>
  );
}
