import type { AdminOperator } from '@simshop/contract/admin';
import { RECON_KINDS, type ReconActionReply, type ReconItem, type ReconKind, type ReconPage } from '@simshop/contract/carrier-recon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { StorefrontSelect } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';

const KEY = ['admin', 'carrierRecon'];
const KIND_COLORS: Record<ReconKind, string> = { usage: 'gold', state: 'red', package: 'volcano', realname: 'purple' };
const OPERATORS = ['simulator', 'onelink', 'unicom', 'telecom', 'none'];

/** One side's value of a difference, in the console's language. */
function useValue() {
  const { t } = useTranslation();
  return (item: ReconItem, side: 'ours' | 'theirs') => {
    const v = item[side];
    if (item.kind === 'usage') return t('carrierRecon.value.mb', { mb: v });
    if (item.kind === 'realname') return t(`carrierRecon.realname.${v}`);
    if (v === 'stopped') return t('carrierRecon.value.stopped', { reason: t(`carrierRecon.stop.${item.stopReason ?? 'other'}`) });
    if (v === 'active') return t('carrierRecon.value.active');
    if (v === 'data-off') return t('carrierRecon.value.dataOff');
    if (v === 'unlimited') return t('carrierRecon.value.unlimited');
    return t('carrierRecon.value.left', { mb: v });
  };
}

/**
 * Differences between the cards' operators and us, found by the reconciliation sweep: a closed
 * day's usage, the card's state (with the operator's stop reason), the operator's own allowance,
 * the real-name state. Each open one has its actions: pull the operator's figures again, resume the
 * card at the operator (a card we sell as active that the operator stopped), or mark it as explained.
 */
