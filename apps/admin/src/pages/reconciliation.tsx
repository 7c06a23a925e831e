import type { ReconciliationIssue, ReconciliationRefund, ReconciliationReport } from '@simshop/contract/admin-reports';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, DatePicker, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';

const DAY_MS = 86_400_000;
/** A China day (UTC+8) as yyyy-MM-dd. */
export const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

const ISSUE_COLOURS: Record<string, string> = { paidNoOrder: 'red', orderNoPayment: 'volcano', amountMismatch: 'gold' };
const REFUND_COLOURS: Record<string, string> = { succeeded: 'green', pending: 'blue', failed: 'red' };

/** Reconciliation (owners): payments of storefront orders against the orders, for a range of days. */
export function ReconciliationPage() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => ({ from: chinaDay(Date.now() - 6 * DAY_MS), to: chinaDay(Date.now()) }));
  const [picked, setPicked] = useState(range);
  const q = useQuery({
    queryKey: ['admin', 'reconciliation', range],
    queryFn: () => api<ReconciliationReport>('GET', '/reports/reconciliation', { query: range }),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Asia/Shanghai' });
  const totals = q.data?.totals;
  const money = (v: number | null) => (v === null ? '—' : yuan(v));
  return (
    <Card title={t('reports.reconciliation')}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('reports.range')}
          format="YYYY-MM-DD"
          allowClear={false}
          onChange={(_, [from, to]) => from && to && setPicked({ from, to })}
        />
        <Button type="primary" onClick={() => setRange(picked)}>
          {t('common.search')}
        </Button>
        <Typography.Text type="secondary" data-testid="range">
          {t('reports.rangeShown', { from: range.from, to: range.to })}
        </Typography.Text>
      </Space>
      {q.error && <Alert type="error" showIcon message={q.error.message} style={{ marginBottom: 16 }} />}
      <Row gutter={[16, 16]} style={{ marginBottom: 24 }}>
        <Col span={4}>
          <Statistic title={t('reports.payments')} value={totals ? yuan(totals.paymentAmount) : '—'} />
          <Typography.Text type="secondary">{t('reports.count', { count: totals?.payments ?? 0 })}</Typography.Text>
        </Col>
        <Col span={4}>
          <Statistic title={t('reports.paidOrders')} value={totals ? yuan(totals.orderAmount) : '—'} />
          <Typography.Text type="secondary">{t('reports.count', { count: totals?.orders ?? 0 })}</Typography.Text>
        </Col>
        <Col span={4}>
          <Statistic title={t('reports.refundedTotal')} value={totals ? yuan(totals.refunded) : '—'} />
        </Col>
        <Col span={4}>
          <Statistic title={t('reports.refundPendingTotal')} value={totals ? yuan(totals.refundPending) : '—'} />
        </Col>
        <Col span={4}>
          <Statistic title={t('reports.net')} value={totals ? yuan(totals.net) : '—'} />
        </Col>
        <Col span={4}>
          <Statistic
            title={t('reports.issues')}
            value={totals?.issues ?? 0}
            valueStyle={{ color: totals?.issues ? '#cf1322' : '#018d71' }}
          />
        </Col>
      </Row>
      <Typography.Title level={5}>{t('reports.issues')}</Typography.Title>
      <Table<ReconciliationIssue>
        rowKey={(r) => `${r.issue}:${r.orderNo}:${r.paymentNo}`}
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.issues ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1240 }}
        locale={{ emptyText: t('reports.noIssues') }}
        columns={[
          {
            title: t('reports.issue'),
            dataIndex: 'issue',
            width: 170,
            render: (v: string) => <Tag color={ISSUE_COLOURS[v]}>{t(`reports.issue_${v}`)}</Tag>,
          },
          { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200 },
          { title: t('reports.paymentNo'), dataIndex: 'paymentNo', width: 210, render: (v: string) => v || '—' },
          { title: t('reports.method'), dataIndex: 'method', width: 90, render: (v: string) => v || '—' },
          {
            title: t('orders.status'),
            dataIndex: 'orderStatus',
            width: 100,
            render: (v: string) => (v ? t(`orderStatus.${v}`, { defaultValue: v }) : '—'),
          },
          { title: t('reports.orderAmount'), dataIndex: 'orderAmount', width: 130, render: money },
          { title: t('reports.paymentAmount'), dataIndex: 'paymentAmount', width: 110, render: money },
          { title: t('reports.refundedAmount'), dataIndex: 'refunded', width: 100, render: money },
          { title: t('reports.at'), dataIndex: 'at', width: 200, render: (v: number | null) => (v === null ? '—' : time.format(v)) },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('reports.refunds')}
      </Typography.Title>
      <Table<ReconciliationRefund>
        rowKey="refundNo"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.refunds ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1180 }}
        columns={[
          { title: t('reports.refundNo'), dataIndex: 'refundNo', width: 210 },
          { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200 },
          { title: t('reports.method'), dataIndex: 'method', width: 90 },
          { title: t('orders.amount'), dataIndex: 'amount', width: 110, render: money },
          {
            title: t('reports.refundState'),
            dataIndex: 'state',
            width: 100,
            render: (v: string) => <Tag color={REFUND_COLOURS[v]}>{t(`reports.refund_${v}`, { defaultValue: v })}</Tag>,
          },
          { title: t('reports.reason'), dataIndex: 'reason', ellipsis: true },
          { title: t('reports.at'), dataIndex: 'createdAt', width: 200, render: (v: number) => time.format(v) },
        ]}
      />
    </Card>
  );
}
