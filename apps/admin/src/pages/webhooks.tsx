import type { AdminOperator } from '@simshop/contract/admin';
import {
  API_SCOPES,
  type ApiScope,
  type ApiToken,
  type ApiTokenCreated,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEvent,
} from '@simshop/contract/webhooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';

const STATE_COLOURS = { pending: 'gold', delivered: 'green', failed: 'red' } as const;

function useTime() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (v: number | null) => (v === null ? '—' : f.format(v));
}

/**
 * Webhooks and the read API of a storefront: endpoints (the secret shown once), the delivery log
 * with replay, and API tokens (shown once). An agent works on its own storefront; an owner picks one.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const promoterId = op.role === 'owner' ? chosen : undefined;
  return (
    <Card
      title={t('webhooks.title')}
      extra={
        op.role === 'owner' ? (
          <StorefrontSelect
            aria-label={t('webhooks.storefront')}
            placeholder={t('webhooks.allStorefronts')}
            allowClear
            style={{ width: 240 }}
            value={chosen}
            onChange={setChosen}
          />
        ) : (
          <Typography.Text>{op.promoter?.name}</Typography.Text>
        )
      }
    >
      <Tabs
        items={[
          { key: 'endpoints', label: t('webhooks.endpoints'), children: <EndpointsTab op={op} promoterId={promoterId} /> },
          { key: 'deliveries', label: t('webhooks.deliveries'), children: <DeliveriesTab promoterId={promoterId} /> },
          { key: 'tokens', label: t('webhooks.tokens'), children: <TokensTab op={op} promoterId={promoterId} /> },
        ]}
      />
    </Card>
  );
}

function EndpointsTab({ op, promoterId }: { op: AdminOperator; promoterId: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const time = useTime();
  const q = useQuery({
    queryKey: ['admin', 'webhooks', 'endpoints', promoterId],
    queryFn: () => api<{ list: WebhookEndpoint[] }>('GET', '/webhooks/endpoints', { query: { promoterId } }),
  });
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<WebhookEndpointCreated | null>(null);
  const update = async (e: WebhookEndpoint, change: { enabled?: boolean; events?: WebhookEvent[] }) => {
    try {
      await api('POST', '/webhooks/endpoints/update', {
        body: { id: e.id, enabled: change.enabled ?? e.enabled, events: change.events ?? e.events },
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks', 'endpoints'] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const canAdd = op.role !== 'owner' || promoterId !== undefined;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" disabled={!canAdd} onClick={() => setAdding(true)}>
          {t('webhooks.addEndpoint')}
        </Button>
        {!canAdd && <Typography.Text type="secondary">{t('webhooks.pickStorefront')}</Typography.Text>}
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('webhooks.signingTitle')} description={<SigningHelp />} />
      <Table<WebhookEndpoint>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          {
            title: t('webhooks.url'),
            dataIndex: 'url',
            render: (v: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text>,
          },
          {
            title: t('webhooks.events'),
            width: 320,
            render: (_, e) => (
              <Select<WebhookEvent[]>
                mode="multiple"
                size="small"
                style={{ width: '100%' }}
                aria-label={`${t('webhooks.events')} ${e.url}`}
                value={e.events}
                onChange={(events) => events.length > 0 && update(e, { events })}
                options={WEBHOOK_EVENTS.map((v) => ({ value: v, label: t(`webhooks.event.${v}`) }))}
              />
            ),
          },
          { title: t('webhooks.secret'), dataIndex: 'secretHint', width: 150 },
          {
            title: t('webhooks.enabled'),
            width: 90,
            render: (_, e) => (
              <Switch checked={e.enabled} aria-label={`${t('webhooks.enabled')} ${e.url}`} onChange={(v) => update(e, { enabled: v })} />
            ),
          },
          { title: t('webhooks.createdAt'), dataIndex: 'createdAt', width: 170, render: (v: number) => time(v) },
        ]}
      />
      {adding && (
        <EndpointDialog
          promoterId={promoterId}
          onClose={() => setAdding(false)}
          onMade={(e) => {
            setAdding(false);
            setMade(e);
          }}
        />
      )}
      {made && (
        <Modal
          open
          title={t('webhooks.secretTitle')}
          onOk={() => setMade(null)}
          onCancel={() => setMade(null)}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Typography.Paragraph>{t('webhooks.secretOnce')}</Typography.Paragraph>
          <Typography.Paragraph code copyable data-testid="endpoint-secret">
            {made.secret}
          </Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}

function SigningHelp() {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph style={{ marginBottom: 0 }}>
      {t('webhooks.signingHelp')} <Typography.Text code>X-Simshop-Event</Typography.Text>{' '}
      <Typography.Text code>X-Simshop-Delivery</Typography.Text> <Typography.Text code>X-Simshop-Timestamp</Typography.Text>{' '}
      <Typography.Text code>X-Simshop-Signature: v1=hex(HMAC-SHA256(secret, timestamp + "." + body))</Typography.Text>
    </Typography.Paragraph>
  );
}

function EndpointDialog({
  promoterId,
  onClose,
  onMade,
}: {
  promoterId: number | undefined;
  onClose: () => void;
  onMade: (e: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<{ url: string; events: WebhookEvent[] }, WebhookEndpointCreated>({
    fields: ['url', 'events'],
    invalidate: ['admin', 'webhooks', 'endpoints'],
    onClose,
    onSaved: onMade,
    save: (v) => api<WebhookEndpointCreated>('POST', '/webhooks/endpoints', { body: { ...v, promoterId } }),
  });
  return (
    <Modal {...modal} title={t('webhooks.addEndpoint')}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ events: ['order.paid'] }}>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          rules={[{ required: true, message: t('webhooks.urlRequired') }]}
          extra={t('webhooks.urlHint')}
        >
          <Input placeholder="https://example.com/hooks" />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
        >
          <Checkbox.Group options={WEBHOOK_EVENTS.map((v) => ({ value: v, label: t(`webhooks.event.${v}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveriesTab({ promoterId }: { promoterId: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const time = useTime();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['admin', 'webhooks', 'deliveries', promoterId, page],
    queryFn: () => api<{ list: WebhookDelivery[]; total: number }>('GET', '/webhooks/deliveries', { query: { promoterId, ...page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const replay = async (d: WebhookDelivery) => {
    try {
      await api('POST', '/webhooks/deliveries/replay', { body: { id: d.id } });
      message.success(t('webhooks.replayed'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks', 'deliveries'] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button onClick={() => q.refetch()}>{t('webhooks.refresh')}</Button>
        <Typography.Text type="secondary">{t('webhooks.kept')}</Typography.Text>
      </Space>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        scroll={{ x: 1400 }}
        columns={[
          { title: t('webhooks.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: number) => time(v) },
          { title: t('webhooks.event.title'), dataIndex: 'event', width: 130, render: (v: WebhookEvent) => t(`webhooks.event.${v}`) },
          { title: t('webhooks.url'), dataIndex: 'url', width: 240, ellipsis: true },
          {
            title: t('webhooks.state.title'),
            dataIndex: 'state',
            width: 110,
            render: (v: WebhookDelivery['state'], d) => (
              <Space size={4}>
                <Tag color={STATE_COLOURS[v]}>{t(`webhooks.state.${v}`)}</Tag>
                {d.replayOf !== null && <Tag>{t('webhooks.replayOf', { id: d.replayOf })}</Tag>}
              </Space>
            ),
          },
          { title: t('webhooks.attempt'), dataIndex: 'attempt', width: 70 },
          { title: t('webhooks.statusCode'), dataIndex: 'statusCode', width: 80, render: (v: number | null) => v ?? '—' },
          {
            title: t('webhooks.duration'),
            dataIndex: 'durationMs',
            width: 90,
            render: (v: number | null) => (v === null ? '—' : `${v} ms`),
          },
          {
            title: t('webhooks.response'),
            dataIndex: 'response',
            width: 220,
            ellipsis: true,
            render: (v: string) => (v ? <Typography.Text code>{v}</Typography.Text> : '—'),
          },
          { title: t('webhooks.nextAt'), dataIndex: 'nextAt', width: 160, render: (v: number | null) => time(v) },
          {
            title: t('webhooks.actions'),
            width: 90,
            fixed: 'right',
            render: (_, d) => (
              <Button size="small" aria-label={`${t('webhooks.replay')} ${d.id}`} onClick={() => replay(d)}>
                {t('webhooks.replay')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}

function TokensTab({ op, promoterId }: { op: AdminOperator; promoterId: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const time = useTime();
  const q = useQuery({
    queryKey: ['admin', 'webhooks', 'tokens', promoterId],
    queryFn: () => api<{ list: ApiToken[] }>('GET', '/webhooks/tokens', { query: { promoterId } }),
  });
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<ApiTokenCreated | null>(null);
  const revoke = async (tk: ApiToken) => {
    try {
      await api('POST', '/webhooks/tokens/revoke', { body: { id: tk.id } });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks', 'tokens'] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const canAdd = op.role !== 'owner' || promoterId !== undefined;
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" disabled={!canAdd} onClick={() => setAdding(true)}>
          {t('webhooks.addToken')}
        </Button>
        {!canAdd && <Typography.Text type="secondary">{t('webhooks.pickStorefront')}</Typography.Text>}
        <Typography.Text type="secondary">{t('webhooks.apiHelp')}</Typography.Text>
        <Typography.Link href="/api/docs" target="_blank">
          {t('webhooks.apiDocs')}
        </Typography.Link>
      </Space>
      <Table<ApiToken>
        rowKey="id"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('webhooks.tokenName'), dataIndex: 'name' },
          { title: t('webhooks.tokenPrefix'), dataIndex: 'prefix', render: (v: string) => <Typography.Text code>{v}…</Typography.Text> },
          { title: t('webhooks.scopes'), dataIndex: 'scopes', render: (v: ApiScope[]) => v.map((s) => <Tag key={s}>{s}</Tag>) },
          { title: t('webhooks.createdAt'), dataIndex: 'createdAt', width: 160, render: (v: number) => time(v) },
          { title: t('webhooks.lastUsedAt'), dataIndex: 'lastUsedAt', width: 160, render: (v: number | null) => time(v) },
          {
            title: t('webhooks.actions'),
            width: 120,
            render: (_, tk) =>
              tk.revokedAt !== null ? (
                <Tag>{t('webhooks.revoked')}</Tag>
              ) : (
                <Popconfirm title={t('webhooks.revokeConfirm')} onConfirm={() => revoke(tk)}>
                  <Button size="small" danger aria-label={`${t('webhooks.revoke')} ${tk.name}`}>
                    {t('webhooks.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      {adding && (
        <TokenDialog
          promoterId={promoterId}
          onClose={() => setAdding(false)}
          onMade={(tk) => {
            setAdding(false);
            setMade(tk);
          }}
        />
      )}
      {made && (
        <Modal
          open
          title={t('webhooks.tokenTitle')}
          onOk={() => setMade(null)}
          onCancel={() => setMade(null)}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Typography.Paragraph>{t('webhooks.tokenOnce')}</Typography.Paragraph>
          <Typography.Paragraph code copyable data-testid="api-token">
            {made.token}
          </Typography.Paragraph>
        </Modal>
      )}
    </>
  );
}

function TokenDialog({
  promoterId,
  onClose,
  onMade,
}: {
  promoterId: number | undefined;
  onClose: () => void;
  onMade: (t: ApiTokenCreated) => void;
}) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<{ name: string; scopes: ApiScope[] }, ApiTokenCreated>({
    fields: ['name', 'scopes'],
    invalidate: ['admin', 'webhooks', 'tokens'],
    onClose,
    onSaved: onMade,
    save: (v) => api<ApiTokenCreated>('POST', '/webhooks/tokens', { body: { ...v, promoterId } }),
  });
  return (
    <Modal {...modal} title={t('webhooks.addToken')}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ scopes: ['cards:read', 'orders:read'] }}>
        <Form.Item name="name" label={t('webhooks.tokenName')} rules={[{ required: true, max: 50, message: t('webhooks.nameRequired') }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('webhooks.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.scopesRequired') }]}
        >
          <Checkbox.Group options={API_SCOPES.map((s) => ({ value: s, label: t(`webhooks.scope.${s.replace(':', '_')}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
