import { existsSync } from 'node:fs';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Code } from '@simshop/contract/codes';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config.ts';
import { type Db, openDb } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfNew } from './db/seed/index.ts';
import { parseContext } from './lib/context.ts';
import { BizError } from './lib/errors.ts';
import { checkIdempotencyKey } from './lib/idempotency.ts';
import { fieldOf, type Language, localize, localizeValidation, type ZodIssueLike } from './lib/messages.ts';
import type { App } from './lib/route.ts';
import { serializerCompiler, validatorCompiler } from './lib/schema-compilers.ts';
import { securityHeadersFor } from './lib/security-headers.ts';
import { registerModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** Readable message for a failed schema check: the field path, then what is wrong (in the user's language). */
function validationMessage(error: FastifyError, language: Language): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    if (first) {
      const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const where = path || (first.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || error.validationContext || 'body';
      return localizeValidation(where, first.message ?? '', { ...(first.params as ZodIssueLike), code: first.keyword }, language);
    }
  }
  return localize(error.message, language);
}

/** The language of the request (English before the context is parsed). */
const languageOf = (req: FastifyRequest): Language => req.ctx?.language ?? 'en';

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests). */
  db?: Db;
  logger?: boolean;
}

/** Builds the whole server without listening; tests drive it through inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? openDb(config.database);
  await migrateToLatest(db.db, db.dialect);
  if (config.seed === 'demo') await seedDemoIfNew(db, config);
  app.decorate('db', db);
  app.decorate('config', config);
  if (!options.db) app.addHook('onClose', async () => db.destroy());

  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', (req, reply, done) => {
    req.ctx = parseContext(req);
    reply.headers(securityHeadersFor(req.url));
    try {
      checkIdempotencyKey(req.ctx.idempotencyKey);
    } catch (error) {
      return done(error as BizError);
    }
    done();
  });

  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    allowList: (req) => req.url === '/healthz',
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      code: Code.FAILED,
      message: localize(`too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`, languageOf(req)),
      data: null,
    }),
  });

  // Error replies are serialised here, not by the route's response schema (which describes success).
  // Messages are shown to the user, so they go out in the request's language; x-error-field names
  // the field of a `field: problem` refusal in a form that does not depend on the language.
  const refuse = (reply: FastifyReply, status: number, code: number, message: string, field?: string) => {
    if (field) reply.header('x-error-field', field);
    return reply
      .status(status)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ code, message, data: null }));
  };
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const language = languageOf(req);
    if (error instanceof BizError) return refuse(reply, 200, error.code, localize(error.message, language), fieldOf(error.message));
    if (error.validation || hasZodFastifySchemaValidationErrors(error)) {
      const english = validationMessage(error, 'en');
      return refuse(reply, 200, Code.FAILED, language === 'en' ? english : validationMessage(error, language), fieldOf(english));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(reply, error.statusCode, Code.FAILED, localize(error.message, language));
    }
    req.log.error({ err: error, reqId: req.id }, 'unexpected error');
    return refuse(reply, 500, Code.FAILED, localize(`internal error (request ${req.id})`, language));
  });
  app.setNotFoundHandler((req, reply) => {
    const message = localize(`not found: ${req.method} ${req.url.split('?')[0]}`, languageOf(req));
    reply.status(404).send({ code: Code.FAILED, message, data: null });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'SIM shop and IoT self-service API', version: '1.4.4' },
      components: {
        securitySchemes: {
          simToken: { type: 'apiKey', in: 'header', name: 'x-sim-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await registerModules(app);

  if (existsSync(config.webDir)) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      prefix: '/shop/',
      index: false,
      maxAge: '1h',
      preCompressed: true,
      setHeaders: (res, file) => {
        if (/[\\/]assets[\\/]/.test(file)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The app shell itself is never cached, so a new release is picked up at once.
    app.get('/shop/', { schema: { hide: true } }, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/shop/'));

  return app;
}
