import type { AdminOperator } from '@simshop/contract/admin';
import type { TriText } from '@simshop/contract/admin-content';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promotersQuery, storefrontOptions } from '../components/storefront-select.tsx';
import { api } from '../lib/api.ts';

type NamePath = string | (string | number)[];

export const LANGS = ['zh-Hans', 'en', 'zh-Hant'] as const;
export const EMPTY_TRI: TriText = { 'zh-Hans': '', en: '', 'zh-Hant': '' };

/** The text of a three-language text in the console's language. */
export const inLanguage = (tri: TriText, lng: string) => tri[lng as keyof TriText] || tri['zh-Hans'];

/** Simplified Chinese texts converted to Traditional by the server (as readers get them without a translation). */
export async function traditionalOf(texts: string[]): Promise<string[]> {
  if (texts.length === 0) return [];
  return (await api<{ texts: string[] }>('POST', '/traditional', { body: { texts } })).texts;
}

const CHOSEN_KEY = 'simshop-admin-content-storefront';

function storedChoice(): number | undefined {
  try {
    const v = Number(sessionStorage.getItem(CHOSEN_KEY));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The storefront a content tab works on (the one last chosen on this page, else the operator's own,
 * else the first) and its picker; the choice is kept across the tabs for the browser tab's session.
 */
export function useStorefront(op: AdminOperator): { promoterId: number | undefined; promoCode: string; picker: ReactNode } {
  const { t } = useTranslation();
  const promoters = useQuery(promotersQuery);
  const list = promoters.data?.list ?? [];
  const [chosen, setChosenState] = useState<number | undefined>(storedChoice);
  const setChosen = (id: number) => {
    setChosenState(id);
    try {
      sessionStorage.setItem(CHOSEN_KEY, String(id));
    } catch {
      // no storage: the choice lasts while the tab is shown
    }
  };
  const known = chosen !== undefined && (promoters.data === undefined || list.some((p) => p.id === chosen));
  const promoterId = (known ? chosen : undefined) ?? op.promoter?.id ?? list[0]?.id;
  const picker = (
    <Select
      aria-label={t('layouts.storefront')}
      style={{ width: 280 }}
      value={promoterId}
      onChange={setChosen}
      showSearch
      optionFilterProp="label"
      options={storefrontOptions(list)}
    />
  );
  return { promoterId, promoCode: list.find((p) => p.id === promoterId)?.promoCode ?? '', picker };
}

/**
 * One text in the three languages: Simplified Chinese (required when `required`), English and
 * Traditional Chinese, with a button filling Traditional from the Simplified.
 */
export function TriInput({
  name,
  absolute,
  label,
  max,
  area = false,
  required = false,
  requireEnglish = false,
}: {
  name: NamePath;
  /** The whole path of the field when `name` is relative (inside a Form.List). */
  absolute?: NamePath;
  label: string;
  max: number;
  area?: boolean;
  required?: boolean;
  requireEnglish?: boolean;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const path = Array.isArray(name) ? name : [name];
  const whole = absolute === undefined ? path : Array.isArray(absolute) ? absolute : [absolute];
  const fill = async () => {
    const hans = String(form.getFieldValue([...whole, 'zh-Hans']) ?? '');
    const [hant] = await traditionalOf([hans]);
    form.setFieldValue([...whole, 'zh-Hant'], hant ?? '');
  };
  return (
    <Row gutter={8} align="bottom">
      {LANGS.map((l) => (
        <Col flex="1 1 0" key={l} style={{ minWidth: 0 }}>
          <Form.Item
            name={[...path, l]}
            label={`${label} · ${t(`language.${l}`)}`}
            rules={[
              { required: (required && l === 'zh-Hans') || (requireEnglish && l === 'en'), message: t('content.required') },
              { max, message: t('layouts.tooLongN', { max }) },
            ]}
            style={{ marginBottom: 8 }}
          >
            {area ? <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} /> : <Input />}
          </Form.Item>
        </Col>
      ))}
      <Col flex="none">
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            size="small"
            onClick={() => void fill()}
            title={t('content.fillTraditional')}
            aria-label={`${label} · ${t('content.fillTraditional')}`}
          >
            {t('content.fillShort')}
          </Button>
        </Form.Item>
      </Col>
    </Row>
  );
}
