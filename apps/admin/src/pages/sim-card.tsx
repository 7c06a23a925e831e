import type {
  AdminDeviceReply,
  AdminSimAdjustReply,
  AdminSimDetail,
  AdminSimLedgerPage,
  AdminSimOrder,
  AdminSimOrderPage,
  AdminSimRefundReply,
} from '@simshop/contract/admin-sims';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Descriptions, Form, Input, Modal, Radio, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';
import { EngageOrdersTable } from './engage-orders.tsx';
import { AUTH_COLOURS, SIM_STATUS_COLOURS } from './sims.tsx';

const ACCOUNTS = ['balance', 'integral', 'coupon_coin', 'arrears'] as const;
type Account = (typeof ACCOUNTS)[number];
const ORDER_COLOURS: Record<string, string> = { effective: 'green', paid: 'gold', refunded: 'red', failed: 'red', closed: 'default' };

/** Megabytes as MB or GB. */
const flow = (mb: number) => (mb >= 1024 ? `${(mb / 1024).toFixed(mb % 1024 === 0 ? 0 : 2)} GB` : `${mb} MB`);
/** Yuan typed by the operator as fen; NaN when it is not an amount with at most two decimals. */
const fenOf = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : Number.NaN);

/** One card: what its holder's dashboard shows, its ledgers and orders; adjust its balance, refund a top-up. */
export function SimCardPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const [adjusting, setAdjusting] = useState(false);
  const [refunding, setRefunding] = useState<AdminSimOrder | null>(null);
  const q = useQuery({
    queryKey: ['admin', 'sim', id, i18n.language],
    queryFn: () => api<AdminSimDetail>('GET', '/sims/detail', { query: { id } }),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const d = q.data;
  const info = d?.info;
  const back = <Link to="/sims">{t('sims.card.back')}</Link>;
  if (!info || !d)
    return (
      <Card loading={q.isLoading} title={back}>
        {q.error ? <Typography.Text type="danger">{q.error.message}</Typography.Text> : null}
      </Card>
    );
  const platform = info.needPlatformAuth || info.authPlatformStatus !== 0 ? info.authPlatformStatus : null;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={
          <Space size="large">
            {back}
            <span>{t('sims.card.title', { simNo: info.simNo })}</span>
          </Space>
        }
        extra={
          <Button type="primary" onClick={() => setAdjusting(true)}>
            {t('sims.card.adjust')}
          </Button>
        }
      >
        <Descriptions size="small" column={3} bordered data-testid="sim-facts" styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('sims.iccid')}>{info.iccid}</Descriptions.Item>
          <Descriptions.Item label={t('sims.operator')}>{t(`sims.operatorType.${info.operatorType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('sims.storefront')}>{info.promoCode}</Descriptions.Item>
          <Descriptions.Item label={t('sims.status')}>
            <Tag color={SIM_STATUS_COLOURS[info.simStatus]}>{t(`sims.simStatus.${info.simStatus}`)}</Tag>
            <Tag>{t(`sims.card.onlineStatus.${info.onlineStatus}`, { defaultValue: '' })}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.balance')}>
            <span data-testid="sim-balance">{yuan(info.balance)}</span>
            {info.arrearsBalance > 0 && (
              <Tag color="red" style={{ marginLeft: 8 }}>{`${t('sims.arrears')} ${yuan(info.arrearsBalance)}`}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={`${t('sims.card.points')} / ${t('sims.card.coins')}`}>
            {info.integral} / {info.couponCoin}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.card.carrierAuth')}>
            <Tag color={AUTH_COLOURS[info.authStatus]}>{t(`sims.auth.${info.authStatus}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.card.platformAuth')}>
            {platform === null ? t('sims.card.notRequired') : <Tag color={AUTH_COLOURS[platform]}>{t(`sims.auth.${platform}`)}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.card.boundPhone')}>
            <span style={{ whiteSpace: 'nowrap' }}>{d.boundMobile || t('sims.none')}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.card.dataLeft')}>
            {info.needBuyPackage
              ? t('sims.card.noPackage')
              : info.isInfiniteFlow
                ? t('sims.card.unlimited')
                : `${flow(info.surplusFlow)} (${t('sims.card.used', { used: flow(info.useFlow), total: flow(info.totalFlow) })})`}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.endAt')}>{info.endAt === null ? '—' : time.format(info.endAt)}</Descriptions.Item>
          <Descriptions.Item label={t('sims.card.break')}>
            {info.breakRuleId ? <Tag color="orange">{info.breakTips || t('sims.inBreak')}</Tag> : t('sims.card.notRestricted')}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.device')} span={3}>
            {info.device
              ? `${info.device.deviceNo} · ${info.device.model} · IMEI ${info.device.imei}${
                  info.viceSims.length > 1 ? ` · ${info.viceSims.map((s) => s.simNo + (s.inUse ? ' ✓' : '')).join(', ')}` : ''
                }`
              : t('sims.card.plainSim')}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.card.package')} span={3}>
            {d.packages.length === 0
              ? t('sims.card.noPackage')
              : d.packages.map((p) => (
                  <div key={p.id}>
                    {`${p.name} · ${p.unlimited ? t('sims.card.unlimited') : t('sims.card.used', { used: flow(p.usedMb), total: flow(p.flowMb) })} · ${time.format(p.startsAt)} – ${time.format(p.endsAt)}`}
                  </div>
                ))}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {info.device && <DevicePanel simId={id} deviceNo={info.device.deviceNo} />}
      <Card>
        <Tabs
          items={[
            { key: 'orders', label: t('sims.orders.title'), children: <OrdersTab simId={id} onRefund={setRefunding} /> },
            { key: 'ledger', label: t('sims.ledger.title'), children: <LedgerTab simId={id} /> },
            {
              key: 'engage',
              label: t('engage.cardTab'),
              children: (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text strong>{t('engage.tabs.vipOrders')}</Typography.Text>
                  <EngageOrdersTable kind="vip" simId={id} />
                  <Typography.Text strong>{t('engage.tabs.accelerateOrders')}</Typography.Text>
                  <EngageOrdersTable kind="accelerate" simId={id} />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {adjusting && <AdjustDialog simId={id} onClose={() => setAdjusting(false)} />}
      {refunding && <RefundDialog simId={id} order={refunding} onClose={() => setRefunding(null)} />}
    </Space>
  );
}

function LedgerTab({ simId }: { simId: number }) {
  const { t, i18n } = useTranslation();
  const [account, setAccount] = useState<Account>('balance');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['admin', 'sim', simId, 'ledger', account, page],
    queryFn: () => api<AdminSimLedgerPage>('GET', '/sims/ledger', { query: { id: simId, account, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const money = account === 'balance' || account === 'arrears';
  const show = (v: number) => (money ? yuan(v) : String(v));
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <span>{t('sims.ledger.account')}</span>
        <Select<Account>
          aria-label={t('sims.ledger.account')}
          value={account}
          style={{ width: 130 }}
          onChange={(v) => {
            setAccount(v);
            setPage((p) => ({ ...p, page: 1 }));
          }}
          options={ACCOUNTS.map((a) => ({ value: a, label: t(`sims.ledger.accounts.${a}`) }))}
        />
      </Space>
      <Table
        rowKey="id"
        size="small"
        data-testid="sim-ledger"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0 }}
        onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
        columns={[
          { title: t('sims.ledger.at'), dataIndex: 'createdAt', width: 170, render: (v: number) => time.format(v) },
          {
            title: t('sims.ledger.delta'),
            dataIndex: 'delta',
            width: 110,
            render: (v: number) => (
              <span style={{ color: v < 0 ? '#cf1322' : '#389e0d' }}>{(v > 0 ? '+' : v < 0 ? '−' : '') + show(Math.abs(v))}</span>
            ),
          },
          { title: t('sims.ledger.after'), dataIndex: 'balanceAfter', width: 110, render: show },
          {
            title: t('sims.ledger.reason'),
            dataIndex: 'reason',
            width: 140,
            render: (v: string) => t(`sims.ledger.reasons.${v}`, { defaultValue: v }),
          },
          { title: t('sims.ledger.orderNo'), dataIndex: 'orderNo', width: 250 },
          { title: t('sims.ledger.remark'), dataIndex: 'remark', ellipsis: true },
        ]}
      />
    </>
  );
}

function OrdersTab({ simId, onRefund }: { simId: number; onRefund: (o: AdminSimOrder) => void }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['admin', 'sim', simId, 'orders', page, i18n.language],
    queryFn: () => api<AdminSimOrderPage>('GET', '/sims/orders', { query: { id: simId, ...page } }),
    placeholderData: keepPreviousData,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <Table<AdminSimOrder>
      rowKey="orderNo"
      size="small"
      data-testid="sim-orders"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      pagination={{ current: page.page, pageSize: page.pageSize, total: q.data?.total ?? 0 }}
      onChange={(p) => setPage({ page: p.current ?? 1, pageSize: p.pageSize ?? 10 })}
      columns={[
        { title: t('sims.orders.orderNo'), dataIndex: 'orderNo', width: 245 },
        { title: t('sims.orders.kind'), dataIndex: 'kind', width: 130, render: (v: string) => t(`sims.orders.kinds.${v}`) },
        {
          title: t('sims.orders.item'),
          dataIndex: 'title',
          ellipsis: true,
          // A top-up is named by its kind and amount (its stored title is Chinese); a package by its name.
          render: (v: string, o) => (o.kind === 'package' ? v : `${t(`sims.orders.kinds.${o.kind}`)} ${yuan(o.payAmount)}`),
        },
        { title: t('sims.orders.paid'), dataIndex: 'payAmount', width: 100, render: yuan },
        { title: t('sims.orders.payMethod'), dataIndex: 'payMethod', width: 100 },
        {
          title: t('sims.orders.status'),
          dataIndex: 'status',
          width: 120,
          render: (v: string, o) => (
            <>
              <Tag color={ORDER_COLOURS[v]}>{t(`sims.orders.states.${v}`, { defaultValue: v })}</Tag>
              {o.refunded > 0 && v !== 'refunded' && <div>{`${t('sims.orders.refunded')} ${yuan(o.refunded)}`}</div>}
            </>
          ),
        },
        { title: t('sims.orders.createdAt'), dataIndex: 'createdAt', width: 140, render: (v: number) => time.format(v) },
        {
          title: t('sims.actions'),
          width: 90,
          render: (_, o) =>
            o.refundable > 0 ? (
              <Button size="small" danger onClick={() => onRefund(o)} aria-label={`${t('sims.orders.refund')} ${o.orderNo}`}>
                {t('sims.orders.refund')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function AdjustDialog({ simId, onClose }: { simId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ kind: 'credit' | 'debit'; amount: string; reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { kind: 'credit' | 'debit'; amount: string; reason: string }) => {
    setBusy(true);
    try {
      const done = await api<AdminSimAdjustReply>('POST', '/sims/adjust', {
        body: { id: simId, kind: v.kind, amount: fenOf(v.amount), reason: v.reason },
      });
      message.success(t('sims.adjust.done', { balance: yuan(done.balance) }));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sim', simId] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['amount', 'reason', 'kind'], (m) => form.setFields([{ name: 'amount', errors: [m] }]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('sims.card.adjust')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ kind: 'credit' }}>
        <Form.Item name="kind" label={t('sims.adjust.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'credit', label: t('sims.adjust.credit') },
              { value: 'debit', label: t('sims.adjust.debit') },
            ]}
          />
        </Form.Item>
        <AmountItem />
        <ReasonItem />
      </Form>
    </Modal>
  );
}

function AmountItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="amount"
      label={t('sims.adjust.amount')}
      rules={[
        {
          validator: (_, v) => (fenOf(String(v ?? '')) > 0 ? Promise.resolve() : Promise.reject(new Error(t('sims.adjust.amountInvalid')))),
        },
      ]}
    >
      <Input inputMode="decimal" prefix="¥" maxLength={12} autoFocus />
    </Form.Item>
  );
}

function ReasonItem() {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('sims.adjust.reason')}
      rules={[
        {
          validator: (_, v) =>
            String(v ?? '').trim().length >= 2 ? Promise.resolve() : Promise.reject(new Error(t('sims.adjust.reasonRequired'))),
        },
      ]}
    >
      <Input.TextArea rows={2} maxLength={200} showCount />
    </Form.Item>
  );
}

function RefundDialog({ simId, order, onClose }: { simId: number; order: AdminSimOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const [busy, setBusy] = useState(false);
  // One key per dialog: pressing OK twice asks for the same refund.
  const [refundKey] = useState(() => `console-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`);
  const submit = async (v: { amount: string; reason: string }) => {
    setBusy(true);
    try {
      const done = await api<AdminSimRefundReply>('POST', '/sims/refundTopup', {
        body: { id: simId, orderNo: order.orderNo, amount: fenOf(v.amount), reason: v.reason, refundKey },
      });
      message.success(
        t('sims.refund.done', { refundNo: done.refundNo, state: t(`sims.refund.states.${done.state}`), balance: yuan(done.balance) }),
      );
      await queryClient.invalidateQueries({ queryKey: ['admin', 'sim', simId] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['amount', 'reason'], (m) => form.setFields([{ name: 'amount', errors: [m] }]));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('sims.refund.title', { orderNo: order.orderNo })}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('sims.refund.hint', { method: order.payMethod, refundable: yuan(order.refundable) })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ amount: (order.refundable / 100).toFixed(2) }}>
        <AmountItem />
        <ReasonItem />
      </Form>
    </Modal>
  );
}

function DevicePanel({ simId, deviceNo }: { simId: number; deviceNo: string }) {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['admin', 'sim', simId, 'device'],
    queryFn: () => api<AdminDeviceReply>('GET', '/sims/device', { query: { id: simId } }),
    // While a command is on its way, its state is followed.
    refetchInterval: (query) =>
      query.state.data?.commands.some((c) => c.state === 'pending' || c.state === 'sent' || c.state === 'acked') ? 1000 : false,
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const s = q.data?.status;
  const restart = () =>
    modal.confirm({
      title: t('sims.deviceView.restart'),
      content: t('sims.deviceView.restartConfirm'),
      onOk: async () => {
        try {
          await api('POST', '/sims/device/restart', { body: { id: simId } });
          message.success(t('sims.deviceView.restartSent'));
        } catch (error) {
          message.error(error instanceof Error ? error.message : String(error));
        }
        await queryClient.invalidateQueries({ queryKey: ['admin', 'sim', simId, 'device'] });
      },
    });
  const known = (v: number, unit: string) => (v < 0 ? t('sims.deviceView.unknown') : `${v}${unit}`);
  return (
    <Card
      title={t('sims.deviceView.title', { deviceNo })}
      loading={q.isLoading}
      extra={
        <Button onClick={restart} disabled={!s || s.rebooting}>
          {t('sims.deviceView.restart')}
        </Button>
      }
    >
      {s && (
        <Descriptions size="small" column={4} data-testid="device-report" styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('sims.card.online')}>
            {s.rebooting ? (
              <Badge status="processing" text={t('sims.deviceView.rebooting')} />
            ) : (
              <Badge status={s.online ? 'success' : 'default'} text={t(s.online ? 'sims.deviceView.online' : 'sims.deviceView.offline')} />
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.battery')}>{known(s.battery, '%')}</Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.signal')}>{known(s.signal, ' / 5')}</Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.clients')}>{s.clients}</Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.traffic')}>{flow(Math.round(s.trafficMb))}</Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.iccid')} span={2}>
            {s.currentIccid || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('sims.deviceView.reportedAt')}>
            {s.reportedAt === null ? t('sims.deviceView.never') : time.format(s.reportedAt)}
          </Descriptions.Item>
        </Descriptions>
      )}
      {(q.data?.commands.length ?? 0) > 0 && (
        <Table
          rowKey="commandId"
          size="small"
          style={{ marginTop: 12 }}
          data-testid="device-commands"
          title={() => t('sims.deviceView.commands')}
          pagination={false}
          dataSource={q.data?.commands.slice(0, 5) ?? []}
          columns={[
            {
              title: t('sims.deviceView.kind'),
              dataIndex: 'kind',
              render: (v: string) => t(`sims.deviceView.kinds.${v}`, { defaultValue: v }),
            },
            {
              title: t('sims.deviceView.state'),
              dataIndex: 'state',
              render: (v: string) => t(`sims.deviceView.states.${v}`, { defaultValue: v }),
            },
            { title: t('sims.deviceView.at'), dataIndex: 'createdAt', render: (v: number) => time.format(v) },
          ]}
        />
      )}
    </Card>
  );
}
