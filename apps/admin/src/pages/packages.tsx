import type { AdminPackage, AdminPackagePage, SavePackageBody } from '@simshop/contract/admin-catalogue';
import { PACKAGE_KINDS } from '@simshop/contract/iot-money';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { fromLocalInput, toLocalInput } from '../lib/local-time.ts';
import { yuan } from '../lib/money.ts';

interface PackageForm {
  promoterId: number;
  kind: SavePackageBody['kind'];
  operatorType: number;
  nameZhHans: string;
  nameEn?: string;
  nameZhHant?: string;
  description?: string;
  unlimited: boolean;
  flowMb?: number | null;
  price: number;
  originalPrice?: number | null;
  duration: number;
  durationUnit: number;
  renewable: boolean;
  couponDeductMax?: number | null;
  sort?: number | null;
  perCardLimit?: number | null;
  limitStock: boolean;
  stock?: number | null;
  isSeckill: boolean;
  seckillStartsAt?: string;
  seckillEndsAt?: string;
  onSale: boolean;
}

const fen = (yuanValue: number | null | undefined) => Math.round((yuanValue ?? 0) * 100);
const OPERATORS = [0, 1, 2, 3, 4] as const;

/** IoT packages of the storefronts within reach: add, edit every field (flash sale, stock, names in three languages), on or off sale. */
export function PackagesPage() {
  const { t, i18n } = useTranslation();
  const [promoterId, setPromoterId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
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
        <Space wrap>
          <StorefrontSelect
            aria-label={t('orders.storefront')}
            allowClear
            placeholder={t('reports.allStorefronts')}
            style={{ width: 220 }}
            value={promoterId}
            onChange={(v) => {
              setPromoterId(v);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('iotCatalogue.addPackage')}
          </Button>
        </Space>
      }
    >
      <Table<AdminPackage>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0, showSizeChanger: true }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
        scroll={{ x: 1000 }}
        columns={[
          {
            title: t('catalogue.name'),
            key: 'label',
            render: (_, p) => (
              <Space size={4} wrap>
                {p.label}
                {p.isSeckill && <Tag color="red">{t('iotCatalogue.flash')}</Tag>}
              </Space>
            ),
          },
          { title: t('orders.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('catalogue.packageKind'), dataIndex: 'kind', width: 110, render: (k: string) => t(`catalogue.packageKind_${k}`) },
          { title: t('catalogue.data'), key: 'data', width: 100, render: (_, p) => data(p) },
          {
            title: t('catalogue.length'),
            key: 'length',
            width: 100,
            render: (_, p) => t(`catalogue.unit_${p.durationUnit}`, { count: p.duration }),
          },
          { title: t('catalogue.price'), dataIndex: 'price', width: 100, render: yuan },
          { title: t('catalogue.sold'), dataIndex: 'sold', width: 80, align: 'right' },
          {
            title: t('iotCatalogue.left'),
            dataIndex: 'left',
            width: 80,
            align: 'right',
            render: (v: number | null) => (v === null ? t('iotCatalogue.noLimit') : v),
          },
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
      {editing && (
        <PackageDialog pkg={editing === 'new' ? null : editing} defaultPromoterId={promoterId} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function initialValues(pkg: AdminPackage | null, promoterId: number | undefined): Partial<PackageForm> {
  if (!pkg) {
    return {
      promoterId,
      kind: 'base',
      operatorType: 0,
      unlimited: false,
      duration: 1,
      durationUnit: 2,
      renewable: true,
      sort: 0,
      perCardLimit: 0,
      limitStock: false,
      isSeckill: false,
      onSale: false,
    };
  }
  return {
    promoterId: pkg.promoterId,
    kind: pkg.kind,
    operatorType: pkg.operatorType,
    nameZhHans: pkg.names['zh-Hans'],
    nameEn: pkg.names.en,
    nameZhHant: pkg.names['zh-Hant'],
    description: pkg.description,
    unlimited: pkg.unlimited,
    flowMb: pkg.flowMb,
    price: pkg.price / 100,
    originalPrice: pkg.originalPrice ? pkg.originalPrice / 100 : null,
    duration: pkg.duration,
    durationUnit: pkg.durationUnit,
    renewable: pkg.renewable,
    couponDeductMax: pkg.couponDeductMax / 100,
    sort: pkg.sort,
    perCardLimit: pkg.perCardLimit,
    limitStock: pkg.left !== null,
    stock: pkg.left,
    isSeckill: pkg.isSeckill,
    seckillStartsAt: toLocalInput(pkg.seckillStartsAt),
    seckillEndsAt: toLocalInput(pkg.seckillEndsAt),
    onSale: pkg.onSale,
  };
}

function PackageDialog({ pkg, defaultPromoterId, onClose }: { pkg: AdminPackage | null; defaultPromoterId?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<PackageForm>({
    fields: ['promoterId', 'price', 'flowMb', 'duration', 'stock', 'seckillEndsAt'],
    invalidate: ['admin', 'packages'],
    onClose: onClose,
    save: async (v) => {
      const body: SavePackageBody = {
        ...(pkg ? { id: pkg.id, expectedStock: pkg.left } : {}),
        promoterId: v.promoterId,
        kind: v.kind,
        operatorType: v.operatorType,
        names: { 'zh-Hans': v.nameZhHans, en: v.nameEn ?? '', 'zh-Hant': v.nameZhHant ?? '' },
        description: v.description ?? '',
        unlimited: v.unlimited,
        flowMb: v.unlimited || v.kind === 'volume' ? 0 : (v.flowMb ?? 0),
        price: fen(v.price),
        originalPrice: fen(v.originalPrice),
        duration: v.duration,
        durationUnit: v.durationUnit,
        renewable: v.renewable,
        couponDeductMax: fen(v.couponDeductMax),
        sort: v.sort ?? 0,
        perCardLimit: v.perCardLimit ?? 0,
        stock: v.limitStock || v.isSeckill ? (v.stock ?? 0) : null,
        isSeckill: v.isSeckill,
        seckillStartsAt: v.isSeckill ? fromLocalInput(v.seckillStartsAt) : null,
        seckillEndsAt: v.isSeckill ? fromLocalInput(v.seckillEndsAt) : null,
        onSale: v.onSale,
      };
      const saved = await api<AdminPackage>('POST', '/packages/save', { body });
      return t('iotCatalogue.saved', { name: saved.label });
    },
  });
  const unlimited = Form.useWatch('unlimited', form);
  const kind = Form.useWatch('kind', form);
  const limitStock = Form.useWatch('limitStock', form);
  const isSeckill = Form.useWatch('isSeckill', form);
  const required = [{ required: true, message: t('iotCatalogue.required') }];
  return (
    <Modal
      {...modal}
      width={760}
      title={pkg ? `${t('catalogue.edit')} · ${pkg.label}` : t('iotCatalogue.newPackage')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Form<PackageForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={initialValues(pkg, defaultPromoterId)}
        onValuesChange={(changed: Partial<PackageForm>) => {
          // A flash sale always has a stock; only base packages outside a flash sale renew.
          if (changed.isSeckill) form.setFieldsValue({ limitStock: true, renewable: false });
          if (changed.kind !== undefined && changed.kind !== 'base') form.setFieldValue('renewable', false);
        }}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="promoterId" label={t('iotCatalogue.storefront')} rules={required}>
              <StorefrontSelect disabled={pkg !== null} placeholder={t('iotCatalogue.chooseStorefront')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="kind" label={t('catalogue.packageKind')} rules={required}>
              <Select options={PACKAGE_KINDS.map((k) => ({ value: k, label: t(`catalogue.packageKind_${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="operatorType" label={t('iotCatalogue.operatorType')} rules={required}>
              <Select
                options={OPERATORS.map((o) => ({ value: o, label: o === 0 ? t('iotCatalogue.anyOperator') : t(`sims.operatorType.${o}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="nameZhHans" label={t('iotCatalogue.nameZhHans')} rules={required}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="nameEn" label={t('iotCatalogue.nameEn')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="nameZhHant" label={t('iotCatalogue.nameZhHant')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('iotCatalogue.translationHint')}
        </Typography.Paragraph>
        <Form.Item name="description" label={t('iotCatalogue.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="unlimited" label={t('catalogue.unlimited')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="flowMb" label={t('catalogue.dataMb')} rules={unlimited || kind === 'volume' ? [] : required}>
              <InputNumber min={0} precision={0} suffix="MB" style={{ width: '100%' }} disabled={unlimited || kind === 'volume'} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="duration" label={t('iotCatalogue.duration')} rules={required}>
              <InputNumber min={1} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="durationUnit" label={t('iotCatalogue.durationUnit')} rules={required}>
              <Select options={[1, 2, 3].map((u) => ({ value: u, label: t(`iotCatalogue.unit_${u}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="price" label={t('catalogue.price')} rules={required}>
              <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="originalPrice" label={t('catalogue.originalPrice')}>
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="couponDeductMax" label={t('iotCatalogue.couponDeductMax')}>
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sort" label={t('iotCatalogue.sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="renewable" label={t('iotCatalogue.renewable')} valuePropName="checked">
              <Switch disabled={kind !== 'base' || isSeckill} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="perCardLimit" label={t('iotCatalogue.perCardLimit')}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="limitStock" label={t('iotCatalogue.limitStock')} valuePropName="checked">
              <Switch disabled={isSeckill} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item
              name="stock"
              label={t('iotCatalogue.stockLeft')}
              rules={limitStock || isSeckill ? required : []}
              extra={pkg ? t('iotCatalogue.stockHint', { sold: pkg.sold }) : undefined}
            >
              <InputNumber min={0} precision={0} style={{ width: '100%' }} disabled={!limitStock && !isSeckill} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="isSeckill" label={t('iotCatalogue.isSeckill')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={9}>
            <Form.Item name="seckillStartsAt" label={t('iotCatalogue.seckillStartsAt')} rules={isSeckill ? required : []}>
              <Input type="datetime-local" disabled={!isSeckill} />
            </Form.Item>
          </Col>
          <Col xs={12} md={9}>
            <Form.Item name="seckillEndsAt" label={t('iotCatalogue.seckillEndsAt')} rules={isSeckill ? required : []}>
              <Input type="datetime-local" disabled={!isSeckill} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="onSale" label={t('iotCatalogue.onSale')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
