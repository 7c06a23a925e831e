import type { OperatorRole } from '@simshop/contract/admin';
import { OPERATOR_ROLES } from '@simshop/contract/admin';
import type { CreatedOperator, OperatorRow } from '@simshop/contract/admin-promoters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Form, Input, Modal, QRCode, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promotersQuery } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';

interface FormValues {
  mobile: string;
  name: string;
  role: OperatorRole;
  promoterId: number | null;
}

/** What the server answered once: a password, a TOTP secret, or both. */
interface Secrets {
  mobile: string;
  password?: string;
  totpSecret?: string;
  otpauthUrl?: string;
}

/** Operator accounts (owners): create, edit, disable or enable, reset the password or TOTP, end sessions. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['admin', 'operators'], queryFn: () => api<{ list: OperatorRow[] }>('GET', '/operators') });
  const [editing, setEditing] = useState<OperatorRow | 'new' | null>(null);
  const [secrets, setSecrets] = useState<Secrets | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'operators'] });
  const act = (o: OperatorRow, title: string, run: () => Promise<void>) =>
    modal.confirm({
      title,
      content: `${o.name} · ${o.mobile}`,
      okText: t('operators.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await run();
          await refresh();
        } catch (error) {
          message.error((error as Error).message);
        }
      },
    });
  return (
    <Card
      title={t('operators.menu')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('operators.create')}
        </Button>
      }
    >
      <Table<OperatorRow>
        rowKey="id"
        loading={q.isLoading}
        dataSource={q.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('operators.mobile'), dataIndex: 'mobile' },
          { title: t('operators.name'), dataIndex: 'name' },
          { title: t('operators.role'), render: (_, o) => t(`role.${o.role}`) },
          { title: t('operators.storefront'), render: (_, o) => (o.promoter ? `${o.promoter.name} · ${o.promoter.promoCode}` : '—') },
          {
            title: t('operators.state'),
            render: (_, o) =>
              o.disabled ? <Tag color="red">{t('operators.disabled')}</Tag> : <Tag color="green">{t('operators.active')}</Tag>,
          },
          {
            title: t('operators.actions'),
            render: (_, o) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => setEditing(o)}>
                  {t('operators.edit')}
                </Button>
                <Button
                  size="small"
                  danger={!o.disabled}
                  onClick={() =>
                    act(o, o.disabled ? t('operators.enable') : t('operators.disable'), async () => {
                      await api('POST', '/operators/setDisabled', { body: { operatorId: o.id, disabled: !o.disabled } });
                    })
                  }
                >
                  {o.disabled ? t('operators.enable') : t('operators.disable')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act(o, t('operators.resetPassword'), async () => {
                      const r = await api<{ password: string }>('POST', '/operators/resetPassword', { body: { operatorId: o.id } });
                      setSecrets({ mobile: o.mobile, password: r.password });
                    })
                  }
                >
                  {t('operators.resetPassword')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act(o, t('operators.resetTotp'), async () => {
                      const r = await api<{ totpSecret: string; otpauthUrl: string }>('POST', '/operators/resetTotp', {
                        body: { operatorId: o.id },
                      });
                      setSecrets({ mobile: o.mobile, ...r });
                    })
                  }
                >
                  {t('operators.resetTotp')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    act(o, t('operators.revokeSessions'), async () => {
                      const r = await api<{ revoked: number }>('POST', '/operators/revokeSessions', { body: { operatorId: o.id } });
                      message.success(t('operators.revoked', { count: r.revoked }));
                    })
                  }
                >
                  {t('operators.revokeSessions')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <OperatorForm
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async (made) => {
            setEditing(null);
            if (made) setSecrets({ mobile: made.operator.mobile, ...made });
            await refresh();
          }}
        />
      )}
      {secrets && (
        <Modal
          open
          title={t('operators.secretsTitle')}
          onCancel={() => setSecrets(null)}
          footer={<Button onClick={() => setSecrets(null)}>{t('operators.secretsDone')}</Button>}
        >
          <Typography.Paragraph type="warning">{t('operators.secretsHint')}</Typography.Paragraph>
          <Descriptions bordered size="small" column={1} data-testid="operator-secrets">
            <Descriptions.Item label={t('operators.mobile')}>{secrets.mobile}</Descriptions.Item>
            {secrets.password && (
              <Descriptions.Item label={t('operators.password')}>
                <Typography.Text code copyable data-testid="secret-password">
                  {secrets.password}
                </Typography.Text>
              </Descriptions.Item>
            )}
            {secrets.totpSecret && (
              <Descriptions.Item label={t('operators.totpSecret')}>
                <Typography.Text code copyable data-testid="secret-totp">
                  {secrets.totpSecret}
                </Typography.Text>
              </Descriptions.Item>
            )}
            {secrets.otpauthUrl && (
              <Descriptions.Item label={t('operators.otpauthUrl')}>
                <Space direction="vertical">
                  <QRCode value={secrets.otpauthUrl} size={160} aria-label={t('operators.scan')} />
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                    {secrets.otpauthUrl}
                  </Typography.Text>
                </Space>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Modal>
      )}
    </Card>
  );
}

function OperatorForm(props: { editing: OperatorRow | null; onClose: () => void; onSaved: (made: CreatedOperator | null) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const promoters = useQuery(promotersQuery);
  const role = Form.useWatch('role', form);
  const e = props.editing;
  const initial: Partial<FormValues> = e
    ? { mobile: e.mobile, name: e.name, role: e.role, promoterId: e.promoter?.id ?? null }
    : { role: 'agent', promoterId: null };
  const submit = async (v: FormValues) => {
    setSaving(true);
    const promoterId = v.role === 'owner' ? null : (v.promoterId ?? null);
    try {
      if (e) {
        await api('POST', '/operators/update', { body: { operatorId: e.id, name: v.name, role: v.role, promoterId } });
        message.success(t('operators.saved'));
        props.onSaved(null);
      } else {
        props.onSaved(
          await api<CreatedOperator>('POST', '/operators/create', { body: { mobile: v.mobile, name: v.name, role: v.role, promoterId } }),
        );
      }
    } catch (error) {
      showRefusal(form, error, ['mobile', 'name', 'role', 'promoterId'], (m) => message.error(m));
    } finally {
      setSaving(false);
    }
  };
  const required = [{ required: true, message: t('operators.required') }];
  return (
    <Modal
      open
      title={e ? t('operators.editTitle', { mobile: e.mobile }) : t('operators.create')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={props.onClose}
      onOk={() => form.submit()}
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        <Form.Item
          name="mobile"
          label={t('operators.mobile')}
          rules={[...required, { pattern: /^1\d{10}$/, message: t('operators.mobileRule') }]}
        >
          <Input disabled={e !== null} maxLength={11} />
        </Form.Item>
        <Form.Item name="name" label={t('operators.name')} rules={required}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="role" label={t('operators.role')} rules={required}>
          <Select options={OPERATOR_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} />
        </Form.Item>
        {role !== 'owner' && (
          <Form.Item name="promoterId" label={t('operators.storefront')} rules={required}>
            <Select
              showSearch
              optionFilterProp="label"
              options={(promoters.data?.list ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${p.promoCode}` }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
