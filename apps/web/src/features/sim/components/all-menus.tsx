import type { SimLayout } from '@simshop/contract/iot';
import { useSimInfo } from '../api/sim-info.ts';
import { useSimLayout } from '../api/sim-layout.ts';
import { menusForCard } from '../menu.ts';
import { useRequireSim } from '../use-require-sim.ts';
import { MenuGrid, visibleMenus } from './menus.tsx';
import { SimLoadFailed, SimLoading } from './page-state.tsx';

/** Every menu of a part of the layout, the ones beyond maxMenuTimes included (the moreMenu pages). */
export function AllMenus({ pick }: { pick: (layout: SimLayout) => SimLayout['menus'] }) {
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
        <MenuGrid menus={visibleMenus(menusForCard(pick(layout.data.layout), info.data))} values={values} max={Number.MAX_SAFE_INTEGER} />
      </section>
    </div>
  );
}
