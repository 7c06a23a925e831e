import {
  type AdminFastNumber,
  type AdminFastNumberDetail,
  type AdminFastNumberPage,
  FAST_NUMBER_MOVES,
} from '@simshop/contract/admin-fast-number';
import { FAST_NUMBER_STATUSES, type FastNumberStatus } from '@simshop/contract/fast-number';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Drawer, Form, Image, Input, Select, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';
import { AuthedPhoto } from './sims-realname.tsx';

const COLOURS: Record<FastNumberStatus, string> = {
  submitted: 'gold',
  reviewing: 'orange',
  approved: 'blue',
  rejected: 'red',
  shipped: 'geekblue',
  activated: 'green',
};

interface Filter {
  status?: FastNumberStatus;
  promoterId?: number;
  keyword?: string;
}

type Move = { to: Exclude<FastNumberStatus, 'submitted'>; reason?: string; assignedNumber?: string };

/** One application: what a reviewer checks (ID number and photos, address, package) and the next moves. */
function ApplicationDrawer({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason?: string; assignedNumber?: string }>();
  const [busy, setBusy] = useState('');
  const q = useQuery({
    queryKey: ['admin', 'fastNumber', 'detail', orderNo],
    queryFn: () => api<AdminFastNumberDetail>('GET', '/fastNumber/detail', { query: { orderNo } }),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const d = q.data;
  const moves: readonly Move['to'][] = d ? FAST_NUMBER_MOVES[d.status] : [];
  const run = async (move: Move) => {
    setBusy(move.to);
    try {
      await api('POST', '/fastNumber/advance', { body: { orderNo, ...move } });
      message.success(t('fastNumber.moved', { status: t(`fastNumber.status.${move.to}`) }));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'fastNumber'] });
    } catch (error) {
      showRefusal(form, error, ['reason', 'assignedNumber'], (m) => message.error(m));
    } finally {
      setBusy('');
    }
  };
  return (
    <Drawer open width={560} title={`${t('fastNumber.application')} · ${orderNo}`} onClose={onClose} loading={q.isLoading}>
      {d ? (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('fastNumber.state')}>
              <Tag color={COLOURS[d.status]}>{t(`fastNumber.status.${d.status}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('fastNumber.applicant')}>{d.applicantName}</Descriptions.Item>
            <Descriptions.Item label={t('fastNumber.idNumber')}>{d.idNumber}</Descriptions.Item>
            <Descriptions.Item label={t('fastNumber.mobile')}>{d.contactMobile}</Descriptions.Item>
            <Descriptions.Item label={t('fastNumber.address')}>{d.address}</Descriptions.Item>
            <Descriptions.Item label={t('fastNumber.package')}>
              {d.operatorName} · {d.packageName} · {t('fastNumber.monthly', { amount: yuan(d.monthlyFee) })}
            </Descriptions.Item>
            {d.assignedNumber ? <Descriptions.Item label={t('fastNumber.number')}>{d.assignedNumber}</Descriptions.Item> : null}
            {d.trackingNo ? <Descriptions.Item label={t('fastNumber.trackingNo')}>{d.trackingNo}</Descriptions.Item> : null}
            {d.application.rejectReason ? (
              <Descriptions.Item label={t('fastNumber.reason')}>{d.application.rejectReason}</Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('fastNumber.photos')}>
              {d.application.photos.length > 0 ? (
                <Image.PreviewGroup>
                  <Space>
                    {d.application.photos.map((p) => (
                      <AuthedPhoto key={p.purpose} src={p.url} alt={t(`fastNumber.photo.${p.purpose}`)} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                t('fastNumber.noPhotos')
              )}
            </Descriptions.Item>
          </Descriptions>
          <Timeline
            items={d.application.timeline.map((s) => ({
              color: COLOURS[s.status],
              children: `${t(`fastNumber.status.${s.status}`)} · ${time.format(s.at)}`,
            }))}
          />
          {moves.length > 0 ? (
            <Form form={form} layout="vertical">
              {moves.includes('rejected') ? (
                <Form.Item name="reason" label={t('fastNumber.reasonLabel')} extra={t('fastNumber.reasonHint')}>
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
              ) : null}
              {moves.includes('shipped') ? (
                <Form.Item name="assignedNumber" label={t('fastNumber.numberLabel')} extra={t('fastNumber.numberHint')}>
                  <Input maxLength={11} inputMode="numeric" style={{ width: 200 }} />
                </Form.Item>
              ) : null}
              <Space>
                {moves.map((to) => (
                  <Button
                    key={to}
                    type={to === 'rejected' ? 'default' : 'primary'}
                    danger={to === 'rejected'}
                    loading={busy === to}
                    onClick={() => void run({ to, ...form.getFieldsValue() })}
                  >
                    {t(`fastNumber.move.${to}`)}
                  </Button>
                ))}
              </Space>
            </Form>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}

/** Fast-number applications within the operator's reach: filter, page; review, decide, ship, activate. */
export function FastNumberPage() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState('');
  const q = useQuery({
    queryKey: ['admin', 'fastNumber', filter, page],
    queryFn: () => api<AdminFastNumberPage>('GET', '/fastNumber', { query: { ...filter, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Card title={t('fastNumber.menu')}>
      <Form<Filter>
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) => {
          setFilter(Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as Filter);
          setPage((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="status" label={t('fastNumber.state')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={FAST_NUMBER_STATUSES.map((s) => ({ value: s, label: t(`fastNumber.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="promoterId" label={t('orders.storefront')}>
          <StorefrontSelect allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="keyword" label={t('orders.keyword')}>
          <Input allowClear style={{ width: 200 }} placeholder={t('fastNumber.keywordHint')} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('common.search')}
        </Button>
      </Form>
      <Table<AdminFastNumber>
        rowKey="orderNo"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, s) => setPage({ page: p, pageSize: s }),
        }}
        columns={[
          { title: t('fastNumber.orderNo'), dataIndex: 'orderNo' },
          { title: t('orders.storefront'), dataIndex: 'promoCode' },
          { title: t('fastNumber.applicant'), render: (_, o) => `${o.applicantName} · ${o.contactMobile}` },
          { title: t('fastNumber.package'), render: (_, o) => `${o.operatorName} · ${o.packageName}` },
          {
            title: t('fastNumber.state'),
            render: (_, o) => <Tag color={COLOURS[o.status]}>{t(`fastNumber.status.${o.status}`)}</Tag>,
          },
          { title: t('fastNumber.createdAt'), render: (_, o) => time.format(o.createdAt) },
          {
            title: t('fastNumber.actions'),
            render: (_, o) => (
              <Button size="small" onClick={() => setOpen(o.orderNo)}>
                {FAST_NUMBER_MOVES[o.status].length > 0 ? t('fastNumber.review') : t('fastNumber.view')}
              </Button>
            ),
          },
        ]}
      />
      {open ? <ApplicationDrawer orderNo={open} onClose={() => setOpen('')} /> : null}
    </Card>
  );
}
