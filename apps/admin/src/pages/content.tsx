import type { AdminOperator } from '@simshop/contract/admin';
import type { AdminNotice, AdminQuestion, Tri } from '@simshop/contract/admin-layouts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { TriFields as SharedTriFields } from '../components/tri-fields.tsx';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { AgreementsTab } from './content-agreements.tsx';
import { FrontTab } from './content-front.tsx';
import { NamesTab } from './content-names.tsx';
import { PagesTab } from './content-pages.tsx';
import { useStorefront } from './content-shared.tsx';

/** The text of a Tri in the console's language. */
const inLanguage = (tri: Tri, lng: string) => tri[lng as keyof Tri] || tri['zh-Hans'];

/** epoch ms ↔ the value of a datetime-local input (the operator's time zone). */
const toLocalInput = (ms: number | null) => {
  if (ms === null) return '';
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocalInput = (value: string | undefined) => (value ? new Date(value).getTime() : null);

/** A text in the three languages, with this page's messages. */
function TriFields({ name, label, area = false, max }: { name: string; label: string; area?: boolean; max: number }) {
  const { t } = useTranslation();
  return (
    <SharedTriFields
      name={name}
      label={label}
      max={max}
      area={area}
      required={t('layouts.required')}
      tooLong={t('layouts.tooLongN', { max })}
    />
  );
}

/**
 * A storefront's content in three languages: SIM dashboard notices, agreements, single pages, front
 * settings and name translations; and the help centre's questions (owners).
 */
export function ContentPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const items = [
    { key: 'notices', label: t('layouts.notices'), children: <NoticesTab op={op} /> },
    { key: 'agreements', label: t('content.tabAgreements'), children: <AgreementsTab op={op} /> },
    { key: 'pages', label: t('content.tabPages'), children: <PagesTab op={op} /> },
    { key: 'front', label: t('content.tabFront'), children: <FrontTab op={op} /> },
    { key: 'names', label: t('content.tabNames'), children: <NamesTab op={op} /> },
  ];
  if (op.role === 'owner') items.push({ key: 'faq', label: t('layouts.faq'), children: <QuestionsTab /> });
  return (
    <Card title={t('layouts.contentMenu')} styles={{ body: { paddingTop: 0 } }}>
      <Tabs items={items} destroyOnHidden />
    </Card>
  );
}

type NoticeForm = { title: Tri; content: Tri; startAt: string; endAt: string; enabled: boolean; sort: number };

