import type { AdminOperator } from '@simshop/contract/admin';
import type { AdminNameTexts } from '@simshop/contract/admin-content';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { traditionalOf, useStorefront } from './content-shared.tsx';

type NameForm = { en: string; 'zh-Hant': string };

/** The English and Traditional Chinese of a storefront's goods, spec and IoT package names. */
export function NamesTab({ op }: { op: AdminOperator }) {
  const { t } = useTranslation();
  const { promoterId, picker } = useStorefront(op);
  const q = useQuery({
    queryKey: ['admin', 'translations', promoterId],
    queryFn: () => api<{ list: AdminNameTexts[] }>('GET', '/translations', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const [editing, setEditing] = useState<AdminNameTexts | null>(null);
  const own = (yes: boolean) => (yes ? <Tag color="green">{t('content.own')}</Tag> : null);
  return (
    <>
      <div style={{ marginBottom: 12 }}>{picker}</div>
      <Alert type="info" showIcon message={t('content.namesHint')} style={{ marginBottom: 12 }} />
      <Table<AdminNameTexts>
        rowKey={(n) => `${n.kind}:${n.id}`}
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('content.noNames') }}
        columns={[
          {
            title: t('content.kind'),
            width: 120,
            render: (_, n) => <span style={{ paddingLeft: n.kind === 'sku' ? 16 : 0 }}>{t(`content.kinds.${n.kind}`)}</span>,
          },
          { title: t('content.stored'), render: (_, n) => n.name['zh-Hans'] },
          {
            title: t('content.english'),
            render: (_, n) => (
              <>
                {n.name.en} {own(n.own.en)}
              </>
            ),
          },
          {
            title: t('content.traditional'),
            render: (_, n) => (
              <>
                {n.name['zh-Hant']} {own(n.own['zh-Hant'])}
              </>
            ),
          },
          {
            title: t('content.actions'),
            width: 100,
            render: (_, n) => (
              <Button size="small" onClick={() => setEditing(n)} aria-label={`${t('content.edit')} ${n.name['zh-Hans']}`}>
                {t('content.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && promoterId !== undefined ? <NameDialog promoterId={promoterId} row={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function NameDialog({ promoterId, row, onClose }: { promoterId: number; row: AdminNameTexts; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<NameForm>({
    fields: ['en', 'zh-Hant'],
    invalidate: ['admin', 'translations', promoterId],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/translations/save', { body: { promoterId, kind: row.kind, id: row.id, goodsId: row.goodsId, ...v } });
      return t('content.saved');
    },
  });
  const fill = async () => {
    const [hant] = await traditionalOf([row.name['zh-Hans']]);
    form.setFieldValue('zh-Hant', hant ?? '');
  };
  return (
    <Modal
      {...modal}
      title={`${t('content.editName')} · ${row.name['zh-Hans']}`}
      okText={t('content.save')}
      cancelText={t('content.cancel')}
    >
      <Form<NameForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ en: row.own.en ? row.name.en : '', 'zh-Hant': row.own['zh-Hant'] ? row.name['zh-Hant'] : '' }}
      >
        <Form.Item label={t('content.stored')}>
          <Input value={row.name['zh-Hans']} disabled />
        </Form.Item>
        <Form.Item name="en" label={t('content.english')} rules={[{ max: 100, message: t('layouts.tooLongN', { max: 100 }) }]}>
          <Input placeholder={row.name['zh-Hans']} />
        </Form.Item>
        <Form.Item name="zh-Hant" label={t('content.traditional')} rules={[{ max: 100, message: t('layouts.tooLongN', { max: 100 }) }]}>
          <Input placeholder={row.name['zh-Hant']} />
        </Form.Item>
        <Button onClick={() => void fill()}>{t('content.fillTraditional')}</Button>
      </Form>
    </Modal>
  );
}
