import type { AdminOperator } from '@simshop/contract/admin';
import {
  type AdminLayout,
  LAYOUT_MENU_ICONS,
  LAYOUT_MENU_PAGES,
  type LayoutPreview,
  type LayoutTexts,
} from '@simshop/contract/admin-layouts';
import type { SimLayout } from '@simshop/contract/iot';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Segmented,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { promotersQuery, storefrontOptions } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';
import { showRefusal } from '../lib/form-errors.ts';

/** A text in the three languages (the layout keeps the Simplified Chinese; the others are translations). */
type Tri = { 'zh-Hans': string; 'zh-Hant': string; en: string };
type MenuRow = { key: string; icon: string; type: 'page' | 'url'; path: string; title: Tri };
type TabRow = { path: string; switch: boolean; icon: string; selectedIcon: string; text: Tri };
/** What the form edits of a layout; everything else of the layout is kept as it is. */
interface LayoutForm {
  name: Tri;
  logo: string;
  headerKey: SimLayout['index']['header']['key'];
  background: string;
  maxMenuTimes: number;
  menus: MenuRow[];
  noticeOn: boolean;
  notice: Tri;
  popup: { switch: boolean; title: Tri; content: Tri };
  tabBarOn: boolean;
  tabs: TabRow[];
}

const LANGS = ['zh-Hans', 'zh-Hant', 'en'] as const;
/** Texts of these paths are the form's: they are rewritten from it on save. */
const MANAGED = /^layout\.(name|notice|popup\.(title|content)|menus\.\d+\..+|tabBar\.items\.\d+\..+)$/;

function triOf(texts: LayoutTexts, path: string, value: string): Tri {
  const pair = texts[path];
  return { 'zh-Hans': value, 'zh-Hant': pair?.['zh-Hant'] ?? value, en: pair?.en ?? value };
}

function toForm(layout: SimLayout, texts: LayoutTexts): LayoutForm {
  const notice = layout.index.elements.find((e) => e.key === 'notice');
  return {
    name: triOf(texts, 'layout.name', layout.name),
    logo: layout.logo,
    headerKey: layout.index.header.key,
    background: layout.index.header.data.background,
    maxMenuTimes: layout.maxMenuTimes,
    menus: layout.menus.map((m, i) => ({
      key: m.key,
      icon: m.icon,
      type: m.type === 'url' ? 'url' : 'page',
      path: m.path,
      title: triOf(texts, `layout.menus.${i}.title`, m.title),
    })),
    noticeOn: notice?.switch ?? false,
    notice: triOf(texts, 'layout.notice', layout.notice),
    popup: {
      switch: layout.popup.switch,
      title: triOf(texts, 'layout.popup.title', layout.popup.title),
      content: triOf(texts, 'layout.popup.content', layout.popup.content),
    },
    tabBarOn: layout.tabBar.switch,
    tabs: layout.tabBar.items.map((it, i) => ({ ...it, text: triOf(texts, `layout.tabBar.items.${i}.text`, it.text) })),
  };
}

/** The layout and translations to save: the base layout with the form's parts put in. */
function fromForm(base: SimLayout, baseTexts: LayoutTexts, v: LayoutForm): { layout: SimLayout; texts: LayoutTexts } {
  const texts: LayoutTexts = Object.fromEntries(Object.entries(baseTexts).filter(([path]) => !MANAGED.test(path)));
  const put = (path: string, tri: Tri) => {
    texts[path] = { en: tri.en ?? '', 'zh-Hant': tri['zh-Hant'] ?? '' };
    return tri['zh-Hans'] ?? '';
  };
  const hasNotice = base.index.elements.some((e) => e.key === 'notice');
  const layout: SimLayout = {
    ...base,
    name: put('layout.name', v.name),
    logo: v.logo ?? '',
    maxMenuTimes: v.maxMenuTimes,
    notice: put('layout.notice', v.notice),
    menus: (v.menus ?? []).map((m, i) => ({
      key: m.key,
      icon: m.icon ?? '',
      type: m.type,
      path: m.path ?? '',
      title: put(`layout.menus.${i}.title`, m.title),
    })),
    popup: {
      switch: v.popup.switch,
      title: put('layout.popup.title', v.popup.title),
      content: put('layout.popup.content', v.popup.content),
    },
    tabBar: {
      ...base.tabBar,
      switch: v.tabBarOn,
      items: (v.tabs ?? []).map((it, i) => ({ ...it, text: put(`layout.tabBar.items.${i}.text`, it.text) })),
    },
    index: {
      ...base.index,
      elements: hasNotice
        ? base.index.elements.map((e) => (e.key === 'notice' ? { ...e, switch: v.noticeOn } : e))
        : [...base.index.elements, { key: 'notice', switch: v.noticeOn, title: '', style: '', items: [] }],
      header: { ...base.index.header, key: v.headerKey, data: { ...base.index.header.data, background: v.background ?? '' } },
    },
  };
  return { layout, texts };
}

