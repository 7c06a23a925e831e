import type { AdminOperator, AdminPromoter } from '@simshop/contract/admin';
import type { StorefrontDetail, StorefrontSettings } from '@simshop/contract/admin-promoters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { promotersQuery } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';

type Editing = { mode: 'create' } | { mode: 'edit'; detail: StorefrontDetail };

/**
 * The storefronts the operator works for (all for an owner): owners create and edit any, an agent
 * creates direct downstream agents under its own; each row opens its settings and chain.
 */
export function StorefrontsPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const q = useQuery(promotersQuery);
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = q.data?.list ?? [];
  const codeOf = (id: number | null) => list.find((p) => p.id === id)?.promoCode ?? '';
  const mayCreate = op.role === 'owner' || (op.role === 'agent' && op.promoter !== null);
  return (
    <Card
      title={t('menu.storefronts')}
      extra={
        mayCreate ? (
          <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
            {op.role === 'owner' ? t('promoters.create') : t('promoters.createDownstream')}
          </Button>
        ) : null
      }
    >
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
          {
            title: t('promoters.actions'),
            render: (_, p) => (
              <Button size="small" aria-label={t('promoters.openOf', { code: p.promoCode })} onClick={() => setOpen(p.id)}>
                {t('promoters.open')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && (
        <StorefrontDrawer
          id={open}
          op={op}
          onClose={() => setOpen(null)}
          onOpen={setOpen}
          onEdit={(detail) => setEditing({ mode: 'edit', detail })}
        />
      )}
      {editing && (
        <StorefrontForm
          editing={editing}
          op={op}
          promoters={list}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            setOpen(id);
          }}
        />
      )}
    </Card>
  );
}

function StorefrontDrawer(props: {
  id: number;
  op: AdminOperator;
  onClose: () => void;
  onOpen: (id: number) => void;
  onEdit: (d: StorefrontDetail) => void;
}) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['admin', 'storefront', props.id],
    queryFn: () => api<StorefrontDetail>('GET', '/storefronts/detail', { query: { id: props.id } }),
  });
  const d = q.data;
  const onOff = (v: boolean) => (v ? t('promoters.on') : t('promoters.off'));
  return (
    <Drawer
      open
      width={720}
      title={d ? `${d.name} · ${d.promoCode}` : t('promoters.loading')}
      onClose={props.onClose}
      extra={
        d && props.op.role === 'owner' ? (
          <Button type="primary" onClick={() => props.onEdit(d)}>
            {t('promoters.edit')}
          </Button>
        ) : null
      }
    >
      {q.error && <Typography.Text type="danger">{q.error.message}</Typography.Text>}
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={1} data-testid="storefront-settings">
            <Descriptions.Item label={t('storefronts.kind')}>
              {d.isAgent ? t('storefronts.agent') : t('storefronts.shop')}
            </Descriptions.Item>
            <Descriptions.Item label={t('promoters.title')}>{d.title}</Descriptions.Item>
            <Descriptions.Item label={t('promoters.kefuMobile')}>{d.kefuMobile}</Descriptions.Item>
            <Descriptions.Item label={t('promoters.kefuUrl')}>{d.kefuUrl}</Descriptions.Item>
            <Descriptions.Item label={t('promoters.bottomTips')}>{d.bottomTips}</Descriptions.Item>
            <Descriptions.Item label={t('promoters.suggest')}>{onOff(d.suggest)}</Descriptions.Item>
            <Descriptions.Item label={t('promoters.indexSearch')}>{onOff(d.indexSearch)}</Descriptions.Item>
          </Descriptions>
          <div data-testid="storefront-upstream">
            <Typography.Title level={5}>{t('promoters.upstreamChain')}</Typography.Title>
            {d.upstream.length === 0 ? (
              <Typography.Text type="secondary">{t('promoters.noUpstream')}</Typography.Text>
            ) : (
              <Space wrap>
                {[...d.upstream].reverse().map((u) => (
                  <Button key={u.id} size="small" onClick={() => props.onOpen(u.id)}>
                    {u.name} · {u.promoCode}
                  </Button>
                ))}
                <span>→ {d.name}</span>
              </Space>
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t('promoters.downstream')}</Typography.Title>
            <Table
              data-testid="storefront-downstream"
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={d.downstream}
              locale={{ emptyText: t('promoters.noDownstream') }}
              columns={[
                {
                  title: t('storefronts.promoCode'),
                  render: (_, x) => (
                    <Button type="link" size="small" onClick={() => props.onOpen(x.id)}>
                      {x.promoCode}
                    </Button>
                  ),
                },
                { title: t('storefronts.name'), dataIndex: 'name' },
                { title: t('promoters.paidOrders'), render: (_, x) => (x.sales ? `${x.sales.orders} / ${yuan(x.sales.amount)}` : '—') },
                {
                  title: t('promoters.last30Days'),
                  render: (_, x) => (x.sales ? `${x.sales.monthOrders} / ${yuan(x.sales.monthAmount)}` : '—'),
                },
                {
                  title: t('promoters.markups'),
                  render: (_, x) =>
                    x.customPrice
                      ? [
                          ...x.customPrice.numberRules.map((r) => `${r.pattern || t('promoters.allNumbers')} +${yuan(r.markup)}`),
                          `${t('promoters.goods')} +${x.customPrice.goodsMarkupPercent}%`,
                        ].join(' · ')
                      : '—',
                },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('promoters.figuresHint')}
            </Typography.Paragraph>
          </div>
        </Space>
      )}
    </Drawer>
  );
}

