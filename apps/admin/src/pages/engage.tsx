import type { AdminOperator } from '@simshop/contract/admin';
import type {
  AdminAcceleratePlan,
  AdminEngageSettings,
  AdminExchangeItem,
  AdminMallCategory,
  AdminMallCategoryList,
  AdminMallGoods,
  AdminVipPlan,
  EngageTaskSetting,
  EngageTri,
} from '@simshop/contract/admin-engage';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { TriFields as SharedTriFields } from '../components/tri-fields.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';
import { EngageOrdersTable } from './engage-orders.tsx';

const EMPTY_TRI: EngageTri = { 'zh-Hans': '', 'zh-Hant': '', en: '' };
/** The days of the sign-in cycle. */
const CYCLE_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const fen = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

/** VIP and speed-up plans, exchange items, sign-in and task rewards, VIP and speed-up orders; the points mall for owners. */
export function EngagePage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const [promoterId, setPromoterId] = useState<number | undefined>(undefined);
  const items = [
    { key: 'vip', label: t('engage.tabs.vip'), children: <VipTab key={promoterId ?? 0} promoterId={promoterId} /> },
    { key: 'accelerate', label: t('engage.tabs.accelerate'), children: <SpeedTab key={promoterId ?? 0} promoterId={promoterId} /> },
    { key: 'exchange', label: t('engage.tabs.exchange'), children: <ExchangeTab key={promoterId ?? 0} promoterId={promoterId} /> },
    { key: 'rewards', label: t('engage.tabs.rewards'), children: <RewardsTab promoterId={promoterId} /> },
    { key: 'vipOrders', label: t('engage.tabs.vipOrders'), children: <EngageOrdersTable kind="vip" promoterId={promoterId} /> },
    {
      key: 'accelerateOrders',
      label: t('engage.tabs.accelerateOrders'),
      children: <EngageOrdersTable kind="accelerate" promoterId={promoterId} />,
    },
  ];
  if (op.role === 'owner') items.push({ key: 'mall', label: t('engage.tabs.mall'), children: <MallTab /> });
  return (
    <Card
      title={t('engage.title')}
      styles={{ body: { paddingTop: 0 } }}
      extra={
        <StorefrontSelect
          aria-label={t('engage.storefront')}
          allowClear
          placeholder={t('engage.allStorefronts')}
          style={{ width: 220 }}
          value={promoterId}
          onChange={setPromoterId}
        />
      }
    >
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}

/** A text in the three languages, with this page's messages. */
function TriFields({ name, label, max }: { name: string; label: string; max: number }) {
  const { t } = useTranslation();
  return (
    <SharedTriFields name={name} label={label} max={max} labelled required={t('engage.required')} tooLong={t('engage.tooLong', { max })} />
  );
}

function StorefrontItem({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="promoterId" label={t('engage.storefront')} rules={[{ required: true, message: t('engage.required') }]}>
      <StorefrontSelect aria-label={t('engage.storefront')} disabled={disabled} />
    </Form.Item>
  );
}

function Money({ name, label, required = false }: { name: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('engage.required') }] : []}>
      <InputNumber aria-label={label} min={required ? 0.01 : 0} precision={2} prefix="¥" style={{ width: '100%' }} />
    </Form.Item>
  );
}

