import type { AdminCategory, AdminGoods, SaveGoodsBody } from '@simshop/contract/admin-catalogue';
import { GOODS_KINDS } from '@simshop/contract/goods';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, useServerTable } from '../components/server-table.tsx';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';

interface Filter {
  promoterId?: number;
  status?: string;
  keyword?: string;
}

interface SkuForm {
  id?: number;
  name: string;
  price: number;
  originalPrice?: number | null;
  stock: number;
  expectedStock?: number;
}
interface GoodsForm {
  promoterId: number;
  categoryId: number;
  kind: SaveGoodsBody['kind'];
  name: string;
  summary?: string;
  description?: string;
  image?: string;
  status: 'on_sale' | 'off_sale';
  skus: SkuForm[];
}

const fen = (yuanValue: number | null | undefined) => Math.round((yuanValue ?? 0) * 100);

/** General goods of the storefronts within reach: filter, add, edit (specs, prices, stock), on and off sale. */
export function GoodsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminGoods | 'new' | null>(null);
  const { search, table } = useServerTable<AdminGoods, Filter>({
    key: ['admin', 'goods'],
    path: '/goods',
    keySuffix: [i18n.language],
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const toggle = async (g: AdminGoods) => {
    try {
      const done = await api<AdminGoods>('POST', '/goods/status', {
        body: { id: g.id, status: g.status === 'on_sale' ? 'off_sale' : 'on_sale' },
      });
      message.success(t(done.status === 'on_sale' ? 'catalogue.nowOnSale' : 'catalogue.nowOffSale', { name: done.label }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'goods'] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Card
      title={t('catalogue.goods')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('catalogue.add')}
        </Button>
      }
    >
      <FilterBar<Filter> onSearch={search}>
        <Form.Item name="promoterId" label={t('orders.storefront')}>
          <StorefrontSelect allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="status" label={t('orders.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={(['on_sale', 'off_sale'] as const).map((s) => ({ value: s, label: t(`catalogue.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('catalogue.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      </FilterBar>
      <Table<AdminGoods>
        rowKey="id"
        size="middle"
        {...table}
        scroll={{ x: 1300 }}
        columns={[
          { title: t('catalogue.name'), dataIndex: 'label', width: 200 },
          { title: t('orders.storefront'), dataIndex: 'promoCode', width: 110 },
          { title: t('catalogue.category'), dataIndex: 'categoryLabel', width: 120 },
          {
            title: t('catalogue.skus'),
            key: 'skus',
            width: 300,
            render: (_, g) => (
              <Space direction="vertical" size={0}>
                {g.skus.map((s) => (
                  <span key={s.id}>
                    {s.label} · {yuan(s.price)} · {t('catalogue.stockOf', { count: s.stock })}
                  </span>
                ))}
              </Space>
            ),
          },
          {
            title: t('orders.status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <Tag color={s === 'on_sale' ? 'green' : 'default'}>{t(`catalogue.${s}`)}</Tag>,
          },
          { title: t('catalogue.updatedAt'), dataIndex: 'updatedAt', width: 150, render: (v: number) => time.format(v) },
          {
            title: t('orders.actions'),
            width: 170,
            fixed: 'right',
            render: (_, g) => (
              <Space size={8}>
                <Button size="small" onClick={() => setEditing(g)} aria-label={`${t('catalogue.edit')} ${g.label}`}>
                  {t('catalogue.edit')}
                </Button>
                <Button size="small" onClick={() => toggle(g)}>
                  {g.status === 'on_sale' ? t('catalogue.takeOff') : t('catalogue.putOn')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <GoodsDialog goods={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function GoodsDialog({ goods, onClose }: { goods: AdminGoods | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { form, submit, modal } = useFormSave<GoodsForm>({
    fields: ['name', 'categoryId', 'promoterId'],
    invalidate: ['admin', 'goods'],
    onClose: onClose,
    save: async (v) => {
      const saved = await api<AdminGoods>('POST', '/goods/save', {
        body: {
          id: goods?.id,
          promoterId: v.promoterId,
          categoryId: v.categoryId,
          kind: v.kind,
          name: v.name,
          summary: v.summary ?? '',
          description: v.description ?? '',
          images: v.image ? [v.image] : [],
          status: v.status,
          skus: v.skus.map((s) => ({
            id: s.id,
            name: s.name,
            price: fen(s.price),
            originalPrice: fen(s.originalPrice),
            stock: s.stock,
            expectedStock: s.expectedStock,
          })),
        } satisfies SaveGoodsBody,
      });
      return t('catalogue.saved', { name: saved.label });
    },
  });
  const [newCategory, setNewCategory] = useState('');
  const promoterId = Form.useWatch('promoterId', form) ?? goods?.promoterId;
  const categories = useQuery({
    queryKey: ['admin', 'goods', 'categories', promoterId],
    queryFn: () => api<{ list: AdminCategory[] }>('GET', '/goods/categories', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const initial: Partial<GoodsForm> = goods
    ? {
        promoterId: goods.promoterId,
        categoryId: goods.categoryId,
        kind: goods.kind,
        name: goods.name,
        summary: goods.summary,
        description: goods.description,
        image: goods.images[0] ?? '',
        status: goods.status,
        skus: goods.skus.map((s) => ({
          id: s.id,
          name: s.name,
          price: s.price / 100,
          originalPrice: s.originalPrice ? s.originalPrice / 100 : null,
          stock: s.stock,
          expectedStock: s.stock,
        })),
      }
    : { kind: 'device', status: 'off_sale', skus: [{ name: '', price: 0, stock: 0 }] };
  const addCategory = async () => {
    if (!promoterId || !newCategory.trim()) return;
    try {
      const r = await api<{ list: AdminCategory[] }>('POST', '/goods/categories/save', { body: { promoterId, name: newCategory.trim() } });
      queryClient.setQueryData(['admin', 'goods', 'categories', promoterId], r);
      const made = r.list.find((c) => c.name === newCategory.trim());
      if (made) form.setFieldValue('categoryId', made.id);
      setNewCategory('');
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  const required = [{ required: true, message: t('catalogue.required') }];
  return (
    <Modal
      {...modal}
      width={760}
      title={goods ? `${t('catalogue.edit')} · ${goods.label}` : t('catalogue.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Form<GoodsForm> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="promoterId" label={t('orders.storefront')} rules={required}>
              <StorefrontSelect disabled={goods !== null} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="categoryId" label={t('catalogue.category')} rules={required}>
              <Select
                options={(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
                popupRender={(menu) => (
                  <>
                    {menu}
                    <Space style={{ padding: 8 }}>
                      <Input
                        size="small"
                        placeholder={t('catalogue.newCategory')}
                        value={newCategory}
                        onChange={(e) => setNewCategory(e.target.value)}
                        onKeyDown={(e) => e.stopPropagation()}
                        maxLength={20}
                      />
                      <Button size="small" onClick={addCategory}>
                        {t('catalogue.addCategory')}
                      </Button>
                    </Space>
                  </>
                )}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="kind" label={t('catalogue.kind')} rules={required}>
              <Select options={GOODS_KINDS.map((k) => ({ value: k, label: t(`catalogue.kind_${k}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={16}>
            <Form.Item name="name" label={t('catalogue.name')} rules={required}>
              <Input maxLength={40} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="status" label={t('orders.status')}>
              <Select options={(['on_sale', 'off_sale'] as const).map((s) => ({ value: s, label: t(`catalogue.${s}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="summary" label={t('catalogue.summary')}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="description" label={t('catalogue.description')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item name="image" label={t('catalogue.image')}>
          <Input maxLength={300} placeholder="/shop/static/goods/…" />
        </Form.Item>
        <Form.Item label={t('catalogue.skus')} required style={{ marginBottom: 0 }}>
          <Form.List name="skus">
            {(fields, { add }) => (
              <>
                {fields.map((f) => (
                  <Row gutter={8} key={f.key}>
                    <Form.Item name={[f.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[f.name, 'expectedStock']} hidden>
                      <Input />
                    </Form.Item>
                    <Col span={7}>
                      <Form.Item name={[f.name, 'name']} rules={required}>
                        <Input placeholder={t('catalogue.skuName')} aria-label={t('catalogue.skuName')} maxLength={30} />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      <Form.Item name={[f.name, 'price']} rules={required}>
                        <InputNumber
                          min={0.01}
                          precision={2}
                          prefix="¥"
                          style={{ width: '100%' }}
                          placeholder={t('catalogue.price')}
                          aria-label={t('catalogue.price')}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={6}>
                      <Form.Item name={[f.name, 'originalPrice']}>
                        <InputNumber
                          min={0}
                          precision={2}
                          prefix="¥"
                          style={{ width: '100%' }}
                          placeholder={t('catalogue.originalPrice')}
                          aria-label={t('catalogue.originalPrice')}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={5}>
                      <Form.Item name={[f.name, 'stock']} rules={required}>
                        <InputNumber
                          min={0}
                          precision={0}
                          style={{ width: '100%' }}
                          placeholder={t('catalogue.stock')}
                          aria-label={t('catalogue.stock')}
                        />
                      </Form.Item>
                    </Col>
                  </Row>
                ))}
                <Button type="dashed" onClick={() => add({ name: '', stock: 0 })} block disabled={fields.length >= 20}>
                  {t('catalogue.addSku')}
                </Button>
              </>
            )}
          </Form.List>
        </Form.Item>
      </Form>
    </Modal>
  );
}
