import { envelope, pageQuery } from '@simshop/contract/envelope';
import {
  buyPackageBody,
  checkPayPassBody,
  closeVolumeBody,
  closeVolumeReply,
  createTopupBody,
  iotOrderPage,
  iotOrderReply,
  ledgerPage,
  orderNoQuery,
  packageChooseReply,
  packageDetailsReply,
  packageIdQuery,
  payPassCodeReply,
  payPassStatus,
  renewOptionReply,
  simBalanceListQuery,
  simBalanceLogListQuery,
  simPackageListQuery,
  topupChooseReply,
  updatePayPassBody,
  updateRenewBody,
} from '@simshop/contract/iot-money';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { simCaller } from '../iot-auth/service.ts';
import { type Card, cardById } from '../iot-sims/service.ts';
import type { Caller, MoneyDeps } from './deps.ts';
import { ledgerList, orderList } from './lists.ts';
import { closeVolumePackage, packageChoose, packageDetails } from './packages.ts';
import { checkPayPassword, payPassStatus as readPayPassStatus, updatePayPassword } from './pay-password.ts';
import { buyPackage } from './purchase.ts';
import { renewOption, updateRenew } from './renewal.ts';
import { createTopup, topupChoose } from './topups.ts';
import { orderDetails } from './views.ts';

const security = [{ simToken: [] }];
const tags = ['iot-money'];

/** The card holder of a guarded request. */
const caller = (req: FastifyRequest): Caller => ({ ...simCaller(req), simNo: '' });

/**
 * POST /api/iot/buyPackage, in a scope whose session guard reads the card row with the session
 * (one statement); the purchase locks and checks the card again in its transaction.
 */
export function buyPackageRoute(deps: MoneyDeps) {
  return async (app: App): Promise<void> => {
    app.post(
      '/api/iot/buyPackage',
      {
        schema: {
          tags,
          summary:
            'Buy a package from the balance (pay password when set: 41001 without it; 41002 real-name first) or online (payment to open). Header idempotency-key recommended.',
          security,
          body: buyPackageBody,
          response: { 200: envelope(iotOrderReply) },
        },
      },
      async (req) => ok(await buyPackage(deps, caller(req), req.body, req.simCompanion as Card | undefined)),
    );
  };
}

