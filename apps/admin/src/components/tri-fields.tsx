import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** The console's three languages, in the order the engagement and layout forms show them. */
export const TRI_LANGS = ['zh-Hans', 'zh-Hant', 'en'] as const;

/**
 * One text in the three languages, side by side under `name` (Simplified Chinese required): a line
 * or, with `area`, a growing text box; `labelled` names each input by the label and its language.
 */
export function TriFields(props: {
  name: string;
  label: string;
  max: number;
  area?: boolean;
  labelled?: boolean;
  required: string;
  tooLong: string;
}) {
  const { t } = useTranslation();
  const { name, label, max } = props;
  return (
    <Row gutter={8}>
      {TRI_LANGS.map((l) => (
        <Col span={8} key={l}>
          <Form.Item
            name={[name, l]}
            label={`${label} · ${t(`language.${l}`)}`}
            rules={[
              { required: l === 'zh-Hans', message: props.required },
              { max, message: props.tooLong },
            ]}
            style={{ marginBottom: 8 }}
          >
            {props.area ? (
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
            ) : (
              <Input aria-label={props.labelled ? `${label} ${l}` : undefined} />
            )}
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
