import { CheckShieldOutline, GlobalOutline, QuestionCircleOutline, ShopbagOutline, SmileOutline, TruckOutline } from 'antd-mobile-icons';

const ICONS: Record<string, typeof ShopbagOutline> = {
  buy: ShopbagOutline,
  order: TruckOutline,
  activate: CheckShieldOutline,
  iot: GlobalOutline,
  after: SmileOutline,
};

/** The icon of a help-centre category (a generic question mark for categories added later). */
export function CategoryIcon({ category }: { category: string }) {
  const Icon = ICONS[category] ?? QuestionCircleOutline;
  return <Icon aria-hidden="true" />;
}
