import { AllMenus } from '../../../../features/sim/components/all-menus.tsx';

/** Every menu of the SIM user page. */
export default function IotUserMoreMenuPage() {
  return <AllMenus pick={(layout) => layout.user.menus} />;
}