/** A promoter's SIM dashboard layout: header, menus, notice, popup and tab bar, with a live phone preview. */
export function LayoutsPage() {
  const { t } = useTranslation();
  const op = useOutletContext<AdminOperator>();
  const promoters = useQuery(promotersQuery);
  const list = promoters.data?.list ?? [];
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const promoterId = chosen ?? op.promoter?.id ?? list[0]?.id;
  const q = useQuery({
    queryKey: ['admin', 'layout', promoterId],
    queryFn: () => api<AdminLayout>('GET', '/layouts', { query: { promoterId } }),
    enabled: promoterId !== undefined,
  });
  return (
    <Card
      title={t('layouts.menu')}
      extra={
        <Select
          aria-label={t('layouts.storefront')}
          style={{ width: 280 }}
          value={promoterId}
          onChange={setChosen}
          showSearch
          optionFilterProp="label"
          options={storefrontOptions(list)}
        />
      }
      styles={{ body: { paddingTop: 12 } }}
    >
      {q.data ? (
        <LayoutEditor key={`${q.data.promoter.id}:${q.data.version}:${q.data.draft?.id ?? 0}`} data={q.data} />
      ) : (
        <Empty description={q.isFetching ? t('layouts.loading') : t('layouts.choose')} />
      )}
    </Card>
  );
}

