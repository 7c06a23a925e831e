import type { NumberItem } from '@simshop/contract/numbers';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PrettyNumber } from '../../../components/pretty-number.tsx';
import { Price } from '../../../components/price.tsx';
import './number-card.css';

export interface NumberSearchHint {
  endsWith?: string;
  contains?: string;
}

/** Pattern tags worth showing first: the rarer ones; "no 4" last. */
export function displayTags(tags: readonly string[], max: number): string[] {
  const ordered = [...tags.filter((t) => t !== 'NO4'), ...tags.filter((t) => t === 'NO4')];
  return ordered.slice(0, max);
}

/** 广东省 深圳市; a municipality once (the server names no city for its districts). */
export function regionText(province: string, city: string): string {
  return [province, city].filter((n, i, all) => n && all.indexOf(n) === i).join(' ');
}

/** One number of the search: a row (arrangement 1) or a tile (arrangement 2). */
export function NumberCard({
  item,
  arrange,
  search,
  onOpen,
}: {
  item: NumberItem;
  arrange: 1 | 2;
  search?: NumberSearchHint;
  onOpen: (number: string) => void;
}) {
  const { t } = useTranslation();
  const region = regionText(item.provinceName, item.cityName);
  const tags = displayTags(item.tags, 2);
  if (arrange === 2) {
    return (
      <button type="button" className="num-tile" onClick={() => onOpen(item.number)} data-number={item.number}>
        {item.featured ? <span className="num-ribbon">{t('shop.numbers.featured')}</span> : null}
        <PrettyNumber number={item.number} size="sm" search={search} />
        <span className="num-tags">
          {tags.map((tag) => (
            <span key={tag} className="chip-tag">
              {t(`shop.pattern.${tag}`)}
            </span>
          ))}
        </span>
        <span className="num-tile-foot">
          {item.price > 0 ? <Price fen={item.price} size="sm" /> : <span className="price price-sm">{t('shop.numbers.free')}</span>}
          <span className="muted">{item.operatorName}</span>
        </span>
      </button>
    );
  }
  return (
    <button type="button" className="num-row" onClick={() => onOpen(item.number)} data-number={item.number}>
      <span className="num-row-main">
        <span className="num-row-top">
          <PrettyNumber number={item.number} size="md" search={search} />
          {item.featured ? <span className="chip-tag gold">{t('shop.numbers.featured')}</span> : null}
        </span>
        <span className="num-tags">
          <span className="chip-tag op">{item.operatorName}</span>
          {tags.map((tag) => (
            <span key={tag} className="chip-tag">
              {t(`shop.pattern.${tag}`)}
            </span>
          ))}
        </span>
        <span className="muted num-row-meta">
          {region}
          {item.prestored > 0 ? ` · ${t('shop.numbers.prestoredShort', { amount: (item.prestored / 100).toFixed(0) })}` : ''}
        </span>
      </span>
      <span className="num-row-side">
        {item.price > 0 ? <Price fen={item.price} size="md" /> : <span className="price price-md">{t('shop.numbers.free')}</span>}
        <span className="num-row-go">
          {t('shop.numbers.choose')}
          <RightOutline fontSize={10} />
        </span>
      </span>
    </button>
  );
}
