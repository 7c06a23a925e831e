import type { AdminOperator } from '@simshop/contract/admin';
import type { AdminFront, AdminFrontReply } from '@simshop/contract/admin-content';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Divider, Form, Input, Row, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';
import { EMPTY_TRI, TriInput, useStorefront } from './content-shared.tsx';

/** The front settings of a storefront the shop reads (title, texts, service phone and link, banners, search). */
export function FrontTab({ op }: { op: AdminOperator }) {
  const { promoterId, picker } = useStorefront(op);
  const q = useQuery({
    queryKey: ['admin', 'front', promoterId],
    queryFn: () => api<AdminFrontReply>('GET', '/front', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  return (
    <>
      <div style={{ marginBottom: 12 }}>{picker}</div>
      {q.data ? <FrontForm key={`${q.data.promoterId}:${q.dataUpdatedAt}`} reply={q.data} /> : <Spin />}
    </>
  );
}

const FIELDS = ['kefuMobile', 'kefuUrl'];

function FrontForm({ reply }: { reply: AdminFrontReply }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AdminFront>();
  const [busy, setBusy] = useState(false);
  const submit = async (front: AdminFront) => {
    setBusy(true);
    try {
      await api('POST', '/front/save', {
        body: { promoterId: reply.promoterId, front: { ...front, indexCarousel: front.indexCarousel ?? [] } },
      });
      message.success(t('content.saved'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'front', reply.promoterId] });
    } catch (error) {
      // The server names a field of the body ("front.kefuMobile"); the form's names are inside `front`.
      const field = error instanceof ApiError ? (error.field ?? '') : '';
      if (field.startsWith('front.') && FIELDS.includes(field.slice(6))) {
        form.setFields([{ name: field.slice(6) as 'kefuMobile' | 'kefuUrl', errors: [(error as ApiError).message] }]);
      } else showRefusal(form, error, [], (m) => message.error(m));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form<AdminFront> form={form} layout="vertical" onFinish={submit} initialValues={reply.front} style={{ maxWidth: 1100 }}>
      <Alert type="info" showIcon message={t('content.frontHint')} style={{ marginBottom: 12 }} />
      <TriInput name="title" label={t('content.frontTitle')} max={60} required />
      <TriInput name="description" label={t('content.description')} max={300} area />
      <TriInput name="keywords" label={t('content.keywords')} max={200} />
      <TriInput name="bottomTips" label={t('content.bottomTips')} max={200} />
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item
            name="kefuMobile"
            label={t('content.kefuMobile')}
            rules={[{ pattern: /^(|[0-9][0-9-]{4,19})$/, message: t('content.format') }]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col span={10}>
          <Form.Item name="kefuUrl" label={t('content.kefuUrl')}>
            <Input />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="suggest" label={t('content.suggest')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="indexSearch" label={t('content.indexSearch')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('content.banners')}</Divider>
      <Form.List name="indexCarousel">
        {(items, { add, remove, move }) => (
          <>
            {items.map((item, j) => (
              <div key={item.key} style={{ borderBottom: '1px dashed #ddd', marginBottom: 8 }}>
                <Row gutter={8}>
                  <Col span={10}>
                    <Form.Item
                      name={[j, 'image']}
                      label={`${j + 1}. ${t('content.image')}`}
                      rules={[{ required: true, message: t('content.required') }]}
                    >
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={8}>
                    <Form.Item name={[j, 'link']} label={t('content.link')}>
                      <Input />
                    </Form.Item>
                  </Col>
                  <Col span={6}>
                    <Form.Item label=" ">
                      <Button size="small" disabled={j === 0} onClick={() => move(j, j - 1)}>
                        {t('content.up')}
                      </Button>{' '}
                      <Button size="small" danger onClick={() => remove(j)}>
                        {t('content.remove')}
                      </Button>
                    </Form.Item>
                  </Col>
                </Row>
                <TriInput name={[j, 'title']} absolute={['indexCarousel', j, 'title']} label={t('content.title')} max={60} />
              </div>
            ))}
            <Button onClick={() => add({ image: '', title: { ...EMPTY_TRI }, link: '' })} disabled={items.length >= 10}>
              {t('content.addItem')}
            </Button>
          </>
        )}
      </Form.List>
      <div style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('content.save')}
        </Button>
      </div>
    </Form>
  );
}
