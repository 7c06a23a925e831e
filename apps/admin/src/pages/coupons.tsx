import type {
  AdminCoupon,
  AdminCouponPage,
  CouponGrantBody,
  CouponGrantLine,
  CouponGrantPreview,
  CouponGrantResult,
} from '@simshop/contract/admin-iot-money';
import { COUPON_STATES } from '@simshop/contract/admin-iot-money';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { fromLocalInput } from '../lib/local-time.ts';
import { yuan } from '../lib/money.ts';

interface GrantForm {
  cards: string;
  amount: number;
  minSpend?: number | null;
  expiresAt: string;
}

const fen = (yuanValue: number | null | undefined) => Math.round((yuanValue ?? 0) * 100);
const STATE_COLOURS = { unused: 'green', used: 'blue', expired: 'default' } as const;

/** Package coupons: grant one to a list of cards (preview, then grant), list a card's or a storefront's, revoke an unused one. */
export function CouponsPage() {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <GrantCard />
      <CouponList />
    </Space>
  );
}

function GrantCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GrantForm>();
  const [preview, setPreview] = useState<{ body: CouponGrantBody; grantKey: string; result: CouponGrantPreview } | null>(null);
  const [granted, setGranted] = useState<CouponGrantResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'commit' | null>(null);
  const fields = ['cards', 'amount', 'minSpend', 'expiresAt'];
  const check = async (v: GrantForm) => {
    setBusy('preview');
    setGranted(null);
    try {
      const body: CouponGrantBody = {
        cards: v.cards,
        amount: fen(v.amount),
        minSpend: fen(v.minSpend),
        expiresAt: fromLocalInput(v.expiresAt) ?? 0,
      };
      const result = await api<CouponGrantPreview>('POST', '/coupons/grant/preview', { body });
      setPreview({ body, grantKey: `grant-${crypto.randomUUID()}`, result });
    } catch (error) {
      setPreview(null);
      showRefusal(form, error, fields, (m) => message.error(m));
    } finally {
      setBusy(null);
    }
  };
  const commit = async () => {
    if (!preview) return;
    setBusy('commit');
    try {
      const result = await api<CouponGrantResult>('POST', '/coupons/grant/commit', {
        body: { ...preview.body, grantKey: preview.grantKey },
      });
      setGranted(result);
      setPreview(null);
      message.success(t('iotCatalogue.granted', { granted: result.granted, skipped: result.skipped }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(null);
    }
  };
  const lineColumns = [
    { title: t('iotCatalogue.line'), dataIndex: 'line', width: 70 },
    { title: t('iotCatalogue.value'), dataIndex: 'value' },
    { title: t('iotCatalogue.simNo'), dataIndex: 'simNo', width: 160 },
    { title: t('iotCatalogue.storefront'), dataIndex: 'promoCode', width: 120 },
    {
      title: t('iotCatalogue.problem'),
      dataIndex: 'error',
      render: (e: string | null) => (e === null ? <Tag color="green">{t('iotCatalogue.ok')}</Tag> : <Tag color="red">{e}</Tag>),
    },
  ];
  return (
    <Card title={t('iotCatalogue.grant')}>
      <Form<GrantForm>
        form={form}
        layout="vertical"
        onFinish={check}
        onValuesChange={() => {
          setPreview(null);
          setGranted(null);
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="cards" label={t('iotCatalogue.cards')} rules={[{ required: true, message: t('iotCatalogue.required') }]}>
              <Input.TextArea rows={6} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="amount" label={t('iotCatalogue.amount')} rules={[{ required: true, message: t('iotCatalogue.required') }]}>
              <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="minSpend" label={t('iotCatalogue.minSpend')}>
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="expiresAt"
              label={t('iotCatalogue.expiresAt')}
              rules={[{ required: true, message: t('iotCatalogue.required') }]}
            >
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button htmlType="submit" loading={busy === 'preview'}>
            {t('iotCatalogue.preview')}
          </Button>
          {preview && (
            <Button type="primary" onClick={commit} loading={busy === 'commit'} disabled={preview.result.valid === 0}>
              {t('iotCatalogue.commit', { count: preview.result.valid })}
            </Button>
          )}
        </Space>
      </Form>
      {preview && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type={preview.result.invalid ? 'warning' : 'info'}
            showIcon
            message={t('iotCatalogue.previewSummary', preview.result)}
          />
          <Table<CouponGrantLine>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="line"
            dataSource={preview.result.lines}
            columns={lineColumns}
            pagination={{ pageSize: 10 }}
          />
        </>
      )}
      {granted && (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            message={t('iotCatalogue.granted', { granted: granted.granted, skipped: granted.skipped })}
          />
          {granted.errors.length > 0 && (
            <Table<CouponGrantLine>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="line"
              dataSource={granted.errors}
              columns={lineColumns}
              pagination={{ pageSize: 10 }}
            />
          )}
        </>
      )}
    </Card>
  );
}

function CouponList() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<{ promoterId?: number; card?: string; state?: string }>({});
  const [cardText, setCardText] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['admin', 'coupons', filter, page],
    queryFn: () => api<AdminCouponPage>('GET', '/coupons', { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const revoke = async (c: AdminCoupon) => {
    try {
      await api('POST', '/coupons/revoke', { body: { id: c.id } });
      message.success(t('iotCatalogue.revoked'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'coupons'] });
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  const set = (next: typeof filter) => {
    setFilter(next);
    setPage((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card
      title={t('iotCatalogue.list')}
      extra={
        <Space wrap>
          <StorefrontSelect
            aria-label={t('iotCatalogue.storefront')}
            allowClear
            placeholder={t('reports.allStorefronts')}
            style={{ width: 200 }}
            value={filter.promoterId}
            onChange={(v) => set({ ...filter, promoterId: v })}
          />
          <Select
            aria-label={t('iotCatalogue.state')}
            allowClear
            placeholder={t('iotCatalogue.allStates')}
            style={{ width: 140 }}
            value={filter.state}
            onChange={(v) => set({ ...filter, state: v })}
            options={COUPON_STATES.map((s) => ({ value: s, label: t(`iotCatalogue.state_${s}`) }))}
          />
          <Input.Search
            aria-label={t('iotCatalogue.cardFilter')}
            placeholder={t('iotCatalogue.cardFilter')}
            allowClear
            style={{ width: 240 }}
            value={cardText}
            onChange={(e) => setCardText(e.target.value)}
            onSearch={(v) => set({ ...filter, card: v.trim() || undefined })}
            enterButton={t('common.search')}
          />
        </Space>
      }
    >
      <Table<AdminCoupon>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('iotCatalogue.simNo'), dataIndex: 'simNo', width: 150 },
          { title: t('iotCatalogue.iccid'), dataIndex: 'iccid', width: 200 },
          { title: t('iotCatalogue.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('iotCatalogue.amount'), dataIndex: 'amount', width: 100, render: yuan },
          { title: t('iotCatalogue.minSpend'), dataIndex: 'minSpend', width: 120, render: yuan },
          { title: t('iotCatalogue.expiresAt'), dataIndex: 'expiresAt', width: 150, render: (v: number) => time.format(v) },
          {
            title: t('iotCatalogue.state'),
            dataIndex: 'state',
            width: 100,
            render: (s: AdminCoupon['state']) => <Tag color={STATE_COLOURS[s]}>{t(`iotCatalogue.state_${s}`)}</Tag>,
          },
          { title: t('iotCatalogue.orderNo'), dataIndex: 'orderNo', width: 180 },
          { title: t('iotCatalogue.source'), dataIndex: 'sourceNo', width: 200, ellipsis: true },
          {
            title: t('iotCatalogue.actions'),
            width: 90,
            render: (_, c) =>
              c.state === 'used' ? null : (
                <Popconfirm
                  title={t('iotCatalogue.revokeConfirm')}
                  onConfirm={() => revoke(c)}
                  okText={t('iotCatalogue.revoke')}
                  cancelText={t('common.cancel')}
                >
                  <Button size="small" danger>
                    {t('iotCatalogue.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
