import type { AdminEngageOrder, AdminEngageOrderPage, EngageOrderKind, RefundEngageOrderReply } from '@simshop/contract/admin-engage';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';

const STATUS_COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' };

/** VIP or speed-up orders of one card (simId) or of a storefront (promoterId, else all within reach), with their refund. */
export function EngageOrdersTable({ kind, simId, promoterId }: { kind: EngageOrderKind; simId?: number; promoterId?: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [refunding, setRefunding] = useState<AdminEngageOrder | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'engage', 'orders', kind, simId, promoterId, page, i18n.language],
    queryFn: () => api<AdminEngageOrderPage>('GET', '/engage/orders', { query: { kind, simId, promoterId, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <Table<AdminEngageOrder>
        rowKey="orderSn"
        size="small"
        data-testid={`engage-orders-${kind}`}
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0 }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { title: t('engage.orders.orderSn'), dataIndex: 'orderSn', width: 190 },
          ...(simId === undefined ? [{ title: t('engage.orders.simNo'), dataIndex: 'simNo', width: 140 }] : []),
          { title: t('engage.orders.item'), dataIndex: 'name', ellipsis: true },
          { title: t('engage.orders.amount'), dataIndex: 'amount', width: 90, render: yuan },
          {
            title: t('engage.orders.payMethod'),
            dataIndex: 'payMethod',
            width: 100,
            render: (v: string) => (v === 'balance' ? t('engage.orders.balance') : v),
          },
          {
            title: t('engage.orders.window'),
            key: 'window',
            width: 230,
            render: (_, o) => (o.status === 1 || o.status === 2 ? `${time.format(o.startAt)} – ${time.format(o.endAt)}` : ''),
          },
          {
            title: t('engage.orders.status'),
            dataIndex: 'status',
            width: 130,
            render: (v: number, o) => (
              <>
                <Tag color={STATUS_COLOURS[v]}>{t(`engage.orders.states.${v}`)}</Tag>
                {o.refundPending && <div>{t('engage.orders.refundPending')}</div>}
                {v === 2 && <div>{`${t('engage.orders.refunded')} ${yuan(o.refundMoney)}`}</div>}
              </>
            ),
          },
          {
            title: t('engage.actions'),
            width: 90,
            render: (_, o) =>
              o.refundable ? (
                <Button size="small" danger onClick={() => setRefunding(o)} aria-label={`${t('engage.orders.refund')} ${o.orderSn}`}>
                  {t('engage.orders.refund')}
                </Button>
              ) : null,
          },
        ]}
      />
      {refunding && <RefundDialog order={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}

function RefundDialog({ order, onClose }: { order: AdminEngageOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  // One key per dialog: pressing OK twice asks for the same refund.
  const [refundKey] = useState(() => `console-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  const submit = async (v: { reason: string }) => {
    setBusy(true);
    try {
      const done = await api<RefundEngageOrderReply>('POST', '/engage/orders/refund', {
        body: { kind: order.kind, orderSn: order.orderSn, reason: v.reason, refundKey },
      });
      message.success(t('engage.refund.done', { amount: yuan(done.amount), state: t(`engage.refund.states.${done.state}`) }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'engage', 'orders'] });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sim', order.simId] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['reason'], (m) => form.setFields([{ name: 'reason', errors: [m] }]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('engage.refund.title', { orderSn: order.orderSn })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('engage.orders.refund')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(order.payMethod === 'balance' ? 'engage.refund.hintBalance' : 'engage.refund.hintPayment', {
          amount: yuan(order.amount),
          method: order.payMethod,
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('engage.refund.reason')}
          rules={[
            {
              validator: (_, v) =>
                String(v ?? '').trim().length >= 2 ? Promise.resolve() : Promise.reject(new Error(t('engage.refund.reasonRequired'))),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
