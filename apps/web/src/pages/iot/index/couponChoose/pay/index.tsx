import { TopupPayView } from '../../../../../features/sim/components/topup-pay-view.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';

/** Creates the coupon-coin order, goes to the cashier and shows the result on return (spec §2 couponChoose/pay). */
export default function CouponPayPage() {
  const loggedIn = useRequireSim();
  return loggedIn ? <TopupPayView kind="coupon" /> : null;
}
