import type { SimInfo, SimLayout } from '@simshop/contract/iot';
import { useTranslation } from 'react-i18next';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';
import { useLayoutText } from '../layout-text.ts';
import { itemValue } from './item-value.ts';

type Item = SimLayout['index']['elements'][number]['items'][number];

/** One figure of the item card (balance, points, coupon coins...). */
export function ItemCardItem({ item, info }: { item: Item; info: SimInfo }) {
  const { t } = useTranslation();
  const text = useLayoutText();
  const v = itemValue(item.key, info, t);
  const body = (
    <>
      <span className="sim-item-value" data-testid={`item-${item.key}`}>
        {v.prefix ? <small>{v.prefix}</small> : null}
        {v.value}
        {v.unit ? <small> {v.unit}</small> : null}
      </span>
      <span className="sim-item-label">{text('item', item.key, item.title)}</span>
    </>
  );
  return item.path && knowsPage(item.path) ? (
    <button type="button" className="sim-item" onClick={() => void navigateTo(item.path)}>
      {body}
    </button>
  ) : (
    <div className="sim-item">{body}</div>
  );
}

/** A row of account figures configured in the layout (spec §2 itemCard). */
export function ItemCard({ items, info, title }: { items: Item[]; info: SimInfo; title?: string }) {
  if (items.length === 0) return null;
  return (
    <section className="card sim-item-card" aria-label={title || undefined}>
      {items.map((item) => (
        <ItemCardItem key={item.key} item={item} info={info} />
      ))}
    </section>
  );
}
