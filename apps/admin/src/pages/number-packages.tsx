import type { AdminNumberPackage, AdminNumberPackages, SaveNumberPackageBody } from '@simshop/contract/admin-number-packages';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, InputNumber, Modal, Row, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TriFields } from '../components/tri-fields.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { yuan } from '../lib/money.ts';

const KEY = ['admin', 'numberPackages'];
const OPERATORS = ['1', '2', '3', '4'] as const;
const EMPTY = { 'zh-Hans': '', en: '', 'zh-Hant': '' };

type Values = Omit<SaveNumberPackageBody, 'monthlyFee' | 'dataMb'> & { monthlyFeeYuan: number; dataGb: number };

/** Adds a plan or changes one (its operator stays). */
function PlanDialog({ plan, onClose }: { plan: AdminNumberPackage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<Values>({
    fields: ['operator', 'monthlyFee', 'dataMb', 'voiceMinutes', 'sort'],
    invalidate: KEY,
    onClose,
    save: async ({ monthlyFeeYuan, dataGb, ...v }) => {
      await api('POST', '/numberPackages/save', {
        body: { ...v, id: plan?.id, monthlyFee: Math.round(monthlyFeeYuan * 100), dataMb: Math.round(dataGb * 1024) },
      });
      return t('numberPlans.saved');
    },
  });
  const initial: Values = plan
    ? {
        operator: plan.operator as Values['operator'],
        name: plan.name,
        description: plan.description,
        monthlyFeeYuan: plan.monthlyFee / 100,
        dataGb: plan.dataMb / 1024,
        voiceMinutes: plan.voiceMinutes,
        sort: plan.sort,
        enabled: plan.enabled,
      }
    : { operator: '4', name: EMPTY, description: EMPTY, monthlyFeeYuan: 19, dataGb: 30, voiceMinutes: 100, sort: 0, enabled: true };
  const required = t('numberPlans.required');
  return (
    <Modal
      {...modal}
      width={760}
      title={plan ? t('numberPlans.edit') : t('numberPlans.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initial}>
        <Row gutter={8}>
          <Col span={8}>
            <Form.Item name="operator" label={t('numberPlans.operator')}>
              <Select disabled={plan !== null} options={OPERATORS.map((o) => ({ value: o, label: t(`operator.${o}`) }))} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="monthlyFeeYuan" label={t('numberPlans.monthlyFee')} rules={[{ required: true, message: required }]}>
              <InputNumber min={0} max={100_000} precision={2} prefix="¥" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="sort" label={t('numberPlans.sort')}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <TriFields name="name" label={t('numberPlans.name')} max={60} required={required} tooLong={t('numberPlans.tooLong')} />
        <TriFields
          name="description"
          label={t('numberPlans.description')}
          max={300}
          area
          required={required}
          tooLong={t('numberPlans.tooLong')}
        />
        <Row gutter={8}>
          <Col span={8}>
            <Form.Item name="dataGb" label={t('numberPlans.dataGb')} rules={[{ required: true, message: required }]}>
              <InputNumber min={0} max={10_000} precision={0} suffix="GB" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="voiceMinutes" label={t('numberPlans.voiceMinutes')} rules={[{ required: true, message: required }]}>
              <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="enabled" label={t('numberPlans.offered')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Number plans (owners): the monthly plans a vanity number or a new-number application comes with. */
export function NumberPackagesPage() {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<AdminNumberPackage | null | 'new'>(null);
  const q = useQuery({ queryKey: KEY, queryFn: () => api<AdminNumberPackages>('GET', '/numberPackages') });
  const lang = i18n.language as 'en' | 'zh-Hans' | 'zh-Hant';
  return (
    <Card
      title={t('numberPlans.menu')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('numberPlans.add')}
        </Button>
      }
    >
      <Table<AdminNumberPackage>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: t('numberPlans.operator'), dataIndex: 'operatorName', width: 120 },
          { title: t('numberPlans.name'), render: (_, p) => p.name[lang] || p.name['zh-Hans'] },
          { title: t('numberPlans.monthlyFee'), render: (_, p) => yuan(p.monthlyFee), width: 120, align: 'right' },
          {
            title: t('numberPlans.allowance'),
            render: (_, p) => t('numberPlans.allowanceValue', { gb: Math.round(p.dataMb / 1024), minutes: p.voiceMinutes }),
          },
          {
            title: t('numberPlans.offered'),
            width: 110,
            render: (_, p) => (p.enabled ? <Tag color="green">{t('numberPlans.on')}</Tag> : <Tag>{t('numberPlans.off')}</Tag>),
          },
          {
            title: t('numberPlans.actions'),
            width: 100,
            render: (_, p) => (
              <Button size="small" onClick={() => setEditing(p)}>
                {t('numberPlans.editShort')}
              </Button>
            ),
          },
        ]}
      />
      {editing !== null ? <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
