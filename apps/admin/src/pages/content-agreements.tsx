import type { AdminOperator } from '@simshop/contract/admin';
import type { AdminAgreement, TriText } from '@simshop/contract/admin-content';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Modal, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { inLanguage, LANGS, TriInput, useStorefront } from './content-shared.tsx';

type AgreementForm = { title: TriText; content: TriText };

/** A storefront's agreements (the app's and the shop's), edited in three languages with a preview of what the app shows. */
export function AgreementsTab({ op }: { op: AdminOperator }) {
  const { t, i18n } = useTranslation();
  const { promoterId, picker } = useStorefront(op);
  const q = useQuery({
    queryKey: ['admin', 'agreements', promoterId],
    queryFn: () => api<{ list: AdminAgreement[] }>('GET', '/agreements', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const [editing, setEditing] = useState<AdminAgreement | null>(null);
  return (
    <>
      <div style={{ marginBottom: 12 }}>{picker}</div>
      <Table<AdminAgreement>
        rowKey="type"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('content.agreementType'), render: (_, a) => t(`content.agreementTypes.${a.type}`) },
          { title: t('content.title'), render: (_, a) => inLanguage(a.title, i18n.language) || '—' },
          {
            title: t('content.source'),
            render: (_, a) => <Tag color={a.source === 'own' ? 'green' : undefined}>{t(`content.sources.${a.source}`)}</Tag>,
          },
          { title: t('content.version'), render: (_, a) => (a.source === 'own' ? a.version : '—') },
          {
            title: t('content.updatedAt'),
            render: (_, a) => (a.updatedAt > 0 ? new Date(a.updatedAt).toLocaleString(i18n.language) : '—'),
          },
          {
            title: t('content.actions'),
            render: (_, a) => (
              <Button
                size="small"
                onClick={() => setEditing(a)}
                aria-label={`${t('content.edit')} ${t(`content.agreementTypes.${a.type}`)}`}
              >
                {t('content.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && promoterId !== undefined ? (
        <AgreementDialog promoterId={promoterId} agreement={editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function AgreementDialog({ promoterId, agreement, onClose }: { promoterId: number; agreement: AdminAgreement; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { form, submit, modal } = useFormSave<AgreementForm>({
    fields: [],
    invalidate: ['admin', 'agreements', promoterId],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/agreements/save', { body: { promoterId, type: agreement.type, title: v.title, content: v.content } });
      return t('content.saved');
    },
  });
  const [preview, setPreview] = useState<TriText | null>(null);
  const typeName = t(`content.agreementTypes.${agreement.type}`);
  const showPreview = async () => {
    try {
      const content = form.getFieldValue('content') as TriText;
      setPreview((await api<{ content: TriText }>('POST', '/agreements/preview', { body: { content } })).content);
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <Modal
      {...modal}
      width={980}
      title={t('content.editAgreement', { type: typeName })}
      okText={t('content.save')}
      cancelText={t('content.cancel')}
    >
      <Form<AgreementForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ title: agreement.title, content: agreement.content }}
      >
        <TriInput name="title" label={t('content.title')} max={100} required requireEnglish />
        <TriInput name="content" label={t('content.content')} max={50_000} area required requireEnglish />
      </Form>
      <Button onClick={() => void showPreview()}>{t('content.preview')}</Button>
      {preview ? (
        <Card size="small" title={t('content.previewTitle')} style={{ marginTop: 12 }} data-testid="agreement-preview">
          <Alert type="info" showIcon message={t('content.previewHint')} style={{ marginBottom: 8 }} />
          <Tabs
            items={LANGS.map((l) => ({
              key: l,
              label: t(`language.${l}`),
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (lib/rich-text.ts), as the app shows it
              children: <div className="agreement-preview" dangerouslySetInnerHTML={{ __html: preview[l] }} />,
            }))}
          />
        </Card>
      ) : null}
    </Modal>
  );
}
