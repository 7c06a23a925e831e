import type { AdminDownstream, AdminOperator, AdminPromoter } from '@simshop/contract/admin';
import type { LowerAgent } from '@simshop/contract/agents';
import { PATTERN_TAGS } from '@simshop/contract/numbers';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { promotersQuery } from '../components/storefront-select.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';

type PriceForm = { rules: { pattern: string; markupYuan: number }[]; goodsMarkupPercent: number };

/** Custom prices for direct downstream agents (spec §6): an agent its own; an owner picks the agent. */
export function AgentsPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const promoters = useQuery(promotersQuery);
  const parents = new Set((promoters.data?.list ?? []).map((p) => p.parentId));
  const agentsWithLowers = (promoters.data?.list ?? []).filter((p: AdminPromoter) => parents.has(p.id));
  const [agentId, setAgentId] = useState<number | undefined>(undefined);
  const chosen = op.role === 'owner' ? agentId : op.promoter?.id;
  const q = useQuery({
    queryKey: ['admin', 'downstream', chosen],
    queryFn: () => api<AdminDownstream>('GET', '/agents/downstream', { query: { agentId: op.role === 'owner' ? chosen : undefined } }),
    enabled: chosen !== undefined,
  });
  const [editing, setEditing] = useState<LowerAgent | null>(null);
  const describe = (l: LowerAgent) =>
    [
      ...l.customPrice.numberRules.map((r) => `${r.pattern === '' ? t('agents.allNumbers') : r.pattern} +${yuan(r.markup)}`),
      `${t('agents.goods')} +${l.customPrice.goodsMarkupPercent}%`,
    ].join('，');
  return (
    <Card
      title={t('menu.agents')}
      extra={
        op.role === 'owner' ? (
          <Select
            aria-label={t('agents.agent')}
            placeholder={t('agents.agent')}
            style={{ width: 240 }}
            value={agentId}
            onChange={setAgentId}
            options={agentsWithLowers.map((p) => ({ value: p.id, label: `${p.promoCode} · ${p.name}` }))}
          />
        ) : (
          <Typography.Text>{op.promoter?.name}</Typography.Text>
        )
      }
    >
      <Table<LowerAgent>
        rowKey="promoCode"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('storefronts.promoCode'), dataIndex: 'promoCode' },
          { title: t('storefronts.name'), dataIndex: 'name' },
          { title: t('agents.monthSales'), render: (_, l) => `${l.sales.monthOrders} · ${yuan(l.sales.monthAmount)}` },
          { title: t('agents.price'), render: (_, l) => describe(l) },
          {
            title: t('orders.actions'),
            render: (_, l) => (
              <Button size="small" onClick={() => setEditing(l)} aria-label={`${t('agents.edit')} ${l.promoCode}`}>
                {t('agents.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && <PriceDialog lower={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function PriceDialog({ lower, onClose }: { lower: LowerAgent; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<PriceForm>({
    fields: ['goodsMarkupPercent'],
    invalidate: ['admin', 'downstream'],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/agents/price', {
        body: {
          lowerPromoCode: lower.promoCode,
          numberRules: (v.rules ?? []).map((r) => ({ pattern: r.pattern, markup: Math.round(r.markupYuan * 100) })),
          goodsMarkupPercent: v.goodsMarkupPercent,
        },
      });
      return t('agents.saved');
    },
  });
  const patternOptions = [{ value: '', label: t('agents.allNumbers') }, ...PATTERN_TAGS.map((p) => ({ value: p, label: p }))];
  return (
    <Modal {...modal} title={`${t('agents.edit')} · ${lower.promoCode}`}>
      <Form<PriceForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          rules: lower.customPrice.numberRules.map((r) => ({ pattern: r.pattern, markupYuan: r.markup / 100 })),
          goodsMarkupPercent: lower.customPrice.goodsMarkupPercent,
        }}
      >
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'pattern']} label={t('agents.pattern')} rules={[{ type: 'string' }]}>
                    <Select style={{ width: 150 }} options={patternOptions} />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'markupYuan']}
                    label={t('agents.markup')}
                    rules={[{ required: true, type: 'number', min: 0, max: 100000, message: t('agents.markupRange') }]}
                  >
                    {/* No min/max on the input: it would turn -5 into 0 silently; the rule refuses it with a message. */}
                    <InputNumber precision={2} addonBefore="+¥" />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>{t('agents.removeRule')}</Button>
                </Space>
              ))}
              <Button onClick={() => add({ pattern: '', markupYuan: 0 })}>{t('agents.addRule')}</Button>
            </>
          )}
        </Form.List>
        <Form.Item
          name="goodsMarkupPercent"
          label={t('agents.goodsMarkup')}
          rules={[{ required: true, type: 'number', min: 0, max: 300, message: t('agents.goodsMarkupRange') }]}
          style={{ marginTop: 16 }}
        >
          <InputNumber precision={0} addonAfter="%" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
