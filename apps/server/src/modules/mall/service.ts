/**
 * What other modules (and the operator's tools) use of the points mall: shipping an order with a
 * tracking number, and recording that a pick-up order was collected.
 */

export type { MallDeps } from './deps.ts';
export {
  operatorMallCategories,
  operatorMallGoods,
  operatorMallGoodsList,
  saveMallCategory,
  saveMallGoods,
  setMallGoodsOnSale,
} from './operator-goods.ts';
export { completePickup, shipShopOrder } from './orders.ts';
