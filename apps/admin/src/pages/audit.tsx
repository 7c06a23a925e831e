import type { AuditEntry, AuditPage as AuditPageData } from '@simshop/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

interface Filter {
  operatorMobile?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
}

/** A value as an operator reads it: text as it is, yes/no, a list or an object as compact JSON. */
const shown = (v: unknown, yes: string, no: string): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? yes : no;
  if (typeof v === 'number') return v.toLocaleString('en-US');
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
};

/** Field → value of a record, nested records by their dotted path (`customPrice.goodsMarkupPercent`). */
function flatten(v: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) out[prefix] = v;
  return out;
}

/** What an action changed: each field whose value differs, with its old and new value. */
export function changesOf(before: unknown, after: unknown): { field: string; from: unknown; to: unknown }[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields.filter((f) => JSON.stringify(a[f]) !== JSON.stringify(b[f])).map((f) => ({ field: f, from: a[f], to: b[f] }));
}

/** The audit log (owners): who did what, before → after, when; filtered and paged by the server. */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['admin', 'audit', filter, page],
    queryFn: () => api<AuditPageData>('GET', '/audit', { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <Card title={t('menu.audit')}>
      <Form<Filter>
        layout="inline"
        onFinish={(v) => {
          setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x)) as Filter);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="operatorMobile" label={t('audit.operator')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="objectType" label={t('audit.objectType')}>
          <Input allowClear style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="objectId" label={t('audit.objectId')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: t('audit.at'), dataIndex: 'at', width: 170, render: (v: number) => time.format(v) },
          { title: t('audit.operator'), render: (_, e) => `${e.operatorMobile} (${t(`role.${e.role}`)})`, width: 170 },
          { title: t('audit.action'), dataIndex: 'action', width: 170 },
          { title: t('audit.object'), render: (_, e) => `${e.objectType} ${e.objectId}`, width: 180 },
          {
            title: t('audit.change'),
            render: (_, e) => {
              const list = changesOf(e.before, e.after);
              if (list.length === 0) return '—';
              return (
                <dl
                  className="audit-changes"
                  style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px' }}
                >
                  {list.map((c) => (
                    <div key={c.field} style={{ display: 'contents' }}>
                      <dt>
                        <Typography.Text type="secondary">{c.field}</Typography.Text>
                      </dt>
                      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                        <Typography.Text delete type="secondary">
                          {shown(c.from, t('common.yes'), t('common.no'))}
                        </Typography.Text>{' '}
                        → <Typography.Text>{shown(c.to, t('common.yes'), t('common.no'))}</Typography.Text>
                      </dd>
                    </div>
                  ))}
                </dl>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
