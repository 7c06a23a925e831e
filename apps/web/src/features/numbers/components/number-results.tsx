import type { NumberItem } from '@simshop/contract/numbers';
import { NumberCard, type NumberSearchHint } from './number-card.tsx';

/** Numbers as a list (arrangement 1) or a two-column grid (arrangement 2). */
export function NumberResults({
  items,
  arrange,
  search,
  onOpen,
}: {
  items: NumberItem[];
  arrange: 1 | 2;
  search?: NumberSearchHint;
  onOpen: (number: string) => void;
}) {
  return (
    <div className={arrange === 2 ? 'num-grid' : 'num-list'} data-testid="number-results">
      {items.map((item) => (
        <NumberCard key={item.number} item={item} arrange={arrange} search={search} onOpen={onOpen} />
      ))}
    </div>
  );
}
