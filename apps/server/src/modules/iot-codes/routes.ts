import { envelope } from '@simshop/contract/envelope';
import {
  iotWifiCreateBody,
  myOneCode,
  oneCodeInfo,
  oneCodeOrder,
  oneCodeOrderQuery,
  oneCodeQuery,
  oneCodeRechargeBody,
  oneCodeRechargeReply,
  siteWifiCreateBody,
  wifiCode,
  wifiCodeQuery,
  wifiRevokeBody,
  wifiShareCreated,
} from '@simshop/contract/iot-codes';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { shopperOf } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { requireProven, type SimSessions } from '../iot-auth/service.ts';
import type { Codes } from './service.ts';

const tags = ['iot-codes'];
const security = [{ simToken: [] }];

/** The calls anyone may make (a card's link, a machine code); two read the SIM session when given. */
export async function openCodeRoutes(app: App, codes: Codes, sessions: SimSessions): Promise<void> {
  /** The card of the SIM session of the call (34061 without one). */
  const simOf = async (req: FastifyRequest) => (await sessions.authenticate(req.ctx.simToken, req.ctx.simNo, app.config.now())).simId;
  /** The same, for a device's Wi-Fi password: the session must have proved possession (41003, decision 0105). */
  const provenSimOf = async (req: FastifyRequest) => {
    const sim = await sessions.authenticate(req.ctx.simToken, req.ctx.simNo, app.config.now());
    requireProven(sim);
    return sim.simId;
  };

  app.post(
    '/api/site/wifiCreate',
    {
      schema: {
        tags,
        summary: 'A Wi-Fi card for a network (a shop’s guest Wi-Fi): its link shows the name, password and a join QR until it ends',
        body: siteWifiCreateBody,
        response: { 200: envelope(wifiShareCreated) },
      },
    },
    async (req) => ok(await codes.createSiteShare(req.body)),
  );

  app.post(
    '/api/site/wifiRevoke',
    { schema: { tags, summary: 'The owner withdraws a Wi-Fi card', body: wifiRevokeBody, response: { 200: envelope(z.null()) } } },
    async (req) => {
      await codes.revokeShare(req.body.token, req.body.ownerKey);
      return ok(null);
    },
  );

  app.get(
    '/api/site/getWifiCode',
    {
      schema: {
        tags,
        summary: 'The network and its join QR (made on the server): a card by token, or a band of the SIM session’s device',
        querystring: wifiCodeQuery,
        response: { 200: envelope(wifiCode) },
      },
    },
    async (req) =>
      ok(
        req.query.token !== undefined
          ? await codes.shareCode(req.query.token)
          : await codes.deviceCode(await provenSimOf(req), req.query.wifiType!),
      ),
  );

  app.get(
    '/api/site/generalOneCodeById',
    {
      schema: {
        tags,
        summary: 'The machine code of the SIM session’s device (or plain SIM), made on first ask',
        security,
        response: { 200: envelope(myOneCode) },
      },
    },
    async (req) => ok(await codes.myCode(await simOf(req))),
  );

  app.get(
    '/api/site/getOneCode',
    {
      schema: {
        tags,
        summary: 'The recharge page of a machine code: masked number, operator, the page’s parts and the top-up offers',
        querystring: oneCodeQuery,
        response: { 200: envelope(oneCodeInfo) },
      },
    },
    async (req) => ok(await codes.codeInfo(req.query.code, req.ctx.language)),
  );

  app.post(
    '/api/site/oneCodeRecharge',
    {
      schema: {
        tags,
        summary: 'A balance top-up through a machine code, no login: open payment.payUrl. Header idempotency-key recommended.',
        body: oneCodeRechargeBody,
        response: { 200: envelope(oneCodeRechargeReply) },
      },
    },
    async (req) => ok(await codes.recharge(req.body, req.ctx.idempotencyKey, req.ctx.language, shopperOf(req))),
  );

  app.get(
    '/api/site/oneCodeOrder',
    {
      schema: {
        tags,
        summary: 'A top-up made through a machine code (checks a pending payment first): poll after the cashier',
        querystring: oneCodeOrderQuery,
        response: { 200: envelope(oneCodeOrder) },
      },
    },
    async (req) => ok(await codes.order(req.query.code, req.query.orderNo, req.ctx.language)),
  );
}

/** The card holder's calls (registered in the SIM-guarded scope). */
export async function simCodeRoutes(app: App, codes: Codes): Promise<void> {
  app.post(
    '/api/iot/wifiCreate',
    {
      // A card carries the Wi-Fi password: a proven session only (decision 0105).
      onRequest: async (req) => requireProven(req.sim),
      schema: {
        tags,
        summary: 'A Wi-Fi card for a band of the device (it stops working when the device’s name or password changes)',
        security,
        body: iotWifiCreateBody,
        response: { 200: envelope(wifiShareCreated) },
      },
    },
    async (req) => ok(await codes.createDeviceShare(req.sim.simId, req.body)),
  );

  app.post(
    '/api/iot/oneCodeRenew',
    {
      schema: { tags, summary: 'Replace the machine code (the old one stops working)', security, response: { 200: envelope(myOneCode) } },
    },
    async (req) => ok(await codes.renewCode(req.sim.simId)),
  );
}
