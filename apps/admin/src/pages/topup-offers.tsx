import type { AdminTopupOffer, AdminTopupOfferList, SaveTopupOfferBody } from '@simshop/contract/admin-iot-money';
import { TOPUP_OFFER_KINDS } from '@simshop/contract/admin-iot-money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promotersQuery, StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import type { Language } from '../lib/i18n.ts';
import { fromLocalInput, toLocalInput } from '../lib/local-time.ts';
import { yuan } from '../lib/money.ts';

interface OfferForm {
  kind: SaveTopupOfferBody['kind'];
  payAmount: number;
  bonusBalance?: number | null;
  bonusCoin?: number | null;
  titleZhHans: string;
  titleEn?: string;
  titleZhHant?: string;
  tagZhHans?: string;
  tagEn?: string;
  tagZhHant?: string;
  startsAt?: string;
  endsAt?: string;
  sort?: number | null;
  enabled: boolean;
}

const fen = (yuanValue: number | null | undefined) => Math.round((yuanValue ?? 0) * 100);

/** A storefront's top-up offers (balance and coupon coins): add, edit, stop offering and offer again. */
export function TopupOffersPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const promoters = useQuery(promotersQuery);
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const promoterId = chosen ?? promoters.data?.list[0]?.id;
  const [editing, setEditing] = useState<AdminTopupOffer | 'new' | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'topupOffers', promoterId],
    queryFn: () => api<AdminTopupOfferList>('GET', '/topupOffers', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const language = i18n.language as Language;
  const titleOf = (o: AdminTopupOffer) => o.title[language] || o.title['zh-Hans'];
  const toggle = async (o: AdminTopupOffer) => {
    try {
      const after = await api<AdminTopupOffer>('POST', '/topupOffers/enable', { body: { id: o.id, enabled: !o.enabled } });
      message.success(t(after.enabled ? 'iotCatalogue.nowEnabled' : 'iotCatalogue.nowDisabled', { name: titleOf(after) }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'topupOffers'] });
    } catch (error) {
      message.error((error as Error).message);
    }
  };
  const time = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Card
      title={t('iotCatalogue.offers')}
      extra={
        <Space wrap>
          <StorefrontSelect aria-label={t('iotCatalogue.storefront')} style={{ width: 220 }} value={promoterId} onChange={setChosen} />
          <Button type="primary" disabled={promoterId === undefined} onClick={() => setEditing('new')}>
            {t('iotCatalogue.addOffer')}
          </Button>
        </Space>
      }
    >
      <Table<AdminTopupOffer>
        rowKey="id"
        size="middle"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        pagination={false}
        scroll={{ x: 1100 }}
        columns={[
          {
            title: t('iotCatalogue.title'),
            key: 'title',
            width: 240,
            render: (_, o) => (
              <Space size={4} wrap>
                {titleOf(o)}
                {o.tag['zh-Hans'] && <Tag color="orange">{o.tag[language] || o.tag['zh-Hans']}</Tag>}
              </Space>
            ),
          },
          { title: t('iotCatalogue.offerKind'), dataIndex: 'kind', width: 120, render: (k: string) => t(`iotCatalogue.kind_${k}`) },
          { title: t('iotCatalogue.paid'), dataIndex: 'payAmount', width: 100, render: yuan },
          {
            title: t('iotCatalogue.credit'),
            key: 'bonus',
            width: 160,
            render: (_, o) =>
              [o.bonusBalance ? `+${yuan(o.bonusBalance)}` : '', o.bonusCoin ? `+${o.bonusCoin} ${t('iotCatalogue.kind_coupon')}` : '']
                .filter(Boolean)
                .join(' ') || '—',
          },
          {
            title: t('iotCatalogue.window'),
            key: 'window',
            width: 220,
            render: (_, o) =>
              o.startsAt === null && o.endsAt === null
                ? t('iotCatalogue.always')
                : `${o.startsAt === null ? '…' : time.format(o.startsAt)} – ${o.endsAt === null ? '…' : time.format(o.endsAt)}`,
          },
          {
            title: t('orders.status'),
            dataIndex: 'enabled',
            width: 100,
            render: (v: boolean) => (
              <Tag color={v ? 'green' : 'default'}>{t(v ? 'iotCatalogue.enabledOn' : 'iotCatalogue.enabledOff')}</Tag>
            ),
          },
          {
            title: t('iotCatalogue.actions'),
            width: 190,
            render: (_, o) => (
              <Space>
                <Button size="small" onClick={() => setEditing(o)} aria-label={`${t('iotCatalogue.edit')} ${titleOf(o)}`}>
                  {t('iotCatalogue.edit')}
                </Button>
                <Button size="small" onClick={() => toggle(o)}>
                  {t(o.enabled ? 'iotCatalogue.disable' : 'iotCatalogue.enable')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && promoterId !== undefined && (
        <OfferDialog offer={editing === 'new' ? null : editing} promoterId={promoterId} onClose={() => setEditing(null)} />
      )}
    </Card>
  );
}

function OfferDialog({ offer, promoterId, onClose }: { offer: AdminTopupOffer | null; promoterId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { form, submit, modal } = useFormSave<OfferForm>({
    fields: ['payAmount', 'endsAt'],
    invalidate: ['admin', 'topupOffers'],
    onClose: onClose,
    save: async (v) => {
      const body: SaveTopupOfferBody = {
        ...(offer ? { id: offer.id } : {}),
        promoterId,
        kind: v.kind,
        payAmount: fen(v.payAmount),
        bonusBalance: fen(v.bonusBalance),
        bonusCoin: v.bonusCoin ?? 0,
        title: { 'zh-Hans': v.titleZhHans, en: v.titleEn ?? '', 'zh-Hant': v.titleZhHant ?? '' },
        tag: { 'zh-Hans': v.tagZhHans ?? '', en: v.tagEn ?? '', 'zh-Hant': v.tagZhHant ?? '' },
        startsAt: fromLocalInput(v.startsAt),
        endsAt: fromLocalInput(v.endsAt),
        sort: v.sort ?? 0,
        enabled: v.enabled,
      };
      const saved = await api<AdminTopupOffer>('POST', '/topupOffers/save', { body });
      const language = i18n.language as Language;
      return t('iotCatalogue.saved', { name: saved.title[language] || saved.title['zh-Hans'] });
    },
  });
  const required = [{ required: true, message: t('iotCatalogue.required') }];
  const initial: Partial<OfferForm> = offer
    ? {
        kind: offer.kind,
        payAmount: offer.payAmount / 100,
        bonusBalance: offer.bonusBalance / 100,
        bonusCoin: offer.bonusCoin,
        titleZhHans: offer.title['zh-Hans'],
        titleEn: offer.title.en,
        titleZhHant: offer.title['zh-Hant'],
        tagZhHans: offer.tag['zh-Hans'],
        tagEn: offer.tag.en,
        tagZhHant: offer.tag['zh-Hant'],
        startsAt: toLocalInput(offer.startsAt),
        endsAt: toLocalInput(offer.endsAt),
        sort: offer.sort,
        enabled: offer.enabled,
      }
    : { kind: 'balance', bonusBalance: 0, bonusCoin: 0, sort: 0, enabled: true };
  return (
    <Modal
      {...modal}
      width={720}
      title={offer ? `${t('iotCatalogue.edit')} · ${offer.title['zh-Hans']}` : t('iotCatalogue.newOffer')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Form<OfferForm> form={form} layout="vertical" onFinish={submit} initialValues={initial}>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item name="kind" label={t('iotCatalogue.offerKind')} rules={required}>
              <Select options={TOPUP_OFFER_KINDS.map((k) => ({ value: k, label: t(`iotCatalogue.kind_${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="payAmount" label={t('iotCatalogue.payAmount')} rules={required}>
              <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="bonusBalance" label={t('iotCatalogue.bonusBalance')}>
              <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="bonusCoin" label={t('iotCatalogue.bonusCoin')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="titleZhHans" label={t('iotCatalogue.titleZhHans')} rules={required}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="titleEn" label={t('iotCatalogue.titleEn')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="titleZhHant" label={t('iotCatalogue.titleZhHant')}>
              <Input maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tagZhHans" label={t('iotCatalogue.tagZhHans')}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tagEn" label={t('iotCatalogue.tagEn')}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="tagZhHant" label={t('iotCatalogue.tagZhHant')}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="startsAt" label={t('iotCatalogue.startsAt')}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="endsAt" label={t('iotCatalogue.endsAt')}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="sort" label={t('iotCatalogue.sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="enabled" label={t('iotCatalogue.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
