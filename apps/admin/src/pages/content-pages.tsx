import type { AdminOperator } from '@simshop/contract/admin';
import { type AdminPageBlock, type AdminSinglePage, singlePageUrl, type TriText } from '@simshop/contract/admin-content';
import { FEATURED_OPERATOR, PATTERN_TAGS } from '@simshop/contract/numbers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../components/use-form-save.ts';
import { api } from '../lib/api.ts';
import { EMPTY_TRI, inLanguage, TriInput, useStorefront } from './content-shared.tsx';

type BlockType = AdminPageBlock['type'];
const BLOCK_TYPES: BlockType[] = ['text', 'banner', 'numbers', 'goods', 'button'];

type PageForm = Omit<AdminSinglePage, 'id' | 'promoterId' | 'updatedAt'>;

const newBlock = (type: BlockType): AdminPageBlock => {
  switch (type) {
    case 'banner':
      return { type, items: [{ image: '', title: { ...EMPTY_TRI }, link: '' }] };
    case 'text':
      return { type, title: { ...EMPTY_TRI }, content: { ...EMPTY_TRI } };
    case 'numbers':
      return { type, title: { ...EMPTY_TRI }, pattern: '', operator: '', limit: 6 };
    case 'goods':
      return { type, title: { ...EMPTY_TRI }, categoryId: 0, limit: 4 };
    case 'button':
      return { type, key: '', text: { ...EMPTY_TRI }, link: '' };
  }
};

