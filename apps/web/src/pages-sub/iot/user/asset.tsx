import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSimCouponList } from '../../../features/sim/api/sim-coupon-list.ts';
import { useSimInfo } from '../../../features/sim/api/sim-info.ts';
import { ACCELERATE } from '../../../features/sim/components/accelerate-parts.tsx';
import { SimLoadFailed, SimLoading } from '../../../features/sim/components/page-state.tsx';
import { yuan } from '../../../features/sim/format.ts';
import { useRequireSim } from '../../../features/sim/use-require-sim.ts';
import { formatDate, formatDateTime } from '../../../lib/datetime.ts';
import { grouped } from '../../../lib/money.ts';
import { knowsPage, navigateTo } from '../../../lib/nav.ts';

const BALANCE = '/pages/iot/index/balance/index';
const BALANCE_LOG = '/pages/iot/index/orderLogs/index';
const POINTS = '/pages-sub/iot/index/integralLog/index';
const COINS = '/pages-sub/iot/index/couponExchange/index';
const COUPON_TOPUP = '/pages/iot/index/couponChoose/index';
const EXCHANGE_ORDERS = '/pages-sub/iot/index/couponExchange/order/index';
const MALL = '/pages-sub/iot/integralShop/index';
const MY_VIP = '/pages-sub/iot/user/vip';

/** A row leading to a page, when the app has it. */
function Row({ label, value, to, testId }: { label: string; value: string; to: string; testId: string }) {
  const go = knowsPage(to) ? () => void navigateTo(to) : undefined;
  return (
    <List.Item extra={<span data-testid={testId}>{value}</span>} onClick={go} arrowIcon={go !== undefined}>
      {label}
    </List.Item>
  );
}

/** My assets (spec §2 user/asset): balance, arrears, points, coupon coins, package coupons, VIP and speed-up, each leading to its page. */
export default function UserAssetPage() {
  const { t } = useTranslation();
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const coupons = useSimCouponList();
  if (!loggedIn) return null;
  if (info.isError) return <SimLoadFailed onRetry={() => void info.refetch()} />;
  if (!info.data) return <SimLoading lines={6} />;
  const d = info.data;
  return (
    <div className="sim-page" data-testid="user-asset-page">
      <List mode="card" header={t('iot.asset.money')}>
        <Row label={t('iot.item.balance')} value={`¥${yuan(d.balance)}`} to={BALANCE} testId="asset-balance" />
        {d.arrearsBalance > 0 ? (
          <Row label={t('iot.item.arrearsBalance')} value={`¥${yuan(d.arrearsBalance)}`} to={BALANCE} testId="asset-arrears" />
        ) : null}
        <Row label={t('iot.asset.orders')} value="" to={BALANCE_LOG} testId="asset-orders" />
      </List>
      <List mode="card" header={t('iot.asset.rewards')}>
        <Row label={t('iot.item.integral')} value={grouped(d.integral)} to={POINTS} testId="asset-integral" />
        <Row label={t('iot.asset.mall')} value="" to={MALL} testId="asset-mall" />
        <Row label={t('iot.item.couponCoin')} value={grouped(d.couponCoin)} to={COINS} testId="asset-coins" />
        <Row label={t('iot.asset.buyCoins')} value="" to={COUPON_TOPUP} testId="asset-buy-coins" />
        <Row
          label={t('engage.coupon.assetLabel')}
          value={coupons.data ? String(coupons.data.unused) : '—'}
          to={EXCHANGE_ORDERS}
          testId="asset-coupons"
        />
      </List>
      <List mode="card" header={t('iot.asset.privileges')}>
        <Row
          label={t('engage.title.myVip')}
          value={d.vipOrder ? t('iot.user.vipUntil', { date: formatDate(d.vipOrder.endAt) }) : t('engage.vip.notMember')}
          to={MY_VIP}
          testId="asset-vip"
        />
        <Row
          label={t('engage.title.accelerate')}
          value={d.accelerateOrder ? t('engage.accelerate.until', { time: formatDateTime(d.accelerateOrder.endAt) }) : ''}
          to={ACCELERATE.index}
          testId="asset-accelerate"
        />
      </List>
    </div>
  );
}
