import type { SimInfo, SimLayout } from '@simshop/contract/iot';
import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../../lib/nav.ts';
import { useLayoutText } from '../../layout-text.ts';
import { itemValue } from '../item-value.ts';

type Item = SimLayout['index']['header']['data']['infoItems'][number];

/** A figure of the header: big value (smaller when it is long, as a date is), small label; opens its page when it has one. */
export function InfoItem({ item, info }: { item: Item; info: SimInfo }) {
  const { t } = useTranslation();
  const text = useLayoutText();
  const v = itemValue(item.key, info, t);
  const label = text('item', item.key, item.title);
  const content = (
    <>
      <span className={v.value.length > 9 ? 'sim-info-value long' : 'sim-info-value'} data-testid={`info-${item.key}`}>
        {v.prefix ? <small>{v.prefix}</small> : null}
        {v.value}
        {v.unit ? <small> {v.unit}</small> : null}
      </span>
      <span className="sim-info-label">{label}</span>
    </>
  );
  if (item.path && knowsPage(item.path)) {
    return (
      <button type="button" className="sim-info-item" onClick={() => void navigateTo(item.path)}>
        {content}
      </button>
    );
  }
  return <div className="sim-info-item">{content}</div>;
}