function LayoutEditor({ data }: { data: AdminLayout }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<LayoutForm>();
  const start = data.draft ?? { layout: data.layout, texts: data.texts };
  const initial = useMemo(() => toForm(start.layout, start.texts), [start.layout, start.texts]);
  const [draftId, setDraftId] = useState<number | null>(data.draft?.id ?? null);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<LayoutPreview | null>(null);
  const [previewLang, setPreviewLang] = useState<string>(i18n.language);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const promoterId = data.promoter.id;
  // The preview follows the console's language until the operator picks another.
  useEffect(() => setPreviewLang(i18n.language), [i18n.language]);

  useEffect(() => {
    let gone = false;
    api<LayoutPreview>('POST', '/layouts/preview', { body: { promoterId, draftId: data.draft?.id ?? null } })
      .then((p) => {
        if (!gone) setPreview(p);
      })
      .catch((e: unknown) => message.error(e instanceof Error ? e.message : String(e)));
    return () => {
      gone = true;
    };
  }, [promoterId, data.draft?.id, message]);

  const saveDraft = async (): Promise<number | null> => {
    let v: LayoutForm;
    try {
      await form.validateFields();
      // Every value, the ones without a field of their own too (a tab's path and icons).
      v = form.getFieldsValue(true) as LayoutForm;
    } catch {
      return null;
    }
    const { layout, texts } = fromForm(start.layout, start.texts, v);
    try {
      const saved = await api<{ draftId: number; preview: LayoutPreview }>('POST', '/layouts/draft', {
        body: { promoterId, layout, texts },
      });
      setDraftId(saved.draftId);
      setPreview(saved.preview);
      setDirty(false);
      return saved.draftId;
    } catch (error) {
      showRefusal(form, error, [], (m) => message.error(m));
      return null;
    }
  };
  const onSave = async () => {
    setBusy('save');
    try {
      if ((await saveDraft()) !== null) message.success(t('layouts.draftSaved'));
    } finally {
      setBusy(null);
    }
  };
  const onPublish = async () => {
    setBusy('publish');
    try {
      const id = dirty || draftId === null ? await saveDraft() : draftId;
      if (id === null) return;
      await api('POST', '/layouts/publish', { body: { promoterId, draftId: id } });
      message.success(t('layouts.published'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'layout', promoterId] });
    } catch (error) {
      message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  // The app's pages, and any other page path the layout already names (a tab switch with ?type=page).
  const known = new Set<string>(LAYOUT_MENU_PAGES.map((p) => p.path));
  const pageOptions = [
    ...LAYOUT_MENU_PAGES.map((p) => ({ value: p.path, label: t(`layouts.pages.${p.key}`) })),
    ...[...new Set(initial.menus.filter((m) => m.type === 'page' && m.path && !known.has(m.path)).map((m) => m.path))].map((path) => ({
      value: path,
      label: path,
    })),
  ];
  const iconOptions = LAYOUT_MENU_ICONS.map((k) => ({ value: k, label: t(`layouts.icons.${k}`) }));
  const triInputs = (name: (string | number)[], label: string, area = false) => (
    <Row gutter={8}>
      {LANGS.map((l) => (
        <Col span={8} key={l}>
          <Form.Item
            name={[...name, l]}
            label={`${label} · ${t(`language.${l}`)}`}
            rules={[{ max: 500, message: t('layouts.tooLong') }]}
            style={{ marginBottom: 8 }}
          >
            {area ? <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} /> : <Input />}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
  const status =
    draftId === null ? <Tag>{t(`layouts.source.${data.source}`)}</Tag> : <Tag color="orange">{t('layouts.draftTag', { id: draftId })}</Tag>;

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Space style={{ marginBottom: 12 }} wrap>
          {status}
          {dirty ? <Typography.Text type="warning">{t('layouts.unsaved')}</Typography.Text> : null}
          <Button type="primary" onClick={onSave} loading={busy === 'save'}>
            {t('layouts.saveDraft')}
          </Button>
          <Popconfirm title={t('layouts.publishConfirm', { promoCode: data.promoter.promoCode })} onConfirm={onPublish}>
            <Button loading={busy === 'publish'}>{t('layouts.publish')}</Button>
          </Popconfirm>
        </Space>
        <Form<LayoutForm> form={form} layout="vertical" initialValues={initial} onValuesChange={() => setDirty(true)} size="small">
          <Card size="small" title={t('layouts.header')} style={{ marginBottom: 12 }}>
            {triInputs(['name'], t('layouts.name'))}
            <Row gutter={8}>
              <Col span={10}>
                <Form.Item name="logo" label={t('layouts.logo')} style={{ marginBottom: 8 }}>
                  <Input />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name="headerKey" label={t('layouts.headerStyle')} style={{ marginBottom: 8 }}>
                  <Select
                    options={(['default', 'gradual', 'simple'] as const).map((k) => ({ value: k, label: t(`layouts.headerKeys.${k}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col span={7}>
                <Form.Item name="background" label={t('layouts.background')} style={{ marginBottom: 8 }}>
                  <Input placeholder="#017a62" />
                </Form.Item>
              </Col>
            </Row>
          </Card>

          <Card
            size="small"
            title={t('layouts.menus')}
            style={{ marginBottom: 12 }}
            extra={
              <Space>
                <Typography.Text>{t('layouts.maxMenuTimes')}</Typography.Text>
                <Form.Item name="maxMenuTimes" noStyle rules={[{ required: true, type: 'number', min: 1, max: 50 }]}>
                  <InputNumber min={1} max={50} aria-label={t('layouts.maxMenuTimes')} style={{ width: 70 }} />
                </Form.Item>
              </Space>
            }
          >
            <Form.List name="menus">
              {(fields, { add, remove, move }) => (
                <>
                  {fields.map((f, index) => (
                    <div
                      key={f.key}
                      data-testid="layout-menu"
                      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 10px 0', marginBottom: 8 }}
                    >
                      <Row gutter={8} align="bottom">
                        <Col flex="140px">
                          <Form.Item name={[f.name, 'key']} label={t('layouts.icon')} style={{ marginBottom: 8 }}>
                            <Select options={iconOptions} aria-label={`${t('layouts.icon')} ${index + 1}`} />
                          </Form.Item>
                        </Col>
                        <Col flex="110px">
                          <Form.Item name={[f.name, 'type']} label={t('layouts.type')} style={{ marginBottom: 8 }}>
                            <Select
                              options={[
                                { value: 'page', label: t('layouts.typePage') },
                                { value: 'url', label: t('layouts.typeUrl') },
                              ]}
                            />
                          </Form.Item>
                        </Col>
                        <Col flex="auto">
                          <Form.Item noStyle shouldUpdate>
                            {() =>
                              form.getFieldValue(['menus', f.name, 'type']) === 'url' ? (
                                <Form.Item
                                  name={[f.name, 'path']}
                                  label={t('layouts.link')}
                                  style={{ marginBottom: 8 }}
                                  rules={[{ required: true, pattern: /^(https?:\/\/|\/)/, message: t('layouts.linkInvalid') }]}
                                >
                                  <Input placeholder="https://…?sn=[sn]" />
                                </Form.Item>
                              ) : (
                                <Form.Item
                                  name={[f.name, 'path']}
                                  label={t('layouts.target')}
                                  style={{ marginBottom: 8 }}
                                  rules={[{ required: true, message: t('layouts.targetRequired') }]}
                                >
                                  <Select options={pageOptions} showSearch optionFilterProp="label" />
                                </Form.Item>
                              )
                            }
                          </Form.Item>
                        </Col>
                        <Col flex="none">
                          <Space.Compact style={{ marginBottom: 8 }}>
                            <Button
                              aria-label={`${t('layouts.up')} ${index + 1}`}
                              disabled={index === 0}
                              onClick={() => move(index, index - 1)}
                            >
                              ↑
                            </Button>
                            <Button
                              aria-label={`${t('layouts.down')} ${index + 1}`}
                              disabled={index === fields.length - 1}
                              onClick={() => move(index, index + 1)}
                            >
                              ↓
                            </Button>
                            <Button danger aria-label={`${t('layouts.remove')} ${index + 1}`} onClick={() => remove(f.name)}>
                              ✕
                            </Button>
                          </Space.Compact>
                        </Col>
                      </Row>
                      {triInputs([f.name, 'title'], t('layouts.label'))}
                    </div>
                  ))}
                  <Button
                    block
                    type="dashed"
                    onClick={() =>
                      add({
                        key: 'guide',
                        icon: '',
                        type: 'page',
                        path: '',
                        title: { 'zh-Hans': '', 'zh-Hant': '', en: '' },
                      } satisfies MenuRow)
                    }
                  >
                    {t('layouts.addMenu')}
                  </Button>
                </>
              )}
            </Form.List>
          </Card>

          <Card
            size="small"
            title={t('layouts.notice')}
            style={{ marginBottom: 12 }}
            extra={
              <Form.Item name="noticeOn" valuePropName="checked" noStyle>
                <Switch aria-label={t('layouts.noticeOn')} />
              </Form.Item>
            }
          >
            {triInputs(['notice'], t('layouts.noticeText'), true)}
          </Card>

          <Card
            size="small"
            title={t('layouts.popup')}
            style={{ marginBottom: 12 }}
            extra={
              <Form.Item name={['popup', 'switch']} valuePropName="checked" noStyle>
                <Switch aria-label={t('layouts.popupOn')} />
              </Form.Item>
            }
          >
            {triInputs(['popup', 'title'], t('layouts.popupTitle'))}
            {triInputs(['popup', 'content'], t('layouts.popupContent'), true)}
          </Card>

          <Card
            size="small"
            title={t('layouts.tabBar')}
            extra={
              <Form.Item name="tabBarOn" valuePropName="checked" noStyle>
                <Switch aria-label={t('layouts.tabBarOn')} />
              </Form.Item>
            }
          >
            <Form.List name="tabs">
              {(fields) =>
                fields.map((f, index) => (
                  <Row key={f.key} gutter={8} align="bottom" wrap={false}>
                    <Col flex="none">
                      <Form.Item
                        name={[f.name, 'switch']}
                        valuePropName="checked"
                        label={t('layouts.tabShown')}
                        style={{ marginBottom: 8 }}
                      >
                        <Switch size="small" aria-label={`${t('layouts.tabShown')} ${index + 1}`} />
                      </Form.Item>
                    </Col>
                    <Col flex="auto">{triInputs([f.name, 'text'], t('layouts.tabText'))}</Col>
                  </Row>
                ))
              }
            </Form.List>
          </Card>
        </Form>
      </div>

      <div style={{ width: 391, flex: 'none', position: 'sticky', top: 16 }}>
        <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
          <Segmented
            size="small"
            value={previewLang}
            onChange={(v) => setPreviewLang(String(v))}
            options={LANGS.map((l) => ({ value: l, label: t(`language.${l}`) }))}
          />
          <Typography.Text type="secondary">{t('layouts.previewHint')}</Typography.Text>
        </Space>
        <div style={{ border: '8px solid #1f1f1f', borderRadius: 28, overflow: 'hidden', background: '#f5f5f5', width: 391, height: 640 }}>
          {preview ? (
            <iframe
              key={`${preview.token}:${previewLang}`}
              title={t('layouts.preview')}
              data-testid="layout-preview"
              src={`${preview.url}&previewLang=${previewLang}`}
              style={{ width: 375, height: 624, border: 0, display: 'block' }}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}