type FormValues = StorefrontSettings & { promoCode: string };

function StorefrontForm(props: {
  editing: Editing;
  op: AdminOperator;
  promoters: AdminPromoter[];
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const owner = props.op.role === 'owner';
  const editing = props.editing.mode === 'edit' ? props.editing.detail : null;
  const initial: FormValues = editing
    ? {
        promoCode: editing.promoCode,
        name: editing.name,
        isAgent: editing.isAgent,
        parentId: editing.parentId,
        title: editing.title,
        kefuMobile: editing.kefuMobile,
        kefuUrl: editing.kefuUrl,
        bottomTips: editing.bottomTips,
        suggest: editing.suggest,
        indexSearch: editing.indexSearch,
      }
    : {
        promoCode: '',
        name: '',
        isAgent: true,
        parentId: owner ? null : (props.op.promoter?.id ?? null),
        title: '',
        kefuMobile: '',
        kefuUrl: '',
        bottomTips: '',
        suggest: false,
        indexSearch: true,
      };
  const upstreamOptions = props.promoters
    .filter((p) => p.isAgent && p.id !== editing?.id)
    .map((p) => ({ value: p.id, label: `${p.name} · ${p.promoCode}` }));
  const submit = async (v: FormValues) => {
    setSaving(true);
    const settings: StorefrontSettings = {
      name: v.name,
      isAgent: v.isAgent,
      parentId: v.parentId ?? null,
      title: v.title ?? '',
      kefuMobile: v.kefuMobile ?? '',
      kefuUrl: v.kefuUrl ?? '',
      bottomTips: v.bottomTips ?? '',
      suggest: v.suggest,
      indexSearch: v.indexSearch,
    };
    try {
      const saved = editing
        ? await api<StorefrontDetail>('POST', '/storefronts/update', { body: { id: editing.id, ...settings } })
        : await api<StorefrontDetail>('POST', '/storefronts/create', { body: { promoCode: v.promoCode, ...settings } });
      message.success(t('promoters.saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      props.onSaved(saved.id);
    } catch (error) {
      showRefusal(form, error, ['promoCode', 'name', 'parentId', 'isAgent', 'title', 'kefuMobile', 'kefuUrl', 'bottomTips'], (m) =>
        message.error(m),
      );
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true, message: t('promoters.required') }];
  return (
    <Modal
      open
      width={640}
      title={
        editing ? t('promoters.editTitle', { code: editing.promoCode }) : owner ? t('promoters.create') : t('promoters.createDownstream')
      }
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={props.onClose}
      onOk={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="promoCode"
          label={t('storefronts.promoCode')}
          rules={[...required, { pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('promoters.promoCodeRule') }]}
          extra={editing ? t('promoters.promoCodeStays') : undefined}
        >
          <Input disabled={editing !== null} />
        </Form.Item>
        <Form.Item name="name" label={t('storefronts.name')} rules={required}>
          <Input maxLength={40} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="isAgent" label={t('storefronts.agent')} valuePropName="checked">
            <Switch disabled={!owner} />
          </Form.Item>
          <Form.Item name="parentId" label={t('storefronts.upstream')} style={{ minWidth: 320 }}>
            <Select allowClear disabled={!owner} options={upstreamOptions} placeholder={t('promoters.noUpstream')} />
          </Form.Item>
        </Space>
        <Form.Item name="title" label={t('promoters.title')}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          name="kefuMobile"
          label={t('promoters.kefuMobile')}
          rules={[{ pattern: /^[0-9+\- ]{3,20}$/, message: t('promoters.kefuMobileRule') }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="kefuUrl" label={t('promoters.kefuUrl')} extra={t('promoters.kefuUrlHint')}>
          <Input maxLength={300} />
        </Form.Item>
        <Form.Item name="bottomTips" label={t('promoters.bottomTips')}>
          <Input maxLength={200} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="suggest" label={t('promoters.suggest')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="indexSearch" label={t('promoters.indexSearch')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
