import { envelope, pageQuery } from '@simshop/contract/envelope';
import { accelerateOrder } from '@simshop/contract/iot';
import {
  accelerateListReply,
  accelerateOrderPage,
  couponExchangeListReply,
  createAccelerateOrderBody,
  createAccelerateOrderReply,
  createVipOrderBody,
  createVipOrderReply,
  exchangeCouponBody,
  exchangeCouponReply,
  exchangePage,
  generalSignInBody,
  generalSignInReply,
  simCouponListReply,
  taskCenterReply,
  vipListReply,
  vipOrderDetailsReply,
  vipOrderQuery,
} from '@simshop/contract/iot-engage';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { simCaller } from '../iot-auth/service.ts';
import { accelerateList, accelerateOrderList, accelerateOrderOf, createAccelerateOrder } from './accelerate.ts';
import { couponExchangeList, couponList, exchangeCoupon, exchangeList } from './exchange.ts';
import type { ShopDeps } from './online.ts';
import { claimTask, signIn, taskCenter } from './tasks.ts';
import { createVipOrder, vipList, vipOrderDetails } from './vip.ts';

const security = [{ simToken: [] }];
const tags = ['iot-engage'];

/** The engagement calls of the SIM holder; registered inside the guarded /api/iot scope. */
export function engageRoutes(deps: ShopDeps) {
  return async (app: App): Promise<void> => {
    app.get(
      '/api/iot/taskCenter',
      {
        schema: {
          tags,
          summary: 'Daily sign-in (streak, 7-day cycle of rising points, days signed this month) and one-off tasks with their state',
          security,
          response: { 200: envelope(taskCenterReply) },
        },
      },
      async (req) => ok(await taskCenter(deps, req.sim.simId)),
    );

    app.post(
      '/api/iot/generalSignIn',
      {
        schema: {
          tags,
          summary:
            "Sign in for today (once per China-time day), or with `task` receive a one-off task's points once it is done. Points go to the card's ledger.",
          security,
          body: generalSignInBody,
          response: { 200: envelope(generalSignInReply) },
        },
      },
      async (req) => ok(req.body?.task ? await claimTask(deps, req.sim.simId, req.body.task) : await signIn(deps, req.sim.simId)),
    );

    app.get(
      '/api/iot/couponExchangeList',
      {
        schema: {
          tags,
          summary: "What the card's coupon coins can be exchanged for (package coupons, balance), with stock and the card's exchanges",
          security,
          response: { 200: envelope(couponExchangeListReply) },
        },
      },
      async (req) => ok(await couponExchangeList(deps, req.sim.simId)),
    );

    app.post(
      '/api/iot/exchangeCoupon',
      {
        schema: {
          tags,
          summary:
            'Exchange coupon coins for an item: stock and the limit per card hold under concurrency; coins, coupon or balance move in one transaction. Header idempotency-key recommended.',
          security,
          body: exchangeCouponBody,
          response: { 200: envelope(exchangeCouponReply) },
        },
      },
      async (req) => ok(await exchangeCoupon(deps, { simId: req.sim.simId, idempotencyKey: req.ctx.idempotencyKey }, req.body.itemId)),
    );

    app.get(
      '/api/iot/couponExchangeOrderList',
      {
        schema: {
          tags,
          summary: 'Exchanges of the card, newest first, with the coupon each gave and its state',
          security,
          querystring: pageQuery,
          response: { 200: envelope(exchangePage) },
        },
      },
      async (req) => ok(await exchangeList(deps, req.sim.simId, req.query.page, req.query.pageSize)),
    );

    app.get(
      '/api/iot/simCouponList',
      {
        schema: {
          tags,
          summary: "The card's package coupons, newest first, and how many are usable now",
          security,
          response: { 200: envelope(simCouponListReply) },
        },
      },
      async (req) => ok(await couponList(deps, req.sim.simId)),
    );

    app.get(
      '/api/iot/vipList',
      {
        schema: {
          tags,
          summary: "VIP plans with their privileges, price and days; the card's VIP in effect and its VIP orders",
          security,
          response: { 200: envelope(vipListReply) },
        },
      },
      async (req) => ok(await vipList(deps, req.sim.simId, req.ctx.language)),
    );

    app.post(
      '/api/iot/createVipOrder',
      {
        schema: {
          tags,
          summary:
            'Buy a VIP plan from the balance (pay password when set: 41001 without it) or at the cashier (payMethod); it starts when paid, or where the running VIP ends. Header idempotency-key recommended.',
          security,
          body: createVipOrderBody,
          response: { 200: envelope(createVipOrderReply) },
        },
      },
      async (req) => ok(await createVipOrder(deps, simCaller(req), req.body, req.ctx.language)),
    );

    app.get(
      '/api/iot/vipOrderDetails',
      {
        schema: {
          tags,
          summary: 'One VIP order of the card and its payment (the page the cashier returns to asks until it is paid)',
          security,
          querystring: vipOrderQuery,
          response: { 200: envelope(vipOrderDetailsReply) },
        },
      },
      async (req) => ok(await vipOrderDetails(deps, req.sim.simId, req.query.orderSn, req.ctx.language)),
    );

    app.get(
      '/api/iot/accelerateList',
      {
        schema: {
          tags,
          summary:
            'Speed-ups on sale (speed profile, hours, price), the one running now, the package in effect a speed-up needs, balance and methods',
          security,
          response: { 200: envelope(accelerateListReply) },
        },
      },
      async (req) => ok(await accelerateList(deps, req.sim.simId, req.ctx.language)),
    );

    app.post(
      '/api/iot/createAccelerateOrder',
      {
        schema: {
          tags,
          summary:
            'Buy a speed-up from the balance (pay password when set: 41001 without it) or at the cashier (payMethod). Needs a package in effect, no speed-up running and an operator offering speed-ups (40001 otherwise); the carrier holds the speed for the window. Header idempotency-key recommended.',
          security,
          body: createAccelerateOrderBody,
          response: { 200: envelope(createAccelerateOrderReply) },
        },
      },
      async (req) => {
        // Only where the card's operator offers a faster profile (the capability table).
        await deps.sims.requireCapability(req.sim.simId, 'speedUp', req.ctx.language);
        return ok(await createAccelerateOrder(deps, simCaller(req), req.body, req.ctx.language));
      },
    );

    app.get(
      '/api/iot/accelerateOrderList',
      {
        schema: {
          tags,
          summary: 'Speed-up orders of the card, newest first, with their window and state at the carrier',
          security,
          querystring: pageQuery,
          response: { 200: envelope(accelerateOrderPage) },
        },
      },
      async (req) => ok(await accelerateOrderList(deps, req.sim.simId, req.query.page, req.query.pageSize, req.ctx.language)),
    );

    app.get(
      '/api/iot/accelerateOrderDetails',
      {
        schema: {
          tags,
          summary: 'One speed-up order of the card (the page the cashier returns to asks until it is active)',
          security,
          querystring: vipOrderQuery,
          response: { 200: envelope(z.object({ order: accelerateOrder })) },
        },
      },
      async (req) => ok({ order: await accelerateOrderOf(deps, req.sim.simId, req.query.orderSn, req.ctx.language) }),
    );
  };
}
