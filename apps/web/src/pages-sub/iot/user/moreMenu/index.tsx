import { useSimInfo } from '../../../../features/sim/api/sim-info.ts';
import { useSimLayout } from '../../../../features/sim/api/sim-layout.ts';
import { MenuGrid, visibleMenus } from '../../../../features/sim/components/menus.tsx';
import { SimLoadFailed, SimLoading } from '../../../../features/sim/components/page-state.tsx';
import { useRequireSim } from '../../../../features/sim/use-require-sim.ts';

/** Every menu of the SIM user page. */
export default function IotUserMoreMenuPage() {
  const loggedIn = useRequireSim();
  const info = useSimInfo();
  const layout = useSimLayout();
  if (!loggedIn) return null;
  if (info.isError || layout.isError) return <SimLoadFailed onRetry={() => void Promise.all([info.refetch(), layout.refetch()])} />;
  if (!info.data || !layout.data) return <SimLoading />;
  const values = { promoCode: info.data.promoCode || layout.data.promoCode, sn: info.data.simNo };
  return (
    <div className="sim-page">
      <section className="card sim-menus">
        <MenuGrid menus={visibleMenus(layout.data.layout.user.menus)} values={values} max={Number.MAX_SAFE_INTEGER} />
      </section>
    </div>
  );
}
