import { type AdminOrder, type ShippedOrder, shipOrderBody } from '@simshop/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, useServerTable } from '../components/server-table.tsx';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';
import { CancelOrderButton, cancellable, ExportOrdersButton } from './order-actions.tsx';

const STATUSES = ['awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'refunded'] as const;
const STATUS_COLOURS: Record<string, string> = { paid: 'gold', shipped: 'blue', completed: 'green', cancelled: 'default', refunded: 'red' };

interface Filter {
  status?: string;
  promoterId?: number;
  kind?: string;
  keyword?: string;
}
type Sort = { sort: 'createdAt' | 'amount' | 'paidAt'; order: 'asc' | 'desc' };

/** Storefront orders within the operator's reach: filter, sort, page, export; ship, cancel or refund one. */
export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const [shipping, setShipping] = useState<AdminOrder | null>(null);
  const { filter, search, table, sort, sortOrder } = useServerTable<AdminOrder, Filter, Sort['sort']>({
    key: ['admin', 'orders'],
    path: '/orders',
    defaultSort: { sort: 'createdAt', order: 'desc' },
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Card title={t('menu.orders')}>
      <FilterBar<Filter> onSearch={search} actions={<ExportOrdersButton query={{ ...filter, ...sort }} />}>
        <Form.Item name="status" label={t('orders.status')}>
          <Select allowClear style={{ width: 130 }} options={STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) }))} />
        </Form.Item>
        <Form.Item name="promoterId" label={t('orders.storefront')}>
          <StorefrontSelect allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('orders.kind')}>
          <Select
            allowClear
            style={{ width: 110 }}
            options={[
              { value: 'number', label: t('orders.kindNumber') },
              { value: 'goods', label: t('orders.kindGoods') },
            ]}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('orders.keyword')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('orders.keywordHint')} />
        </Form.Item>
      </FilterBar>
      <Table<AdminOrder>
        rowKey="orderNo"
        size="middle"
        {...table}
        scroll={{ x: 1100 }}
        columns={[
          { title: t('orders.orderNo'), dataIndex: 'orderNo', width: 200, fixed: 'left' },
          { title: t('orders.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('orders.item'), dataIndex: 'item', width: 220 },
          {
            title: t('orders.amount'),
            key: 'amount',
            dataIndex: 'amount',
            width: 110,
            sorter: true,
            sortOrder: sortOrder('amount'),
            render: yuan,
          },
          {
            title: t('orders.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <Tag color={STATUS_COLOURS[s]}>{t(`orderStatus.${s}`, { defaultValue: s })}</Tag>,
          },
          { title: t('orders.buyer'), render: (_, o) => `${o.buyerName} ${o.contactMobile}`, width: 190 },
          { title: t('orders.address'), dataIndex: 'address', ellipsis: true },
          {
            title: t('orders.createdAt'),
            key: 'createdAt',
            dataIndex: 'createdAt',
            width: 150,
            sorter: true,
            sortOrder: sortOrder('createdAt'),
            render: (v: number) => time.format(v),
          },
          {
            title: t('orders.paidAt'),
            key: 'paidAt',
            dataIndex: 'paidAt',
            width: 150,
            sorter: true,
            sortOrder: sortOrder('paidAt'),
            render: (v: number | null) => (v === null ? '—' : time.format(v)),
          },
          {
            title: t('orders.actions'),
            width: 170,
            fixed: 'right',
            render: (_, o) => (
              <Space size={8}>
                {o.status === 'paid' && (
                  <Button size="small" onClick={() => setShipping(o)} aria-label={`${t('orders.ship')} ${o.orderNo}`}>
                    {t('orders.ship')}
                  </Button>
                )}
                {cancellable(o) && <CancelOrderButton order={o} />}
              </Space>
            ),
          },
        ]}
      />
      {shipping && <ShipDialog order={shipping} onClose={() => setShipping(null)} />}
    </Card>
  );
}

function ShipDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ trackingNo: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ trackingNo }: { trackingNo: string }) => {
    setBusy(true);
    try {
      const shipped = await api<ShippedOrder>('POST', '/orders/ship', { body: { orderNo: order.orderNo, trackingNo } });
      message.success(t('orders.shipped', { orderNo: shipped.orderNo, trackingNo: shipped.trackingNo }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['trackingNo'], (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('orders.ship')} · ${order.orderNo}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {order.item} · {order.buyerName} {order.contactMobile}
        </div>
        <div>{order.address}</div>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="trackingNo"
            label={t('orders.trackingNo')}
            rules={[
              {
                validator: (_, v) =>
                  shipOrderBody.shape.trackingNo.safeParse(v ?? '').success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('orders.trackingInvalid'))),
              },
            ]}
          >
            <Input autoFocus maxLength={30} />
          </Form.Item>
        </Form>
      </Space>
    </Modal>
  );
}
