/** The pages of the points mall (spec §2). */
const ROOT = '/pages-sub/iot/integralShop';
export const MALL = {
  index: `${ROOT}/index`,
  details: `${ROOT}/details/index`,
  payment: `${ROOT}/details/payment/index`,
  cashier: `${ROOT}/details/cashier/index`,
  selectAddress: `${ROOT}/details/selectAddress/index`,
  editAddress: `${ROOT}/details/selectAddress/edit`,
  storePoint: `${ROOT}/details/storePoint/index`,
  orders: `${ROOT}/order/index`,
  orderDetails: `${ROOT}/order/orderDetails/index`,
  logistics: `${ROOT}/order/orderDetails/logistics/index`,
  pay: `${ROOT}/order/orderDetails/pay/index`,
} as const;