export function CarrierReconPage() {
  const { t, i18n } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const value = useValue();
  const [storefront, setStorefront] = useState<number | undefined>(undefined);
  const [kind, setKind] = useState<ReconKind | undefined>(undefined);
  const [day, setDay] = useState<string | undefined>(undefined);
  const [resolved, setResolved] = useState(false);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [explaining, setExplaining] = useState<ReconItem | null>(null);
  const promoterId = op.role === 'owner' ? storefront : undefined;
  const query = { promoterId, kind, day, open: resolved ? '0' : '1', page, pageSize: 20 };
  const q = useQuery({
    queryKey: [...KEY, query],
    queryFn: () => api<ReconPage>('GET', '/reconciliation', { query }),
  });
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Shanghai' });

  const act = async (item: ReconItem, action: 'resync' | 'resume') => {
    setBusy(`${action}-${item.id}`);
    try {
      const r = await api<ReconActionReply>('POST', `/reconciliation/${action}`, { body: { id: item.id } });
      if (r.item.resolvedAt !== null) message.success(t('carrierRecon.closed'));
      else if (r.pending) message.info(t('carrierRecon.pending'));
      else message.warning(t('carrierRecon.stillDiffers'));
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('carrierRecon.title')}>
      <Space wrap style={{ marginBottom: 16 }}>
        {op.role === 'owner' ? (
          <StorefrontSelect
            aria-label={t('carrierRecon.storefront')}
            placeholder={t('carrierRecon.allStorefronts')}
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 240 }}
            value={storefront}
            onChange={(v) => {
              setStorefront(v);
              setPage(1);
            }}
          />
        ) : (
          <Typography.Text>{op.promoter?.name}</Typography.Text>
        )}
        <Select<ReconKind>
          aria-label={t('carrierRecon.kindLabel')}
          placeholder={t('carrierRecon.allKinds')}
          allowClear
          style={{ width: 200 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={RECON_KINDS.map((k) => ({ value: k, label: t(`carrierRecon.kind.${k}`) }))}
        />
        <DatePicker
          aria-label={t('carrierRecon.day')}
          placeholder={t('carrierRecon.anyDay')}
          format="YYYY-MM-DD"
          onChange={(_, text) => {
            setDay(typeof text === 'string' && text !== '' ? text : undefined);
            setPage(1);
          }}
        />
        <Space>
          <Switch
            aria-label={t('carrierRecon.showResolved')}
            checked={resolved}
            onChange={(v) => {
              setResolved(v);
              setPage(1);
            }}
          />
          <Typography.Text>{t('carrierRecon.showResolved')}</Typography.Text>
        </Space>
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('carrierRecon.help')} />
      {q.error && <Alert type="error" showIcon message={q.error.message} style={{ marginBottom: 16 }} />}
      <Table<ReconItem>
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: resolved ? t('carrierRecon.none') : t('carrierRecon.noneOpen') }}
        pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('carrierRecon.card'),
            width: 210,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{r.simNo}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.iccid}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {OPERATORS.includes(r.operator) ? t(`carrierRecon.operator.${r.operator}`) : r.operator}
                  {op.role === 'owner' && r.promoterName ? ` · ${r.promoterName}` : ''}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('carrierRecon.day'), dataIndex: 'day', width: 110 },
          {
            title: t('carrierRecon.kindLabel'),
            width: 130,
            render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{t(`carrierRecon.kind.${r.kind}`)}</Tag>,
          },
          { title: t('carrierRecon.ours'), width: 150, render: (_, r) => <span data-testid={`ours-${r.id}`}>{value(r, 'ours')}</span> },
          {
            title: t('carrierRecon.theirs'),
            width: 220,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span data-testid={`theirs-${r.id}`}>{value(r, 'theirs')}</span>
                {r.detail && <Typography.Text type="secondary">{r.detail}</Typography.Text>}
              </Space>
            ),
          },
          {
            title: t('carrierRecon.seen'),
            width: 150,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Text>{time.format(r.detectedAt)}</Typography.Text>
                {r.checkedAt !== r.detectedAt && (
                  <Typography.Text type="secondary">{t('carrierRecon.lastSeen', { time: time.format(r.checkedAt) })}</Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: t('carrierRecon.actions'),
            width: 220,
            render: (_, r) =>
              r.resolvedAt !== null ? (
                <Space direction="vertical" size={0} data-testid={`resolved-${r.id}`}>
                  <Tag color="green">{t(`carrierRecon.resolution.${r.resolution ?? 'agreed'}`)}</Tag>
                  <Typography.Text type="secondary">
                    {time.format(r.resolvedAt)} · {r.resolvedBy === 'job' ? t('carrierRecon.byJob') : r.resolvedBy}
                  </Typography.Text>
                  {r.note && <Typography.Text>{r.note}</Typography.Text>}
                </Space>
              ) : (
                <Space direction="vertical" size={4}>
                  <Button size="small" loading={busy === `resync-${r.id}`} onClick={() => act(r, 'resync')}>
                    {t('carrierRecon.resync')}
                  </Button>
                  {r.canResume && (
                    <Button size="small" type="primary" loading={busy === `resume-${r.id}`} onClick={() => act(r, 'resume')}>
                      {t('carrierRecon.resume')}
                    </Button>
                  )}
                  <Button size="small" onClick={() => setExplaining(r)}>
                    {t('carrierRecon.explain')}
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {explaining && <ExplainDialog item={explaining} onClose={() => setExplaining(null)} />}
    </Card>
  );
}

function ExplainDialog({ item, onClose }: { item: ReconItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<{ note: string }>({
    fields: ['note'],
    invalidate: KEY,
    onClose,
    save: async (v) => {
      await api('POST', '/reconciliation/explain', { body: { id: item.id, note: v.note } });
      return t('carrierRecon.explained');
    },
  });
  return (
    <Modal {...modal} title={t('carrierRecon.explainTitle', { card: item.simNo })} okText={t('carrierRecon.explain')}>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="note" label={t('carrierRecon.note')} rules={[{ required: true, message: t('carrierRecon.noteRequired') }]}>
          <Input.TextArea rows={3} maxLength={300} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
