import type { AdminOrder } from '@simshop/contract/admin';
import { type CancelledOrder, cancelOrderBody } from '@simshop/contract/admin-reports';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';
import { getToken } from '../lib/session.ts';

/** Orders an operator may cancel: unpaid ones, and paid ones not shipped yet (refunded in full). */
export const cancellable = (o: AdminOrder) => o.status === 'awaiting_payment' || o.status === 'paid';

/** Cancels an order (a paid one is refunded in full) after the operator gives a reason. */
export function CancelOrderButton({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = order.status === 'paid' ? t('reports.refund') : t('reports.cancel');
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)} aria-label={`${label} ${order.orderNo}`}>
        {label}
      </Button>
      {open && <CancelDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}

function CancelDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const paid = order.status === 'paid';
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      const done = await api<CancelledOrder>('POST', '/orders/cancel', { body: { orderNo: order.orderNo, reason } });
      if (!done.refund) message.success(t('reports.cancelled', { orderNo: done.orderNo }));
      else if (done.refund.state === 'succeeded')
        message.success(t('reports.refunded', { orderNo: done.orderNo, amount: yuan(done.refund.amount) }));
      else if (done.refund.state === 'pending') message.info(t('reports.refundPending', { orderNo: done.orderNo }));
      else message.error(t('reports.refundFailed', { orderNo: done.orderNo }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['reason'], (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${paid ? t('reports.refund') : t('reports.cancel')} · ${order.orderNo}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={paid ? t('reports.confirmRefund') : t('reports.confirmCancel')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Alert
        type={paid ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 16 }}
        message={paid ? t('reports.refundHint', { amount: yuan(order.amount) }) : t('reports.cancelHint')}
      />
      <div style={{ marginBottom: 12 }}>
        {order.item} · {yuan(order.amount)} · {order.buyerName} {order.contactMobile}
      </div>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('reports.reason')}
          rules={[
            {
              validator: (_, v) =>
                cancelOrderBody.shape.reason.safeParse(v ?? '').success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('reports.reasonRequired'))),
            },
          ]}
        >
          <Input autoFocus maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Downloads every order of the list's filter as CSV. The export streams; the button counts the
 * rows as they arrive.
 */
export function ExportOrdersButton({ query }: { query: Record<string, string | number | undefined> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [rows, setRows] = useState<number | null>(null);
  const run = async () => {
    setRows(0);
    try {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
      const res = await fetch(`/api/admin/orders/export?${params}`, {
        headers: { authorization: `Bearer ${getToken()}`, 'accept-language': i18n.language },
      });
      if (!res.headers.get('content-type')?.startsWith('text/csv') || !res.body) {
        const reply = (await res.json().catch(() => null)) as { code: number; message: string } | null;
        throw new ApiError(reply?.code ?? -1, reply?.message ?? `HTTP ${res.status}`, undefined);
      }
      const chunks: Uint8Array[] = [];
      const reader = res.body.getReader();
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        for (const b of value) if (b === 10) lines++;
        setRows(Math.max(0, lines - 1));
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'orders.csv';
      const url = URL.createObjectURL(new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      message.success(t('reports.exported', { count: Math.max(0, lines - 1) }));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setRows(null);
    }
  };
  return (
    <Button onClick={run} loading={rows !== null}>
      {rows === null ? t('reports.export') : t('reports.exporting', { count: rows })}
    </Button>
  );
}
