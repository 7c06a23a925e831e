import { TopupChooseView } from '../../../../features/sim/components/topup-choose-view.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

/** Coupon-coin top-ups and their offers (spec §2 couponChoose/index). */
export default function CouponChoosePage() {
  const loggedIn = useRequireSim();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="coupon-page">
      <TopupChooseView kind="coupon" />
    </div>
  );
}
