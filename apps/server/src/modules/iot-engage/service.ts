/**
 * What other modules (the operator console) use of engagement: the VIP and speed-up plans and the
 * coupon exchange items of storefronts, their sign-in and task rewards, and the VIP and speed-up
 * orders of cards with their refunds.
 */

export type { ShopDeps as EngageDeps } from './online.ts';
export {
  type CatalogueKind,
  type EngageRefund,
  type OperatorAcceleratePlan,
  type OperatorExchangeItem,
  type OperatorOrder,
  type OperatorVipPlan,
  operatorAcceleratePlan,
  operatorAcceleratePlans,
  operatorExchangeItem,
  operatorExchangeItems,
  operatorOrder,
  operatorOrders,
  operatorVipPlan,
  operatorVipPlans,
  refundOrder,
  saveAcceleratePlan,
  saveExchangeItem,
  saveVipPlan,
  setCatalogueOnSale,
} from './operator.ts';
export { DEFAULT_SETTINGS, type EngageSettings, engageSettings, saveEngageSettings } from './settings.ts';
