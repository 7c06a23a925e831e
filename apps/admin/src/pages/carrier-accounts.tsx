import type { AdminOperator } from '@simshop/contract/admin';
import {
  CARRIER_ACCOUNT_KINDS,
  type CarrierAccount,
  type CarrierAccountKind,
  type CarrierTestReply,
} from '@simshop/contract/carrier-accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';

const KEY = ['admin', 'carrierAccounts'];

function useTime() {
  const { i18n } = useTranslation();
  const f = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  return (v: number | null) => (v === null ? '—' : f.format(v));
}

/** A span in minutes, hours or days, in the console's language. */
function useSpan() {
  const { t } = useTranslation();
  return (ms: number | null) => {
    if (ms === null) return '—';
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 1) return t('carrierAccounts.lessThanMinute');
    if (minutes < 60) return t('carrierAccounts.minutes', { count: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return t('carrierAccounts.hours', { count: hours });
    return t('carrierAccounts.days', { count: Math.floor(hours / 24) });
  };
}

/**
 * Operator accounts of a storefront: the operator platform its cards are read and changed at, with
 * the account's credentials (the password or key is never shown: only whether one is set), a
 * connection test, the cards moved onto an account, and each account's sync status.
 */
export function CarrierAccountsPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const time = useTime();
  const span = useSpan();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const promoterId = op.role === 'owner' ? chosen : undefined;
  const q = useQuery({
    queryKey: [...KEY, promoterId],
    queryFn: () => api<{ list: CarrierAccount[] }>('GET', '/carrier-accounts', { query: { promoterId } }),
    refetchInterval: 15_000,
  });
  const [editing, setEditing] = useState<CarrierAccount | 'new' | null>(null);
  const [assigning, setAssigning] = useState<CarrierAccount | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [tested, setTested] = useState<{ account: CarrierAccount; reply: CarrierTestReply } | null>(null);
  const canAdd = op.role !== 'owner' || promoterId !== undefined;

  const test = async (account: CarrierAccount) => {
    setTesting(account.id);
    try {
      setTested({ account, reply: await api<CarrierTestReply>('POST', '/carrier-accounts/test', { body: { id: account.id } }) });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setTesting(null);
    }
  };
  const setEnabled = async (account: CarrierAccount, enabled: boolean) => {
    try {
      await api('POST', '/carrier-accounts/update', { body: { id: account.id, enabled } });
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Card
      title={t('carrierAccounts.title')}
      extra={
        op.role === 'owner' ? (
          <StorefrontSelect
            aria-label={t('carrierAccounts.storefront')}
            placeholder={t('carrierAccounts.allStorefronts')}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 280 }}
            value={chosen}
            onChange={setChosen}
          />
        ) : (
          <Typography.Text>{op.promoter?.name}</Typography.Text>
        )
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" disabled={!canAdd} onClick={() => setEditing('new')}>
          {t('carrierAccounts.add')}
        </Button>
        {!canAdd && <Typography.Text type="secondary">{t('carrierAccounts.pickStorefront')}</Typography.Text>}
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('carrierAccounts.help')} />
      <Table<CarrierAccount>
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          {
            title: t('carrierAccounts.name'),
            width: 180,
            render: (_, a) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{a.name}</Typography.Text>
                <Typography.Text type="secondary">
                  {t(`carrierAccounts.kind.${a.kind}`)}
                  {op.role === 'owner' ? ` · ${a.promoterName}` : ''}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('carrierAccounts.settings'),
            width: 240,
            render: (_, a) => (
              <Space direction="vertical" size={0}>
                {a.baseUrl && <Typography.Text style={{ wordBreak: 'break-all' }}>{a.baseUrl}</Typography.Text>}
                {a.appId && (
                  <Typography.Text type="secondary">
                    {t('carrierAccounts.appId')}: {a.appId}
                  </Typography.Text>
                )}
                <Typography.Text type="secondary">
                  {t('carrierAccounts.secret')}: {a.secretSet ? t('carrierAccounts.secretSet') : t('carrierAccounts.secretNone')}
                </Typography.Text>
                <Typography.Text type="secondary">{t('carrierAccounts.rateValue', { count: a.callsPerSecond })}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('carrierAccounts.cards'),
            width: 130,
            render: (_, a) => (
              <Space direction="vertical" size={0}>
                {a.isDefault && <Tag color="blue">{t('carrierAccounts.default')}</Tag>}
                <Typography.Text>{t('carrierAccounts.movedCards', { count: a.cards })}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('carrierAccounts.sync'),
            width: 250,
            render: (_, a) => (
              <Space direction="vertical" size={0} data-testid={`sync-${a.id}`}>
                <Typography.Text>
                  {t('carrierAccounts.lastSuccess')}: {time(a.sync.lastSuccessAt)}
                </Typography.Text>
                <Typography.Text>
                  {t('carrierAccounts.lag')}: {span(a.sync.lagMs)}
                </Typography.Text>
                <Typography.Text>{t('carrierAccounts.synced', { count: a.sync.cardsSynced })}</Typography.Text>
                {a.sync.cardsInSweep > 0 && (
                  <Typography.Text type="secondary">{t('carrierAccounts.inSweep', { count: a.sync.cardsInSweep })}</Typography.Text>
                )}
                {a.sync.lastError && (
                  <Typography.Text type="danger">
                    {time(a.sync.lastErrorAt)}{' '}
                    {a.sync.lastErrorCode ? t(`carrierAccounts.problem.${a.sync.lastErrorCode}`) : a.sync.lastError}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('carrierAccounts.enabled'),
            width: 70,
            render: (_, a) => (
              <Switch checked={a.enabled} aria-label={`${t('carrierAccounts.enabled')} ${a.name}`} onChange={(v) => setEnabled(a, v)} />
            ),
          },
          {
            title: t('carrierAccounts.actions'),
            render: (_, a) => (
              <Space direction="vertical" size={4}>
                <Button size="small" loading={testing === a.id} onClick={() => test(a)}>
                  {t('carrierAccounts.test')}
                </Button>
                <Button size="small" onClick={() => setEditing(a)}>
                  {t('carrierAccounts.edit')}
                </Button>
                <Button size="small" onClick={() => setAssigning(a)}>
                  {t('carrierAccounts.assign')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && <AccountDialog account={editing === 'new' ? null : editing} promoterId={promoterId} onClose={() => setEditing(null)} />}
      {assigning && <AssignDialog account={assigning} onClose={() => setAssigning(null)} />}
      {tested && (
        <Modal
          open
          title={t('carrierAccounts.testTitle', { name: tested.account.name })}
          onOk={() => setTested(null)}
          onCancel={() => setTested(null)}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          {tested.reply.ok ? (
            <Alert type="success" showIcon message={t('carrierAccounts.testOk', { ms: tested.reply.tookMs })} data-testid="test-result" />
          ) : (
            <Alert
              type="error"
              showIcon
              data-testid="test-result"
              message={tested.reply.problem ? t(`carrierAccounts.problem.${tested.reply.problem}`) : t('carrierAccounts.testFailed')}
              description={tested.reply.detail}
            />
          )}
        </Modal>
      )}
    </Card>
  );
}

interface AccountValues {
  kind: CarrierAccountKind;
  name: string;
  baseUrl: string;
  appId: string;
  secret: string;
  callsPerSecond: number;
  isDefault: boolean;
}

const FIELDS = ['kind', 'name', 'baseUrl', 'appId', 'secret', 'callsPerSecond', 'isDefault'] as const;

function AccountDialog({
  account,
  promoterId,
  onClose,
}: {
  account: CarrierAccount | null;
  promoterId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<AccountValues>({
    fields: FIELDS,
    invalidate: KEY,
    onClose,
    save: async (v) => {
      if (account) {
        await api('POST', '/carrier-accounts/update', {
          body: {
            id: account.id,
            name: v.name,
            baseUrl: v.baseUrl ?? '',
            appId: v.appId ?? '',
            secret: v.secret ?? '',
            callsPerSecond: v.callsPerSecond,
            isDefault: v.isDefault,
          },
        });
      } else {
        await api('POST', '/carrier-accounts', {
          body: { ...v, baseUrl: v.baseUrl ?? '', appId: v.appId ?? '', secret: v.secret ?? '', promoterId },
        });
      }
      return t('carrierAccounts.saved');
    },
  });
  const kind = Form.useWatch('kind', form) ?? account?.kind ?? 'onelink';
  const credentials = kind !== 'simulator';
  return (
    <Modal {...modal} title={account ? t('carrierAccounts.editTitle') : t('carrierAccounts.addTitle')} okText={t('carrierAccounts.save')}>
      <Form<AccountValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          account
            ? { ...account, secret: '' }
            : { kind: 'onelink', name: '', baseUrl: '', appId: '', secret: '', callsPerSecond: 10, isDefault: true }
        }
      >
        <Form.Item name="kind" label={t('carrierAccounts.kindLabel')}>
          <Select
            disabled={account !== null}
            options={CARRIER_ACCOUNT_KINDS.map((k) => ({ value: k, label: t(`carrierAccounts.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('carrierAccounts.name')} rules={[{ required: true, message: t('carrierAccounts.nameRequired') }]}>
          <Input maxLength={60} />
        </Form.Item>
        {credentials && (
          <>
            <Form.Item name="baseUrl" label={t('carrierAccounts.baseUrl')} extra={t('carrierAccounts.baseUrlHint')}>
              <Input placeholder="https://api.iot.10086.cn" />
            </Form.Item>
            <Form.Item name="appId" label={t('carrierAccounts.appId')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="secret"
              label={t('carrierAccounts.secret')}
              extra={account?.secretSet ? t('carrierAccounts.secretReplace') : undefined}
            >
              <Input.Password autoComplete="new-password" placeholder={account?.secretSet ? t('carrierAccounts.secretSet') : ''} />
            </Form.Item>
          </>
        )}
        <Form.Item name="callsPerSecond" label={t('carrierAccounts.rate')} extra={t('carrierAccounts.rateHint')}>
          <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('carrierAccounts.defaultLabel')}
          valuePropName="checked"
          extra={t('carrierAccounts.defaultHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AssignDialog({ account, onClose }: { account: CarrierAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<{ iccids: string }>({
    fields: ['iccids'],
    invalidate: KEY,
    onClose,
    save: async (v) => {
      const iccids = v.iccids
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean);
      const r = await api<{ assigned: number; unknown: string[] }>('POST', '/carrier-accounts/assign', {
        body: { id: account.id, iccids },
      });
      return r.unknown.length > 0
        ? t('carrierAccounts.assignedSome', { count: r.assigned, unknown: r.unknown.join(', ') })
        : t('carrierAccounts.assigned', { count: r.assigned });
    },
  });
  return (
    <Modal {...modal} title={t('carrierAccounts.assignTitle', { name: account.name })} okText={t('carrierAccounts.assign')}>
      <Typography.Paragraph type="secondary">{t('carrierAccounts.assignHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="iccids" label="ICCID" rules={[{ required: true, message: t('carrierAccounts.iccidsRequired') }]}>
          <Input.TextArea rows={5} placeholder="89860…" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