/** A storefront's single pages: list, add, change and delete, texts in three languages. */
export function PagesTab({ op }: { op: AdminOperator }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { promoterId, promoCode, picker } = useStorefront(op);
  const q = useQuery({
    queryKey: ['admin', 'singlePages', promoterId],
    queryFn: () => api<{ list: AdminSinglePage[] }>('GET', '/singlePages', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  const [editing, setEditing] = useState<AdminSinglePage | 'new' | null>(null);
  const remove = async (p: AdminSinglePage) => {
    try {
      await api('POST', '/singlePages/delete', { body: { promoterId: p.promoterId, id: p.id } });
      message.success(t('content.deleted'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'singlePages', p.promoterId] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        {picker}
        <Button type="primary" onClick={() => setEditing('new')} disabled={promoterId === undefined}>
          {t('content.addPage')}
        </Button>
      </div>
      <Table<AdminSinglePage>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('content.noPages') }}
        columns={[
          { title: t('content.pageCode'), dataIndex: 'pageCode' },
          { title: t('content.pageTitle'), render: (_, p) => inLanguage(p.title, i18n.language) },
          {
            title: t('content.state'),
            render: (_, p) => (p.enabled ? <Tag color="green">{t('content.on')}</Tag> : <Tag>{t('content.off')}</Tag>),
          },
          { title: t('content.updatedAt'), render: (_, p) => new Date(p.updatedAt).toLocaleString(i18n.language) },
          {
            title: t('content.actions'),
            render: (_, p) => (
              <Space>
                <Button size="small" onClick={() => setEditing(p)} aria-label={`${t('content.edit')} ${p.pageCode}`}>
                  {t('content.edit')}
                </Button>
                <Button size="small" href={singlePageUrl(p.pageCode, promoCode)} target="_blank" rel="noopener">
                  {t('content.openInShop')}
                </Button>
                <Popconfirm title={t('content.deleteConfirm', { code: p.pageCode })} onConfirm={() => remove(p)}>
                  <Button size="small" danger aria-label={`${t('content.deletePage')} ${p.pageCode}`}>
                    {t('content.deletePage')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && promoterId !== undefined ? (
        <PageDialog promoterId={promoterId} page={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

function PageDialog({ promoterId, page, onClose }: { promoterId: number; page: AdminSinglePage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, submit, modal } = useFormSave<PageForm>({
    fields: ['pageCode'],
    invalidate: ['admin', 'singlePages', promoterId],
    onClose: onClose,
    save: async (v) => {
      await api('POST', '/singlePages/save', {
        body: { promoterId, ...(page ? { id: page.id } : {}), ...v, blocks: v.blocks ?? [] },
      });
      return t('content.saved');
    },
  });
  const [adding, setAdding] = useState<BlockType>('text');
  const empty: TriText = { ...EMPTY_TRI };
  return (
    <Modal
      {...modal}
      width={1040}
      title={page ? t('content.editPage', { code: page.pageCode }) : t('content.addPage')}
      okText={t('content.save')}
      cancelText={t('content.cancel')}
    >
      <Form<PageForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          pageCode: page?.pageCode ?? '',
          title: page?.title ?? empty,
          blocks: page?.blocks ?? [newBlock('text')],
          popup: page?.popup ?? { switch: false, title: empty, content: empty, buttonText: empty, link: '' },
          enabled: page?.enabled ?? true,
        }}
      >
        <Row gutter={8}>
          <Col span={10}>
            <Form.Item
              name="pageCode"
              label={t('content.pageCode')}
              tooltip={t('content.pageCodeHint')}
              rules={[
                { required: true, message: t('content.required') },
                { pattern: /^[\w-]{1,64}$/, message: t('content.format') },
              ]}
            >
              <Input />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="enabled" label={t('content.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
        <TriInput name="title" label={t('content.pageTitle')} max={60} required />
        <Divider titlePlacement="start">{t('content.blocks')}</Divider>
        <Form.List name="blocks">
          {(fields, { add, remove, move }) => (
            <>
              {fields.map((field, index) => (
                <BlockCard
                  key={field.key}
                  index={index}
                  last={index === fields.length - 1}
                  onRemove={() => remove(index)}
                  onMove={(to) => move(index, to)}
                />
              ))}
              <Space>
                <Select
                  aria-label={t('content.addBlock')}
                  style={{ width: 180 }}
                  value={adding}
                  onChange={setAdding}
                  options={BLOCK_TYPES.map((b) => ({ value: b, label: t(`content.blockTypes.${b}`) }))}
                />
                <Button onClick={() => add(newBlock(adding))}>{t('content.addBlock')}</Button>
              </Space>
            </>
          )}
        </Form.List>
        <Divider titlePlacement="start">{t('content.popup')}</Divider>
        <Form.Item name={['popup', 'switch']} label={t('content.popupOn')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <TriInput name={['popup', 'title']} label={t('content.popupTitle')} max={60} />
        <TriInput name={['popup', 'content']} label={t('content.popupContent')} max={2000} area />
        <TriInput name={['popup', 'buttonText']} label={t('content.popupButton')} max={30} />
        <Form.Item name={['popup', 'link']} label={t('content.link')}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function BlockCard({
  index,
  last,
  onRemove,
  onMove,
}: {
  index: number;
  last: boolean;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PageForm>();
  const type = Form.useWatch(['blocks', index, 'type'], form) as BlockType | undefined;
  // Inside the blocks list a field's name is relative to it; filling Traditional needs the whole path.
  const at = (...rest: (string | number)[]) => [index, ...rest];
  const abs = (...rest: (string | number)[]) => ['blocks', index, ...rest];
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={`${index + 1}. ${type ? t(`content.blockTypes.${type}`) : ''}`}
      extra={
        <Space>
          <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>
            {t('content.up')}
          </Button>
          <Button size="small" disabled={last} onClick={() => onMove(index + 1)}>
            {t('content.down')}
          </Button>
          <Button size="small" danger onClick={onRemove}>
            {t('content.remove')}
          </Button>
        </Space>
      }
    >
      <Form.Item name={at('type')} hidden>
        <Input />
      </Form.Item>
      {type === 'text' ? (
        <>
          <TriInput name={at('title')} absolute={abs('title')} label={t('content.blockTitle')} max={60} />
          <TriInput name={at('content')} absolute={abs('content')} label={t('content.content')} max={20_000} area />
        </>
      ) : null}
      {type === 'numbers' || type === 'goods' ? (
        <TriInput name={at('title')} absolute={abs('title')} label={t('content.blockTitle')} max={60} />
      ) : null}
      {type === 'numbers' ? (
        <Row gutter={8}>
          <Col span={10}>
            <Form.Item name={at('pattern')} label={t('content.pattern')}>
              <Select options={[{ value: '', label: '—' }, ...PATTERN_TAGS.map((p) => ({ value: p, label: p }))]} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={at('operator')} label={t('content.operator')}>
              <Select options={['', FEATURED_OPERATOR, '1', '2', '3', '4'].map((o) => ({ value: o, label: o || '—' }))} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={at('limit')} label={t('content.limit')}>
              <InputNumber min={1} max={20} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {type === 'goods' ? (
        <Row gutter={8}>
          <Col span={8}>
            <Form.Item name={at('categoryId')} label={t('content.categoryId')}>
              <InputNumber min={0} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item name={at('limit')} label={t('content.limit')}>
              <InputNumber min={1} max={20} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      {type === 'button' ? (
        <>
          <TriInput name={at('text')} absolute={abs('text')} label={t('content.buttonText')} max={30} required />
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name={at('key')} label={t('content.buttonKey')} rules={[{ pattern: /^[\w-]*$/, message: t('content.format') }]}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={16}>
              <Form.Item name={at('link')} label={t('content.link')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
        </>
      ) : null}
      {type === 'banner' ? (
        <Form.List name={[index, 'items']}>
          {(items, { add, remove }) => (
            <>
              {items.map((item, j) => (
                <div key={item.key} style={{ borderTop: j > 0 ? '1px dashed #ddd' : undefined, paddingTop: 8 }}>
                  <Row gutter={8}>
                    <Col span={11}>
                      <Form.Item
                        name={[j, 'image']}
                        label={t('content.image')}
                        rules={[{ required: true, message: t('content.required') }]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col span={10}>
                      <Form.Item name={[j, 'link']} label={t('content.link')}>
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col span={3}>
                      <Form.Item label=" ">
                        <Button size="small" danger disabled={items.length === 1} onClick={() => remove(j)}>
                          {t('content.remove')}
                        </Button>
                      </Form.Item>
                    </Col>
                  </Row>
                  <TriInput name={[j, 'title']} absolute={abs('items', j, 'title')} label={t('content.title')} max={60} />
                </div>
              ))}
              <Button size="small" onClick={() => add({ image: '', title: { ...EMPTY_TRI }, link: '' })} disabled={items.length >= 10}>
                {t('content.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      ) : null}
    </Card>
  );
}
