import { AllMenus } from '../../../../features/sim/components/all-menus.tsx';

/** Every menu of the dashboard, the ones beyond maxMenuTimes included. */
export default function IotMoreMenuPage() {
  return <AllMenus pick={(layout) => layout.menus} />;
}
