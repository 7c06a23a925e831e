import type { SimInfo, SimLayout } from '@simshop/contract/iot';
import { useTranslation } from 'react-i18next';
import { useLayoutText } from '../../layout-text.ts';
import { itemValue } from '../item-value.ts';

type Item = SimLayout['index']['header']['data']['statusItems'][number];

/** A status pill of the header: a coloured dot and the state (card, real-name, operator...). */
export function StatusItem({ item, info, variant = 'pill' }: { item: Item; info: SimInfo; variant?: 'pill' | 'line' }) {
  const { t } = useTranslation();
  const text = useLayoutText();
  const v = itemValue(item.key, info, t);
  const label = text('item', item.key, item.title);
  return (
    <span className={`sim-status-item ${variant} tone-${v.tone ?? 'plain'}`} title={label} data-testid={`status-${item.key}`}>
      <i className="sim-dot" aria-hidden="true" />
      <span className="sr-only">{label}: </span>
      {v.value}
    </span>
  );
}
