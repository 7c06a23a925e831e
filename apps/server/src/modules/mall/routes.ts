import { envelope } from '@simshop/contract/envelope';
import {
  addressIdBody,
  buyShopGoodsBody,
  goodsDetailsReply,
  goodsIdQuery,
  goodsShopStoreReply,
  integralShopIndexReply,
  repayShopOrderBody,
  setSimAddressBody,
  shopOrderDetails,
  shopOrderListQuery,
  shopOrderNoBody,
  shopOrderNoQuery,
  shopOrderPage,
  shopOrderReply,
  simAddress,
  simAddressList,
} from '@simshop/contract/mall';
import { shopperOf } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { simCaller } from '../iot-auth/service.ts';
import { deleteAddress, listAddresses, setAddress, setDefaultAddress } from './addresses.ts';
import { goodsDetails, shopIndex, shopStores } from './catalogue.ts';
import type { MallDeps } from './deps.ts';
import { buyShopGoods, cancelShopOrder, shopOrderDetails as orderDetails, repayShopOrder, shopOrderList } from './orders.ts';

const security = [{ simToken: [] }];
const tags = ['mall'];

/** The points mall calls of the SIM holder; registered inside the guarded /api/iot scope. */
export function mallRoutes(deps: MallDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/integralShopIndex',
      {
        schema: {
          tags,
          summary: "The points mall: the card's points, banners, categories and goods on sale",
          security,
          response: { 200: envelope(integralShopIndexReply) },
        },
      },
      async (req) => ok(await shopIndex(deps, req.sim.simId, req.ctx.language)),
    );

    app.get(
      '/api/iot/integralShopGoodsDetails',
      {
        schema: {
          tags,
          summary: 'One good: images, description, points and price, stock, per-card limit and what this card bought',
          security,
          querystring: goodsIdQuery,
          response: { 200: envelope(goodsDetailsReply) },
        },
      },
      async (req) => ok(await goodsDetails(deps, req.sim.simId, req.query.goodsId, req.ctx.language)),
    );

    app.get(
      '/api/iot/goodsShopStore',
      { schema: { tags, summary: 'Pick-up points (storePoint)', security, response: { 200: envelope(goodsShopStoreReply) } } },
      async (req) => ok(await shopStores(deps, req.ctx.language)),
    );

    app.post(
      '/api/iot/buyShopGoods',
      {
        schema: {
          tags,
          summary:
            'Buy a good: its points are taken at once; a good with a price answers a payment to open (the order stays pending until paid). 30001 when sold out. Header idempotency-key recommended.',
          security,
          body: buyShopGoodsBody,
          response: { 200: envelope(shopOrderReply) },
        },
      },
      async (req) => ok(await buyShopGoods(deps, simCaller(req), req.body, req.ctx.language)),
    );

    app.get(
      '/api/iot/simAddressList',
      {
        schema: {
          tags,
          summary: 'Delivery addresses of the card, the default first',
          security,
          response: { 200: envelope(simAddressList) },
        },
      },
      async (req) => ok(await listAddresses(deps, req.sim.simId, req.ctx.language)),
    );

    app.post(
      '/api/iot/setSimAddress',
      {
        schema: {
          tags,
          summary: 'Add a delivery address (no id) or change one; the first address is the default',
          security,
          body: setSimAddressBody,
          response: { 200: envelope(simAddress) },
        },
      },
      async (req) => ok(await setAddress(deps, req.sim.simId, req.body, req.ctx.language)),
    );

    app.post(
      '/api/iot/delSimAddress',
      {
        schema: {
          tags,
          summary: 'Delete a delivery address (the newest left becomes the default); answers the addresses left',
          security,
          body: addressIdBody,
          response: { 200: envelope(simAddressList) },
        },
      },
      async (req) => ok(await deleteAddress(deps, req.sim.simId, req.body.id, req.ctx.language)),
    );

    app.post(
      '/api/iot/setDefaultSimAddress',
      {
        schema: {
          tags,
          summary: 'Make an address the default',
          security,
          body: addressIdBody,
          response: { 200: envelope(simAddressList) },
        },
      },
      async (req) => ok(await setDefaultAddress(deps, req.sim.simId, req.body.id, req.ctx.language)),
    );

    app.get(
      '/api/iot/shopOrderList',
      {
        schema: {
          tags,
          summary: 'Mall orders of the card, newest first',
          security,
          querystring: shopOrderListQuery,
          response: { 200: envelope(shopOrderPage) },
        },
      },
      async (req) => ok(await shopOrderList(deps, req.sim.simId, req.query.status, req.query.page, req.query.pageSize, req.ctx.language)),
    );

    app.get(
      '/api/iot/shopOrderDetails',
      {
        schema: {
          tags,
          summary: 'One mall order with its parcel timeline (asks the payment provider while pending): poll after the cashier',
          security,
          querystring: shopOrderNoQuery,
          response: { 200: envelope(shopOrderDetails) },
        },
      },
      async (req) => ok(await orderDetails(deps, req.sim.simId, req.query.orderNo, req.ctx.language)),
    );

    app.post(
      '/api/iot/cancelShopOrder',
      {
        schema: {
          tags,
          summary: 'Cancel an order not shipped yet: its points come back through the ledger, money paid is refunded',
          security,
          body: shopOrderNoBody,
          response: { 200: envelope(shopOrderDetails) },
        },
      },
      async (req) => ok(await cancelShopOrder(deps, req.sim.simId, req.body.orderNo, req.ctx.language)),
    );

    app.post(
      '/api/iot/repayShopOrder',
      {
        schema: {
          tags,
          summary: 'Pay the money part of a pending order (again): answers the payment to open',
          security,
          body: repayShopOrderBody,
          response: { 200: envelope(shopOrderReply) },
        },
      },
      async (req) => ok(await repayShopOrder(deps, req.sim.simId, req.body.orderNo, req.body.payMethod, req.ctx.language, shopperOf(req))),
    );
  };
}
