import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/use-translation.ts';

/** How many pieces: minus and plus buttons around the count, from 1 to `max`. */
export function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (n: number) => void }) {
  const { t } = useTranslation();
  return (
    <span className="mall-stepper">
      <button type="button" aria-label={t('mall.minusOne')} disabled={value <= 1} onClick={() => onChange(value - 1)}>
        <MinusOutline />
      </button>
      <output aria-live="polite" data-testid="quantity">
        {value}
      </output>
      <button type="button" aria-label={t('mall.plusOne')} disabled={value >= max} onClick={() => onChange(value + 1)}>
        <AddOutline />
      </button>
    </span>
  );
}
