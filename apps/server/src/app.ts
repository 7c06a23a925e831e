import { existsSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Code } from '@simshop/contract/codes';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Config, fastifyTrustProxy } from './config.ts';
import { isStorageFault } from './db/dialect.ts';
import { type Db, openDb } from './db/kysely.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfNew } from './db/seed/index.ts';
import { parseContext } from './lib/context.ts';
import { BizError, schemaRefusal, type ZodIssueLike } from './lib/errors.ts';
import { checkIdempotencyKey } from './lib/idempotency.ts';
import { refuseUnstorableText } from './lib/input-text.ts';
import { type Language, render } from './lib/messages.ts';
import { metricsPlugin } from './lib/metrics.ts';
import { countInRedis } from './lib/rate-limit.ts';
import type { App } from './lib/route.ts';
import { serializerCompiler, validatorCompiler } from './lib/schema-compilers.ts';
import { securityHeadersFor } from './lib/security-headers.ts';
import { openShared, type Shared } from './lib/shared.ts';
import { shopPages } from './lib/shop-page.ts';
import { registerModules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** What the instances share besides the database: Redis (when configured), the bus, short locks. */
    shared: Shared;
  }
}

/** A failed schema check as a refusal about its field (the first problem found). */
function validationRefusal(error: FastifyError): BizError {
  const first = hasZodFastifySchemaValidationErrors(error) ? error.validation[0] : undefined;
  if (!first) return new BizError(Code.FAILED, 'request.invalid');
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = path || (first.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || error.validationContext || 'body';
  return schemaRefusal({ ...(first.params as ZodIssueLike), code: first.keyword, message: first.message }, where);
}

/** Fastify's own refusals of a request (4xx) by their code. */
function requestRefusal(error: FastifyError, req: FastifyRequest): BizError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new BizError(Code.FAILED, 'request.bodyTooLarge');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new BizError(Code.FAILED, 'request.bodyEmpty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new BizError(Code.FAILED, 'request.bodyNotJson');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new BizError(Code.FAILED, 'request.mediaType', { type: String(req.headers['content-type'] ?? '').slice(0, 100) });
    default:
      return new BizError(Code.FAILED, 'request.invalid');
  }
}

/**
 * Caching of the web app's files: HTML (the app shell), the service worker and the manifest are revalidated on every load so a release is
 * picked up at once; assets/ names carry a content hash and never change; anything else briefly.
 */
function staticCacheControl(file: string): string {
  // The service worker and the manifest too: browsers then find a new build's worker at once.
  if (/(\.html|[\\/]sw\.js|\.webmanifest)(\.(br|gz))?$/.test(file)) return 'no-cache';
  if (/[\\/]assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=300';
}

/** The language of the request (English before the context is parsed). */
const languageOf = (req: FastifyRequest): Language => req.ctx?.language ?? 'en';

// Error replies are serialised here, not by the route's response schema (which describes success).
// Messages are shown to the user, so they go out in the request's language; x-error-field names
// the field of a `field: problem` refusal in a form that does not depend on the language.
function refuse(reply: FastifyReply, status: number, code: number, message: string, field?: string) {
  if (field) reply.header('x-error-field', field);
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message, data: null }));
}
const refuseWith = (reply: FastifyReply, status: number, e: BizError, language: Language) =>
  refuse(reply, status, e.code, e.render(language), e.field);

/** Requests the router cannot take: a path that does not decode, a too long path parameter. */
const ROUTER_REFUSALS: Record<string, [status: number, id: 'request.badUrl' | 'request.paramTooLong']> = {
  FST_ERR_BAD_URL: [400, 'request.badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'request.paramTooLong'],
};

/**
 * What Node's HTTP parser refuses before there is a request (headers over the size limit, a
 * malformed request line or header): answered on the socket, in the envelope, in English as the
 * request's language is not known.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, id] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ([431, 'request.headersTooLarge'] as const)
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? ([408, 'request.timeout'] as const)
        : ([400, 'request.malformed'] as const);
  const body = JSON.stringify({ code: Code.FAILED, message: render(id, {}, 'en'), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export interface BuildOptions {
  /** An open database to use instead of opening one from the config (tests). */
  db?: Db;
  logger?: boolean;
}

