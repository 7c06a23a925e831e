import './engage.css';
import type { VipOrder } from '@simshop/contract/iot';
import type { VipPlan } from '@simshop/contract/iot-engage';
import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/datetime.ts';

/** The privileges of a plan or order: its badge and each privilege with what it does. */
export function VipPrivileges({ privileges }: { privileges: VipPlan['privileges'] }) {
  return (
    <ul className="vip-privileges">
      {privileges.items.map((p) => (
        <li key={p.title}>
          <span className="vip-privilege-icon" aria-hidden="true">
            <StarFill />
          </span>
          <span>
            <b>{p.title}</b>
            <span className="muted">{p.content}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The card's VIP in effect: name, badge and until when. */
export function VipBadge({ order }: { order: VipOrder }) {
  const { t } = useTranslation();
  return (
    <div className={`vip-badge ${order.privileges.gi}`} data-testid="vip-current">
      <StarFill aria-hidden="true" />
      <b>{order.vipName}</b>
      <span>{t('engage.vip.until', { date: formatDate(order.endAt) })}</span>
    </div>
  );
}
