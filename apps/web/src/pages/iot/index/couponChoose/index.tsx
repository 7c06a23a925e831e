import { TopupChooseView } from '../../../../features/sim/components/topup-choose-view.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';
import { useScrollTop } from '../../../../features/sim/use-scroll-top.ts';

/** Coupon-coin top-ups and their offers (spec §2 couponChoose/index). */
export default function CouponChoosePage() {
  useScrollTop();
  const loggedIn = useRequireSim();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="coupon-page">
      <TopupChooseView kind="coupon" />
    </div>
  );
}
