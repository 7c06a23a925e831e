import type { AccelerateOrder } from '@simshop/contract/iot';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import './money.css';
import './engage.css';
import './accelerate.css';

export const ACCELERATE = {
  index: '/pages-sub/iot/index/accelerate/index',
  cashier: '/pages-sub/iot/index/accelerate/cashier/index',
  orders: '/pages-sub/iot/index/accelerate/order/index',
} as const;

export type AccelerateState = 'pending' | 'activating' | 'active' | 'ended' | 'refunded' | 'closed';

/** Where an order stands for the holder. */
export function accelerateState(o: AccelerateOrder, now: number): AccelerateState {
  if (o.status === 0) return 'pending';
  if (o.status === 3) return 'closed';
  if (o.status === 2) return 'refunded';
  if (o.endAt <= now || o.carrierState === 'restored') return 'ended';
  return o.carrierState === 'applied' ? 'active' : 'activating';
}

/** "300 Mbps · 2 hours" */
export function speedLine(t: TFunction, p: { speedMbps: number; durationHours: number }): string {
  return `${t('engage.accelerate.speed', { mbps: p.speedMbps })} · ${t('engage.accelerate.hours', { count: p.durationHours })}`;
}

/** The running speed-up: its name, speed and the end of its window. */
export function AccelerateBadge({ order }: { order: AccelerateOrder }) {
  const { t } = useTranslation();
  return (
    <div className="accelerate-badge" data-testid="accelerate-current">
      <b>{order.accelerateName}</b>
      <span>{t('engage.accelerate.speed', { mbps: order.speedMbps })}</span>
      <span>{t('engage.accelerate.until', { time: formatDateTime(order.endAt) })}</span>
    </div>
  );
}
