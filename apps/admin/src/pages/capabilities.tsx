import {
  type Capability,
  type CapabilityRow,
  type CapabilityTable,
  DEVICE_CAPABILITIES,
  OPERATOR_CAPABILITIES,
} from '@simshop/contract/iot-capabilities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';

const tableQuery = { queryKey: ['admin', 'capabilities'], queryFn: () => api<CapabilityTable>('GET', '/capabilities') };

/** One table of rows of a scope: each capability of the scope is a column of switches. */
function ScopeTable({ scope, rows, loading }: { scope: CapabilityRow['scope']; rows: CapabilityRow[]; loading: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState('');
  const caps: readonly Capability[] = scope === 'model' ? DEVICE_CAPABILITIES : OPERATOR_CAPABILITIES;
  const change = async (row: CapabilityRow, capability: Capability, enabled: boolean) => {
    const key = `${row.subject}|${capability}`;
    setBusy(key);
    try {
      await api('POST', '/capabilities', { body: { scope, subject: row.subject, capability, enabled } });
      message.success(
        t(enabled ? 'capabilities.turnedOn' : 'capabilities.turnedOff', { what: t(`capabilities.cap.${capability}`), who: row.label }),
      );
      await queryClient.invalidateQueries({ queryKey: tableQuery.queryKey });
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy('');
    }
  };
  return (
    <Table<CapabilityRow>
      rowKey="subject"
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: t(scope === 'model' ? 'capabilities.noModels' : 'capabilities.noOperators') }}
      columns={[
        { title: t(scope === 'model' ? 'capabilities.model' : 'capabilities.operator'), dataIndex: 'label' },
        { title: t(scope === 'model' ? 'capabilities.devices' : 'capabilities.cards'), dataIndex: 'cards', width: 110, align: 'right' },
        ...caps.map((c) => ({
          title: t(`capabilities.cap.${c}`),
          key: c,
          width: 130,
          render: (_: unknown, row: CapabilityRow) => (
            <Switch
              aria-label={`${row.label} · ${t(`capabilities.cap.${c}`)}`}
              checked={row.capabilities[c] ?? true}
              loading={busy === `${row.subject}|${c}`}
              onChange={(on) => void change(row, c, on)}
            />
          ),
        })),
      ]}
    />
  );
}

/**
 * The capability table (owners): which device models and operators offer what. A card's app shows
 * only the menus and pages of what its device's model and its operator offer, and the server refuses
 * the rest, so nothing offered fails when tapped.
 */
export function CapabilitiesPage() {
  const { t } = useTranslation();
  const q = useQuery(tableQuery);
  const list = q.data?.list ?? [];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card title={t('capabilities.models')} extra={<Tag>{t('capabilities.onUnlessOff')}</Tag>}>
        <Typography.Paragraph type="secondary">{t('capabilities.modelsHint')}</Typography.Paragraph>
        <ScopeTable scope="model" rows={list.filter((r) => r.scope === 'model')} loading={q.isLoading} />
      </Card>
      <Card title={t('capabilities.operators')}>
        <Typography.Paragraph type="secondary">{t('capabilities.operatorsHint')}</Typography.Paragraph>
        <ScopeTable scope="operator" rows={list.filter((r) => r.scope === 'operator')} loading={q.isLoading} />
      </Card>
    </Space>
  );
}
