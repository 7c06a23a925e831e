import { TopupChooseView } from '../../../../features/sim/components/topup-choose-view.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

/** Balance, arrears and top-up amounts with their offers (spec §2 balance/index). */
export default function BalancePage() {
  const loggedIn = useRequireSim();
  if (!loggedIn) return null;
  return (
    <div className="sim-page money-page" data-testid="balance-page">
      <TopupChooseView kind="balance" />
    </div>
  );
}
