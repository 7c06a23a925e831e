import type { AdminRealnamePage, AdminRealnameRequest } from '@simshop/contract/admin-sims';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Image, Input, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { getToken } from '../lib/session.ts';

/** An uploaded photo read with the console's token (the file address answers 404 to anyone else). */
export function AuthedPhoto({ src, alt }: { src: string; alt: string }) {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let objectUrl = '';
    let live = true;
    void fetch(src, { headers: { authorization: `Bearer ${getToken()}` } })
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return url ? (
    <Image src={url} alt={alt} width={72} height={54} style={{ objectFit: 'cover', borderRadius: 4 }} />
  ) : (
    <div style={{ width: 72, height: 54, background: '#f5f5f5', borderRadius: 4 }} />
  );
}

/** Platform real-name submissions waiting for a decision: the photos, then approve or reject with a reason. */
export function SimsRealnamePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [rejecting, setRejecting] = useState<AdminRealnameRequest | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'sims', 'realname', page],
    queryFn: () => api<AdminRealnamePage>('GET', '/sims/realname', { query: page }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const approve = async (r: AdminRealnameRequest) => {
    try {
      await api('POST', '/sims/realname/decide', { body: { id: r.id, status: 'verified' } });
      message.success(t('sims.review.approved', { simNo: r.simNo }));
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'sims'] });
  };
  return (
    <Card title={t('sims.review.title')}>
      <Table<AdminRealnameRequest>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: t('sims.review.empty') }}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0 }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: t('sims.simNo'), dataIndex: 'simNo', width: 150, render: (v: string, r) => <Link to={`/sims/${r.simId}`}>{v}</Link> },
          { title: t('sims.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('sims.review.name'), dataIndex: 'name', width: 110 },
          { title: t('sims.review.idNumber'), dataIndex: 'idNumber', width: 190 },
          {
            title: t('sims.review.photos'),
            width: 250,
            render: (_, r) => (
              <Image.PreviewGroup>
                <Space size={6}>
                  <AuthedPhoto src={r.facePhoto} alt={t('sims.review.face')} />
                  <AuthedPhoto src={r.idFrontPhoto} alt={t('sims.review.idFront')} />
                  <AuthedPhoto src={r.idBackPhoto} alt={t('sims.review.idBack')} />
                </Space>
              </Image.PreviewGroup>
            ),
          },
          { title: t('sims.review.submitted'), dataIndex: 'createdAt', width: 140, render: (v: number) => time.format(v) },
          {
            title: t('sims.actions'),
            width: 170,
            render: (_, r) => (
              <Space>
                <Button size="small" type="primary" onClick={() => approve(r)} aria-label={`${t('sims.review.approve')} ${r.simNo}`}>
                  {t('sims.review.approve')}
                </Button>
                <Button size="small" danger onClick={() => setRejecting(r)} aria-label={`${t('sims.review.reject')} ${r.simNo}`}>
                  {t('sims.review.reject')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {rejecting && <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}

function RejectDialog({ request, onClose }: { request: AdminRealnameRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async ({ reason }: { reason: string }) => {
    setBusy(true);
    try {
      await api('POST', '/sims/realname/decide', { body: { id: request.id, status: 'rejected', reason } });
      message.success(t('sims.review.rejected', { simNo: request.simNo }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sims'] });
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
      title={`${t('sims.review.reject')} · ${request.simNo}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="reason"
          label={t('sims.review.reason')}
          extra={t('sims.review.reasonHint')}
          rules={[
            {
              validator: (_, v) =>
                String(v ?? '').trim().length >= 2 ? Promise.resolve() : Promise.reject(new Error(t('sims.adjust.reasonRequired'))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
