import { envelope } from '@simshop/contract/envelope';
import { type SimInfo, simInfo, simLayoutReply } from '@simshop/contract/iot';
import {
  changeSimList,
  protocol,
  protocolQuery,
  simDiagnosis,
  simHistoryLine,
  simHistoryLineQuery,
  simRefreshReply,
} from '@simshop/contract/iot-sims';
import type { FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import type { App } from '../../lib/route.ts';
import { compileSerializer } from '../../lib/schema-compilers.ts';
import type { Layouts } from '../iot-layout/service.ts';
import { diagnose } from './diagnosis.ts';
import { asSeenBy, REFRESH_INTERVAL_MS, type ReadView, type Sims } from './service.ts';

const security = [{ simToken: [] }];

/**
 * GET /api/iot/simInfo, in a scope whose session guard reads the card view with the session (one
 * statement for a card not in the one-second cache).
 */
export async function simInfoRoute(app: App, sims: Sims): Promise<void> {
  // The reply text is kept with the cached SIM info object it was made from: a card polled by its
  // dashboard is read and serialised at most once a second per instance and language.
  const simInfoReply = compileSerializer(envelope(simInfo));
  const replies = new WeakMap<SimInfo, Buffer>();
  app.get(
    '/api/iot/simInfo',
    { schema: { tags: ['iot'], summary: 'SIM info of the session (spec §3)', security, response: { 200: envelope(simInfo) } } },
    async (req, reply) => {
      const read = req.simCompanion as ReadView | undefined;
      const info = asSeenBy(await sims.getSimInfoCached(req.sim.simId, app.config.now(), req.ctx.language, read), req.sim.proven);
      let body = replies.get(info);
      if (body === undefined) {
        body = Buffer.from(simInfoReply(ok(info)));
        replies.set(info, body);
      }
      // Bytes with a JSON content type are sent as they are (no second serialisation or encoding).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );
}

/** The SIM dashboard's other data calls; registered inside the guarded /api/iot scope. */
export async function simRoutes(app: App, sims: Sims, layouts: Layouts): Promise<void> {
  app.post(
    '/api/iot/simRefresh',
    {
      schema: {
        tags: ['iot'],
        summary: `Force a carrier refresh (at most once per ${REFRESH_INTERVAL_MS / 1000} s per card)`,
        security,
        response: { 200: envelope(simRefreshReply) },
      },
    },
    async (req) => {
      const refreshed = await sims.forceRefresh(req.sim.simId, app.config.now(), req.ctx.language);
      return ok({ ...refreshed, simInfo: asSeenBy(refreshed.simInfo, req.sim.proven) });
    },
  );

  app.get(
    '/api/iot/simDiagnose',
    {
      schema: {
        tags: ['iot'],
        summary: 'Why the card may be off the internet: each cause with the action that fixes it, and the facts checked',
        security,
        response: { 200: envelope(simDiagnosis) },
      },
    },
    async (req) => {
      const now = app.config.now();
      const [info, operator] = await Promise.all([
        sims.getSimInfo(req.sim.simId, now, req.ctx.language),
        sims.operatorState(req.sim.simId, now),
      ]);
      return ok(diagnose(info, now, req.ctx.language, operator));
    },
  );

  app.get(
    '/api/iot/simHistoryLine',
    {
      schema: {
        tags: ['iot'],
        summary: 'Daily usage of the last days (30 by default)',
        security,
        querystring: simHistoryLineQuery,
        response: { 200: envelope(simHistoryLine) },
      },
    },
    async (req) => ok(await sims.historyLine(req.sim.simId, req.query.days, app.config.now())),
  );

  app.get(
    '/api/iot/changeSimList',
    { schema: { tags: ['iot'], summary: "The SIMs of the session's device", security, response: { 200: envelope(changeSimList) } } },
    async (req) => ok(await sims.changeSimList(req.sim.simId, app.config.now())),
  );

  app.post(
    '/api/iot/simRemoveBreak',
    {
      schema: {
        tags: ['iot'],
        summary: "Lift the card's restriction when its rule allows the holder to",
        security,
        response: { 200: envelope(simInfo) },
      },
    },
    async (req) => {
      const now = app.config.now();
      await sims.removeBreak(req.sim.simId, now);
      return ok(asSeenBy(await sims.getSimInfo(req.sim.simId, now, req.ctx.language), req.sim.proven));
    },
  );

  // The layout and agreements of the card's promoter (the layouts module knows promoters, not cards).
  const promoCodeOf = async (simId: number) => (await sims.cardPromoCode(simId)) ?? '';

  app.get(
    '/api/iot/simLayout',
    {
      schema: {
        tags: ['iot'],
        summary: "The Sim layout of the card's promoter (spec §3) and the notices in force",
        security,
        response: { 200: envelope(simLayoutReply) },
      },
    },
    async (req) => ok(await layouts.getLayout(await promoCodeOf(req.sim.simId), req.ctx.language)),
  );

  app.get(
    '/api/iot/protocol',
    {
      schema: {
        tags: ['iot'],
        summary: "An agreement of the card's promoter: service, privacy, login or task rules",
        security,
        querystring: protocolQuery,
        response: { 200: envelope(protocol) },
      },
    },
    async (req) => ok(await layouts.getProtocol(await promoCodeOf(req.sim.simId), req.query.type, req.query.language ?? req.ctx.language)),
  );
}