/** Builds the whole server without listening; tests drive it through inject. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  // With a certificate the server speaks HTTPS itself: HTTP/2 to the browsers that offer it (one
  // connection carries every file of a page), HTTP/1.1 to the rest (decision 0050). Fastify's
  // HTTP/2 request and reply keep the HTTP/1 API the routes use, so the instance keeps that type.
  const https: Record<string, unknown> = config.tls ? { http2: true, https: { allowHTTP1: true, ...config.tls } } : {};
  const app = Fastify({
    ...https,
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // While closing, requests on kept-alive connections get the envelope below, not Fastify's own 503.
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: (error, req, reply) => {
      req.ctx = parseContext(req);
      reply.headers(securityHeadersFor(req.raw.url ?? ''));
      const refusal = ROUTER_REFUSALS[error.code];
      if (refusal) return refuseWith(reply, refusal[0], new BizError(Code.FAILED, refusal[1]), languageOf(req));
      req.log.error({ err: error, reqId: req.id }, 'unexpected router error');
      return refuse(reply, 500, Code.FAILED, render('request.internal', { requestId: req.id }, languageOf(req)));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    options.db ??
    openDb(config.database, (err) => app.log.warn({ err }, 'a database connection was lost; the pool opens a new one when needed'));
  await migrateToLatest(db.db, db.dialect);
  // Dated by the configured clock, so demo packages, sales and history agree with the server's time.
  if (config.seed === 'demo') await seedDemoIfNew(db, config, config.now());
  app.decorate('db', db);
  app.decorate('config', config);
  if (!options.db) app.addHook('onClose', async () => db.destroy());
  const shared = await openShared(config.redis, app.log);
  app.decorate('shared', shared);
  if (shared.redis) countInRedis(db.db, shared.redis, shared.prefix, app.log);
  app.addHook('onReady', () => shared.ready());
  app.addHook('onClose', () => shared.close());
  // A reply goes out only once the changes broadcast while serving it have reached Redis: the
  // client's next request, to whichever instance, finds them applied.
  app.addHook('onSend', (_req, _reply, payload, done) => {
    const flushed = shared.bus.flushed();
    if (!flushed) return done(null, payload);
    flushed.then(() => done(null, payload));
  });

  app.decorateRequest('ctx', null as never);
  // Closing (SIGTERM): requests already running finish; a new one on an open connection is refused
  // with 503 and the connection closed, so the client (or the proxy) retries on another instance.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (req, reply, done) => {
    req.ctx = parseContext(req);
    reply.headers(securityHeadersFor(req.url));
    if (closing) {
      // HTTP/2 has no such header: its connection is closed by the server's GOAWAY.
      if (req.raw.httpVersionMajor < 2) reply.header('connection', 'close');
      refuse(reply, 503, Code.FAILED, render('system.busy', {}, languageOf(req)));
      return;
    }
    try {
      checkIdempotencyKey(req.ctx.idempotencyKey);
    } catch (error) {
      return done(error as BizError);
    }
    done();
  });

  await app.register(metricsPlugin, { token: config.metricsToken });

  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Counted in Redis when there is one, so the limit holds for all instances together.
    ...(shared.redis ? { redis: shared.redis, nameSpace: `${shared.prefix}api-rate:`, skipOnError: true } : {}),
    // Only the API: the app shell, its assets, the divisions and /healthz are never refused, so
    // many shoppers behind one NAT address cannot lock each other out of the shop itself.
    allowList: (req) => !req.url.startsWith('/api/'),
    errorResponseBuilder: (_req, ctx) => {
      const refusal = new BizError(Code.FAILED, 'request.tooMany', { seconds: Math.ceil(ctx.ttl / 1000) });
      refusal.status = 429;
      return refusal;
    },
  });

  // Text the database cannot store as sent (NUL, unpaired surrogates) is refused for every route.
  app.addHook('preValidation', async (req) => refuseUnstorableText(req));

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const language = languageOf(req);
    if (error instanceof BizError) return refuseWith(reply, error.status, error, language);
    if (error.validation || hasZodFastifySchemaValidationErrors(error)) return refuseWith(reply, 200, validationRefusal(error), language);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return refuseWith(reply, error.statusCode, requestRefusal(error, req), language);
    }
    if (isStorageFault(error)) {
      req.log.error({ err: error, reqId: req.id }, 'the database cannot take the work');
      return refuse(reply, 503, Code.FAILED, render('system.busy', {}, language));
    }
    req.log.error({ err: error, reqId: req.id }, 'unexpected error');
    return refuse(reply, 500, Code.FAILED, render('request.internal', { requestId: req.id }, language));
  });
  app.setNotFoundHandler((req, reply) => {
    const message = render('request.notFound', { request: `${req.method} ${req.url.split('?')[0]}` }, languageOf(req));
    reply.status(404).send({ code: Code.FAILED, message, data: null });
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'SIM shop and IoT self-service API', version: '1.4.4' },
      components: {
        securitySchemes: {
          simToken: { type: 'apiKey', in: 'header', name: 'x-sim-token' },
          adminToken: { type: 'http', scheme: 'bearer' },
          agentToken: { type: 'http', scheme: 'bearer', description: 'An agent API token made in the console (sst_…)' },
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
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, file) => res.header('cache-control', staticCacheControl(file)),
    });
    const pages = shopPages(readFileSync(join(config.webDir, 'index.html'), 'utf8'));
    app.get('/shop/', { schema: { hide: true } }, async (req, reply) => {
      const page = await app.site
        .getBaseConfig(undefined, req.ctx.language)
        .then((base) => pages.of(base, req.ctx.language))
        .catch((err) => {
          req.log.warn({ err }, 'the shop page is served without the storefront config');
          return pages.plain;
        });
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    });
  }
  // The operator console: its own app and bundle, nothing of it in the shop's.
  if (existsSync(config.adminDir)) {
    await app.register(fastifyStatic, {
      root: config.adminDir,
      prefix: '/admin/',
      index: false,
      cacheControl: false,
      // reply.sendFile comes from the shop's registration when there is one.
      decorateReply: !existsSync(config.webDir),
      setHeaders: (res, file) => res.header('cache-control', staticCacheControl(file)),
    });
    app.get('/admin/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html', config.adminDir));
  }
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/shop/'));

  return app;
}
