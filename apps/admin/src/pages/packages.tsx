import type { AdminPackage, AdminPackagePage } from '@simshop/contract/admin-catalogue';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, InputNumber, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';
import { promotersQuery } from './storefronts.tsx';

interface PackageForm {
  price: number;
  originalPrice?: number | null;
  flowMb: number;
  duration: number;
  onSale: boolean;
}

/** IoT packages of the storefronts within reach: price, data, length, on or off sale. */
export function PackagesPage() {
  const { t, i18n } = useTranslation();
  const [promoterId, setPromoterId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<AdminPackage | null>(null);
  const promoters = useQuery(promotersQuery);
  const q = useQuery({
    queryKey: ['admin', 'packages', promoterId, page, i18n.language],
    queryFn: () => api<AdminPackagePage>('GET', '/packages', { query: { promoterId, ...page } }),
    placeholderData: keepPreviousData,
  });
  const data = (p: AdminPackage) => (p.unlimited ? t('catalogue.unlimited') : `${(p.flowMb / 1024).toFixed(p.flowMb % 1024 ? 1 : 0)} GB`);
  return (
    <Card
      title={t('catalogue.packages')}
      extra={
        <Select
          aria-label={t('orders.storefront')}
          allowClear
          placeholder={t('reports.allStorefronts')}
          style={{ width: 220 }}
          value={promoterId}
          onChange={(v) => {
            setPromoterId(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={(promoters.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.promoCode} · ${p.name}` }))}
        />
      }
    >
      <Table<AdminPackage>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        columns={[
          { title: t('catalogue.name'), dataIndex: 'label' },
          { title: t('orders.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('catalogue.packageKind'), dataIndex: 'kind', width: 110, render: (k: string) => t(`catalogue.packageKind_${k}`) },
          { title: t('catalogue.data'), key: 'data', width: 110, render: (_, p) => data(p) },
          {
            title: t('catalogue.length'),
            key: 'length',
            width: 110,
            render: (_, p) => t(`catalogue.unit_${p.durationUnit}`, { count: p.duration }),
          },
          { title: t('catalogue.price'), dataIndex: 'price', width: 110, render: yuan },
          { title: t('catalogue.sold'), dataIndex: 'sold', width: 90, align: 'right' },
          {
            title: t('orders.status'),
            dataIndex: 'onSale',
            width: 100,
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{t(v ? 'catalogue.on_sale' : 'catalogue.off_sale')}</Tag>,
          },
          {
            title: t('orders.actions'),
            width: 90,
            render: (_, p) => (
              <Button size="small" onClick={() => setEditing(p)} aria-label={`${t('catalogue.edit')} ${p.label}`}>
                {t('catalogue.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <PackageDialog pkg={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function PackageDialog({ pkg, onClose }: { pkg: AdminPackage; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PackageForm>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: PackageForm) => {
    setBusy(true);
    try {
      const saved = await api<AdminPackage>('POST', '/packages/save', {
        body: {
          id: pkg.id,
          price: Math.round(v.price * 100),
          originalPrice: Math.round((v.originalPrice ?? 0) * 100),
          flowMb: v.flowMb,
          duration: v.duration,
          onSale: v.onSale,
        },
      });
      message.success(t('catalogue.saved', { name: saved.label }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'packages'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['price', 'flowMb', 'duration'], (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  const required = [{ required: true, message: t('catalogue.required') }];
  return (
    <Modal
      open
      title={`${t('catalogue.edit')} · ${pkg.label}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form<PackageForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          price: pkg.price / 100,
          originalPrice: pkg.originalPrice ? pkg.originalPrice / 100 : null,
          flowMb: pkg.flowMb,
          duration: pkg.duration,
          onSale: pkg.onSale,
        }}
      >
        <Form.Item name="price" label={t('catalogue.price')} rules={required}>
          <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="originalPrice" label={t('catalogue.originalPrice')}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="flowMb" label={t('catalogue.dataMb')} rules={required}>
          <InputNumber min={0} precision={0} suffix="MB" style={{ width: '100%' }} disabled={pkg.unlimited} />
        </Form.Item>
        <Form.Item name="duration" label={t(`catalogue.lengthIn_${pkg.durationUnit}`)} rules={required}>
          <InputNumber min={1} max={120} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="onSale" label={t('catalogue.on_sale')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