/** The other money calls of the SIM holder; registered inside the guarded /api/iot scope. */
export function moneyRoutes(deps: MoneyDeps) {
  return async (app: App): Promise<void> => {
    const { db } = deps.db;

    app.get(
      '/api/iot/packageChoose',
      {
        schema: {
          tags,
          summary: 'Packages on sale to the card: base, add-on, volume and flash sales',
          security,
          response: { 200: envelope(packageChooseReply) },
        },
      },
      async (req) => ok(await packageChoose(deps, req.sim.simId, req.ctx.language)),
    );

    app.get(
      '/api/iot/packageDetails',
      {
        schema: {
          tags,
          summary: 'One package: allowance, validity, rules, effect choices (EffectModal) and coupon coins that apply (SelectCoupon)',
          security,
          querystring: packageIdQuery,
          response: { 200: envelope(packageDetailsReply) },
        },
      },
      async (req) => ok(await packageDetails(deps, req.sim.simId, req.query.packageId, req.ctx.language)),
    );

    app.post(
      '/api/iot/closeVolumePackage',
      {
        schema: {
          tags,
          summary: 'End the pay-per-use volume package now: charge its use, refund unused whole days of its price',
          security,
          body: closeVolumeBody,
          response: { 200: envelope(closeVolumeReply) },
        },
      },
      async (req) => ok(await closeVolumePackage(deps, req.sim.simId, req.body?.simPackageId)),
    );

    app.get(
      '/api/iot/renewPackageOption',
      {
        schema: {
          tags,
          summary: 'Auto-renewal setting, renewable packages and the last renewal attempt',
          security,
          response: { 200: envelope(renewOptionReply) },
        },
      },
      async (req) => ok(await renewOption(deps, req.sim.simId, req.ctx.language)),
    );

    app.post(
      '/api/iot/simUpdateRenewPackage',
      {
        schema: {
          tags,
          summary: 'Switch auto-renewal on (with a package) or off',
          security,
          body: updateRenewBody,
          response: { 200: envelope(renewOptionReply) },
        },
      },
      async (req) => ok(await updateRenew(deps, req.sim.simId, req.body.enabled, req.body.packageId, req.ctx.language)),
    );

    for (const [url, kind, summary] of [
      ['/api/iot/balanceChoose', 'balance', 'Balance top-up amounts and offers'],
      ['/api/iot/couponChoose', 'coupon', 'Coupon-coin top-up amounts and offers'],
    ] as const) {
      app.get(url, { schema: { tags, summary, security, response: { 200: envelope(topupChooseReply) } } }, async (req) =>
        ok(await topupChoose(deps, req.sim.simId, kind, req.ctx.language)),
      );
    }

    for (const [url, kind, summary] of [
      [
        '/api/iot/createBalanceOrder',
        'balance',
        'Top up the balance online (arrears are settled first). Header idempotency-key recommended.',
      ],
      ['/api/iot/createCouponOrder', 'coupon', 'Buy coupon coins online (arrears are settled first). Header idempotency-key recommended.'],
    ] as const) {
      app.post(
        url,
        { schema: { tags, summary, security, body: createTopupBody, response: { 200: envelope(iotOrderReply) } } },
        async (req) => ok(await createTopup(deps, caller(req), kind, req.body)),
      );
    }

    app.get(
      '/api/iot/orderDetails',
      {
        schema: {
          tags,
          summary: 'One order of the card (asks the payment provider while pending): poll after the cashier',
          security,
          querystring: orderNoQuery,
          response: { 200: envelope(iotOrderReply) },
        },
      },
      async (req) => ok(await orderDetails(deps, req.sim.simId, req.query.orderNo, req.ctx.language)),
    );

    app.get(
      '/api/iot/payPassStatus',
      {
        schema: { tags, summary: 'Whether a pay password is set, and its lock', security, response: { 200: envelope(payPassStatus) } },
      },
      async (req) => ok(await readPayPassStatus(db, req.sim.simId, deps.now())),
    );

    app.post(
      '/api/iot/payPassCode',
      {
        schema: {
          tags,
          summary: "Send an SMS code to the card's bound phone, to change the pay password without the old one",
          security,
          response: { 200: envelope(payPassCodeReply) },
        },
      },
      async (req) => {
        const card = await cardById(db, req.sim.simId);
        return ok(
          await deps.simLogin.sendLoginCode(card.sim_no, {
            ip: req.ip,
            now: deps.now(),
            language: req.ctx.language,
            log: req.log,
            echo: deps.config.smsDevCode,
          }),
        );
      },
    );

    app.post(
      '/api/iot/simUpdatePayPass',
      {
        schema: {
          tags,
          summary: 'Set the 6-digit pay password; change it with the current one or an SMS code',
          security,
          body: updatePayPassBody,
          response: { 200: envelope(payPassStatus) },
        },
      },
      async (req) => {
        const card = await cardById(db, req.sim.simId);
        return ok(await updatePayPassword(deps, { simId: card.id, simNo: card.sim_no }, req.body, { ip: req.ip, now: deps.now() }));
      },
    );

    app.post(
      '/api/iot/checkPayPass',
      {
        schema: {
          tags,
          summary: 'Check the pay password (payPassword/validate); wrong entries count towards the lock',
          security,
          body: checkPayPassBody,
          response: { 200: envelope(payPassStatus) },
        },
      },
      async (req) => {
        await checkPayPassword(db, req.sim.simId, req.body.payPassword, deps.now());
        return ok(await readPayPassStatus(db, req.sim.simId, deps.now()));
      },
    );

    app.get(
      '/api/iot/simPackageList',
      {
        schema: {
          tags,
          summary: 'Package orders of the card, newest first',
          security,
          querystring: simPackageListQuery,
          response: { 200: envelope(iotOrderPage) },
        },
      },
      async (req) => ok(await orderList(db, req.sim.simId, ['package'], req.query.page, req.query.pageSize, req.ctx.language)),
    );

    app.get(
      '/api/iot/simBalanceList',
      {
        schema: {
          tags,
          summary: 'Top-up orders of the card (balance and coupon coins), newest first',
          security,
          querystring: simBalanceListQuery,
          response: { 200: envelope(iotOrderPage) },
        },
      },
      async (req) =>
        ok(
          await orderList(
            db,
            req.sim.simId,
            req.query.kind ? [req.query.kind] : ['balance', 'coupon'],
            req.query.page,
            req.query.pageSize,
            req.ctx.language,
          ),
        ),
    );

    app.get(
      '/api/iot/simBalanceLogList',
      {
        schema: {
          tags,
          summary: 'Ledger entries of the card (balance by default; integral, coupon_coin, arrears), newest first',
          security,
          querystring: simBalanceLogListQuery,
          response: { 200: envelope(ledgerPage) },
        },
      },
      async (req) => ok(await ledgerList(db, req.sim.simId, req.query.account, req.query.page, req.query.pageSize)),
    );

    for (const [url, account, summary] of [
      ['/api/iot/simIntegralLogList', 'integral', 'Points log of the card (sign-in, tasks, purchases...), newest first'],
      ['/api/iot/couponCoinLogList', 'coupon_coin', 'Coupon-coin log of the card (top-ups, purchases, exchanges...), newest first'],
    ] as const) {
      app.get(url, { schema: { tags, summary, security, querystring: pageQuery, response: { 200: envelope(ledgerPage) } } }, async (req) =>
        ok(await ledgerList(db, req.sim.simId, account, req.query.page, req.query.pageSize)),
      );
    }
  };
}
