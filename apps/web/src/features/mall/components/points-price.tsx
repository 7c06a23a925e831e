import { useTranslation } from 'react-i18next';
import { grouped, yuan } from '../../../lib/money.ts';

/** What a good costs: its points, and the money on top when it has a price ("500 points + ¥29.90"). */
export function PointsPrice({
  points,
  price,
  size = 'md',
  testId,
}: {
  points: number;
  price: number;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={`mall-price ${size}`} data-testid={testId}>
      <b>{grouped(points)}</b>
      <small>{t('mall.points')}</small>
      {price > 0 ? (
        <>
          <small className="mall-plus">+</small>
          <b>
            <small>¥</small>
            {yuan(price)}
          </b>
        </>
      ) : null}
    </span>
  );
}
