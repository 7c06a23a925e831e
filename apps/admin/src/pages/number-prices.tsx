import type { PriceRuleInput, PriceRulePreview, PriceRuleResult } from '@simshop/contract/admin-promoters';
import { PATTERN_TAGS } from '@simshop/contract/numbers';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { yuan } from '../lib/money.ts';

interface FormValues {
  tag: string;
  operator: string;
  province: string;
  city: string;
  prefix: string;
  suffix: string;
  mode: 'set' | 'add' | 'percent';
  /** Yuan for set and add, percent for percent. */
  amount: number;
}

const FIELDS = ['tag', 'operator', 'province', 'city', 'prefix', 'suffix', 'mode', 'value'] as const;

function ruleOf(v: FormValues): PriceRuleInput {
  return {
    tag: (v.tag ?? '') as PriceRuleInput['tag'],
    operator: (v.operator ?? '') as PriceRuleInput['operator'],
    province: v.province ?? '',
    city: v.city ?? '',
    prefix: v.prefix ?? '',
    suffix: v.suffix ?? '',
    mode: v.mode,
    value: v.mode === 'percent' ? Math.round(v.amount) : Math.round(v.amount * 100),
  };
}

/** Bulk number prices (owners): filter the numbers on sale, preview the change, then apply it in one go. */
export function NumberPricesPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [preview, setPreview] = useState<{ rule: PriceRuleInput; result: PriceRulePreview } | null>(null);
  const [applied, setApplied] = useState<PriceRuleResult | null>(null);
  const [busy, setBusy] = useState(false);
  const mode = Form.useWatch('mode', form) ?? 'set';
  const run = async (v: FormValues) => {
    setBusy(true);
    setApplied(null);
    const rule = ruleOf(v);
    try {
      setPreview({ rule, result: await api<PriceRulePreview>('POST', '/numbers/priceRule/preview', { body: rule }) });
    } catch (error) {
      setPreview(null);
      showRefusal(form, error, FIELDS, (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  const apply = () => {
    if (!preview) return;
    modal.confirm({
      title: t('priceRules.confirmTitle', { count: preview.result.matched }),
      okText: t('priceRules.apply'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await api<PriceRuleResult>('POST', '/numbers/priceRule/apply', { body: preview.rule });
          setApplied(result);
          setPreview(null);
          message.success(t('priceRules.applied', { count: result.updated }));
          await queryClient.invalidateQueries({ queryKey: ['admin', 'numbers'] });
        } catch (error) {
          message.error((error as Error).message);
        }
      },
    });
  };
  return (
    <Card title={t('priceRules.menu')}>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('priceRules.hint')} />
      <Form<FormValues>
        form={form}
        layout="inline"
        initialValues={{ tag: '', operator: '', province: '', city: '', prefix: '', suffix: '', mode: 'set', amount: 0 }}
        onFinish={run}
        onValuesChange={() => setPreview(null)}
        style={{ rowGap: 12 }}
      >
        <Form.Item name="tag" label={t('priceRules.tag')}>
          <Select
            style={{ width: 130 }}
            options={[{ value: '', label: t('priceRules.any') }, ...PATTERN_TAGS.map((x) => ({ value: x, label: x }))]}
          />
        </Form.Item>
        <Form.Item name="operator" label={t('priceRules.operator')}>
          <Select
            style={{ width: 130 }}
            options={[
              { value: '', label: t('priceRules.any') },
              ...['1', '2', '3', '4'].map((o) => ({ value: o, label: t(`operator.${o}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="province"
          label={t('priceRules.province')}
          rules={[{ pattern: /^(\d{6})?$/, message: t('priceRules.divisionRule') }]}
        >
          <Input style={{ width: 100 }} placeholder="440000" maxLength={6} />
        </Form.Item>
        <Form.Item name="city" label={t('priceRules.city')} rules={[{ pattern: /^(\d{6})?$/, message: t('priceRules.divisionRule') }]}>
          <Input style={{ width: 100 }} placeholder="440300" maxLength={6} />
        </Form.Item>
        <Form.Item name="prefix" label={t('priceRules.prefix')} rules={[{ pattern: /^(1\d{0,9})?$/, message: t('priceRules.prefixRule') }]}>
          <Input style={{ width: 130 }} maxLength={10} />
        </Form.Item>
        <Form.Item name="suffix" label={t('priceRules.suffix')} rules={[{ pattern: /^\d{0,10}$/, message: t('priceRules.digitsRule') }]}>
          <Input style={{ width: 100 }} maxLength={10} />
        </Form.Item>
        <Form.Item name="mode" label={t('priceRules.mode')}>
          <Select
            style={{ width: 150 }}
            options={(['set', 'add', 'percent'] as const).map((m) => ({ value: m, label: t(`priceRules.modes.${m}`) }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={mode === 'percent' ? t('priceRules.percent') : t('priceRules.yuan')} rules={[{ required: true }]}>
          <InputNumber style={{ width: 140 }} precision={mode === 'percent' ? 0 : 2} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={busy}>
            {t('priceRules.preview')}
          </Button>
        </Form.Item>
      </Form>
      {preview && (
        <Space direction="vertical" size="middle" style={{ width: '100%', marginTop: 24 }}>
          <Space size="large" data-testid="price-preview">
            <Statistic title={t('priceRules.matched')} value={preview.result.matched} />
            <Statistic title={t('priceRules.totalBefore')} value={yuan(preview.result.totalBefore)} />
            <Statistic title={t('priceRules.totalAfter')} value={yuan(preview.result.totalAfter)} />
          </Space>
          <Table
            rowKey="number"
            size="small"
            pagination={false}
            dataSource={preview.result.sample}
            columns={[
              { title: t('numbers.number'), dataIndex: 'number' },
              { title: t('numbers.operator'), dataIndex: 'operator', render: (o: string) => t(`operator.${o}`, { defaultValue: o }) },
              { title: t('priceRules.city'), dataIndex: 'city' },
              { title: t('numbers.tags'), dataIndex: 'tags', render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>) },
              { title: t('priceRules.before'), dataIndex: 'price', render: yuan },
              { title: t('priceRules.after'), dataIndex: 'newPrice', render: yuan },
            ]}
          />
          <Button type="primary" danger disabled={preview.result.matched === 0} onClick={apply}>
            {t('priceRules.applyCount', { count: preview.result.matched })}
          </Button>
        </Space>
      )}
      {applied && (
        <Alert
          data-testid="price-applied"
          style={{ marginTop: 24 }}
          type="success"
          showIcon
          message={t('priceRules.result', { matched: applied.matched, updated: applied.updated })}
        />
      )}
    </Card>
  );
}
