import { envelope } from '@simshop/contract/envelope';
import { APP_VERSION, APP_VERSION_CODE, LANGUAGES } from '@simshop/contract/headers';
import { msg } from '@simshop/contract/messages';
import {
  appDomainQuery,
  appDomainReply,
  type BaseConfig,
  baseConfig,
  baseConfigQuery,
  dictOptionsBody,
  dictOptionsReply,
  division,
  errorReportBody,
  genericConfig,
  siteConfig,
} from '@simshop/contract/site';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import type { App } from '../../lib/route.ts';
import { compileSerializer } from '../../lib/schema-compilers.ts';
import { divisionChildrenIn } from './divisions.ts';
import type { Site } from './service.ts';

export async function siteRoutes(app: App, site: Site): Promise<void> {
  // Each cached promoter's reply is serialised once: the storefront asks for it on every page load.
  const baseConfigReply = compileSerializer(envelope(baseConfig));
  const baseConfigBytes = new WeakMap<BaseConfig, Buffer>();

  app.get(
    '/api/hk/baseConfig',
    {
      schema: {
        tags: ['site'],
        summary: 'Storefront configuration of a promoter',
        querystring: baseConfigQuery,
        response: { 200: envelope(baseConfig) },
      },
    },
    async (req, reply) => {
      const config = await site.getBaseConfig(req.query.promoCode, req.ctx.language);
      let body = baseConfigBytes.get(config);
      if (body === undefined) {
        body = Buffer.from(baseConfigReply(ok(config)));
        baseConfigBytes.set(config, body);
      }
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  app.get('/api/hk/genericConfig', { schema: { tags: ['site'], response: { 200: envelope(genericConfig) } } }, async () =>
    ok(await site.getGenericConfig()),
  );

  app.get('/api/site/config', { schema: { tags: ['site'], response: { 200: envelope(siteConfig) } } }, async () =>
    ok({
      name: 'SIM shop',
      version: APP_VERSION,
      versionCode: APP_VERSION_CODE,
      darkMode: false,
      languages: ['en', 'zh-Hans', 'zh-Hant'],
      orderHoldMinutes: app.config.orderHoldMinutes,
    }),
  );

  app.post(
    '/api/dictData/options',
    {
      schema: {
        tags: ['site'],
        summary: 'Options of dictionary types',
        body: dictOptionsBody,
        response: { 200: envelope(dictOptionsReply) },
      },
    },
    async (req) => ok(await site.getDictOptions(req.body, req.ctx.language)),
  );

  app.get(
    '/provinces/:file',
    {
      schema: {
        tags: ['site'],
        summary: 'Direct children of a six-digit division code (000000: the provinces)',
        params: z.object({ file: z.string().regex(/^\d{6}\.json$/, msg('validation.divisionFile')) }),
        querystring: z.object({
          language: z
            .enum(LANGUAGES)
            .default('zh-Hans')
            .describe('language of the names (the address is public and cached, so it names its language)'),
        }),
        response: { 200: z.array(division) },
      },
    },
    async (req, reply) => {
      const children = divisionChildrenIn(req.params.file.slice(0, 6), req.query.language);
      if (!children) throw invalid('file', 'site.unknownDivision');
      reply.header('cache-control', 'public, max-age=86400');
      return children;
    },
  );

  app.get(
    '/api/app/domain',
    {
      schema: {
        tags: ['app-domain'],
        summary: 'Access domain of an app package',
        querystring: appDomainQuery,
        response: { 200: envelope(appDomainReply) },
      },
    },
    async (req) => ok({ domain: await site.getAppDomain(req.query.packageName) }),
  );

  app.post(
    '/api/app/errorReport',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { tags: ['app-domain'], summary: 'Client error report', body: errorReportBody, response: { 200: envelope(z.null()) } },
    },
    async (req) => {
      await site.reportClientError(req.body, req.ip);
      return ok(null);
    },
  );
}
