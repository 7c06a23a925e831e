import { TopupPayView } from '../../../../../features/sim/components/topup-pay-view.tsx';
import { useRequireSim } from '../../../../../features/sim/use-require-sim.ts';

/** Creates the balance order, goes to the cashier and shows the result on return (spec §2 balance/pay). */
export default function BalancePayPage() {
  const loggedIn = useRequireSim();
  return loggedIn ? <TopupPayView kind="balance" /> : null;
}