function NoticesTab({ op }: { op: AdminOperator }) {
  const { t, i18n } = useTranslation();
  const { promoterId, picker } = useStorefront(op);
  const q = useQuery({
    queryKey: ['admin', 'notices', promoterId],
    queryFn: () => api<{ list: AdminNotice[] }>('GET', '/notices', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const period = (n: AdminNotice) =>
    `${new Date(n.startAt).toLocaleString(i18n.language)} → ${n.endAt === null ? t('layouts.noEnd') : new Date(n.endAt).toLocaleString(i18n.language)}`;
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        {picker}
        <Button type="primary" onClick={() => setEditing('new')} disabled={promoterId === undefined}>
          {t('layouts.addNotice')}
        </Button>
      </div>
      <Table<AdminNotice>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('layouts.popupTitle'), render: (_, n) => inLanguage(n.title, i18n.language) },
          { title: t('layouts.period'), render: (_, n) => period(n) },
          {
            title: t('layouts.state'),
            render: (_, n) => (n.enabled ? <Tag color="green">{t('layouts.on')}</Tag> : <Tag>{t('layouts.off')}</Tag>),
          },
          {
            title: t('layouts.actions'),
            render: (_, n) => (
              <Button size="small" onClick={() => setEditing(n)} aria-label={`${t('layouts.edit')} ${inLanguage(n.title, i18n.language)}`}>
                {t('layouts.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing && promoterId !== undefined ? (
        <NoticeDialog promoterId={promoterId} notice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function NoticeDialog({ promoterId, notice, onClose }: { promoterId: number; notice: AdminNotice | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<NoticeForm>({
    fields: ['startAt', 'endAt'],
    invalidate: ['admin', 'notices', promoterId],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/notices/save', {
        body: {
          promoterId,
          ...(notice ? { id: notice.id } : {}),
          title: v.title,
          content: v.content,
          startAt: fromLocalInput(v.startAt),
          endAt: fromLocalInput(v.endAt),
          enabled: v.enabled,
          sort: v.sort,
        },
      });
      return t('layouts.saved');
    },
  });
  const empty: Tri = { 'zh-Hans': '', 'zh-Hant': '', en: '' };
  return (
    <Modal {...modal} width={760} title={notice ? t('layouts.editNotice') : t('layouts.addNotice')}>
      <Form<NoticeForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          title: notice?.title ?? empty,
          content: notice?.content ?? empty,
          startAt: toLocalInput(notice?.startAt ?? Date.now()),
          endAt: toLocalInput(notice?.endAt ?? null),
          enabled: notice?.enabled ?? true,
          sort: notice?.sort ?? 0,
        }}
      >
        <TriFields name="title" label={t('layouts.popupTitle')} max={100} />
        <TriFields name="content" label={t('layouts.popupContent')} area max={2000} />
        <Row gutter={8}>
          <Col span={8}>
            <Form.Item name="startAt" label={t('layouts.startAt')} rules={[{ required: true, message: t('layouts.required') }]}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="endAt" label={t('layouts.endAt')}>
              <Input type="datetime-local" />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="sort" label={t('layouts.sort')}>
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('layouts.on')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

type QuestionForm = { category: string; title: Tri; content: Tri; hot: number; sort: number; enabled: boolean };

function QuestionsTab() {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['admin', 'questions', i18n.language],
    queryFn: () => api<{ list: AdminQuestion[]; categories: { value: string; label: string }[] }>('GET', '/questions'),
  });
  const categories = q.data?.categories ?? [];
  const names = new Map(categories.map((c) => [c.value, c.label]));
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('layouts.addQuestion')}
        </Button>
      </div>
      <Table<AdminQuestion>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { title: t('layouts.category'), width: 190, render: (_, x) => names.get(x.category) ?? x.category },
          { title: t('layouts.question'), render: (_, x) => inLanguage(x.title, i18n.language) },
          { title: t('layouts.hot'), width: 90, render: (_, x) => (x.hot > 0 ? x.hot : '—') },
          {
            title: t('layouts.state'),
            width: 100,
            render: (_, x) => (x.enabled ? <Tag color="green">{t('layouts.on')}</Tag> : <Tag>{t('layouts.off')}</Tag>),
          },
          {
            title: t('layouts.actions'),
            width: 100,
            render: (_, x) => (
              <Button size="small" onClick={() => setEditing(x)} aria-label={`${t('layouts.edit')} ${inLanguage(x.title, i18n.language)}`}>
                {t('layouts.edit')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <QuestionDialog question={editing === 'new' ? null : editing} categories={categories} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function QuestionDialog({
  question,
  categories,
  onClose,
}: {
  question: AdminQuestion | null;
  categories: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<QuestionForm>({
    fields: ['category'],
    invalidate: ['admin', 'questions'],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/questions/save', { body: { ...(question ? { id: question.id } : {}), ...v } });
      return t('layouts.saved');
    },
  });
  const empty: Tri = { 'zh-Hans': '', 'zh-Hant': '', en: '' };
  return (
    <Modal {...modal} width={760} title={question ? t('layouts.editQuestion') : t('layouts.addQuestion')}>
      <Form<QuestionForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          category: question?.category ?? categories[0]?.value,
          title: question?.title ?? empty,
          content: question?.content ?? empty,
          hot: question?.hot ?? 0,
          sort: question?.sort ?? 0,
          enabled: question?.enabled ?? true,
        }}
      >
        <TriFields name="title" label={t('layouts.question')} max={200} />
        <TriFields name="content" label={t('layouts.answer')} area max={20_000} />
        <Row gutter={8}>
          <Col span={8}>
            <Form.Item name="category" label={t('layouts.category')} rules={[{ required: true, message: t('layouts.required') }]}>
              <Select options={categories} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name="hot" label={t('layouts.hotOrder')} tooltip={t('layouts.hotHint')}>
              <InputNumber min={0} max={99} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="sort" label={t('layouts.sort')}>
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </Col>
          <Col span={5}>
            <Form.Item name="enabled" label={t('layouts.on')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