function Whole({
  name,
  label,
  min = 0,
  max,
  required = true,
}: {
  name: string;
  label: string;
  min?: number;
  max?: number;
  required?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} rules={required ? [{ required: true, message: t('engage.required') }] : []}>
      <InputNumber aria-label={label} min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

function OnSaleTag({ onSale }: { onSale: boolean }) {
  const { t } = useTranslation();
  return <Tag color={onSale ? 'green' : 'default'}>{t(onSale ? 'engage.onSale' : 'engage.offSale')}</Tag>;
}

/** An edit dialog: the form, saved through `save`; a refusal is shown on its field. */
function EditDialog<V extends object>(props: {
  title: string;
  initial: Partial<V>;
  fields: readonly string[];
  save: (v: V) => Promise<unknown>;
  invalidate: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<V>({
    fields: props.fields,
    invalidate: ['admin', 'engage', props.invalidate],
    onClose: props.onClose,
    save: async (v) => {
      await props.save(v);
      return t('engage.saved');
    },
  });
  return (
    <Modal {...modal} width={760} title={props.title} okText={t('common.save')} cancelText={t('common.cancel')}>
      <Form<V> form={form} layout="vertical" onFinish={submit} initialValues={props.initial as never}>
        {props.children}
      </Form>
    </Modal>
  );
}

/** The on/off sale switch of a row, audited by the server. */
function SaleSwitch({
  path,
  id,
  onSale,
  label,
  invalidate,
}: {
  path: string;
  id: number;
  onSale: boolean;
  label: string;
  invalidate: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      size="small"
      checked={onSale}
      loading={busy}
      aria-label={`${t('engage.onSale')} ${label}`}
      onChange={async (v) => {
        setBusy(true);
        try {
          await api('POST', path, { body: { id, onSale: v } });
          await queryClient.invalidateQueries({ queryKey: ['admin', 'engage', invalidate] });
        } catch (error) {
          message.error((error as Error).message);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

function usePage(key: string, path: string, promoterId: number | undefined) {
  const { i18n } = useTranslation();
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const q = useQuery({
    queryKey: ['admin', 'engage', key, promoterId, page, i18n.language],
    queryFn: () => api<{ list: unknown[]; total: number }>('GET', path, { query: { promoterId, ...page } }),
    placeholderData: keepPreviousData,
  });
  const pagination = {
    current: page.page,
    pageSize: page.pageSize,
    total: q.data?.total ?? 0,
    onChange: (p: number, s: number) => setPage({ page: p, pageSize: s }),
  };
  return { q, pagination };
}

/** The order and on-sale fields closing a catalogue form. */
/** The order of a row and its switch: on sale, or another (a category's "shown"). */
function SortAndSale({ flag }: { flag?: { name: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Col span={4}>
        <Whole name="sort" label={t('engage.sort')} max={9999} required={false} />
      </Col>
      <Col span={4}>
        <Form.Item name={flag?.name ?? 'onSale'} label={flag?.label ?? t('engage.onSale')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * A catalogue tab's list: the add button, then a page of rows with the given columns, each with its
 * status, an edit button and its on/off sale switch.
 */
function CatalogueTable<T extends { id: number; onSale: boolean }>(props: {
  kind: string;
  addLabel: string;
  hint?: ReactNode;
  page: ReturnType<typeof usePage>;
  salePath: string;
  nameOf: (row: T) => string;
  onAdd: () => void;
  onEdit: (row: T) => void;
  columns: TableColumnsType<T>;
}) {
  const { t } = useTranslation();
  const { q, pagination } = props.page;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={props.onAdd}>
          {props.addLabel}
        </Button>
        {props.hint}
      </Space>
      <Table<T>
        rowKey="id"
        size="middle"
        data-testid={`engage-${props.kind}`}
        loading={q.isFetching}
        dataSource={(q.data?.list ?? []) as T[]}
        pagination={pagination}
        columns={[
          ...props.columns,
          { title: t('engage.status'), dataIndex: 'onSale', width: 90, render: (v: boolean) => <OnSaleTag onSale={v} /> },
          {
            title: t('engage.actions'),
            width: 150,
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => props.onEdit(row)} aria-label={`${t('engage.edit')} ${props.nameOf(row)}`}>
                  {t('engage.edit')}
                </Button>
                <SaleSwitch path={props.salePath} id={row.id} onSale={row.onSale} label={props.nameOf(row)} invalidate={props.kind} />
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** What the VIP and speed-up plan forms share. */
type PlanForm = { promoterId: number; name: EngageTri; price: number; originalPrice: number | null; onSale: boolean; sort: number };

/** A plan with its prices in yuan, for its form. */
const planInYuan = <P extends { price: number; originalPrice: number | null }>(p: P) => ({
  ...p,
  price: p.price / 100,
  originalPrice: p.originalPrice ? p.originalPrice / 100 : null,
});

/** What every plan's save sends: its id (when changed), storefront, name, logo, prices in fen, on sale and order. */
const planBody = (editing: { id: number; logo: string } | 'new', v: PlanForm) => ({
  ...(editing === 'new' ? {} : { id: editing.id }),
  promoterId: v.promoterId,
  name: v.name,
  logo: editing === 'new' ? '' : editing.logo,
  price: fen(v.price),
  originalPrice: fen(v.originalPrice),
  onSale: v.onSale,
  sort: v.sort ?? 0,
});

/** A plan's price and original price fields. */
function PlanPrices() {
  const { t } = useTranslation();
  return (
    <>
      <Col span={8}>
        <Money name="price" label={t('engage.price')} required />
      </Col>
      <Col span={8}>
        <Money name="originalPrice" label={t('engage.originalPrice')} />
      </Col>
    </>
  );
}

// ── VIP plans ─────────────────────────────────────────────────────────────────────────────

type VipForm = Omit<AdminVipPlan, 'id' | 'promoCode' | 'label' | 'updatedAt' | 'price' | 'originalPrice'> & {
  price: number;
  originalPrice: number | null;
};

function VipTab({ promoterId }: { promoterId: number | undefined }) {
  const { t } = useTranslation();
  const page = usePage('vip', '/engage/vip', promoterId);
  const [editing, setEditing] = useState<AdminVipPlan | 'new' | null>(null);
  return (
    <>
      <CatalogueTable<AdminVipPlan>
        kind="vip"
        addLabel={t('engage.vip.add')}
        page={page}
        salePath="/engage/vip/onSale"
        nameOf={(x) => x.label}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        columns={[
          { title: t('engage.name'), dataIndex: 'label' },
          { title: t('engage.storefront'), dataIndex: 'promoCode', width: 120 },
          { title: t('engage.price'), dataIndex: 'price', width: 100, render: yuan },
          { title: t('engage.vip.days'), dataIndex: 'durationDays', width: 90 },
          { title: t('engage.vip.multiplier'), dataIndex: 'pointsMultiplier', width: 110, render: (v: number) => `×${v}` },
          { title: t('engage.vip.discount'), dataIndex: 'packageDiscount', width: 120, render: (v: number) => `${v}%` },
        ]}
      />
      {editing && (
        <EditDialog<VipForm>
          title={editing === 'new' ? t('engage.vip.add') : `${t('engage.edit')} · ${editing.label}`}
          initial={
            editing === 'new'
              ? { promoterId, name: EMPTY_TRI, durationDays: 30, pointsMultiplier: 2, packageDiscount: 100, onSale: true, sort: 0 }
              : planInYuan(editing)
          }
          fields={['promoterId', 'price', 'durationDays', 'pointsMultiplier', 'packageDiscount']}
          invalidate="vip"
          onClose={() => setEditing(null)}
          save={(v) =>
            api<AdminVipPlan>('POST', '/engage/vip/save', {
              body: {
                ...planBody(editing, v),
                durationDays: v.durationDays,
                pointsMultiplier: v.pointsMultiplier,
                packageDiscount: v.packageDiscount,
              },
            })
          }
        >
          <StorefrontItem disabled={editing !== 'new'} />
          <TriFields name="name" label={t('engage.name')} max={40} />
          <Row gutter={8}>
            <PlanPrices />
            <Col span={8}>
              <Whole name="durationDays" label={t('engage.vip.days')} min={1} max={3660} />
            </Col>
            <Col span={8}>
              <Whole name="pointsMultiplier" label={t('engage.vip.multiplier')} min={1} max={10} />
            </Col>
            <Col span={8}>
              <Whole name="packageDiscount" label={t('engage.vip.discountHint')} min={1} max={100} />
            </Col>
            <SortAndSale />
          </Row>
        </EditDialog>
      )}
    </>
  );
}

// ── Speed-up plans ────────────────────────────────────────────────────────────────────────

type SpeedForm = Omit<AdminAcceleratePlan, 'id' | 'promoCode' | 'label' | 'updatedAt' | 'originalPrice'> & { originalPrice: number | null };

function SpeedTab({ promoterId }: { promoterId: number | undefined }) {
  const { t } = useTranslation();
  const page = usePage('accelerate', '/engage/accelerate', promoterId);
  const [editing, setEditing] = useState<AdminAcceleratePlan | 'new' | null>(null);
  return (
    <>
      <CatalogueTable<AdminAcceleratePlan>
        kind="accelerate"
        addLabel={t('engage.speed.add')}
        page={page}
        salePath="/engage/accelerate/onSale"
        nameOf={(x) => x.label}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        columns={[
          { title: t('engage.name'), dataIndex: 'label' },
          { title: t('engage.storefront'), dataIndex: 'promoCode', width: 120 },
          { title: t('engage.speed.profile'), dataIndex: 'speedCode', width: 120 },
          { title: t('engage.speed.mbps'), dataIndex: 'speedMbps', width: 100 },
          { title: t('engage.speed.hours'), dataIndex: 'durationHours', width: 90 },
          { title: t('engage.price'), dataIndex: 'price', width: 100, render: yuan },
        ]}
      />
      {editing && (
        <EditDialog<SpeedForm>
          title={editing === 'new' ? t('engage.speed.add') : `${t('engage.edit')} · ${editing.label}`}
          initial={editing === 'new' ? { promoterId, name: EMPTY_TRI, durationHours: 2, onSale: true, sort: 0 } : planInYuan(editing)}
          fields={['promoterId', 'price', 'speedCode', 'speedMbps', 'durationHours']}
          invalidate="accelerate"
          onClose={() => setEditing(null)}
          save={(v) =>
            api<AdminAcceleratePlan>('POST', '/engage/accelerate/save', {
              body: {
                ...planBody(editing, v),
                speedCode: v.speedCode,
                speedMbps: v.speedMbps,
                durationHours: v.durationHours,
              },
            })
          }
        >
          <StorefrontItem disabled={editing !== 'new'} />
          <TriFields name="name" label={t('engage.name')} max={40} />
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name="speedCode" label={t('engage.speed.profile')} rules={[{ required: true, message: t('engage.required') }]}>
                <Input aria-label={t('engage.speed.profile')} maxLength={40} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Whole name="speedMbps" label={t('engage.speed.mbps')} min={1} max={10_000} />
            </Col>
            <Col span={8}>
              <Whole name="durationHours" label={t('engage.speed.hours')} min={1} max={744} />
            </Col>
            <PlanPrices />
            <SortAndSale />
          </Row>
        </EditDialog>
      )}
    </>
  );
}

// ── Coupon exchange items ─────────────────────────────────────────────────────────────────

type ItemForm = {
  promoterId: number;
  kind: 'coupon' | 'balance';
  coinCost: number;
  value: number;
  minSpend: number | null;
  validDays: number;
  stock: number | null;
  perCardLimit: number;
  onSale: boolean;
  sort: number;
};

function ExchangeTab({ promoterId }: { promoterId: number | undefined }) {
  const { t } = useTranslation();
  const page = usePage('exchange', '/engage/exchange', promoterId);
  const [editing, setEditing] = useState<AdminExchangeItem | 'new' | null>(null);
  const what = (i: AdminExchangeItem) =>
    i.kind === 'balance'
      ? t('engage.exchange.balanceOf', { value: yuan(i.value) })
      : t('engage.exchange.couponOf', { value: yuan(i.value) });
  return (
    <>
      <CatalogueTable<AdminExchangeItem>
        kind="exchange"
        addLabel={t('engage.exchange.add')}
        page={page}
        salePath="/engage/exchange/onSale"
        nameOf={what}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        columns={[
          { title: t('engage.exchange.item'), key: 'item', render: (_, i) => what(i) },
          { title: t('engage.storefront'), dataIndex: 'promoCode', width: 120 },
          { title: t('engage.exchange.coins'), dataIndex: 'coinCost', width: 100 },
          {
            title: t('engage.stock'),
            dataIndex: 'stock',
            width: 100,
            render: (v: number | null) => (v === null ? t('engage.unlimited') : v),
          },
          { title: t('engage.sold'), dataIndex: 'sold', width: 80 },
        ]}
      />
      {editing && (
        <EditDialog<ItemForm>
          title={editing === 'new' ? t('engage.exchange.add') : `${t('engage.edit')} · ${what(editing)}`}
          initial={
            editing === 'new'
              ? { promoterId, kind: 'coupon', validDays: 30, perCardLimit: 0, onSale: true, sort: 0, stock: null }
              : { ...editing, value: editing.value / 100, minSpend: editing.minSpend / 100 }
          }
          fields={['promoterId', 'coinCost', 'value', 'stock', 'validDays', 'perCardLimit']}
          invalidate="exchange"
          onClose={() => setEditing(null)}
          save={(v) =>
            api<AdminExchangeItem>('POST', '/engage/exchange/save', {
              body: {
                ...(editing === 'new' ? {} : { id: editing.id, expectedStock: editing.stock }),
                promoterId: v.promoterId,
                kind: v.kind,
                coinCost: v.coinCost,
                value: fen(v.value),
                minSpend: fen(v.minSpend),
                validDays: v.validDays,
                stock: v.stock ?? null,
                perCardLimit: v.perCardLimit ?? 0,
                onSale: v.onSale,
                sort: v.sort ?? 0,
              },
            })
          }
        >
          <StorefrontItem disabled={editing !== 'new'} />
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name="kind" label={t('engage.exchange.kind')}>
                <Select
                  aria-label={t('engage.exchange.kind')}
                  options={[
                    { value: 'coupon', label: t('engage.exchange.kinds.coupon') },
                    { value: 'balance', label: t('engage.exchange.kinds.balance') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Whole name="coinCost" label={t('engage.exchange.coins')} min={1} />
            </Col>
            <Col span={8}>
              <Money name="value" label={t('engage.exchange.value')} required />
            </Col>
            <Col span={8}>
              <Money name="minSpend" label={t('engage.exchange.minSpend')} />
            </Col>
            <Col span={8}>
              <Whole name="validDays" label={t('engage.exchange.validDays')} min={1} max={3660} />
            </Col>
            <Col span={8}>
              <Whole name="stock" label={t('engage.stockHint')} required={false} />
            </Col>
            <Col span={8}>
              <Whole name="perCardLimit" label={t('engage.perCardLimit')} required={false} />
            </Col>
            <SortAndSale />
          </Row>
        </EditDialog>
      )}
    </>
  );
}

// ── Sign-in and task rewards ──────────────────────────────────────────────────────────────

function RewardsTab({ promoterId }: { promoterId: number | undefined }) {
  const { t } = useTranslation();
  if (promoterId === undefined) return <Typography.Paragraph type="secondary">{t('engage.rewards.pick')}</Typography.Paragraph>;
  return <RewardsForm key={promoterId} promoterId={promoterId} />;
}

function RewardsForm({ promoterId }: { promoterId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: ['admin', 'engage', 'settings', promoterId],
    queryFn: () => api<AdminEngageSettings>('GET', '/engage/settings', { query: { promoterId } }),
  });
  const [rewards, setRewards] = useState<number[] | null>(null);
  const [tasks, setTasks] = useState<EngageTaskSetting[] | null>(null);
  const [busy, setBusy] = useState(false);
  if (!q.data) return null;
  const days = rewards ?? q.data.signInRewards;
  const list = tasks ?? q.data.tasks;
  const move = (i: number, by: number) => {
    const next = [...list];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x!);
    setTasks(next);
  };
  const save = async () => {
    setBusy(true);
    try {
      await api<AdminEngageSettings>('POST', '/engage/settings/save', { body: { promoterId, signInRewards: days, tasks: list } });
      message.success(t('engage.saved'));
      setRewards(null);
      setTasks(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'engage', 'settings', promoterId] });
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="engage-rewards">
      <Typography.Text type="secondary">{t(q.data.custom ? 'engage.rewards.custom' : 'engage.rewards.builtIn')}</Typography.Text>
      <Typography.Title level={5}>{t('engage.rewards.signIn')}</Typography.Title>
      <Space wrap>
        {CYCLE_DAYS.map((day, i) => (
          <Space.Compact key={day}>
            <InputNumber
              aria-label={t('engage.rewards.day', { day })}
              addonBefore={t('engage.rewards.day', { day })}
              min={0}
              max={100_000}
              precision={0}
              value={days[i]}
              onChange={(v) => setRewards(days.map((d, j) => (j === i ? (v ?? 0) : d)))}
              style={{ width: 150 }}
            />
          </Space.Compact>
        ))}
      </Space>
      <Typography.Title level={5}>{t('engage.rewards.tasks')}</Typography.Title>
      <Table<EngageTaskSetting>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={list}
        columns={[
          { title: t('engage.rewards.task'), dataIndex: 'key', render: (k: string) => t(`engage.rewards.taskNames.${k}`) },
          {
            title: t('engage.rewards.points'),
            dataIndex: 'points',
            width: 160,
            render: (v: number, x, i) => (
              <InputNumber
                aria-label={`${t('engage.rewards.points')} ${t(`engage.rewards.taskNames.${x.key}`)}`}
                min={0}
                max={100_000}
                precision={0}
                value={v}
                onChange={(p) => setTasks(list.map((y, j) => (j === i ? { ...y, points: p ?? 0 } : y)))}
              />
            ),
          },
          {
            title: t('engage.rewards.offered'),
            dataIndex: 'enabled',
            width: 110,
            render: (v: boolean, x, i) => (
              <Switch
                size="small"
                aria-label={`${t('engage.rewards.offered')} ${t(`engage.rewards.taskNames.${x.key}`)}`}
                checked={v}
                onChange={(on) => setTasks(list.map((y, j) => (j === i ? { ...y, enabled: on } : y)))}
              />
            ),
          },
          {
            title: t('engage.rewards.order'),
            width: 140,
            render: (_, _x, i) => (
              <Space>
                <Button size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                  {t('engage.rewards.up')}
                </Button>
                <Button size="small" disabled={i === list.length - 1} onClick={() => move(i, 1)}>
                  {t('engage.rewards.down')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Button type="primary" loading={busy} onClick={save} disabled={rewards === null && tasks === null}>
        {t('common.save')}
      </Button>
    </Space>
  );
}

// ── Points-mall goods (owners) ────────────────────────────────────────────────────────────

type MallForm = {
  categoryId: number;
  name: EngageTri;
  subtitle: string;
  image: string;
  points: number;
  price: number | null;
  marketPrice: number | null;
  stock: number;
  perCardLimit: number;
  deliveries: ('express' | 'pickup')[];
  onSale: boolean;
  sort: number;
};

function MallTab() {
  const { t, i18n } = useTranslation();
  const page = usePage('mall', '/mall/goods', undefined);
  const categories = useQuery({
    queryKey: ['admin', 'engage', 'mallCategories', i18n.language],
    queryFn: () => api<AdminMallCategoryList>('GET', '/mall/categories'),
  });
  const [editing, setEditing] = useState<AdminMallGoods | 'new' | null>(null);
  return (
    <>
      <CatalogueTable<AdminMallGoods>
        kind="mall"
        addLabel={t('engage.mall.add')}
        hint={<Typography.Text type="secondary">{t('engage.mall.hint')}</Typography.Text>}
        page={page}
        salePath="/mall/goods/onSale"
        nameOf={(x) => x.label}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
        columns={[
          { title: t('engage.name'), dataIndex: 'label' },
          { title: t('engage.mall.category'), dataIndex: 'categoryName', width: 120 },
          { title: t('engage.mall.points'), dataIndex: 'points', width: 90 },
          { title: t('engage.price'), dataIndex: 'price', width: 90, render: yuan },
          { title: t('engage.stock'), dataIndex: 'stock', width: 80 },
          { title: t('engage.sold'), dataIndex: 'sold', width: 80 },
        ]}
      />
      {editing && (
        <EditDialog<MallForm>
          title={editing === 'new' ? t('engage.mall.add') : `${t('engage.edit')} · ${editing.label}`}
          initial={
            editing === 'new'
              ? { name: EMPTY_TRI, deliveries: ['express'], onSale: true, sort: 0, perCardLimit: 0, subtitle: '' }
              : { ...editing, price: editing.price / 100, marketPrice: editing.marketPrice / 100 }
          }
          fields={['categoryId', 'image', 'points', 'stock', 'deliveries', 'perCardLimit']}
          invalidate="mall"
          onClose={() => setEditing(null)}
          save={(v) =>
            api<AdminMallGoods>('POST', '/mall/goods/save', {
              body: {
                ...(editing === 'new' ? {} : { id: editing.id, expectedStock: editing.stock }),
                categoryId: v.categoryId,
                name: v.name,
                subtitle: v.subtitle ?? '',
                image: v.image,
                points: v.points,
                price: fen(v.price),
                marketPrice: fen(v.marketPrice),
                stock: v.stock,
                perCardLimit: v.perCardLimit ?? 0,
                deliveries: v.deliveries,
                onSale: v.onSale,
                sort: v.sort ?? 0,
              },
            })
          }
        >
          <Form.Item name="categoryId" label={t('engage.mall.category')} rules={[{ required: true, message: t('engage.required') }]}>
            <Select
              aria-label={t('engage.mall.category')}
              options={(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <TriFields name="name" label={t('engage.name')} max={60} />
          <Row gutter={8}>
            <Col span={12}>
              <Form.Item name="subtitle" label={t('engage.mall.subtitle')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="image" label={t('engage.mall.image')} rules={[{ required: true, message: t('engage.required') }]}>
                <Input aria-label={t('engage.mall.image')} maxLength={500} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Whole name="points" label={t('engage.mall.points')} />
            </Col>
            <Col span={8}>
              <Money name="price" label={t('engage.mall.price')} />
            </Col>
            <Col span={8}>
              <Money name="marketPrice" label={t('engage.mall.marketPrice')} />
            </Col>
            <Col span={8}>
              <Whole name="stock" label={t('engage.stock')} />
            </Col>
            <Col span={8}>
              <Whole name="perCardLimit" label={t('engage.perCardLimit')} required={false} />
            </Col>
            <Col span={8}>
              <Form.Item name="deliveries" label={t('engage.mall.deliveries')} rules={[{ required: true, message: t('engage.required') }]}>
                <Checkbox.Group
                  options={[
                    { value: 'express', label: t('engage.mall.express') },
                    { value: 'pickup', label: t('engage.mall.pickup') },
                  ]}
                />
              </Form.Item>
            </Col>
            <SortAndSale />
          </Row>
        </EditDialog>
      )}
      <MallCategories list={categories.data?.list ?? []} />
    </>
  );
}

type CategoryForm = { names: EngageTri; sort: number; enabled: boolean };

/** The mall's categories (its tabs): names in three languages, order, shown or hidden, and how many goods each holds. */
function MallCategories({ list }: { list: AdminMallCategory[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AdminMallCategory | 'new' | null>(null);
  return (
    <Card
      size="small"
      title={t('engage.mall.categories')}
      style={{ marginTop: 24 }}
      extra={<Button onClick={() => setEditing('new')}>{t('engage.mall.addCategory')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('engage.mall.categoriesHint')}</Typography.Paragraph>
      <Table<AdminMallCategory>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list}
        columns={[
          { title: t('engage.name'), dataIndex: 'name' },
          { title: t('engage.mall.goodsCount'), dataIndex: 'goods', width: 100 },
          { title: t('engage.sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('engage.mall.shown'),
            dataIndex: 'enabled',
            width: 100,
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('engage.mall.shownYes') : t('engage.mall.shownNo')}</Tag>,
          },
          {
            title: t('engage.actions'),
            width: 90,
            render: (_: unknown, row) => (
              <Button size="small" onClick={() => setEditing(row)} aria-label={`${t('engage.edit')} ${row.name}`}>
                {t('engage.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && (
        <EditDialog<CategoryForm>
          title={editing === 'new' ? t('engage.mall.addCategory') : `${t('engage.edit')} · ${editing.name}`}
          initial={editing === 'new' ? { names: EMPTY_TRI, sort: 0, enabled: true } : editing}
          fields={['names', 'sort', 'enabled']}
          invalidate="mallCategories"
          onClose={() => setEditing(null)}
          save={async (v) => {
            await api<AdminMallCategoryList>('POST', '/mall/categories/save', {
              body: { ...(editing === 'new' ? {} : { id: editing.id }), names: v.names, sort: v.sort ?? 0, enabled: v.enabled },
            });
            // The goods list names each good's category.
            await queryClient.invalidateQueries({ queryKey: ['admin', 'engage', 'mall'] });
          }}
        >
          <TriFields name="names" label={t('engage.name')} max={20} />
          <Row gutter={8}>
            <SortAndSale flag={{ name: 'enabled', label: t('engage.mall.shown') }} />
          </Row>
        </EditDialog>
      )}
    </Card>
  );
}
