import { randomUUID } from 'node:crypto';
import http from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import { PLATFORM_MODULES } from './composition.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './lib/context.ts';
import { redisEventRelay } from './lib/event-relay.ts';
import { InProcessEventBus } from './lib/events.ts';
import { type Job, scheduleJob } from './lib/jobs.ts';
import { flushLog, type LogStream, serverLogging } from './lib/logging.ts';
import { deliverOutbox, pruneOutbox } from './lib/outbox.ts';
import { trustProxyOption } from './lib/proxy-trust.ts';
import { cacheTagsKey, createResponseCache, type ResponseCache } from './lib/response-cache.ts';
import { authentication, TokenSigner } from './modules/accounts/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { createMailer, type Mailer } from './modules/mail/index.ts';
import { createMediaStorage, type MediaStorage, mediaFileRoutes } from './modules/media/index.ts';
import { paymentGatewayRoutes } from './modules/payments/index.ts';
import { sandboxGatewayRoutes } from './modules/sandbox-gateway/index.ts';
import { getTenant, listTenants, tenantContext, tenantsRoutes } from './modules/tenants/index.ts';
import { staffOnly } from './plugins/access.ts';
import { compression } from './plugins/compression.ts';
import { errorHandler } from './plugins/errors.ts';
import { etags } from './plugins/etags.ts';
import { guardedJsonParser, rejectMalformedHost, rejectNullCharacters } from './plugins/input-guard.ts';
import { rateLimits } from './plugins/rate-limit.ts';
import { invalidateOnChanges, publicAnswerCache } from './plugins/response-cache.ts';
import { documentHeaders, securityHeaders } from './plugins/security-headers.ts';

/** What the app is built from; tests and the server pass their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  media: MediaStorage;
  tokens: TokenSigner;
  mailer: Mailer;
  events: EventBus;
  /** Public pages and API reads, per shop (the storefront server in the same process uses it too). */
  cache: ResponseCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  media?: MediaStorage;
  /** Defaults to SMTP with SMTP_URL, else the outbox folder under DATA_DIR. */
  mailer?: Mailer;
  /** Token signing secret; defaults to JWT_SECRET. */
  jwtSecret?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (default: stdout). */
  logStream?: LogStream;
}

function jwtSecretOf(options: BuildAppOptions): string {
  const secret = options.jwtSecret ?? options.config.JWT_SECRET;
  if (!secret) throw new Error('buildApp needs a token signing secret (JWT_SECRET)');
  return secret;
}

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** A request id a caller (a proxy, another service) sent, when it is one we may log and echo; null otherwise. */
export function safeRequestId(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : null;
}

/** Builds the Fastify app: plugins first, then modules; the order is the dependency graph. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logging = serverLogging(config, options.logStream);
  const app = Fastify({
    logger: options.logger ?? logging.logger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A client that sends its request slower than this is cut off (a slow upload of a big picture has ample time),
    // checked every few seconds rather than Node's default half minute.
    serverFactory: (handler) =>
      http.createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          headersTimeout: Math.min(config.REQUEST_TIMEOUT_MS, 20_000),
          connectionsCheckingInterval: Math.min(5_000, Math.max(250, config.REQUEST_TIMEOUT_MS / 4)),
          keepAliveTimeout: 72_000,
        },
        handler,
      ),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A caller's X-Request-Id is kept only when it is a short safe token; otherwise the request gets its own.
    requestIdHeader: false,
    genReqId: (request) => safeRequestId(request.headers['x-request-id']) ?? randomUUID(),
    logController: logging.logController,
  }).withTypeProvider<ZodTypeProvider>();

  const events = new InProcessEventBus(app.log);
  app.decorate('deps', {
    config,
    database,
    media: options.media ?? createMediaStorage(config),
    tokens: new TokenSigner(jwtSecretOf(options), config.ACCESS_TOKEN_TTL_SECONDS, config.REFRESH_TOKEN_TTL_SECONDS),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        dataDir: config.DATA_DIR,
        from: config.MAIL_FROM,
        logger: app.log,
        database,
        attempts: config.MAIL_ATTEMPTS,
        backoffMs: config.MAIL_RETRY_SECONDS * 1000,
      }),
    events,
    cache: createResponseCache(config, app.log),
  } satisfies AppDeps);
  // Side effects of domain events (e-mails, the orders' moves), once per app, in the modules' order.
  for (const module of PLATFORM_MODULES) module.subscribe?.(app.deps);
  invalidateOnChanges(app.deps.events, app.deps.cache, async (id) => (await getTenant(database.db, id))?.token ?? null);
  // Events that must not be lost (the outbox, decision 021) are delivered right after their commit, and swept by a job.
  const deliverShopOutbox = async (tenantId: number) => {
    const tenant = await getTenant(database.db, tenantId);
    return tenant ? deliverOutbox(app.deps, tenant, events.durableHandlersOf) : null;
  };
  events.deliverWith(deliverShopOutbox);
  // With Redis, the instances tell one another of the changes that empty what each keeps in memory.
  const relay = config.REDIS_URL ? redisEventRelay(config.REDIS_URL, app.log, (event) => events.receive(event)) : null;
  if (relay) {
    // `shop.changed`: what staff changed, which an instance may keep in memory (the search's word groups).
    events.relayTo(relay, ['shop.changed']);
    app.addHook('onReady', async () => {
      await relay.ready();
    });
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Callback style, as the other hooks every request passes: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // Before anything else: a Host no shop can have (the storefront, media and the API alike).
  app.addHook('onRequest', rejectMalformedHost);
  await app.register(securityHeaders);
  // Public reads from the response cache (stored as serialized, sent as stored), then ETags and compression.
  await app.register(publicAnswerCache, { cache: app.deps.cache, tagsKey: cacheTagsKey(jwtSecretOf(options)) });
  // An ETag on the reads built in memory (API JSON) big enough to gain from a 304, from their uncompressed bytes; then
  // compression.
  await app.register(etags);
  await app.register(compression);
  // Recurring jobs (every instance may run them: they claim their rows): each module's own, and the outbox's sweep.
  const jobs: Job[] = [];
  app.addHook('onReady', async () => {
    for (const module of PLATFORM_MODULES) if (module.jobs) jobs.push(...module.jobs(app.deps, app.log));
    if (config.OUTBOX_DELIVERY_INTERVAL_SECONDS > 0) {
      jobs.push(
        scheduleJob({
          name: 'outbox delivery',
          intervalMs: config.OUTBOX_DELIVERY_INTERVAL_SECONDS * 1000,
          run: async () => {
            const totals = { delivered: 0, retried: 0 };
            for (const tenant of await listTenants(database.db)) {
              const done = await deliverOutbox(app.deps, tenant, events.durableHandlersOf);
              totals.delivered += done.delivered;
              totals.retried += done.retried;
            }
            return totals;
          },
          report: (totals) => (totals.delivered + totals.retried > 0 ? totals : null),
          log: app.log,
        }),
        // Delivered events are kept a month, then go.
        scheduleJob({
          name: 'outbox pruning',
          intervalMs: 60 * 60 * 1000,
          run: async () => {
            let pruned = 0;
            for (const tenant of await listTenants(database.db)) pruned += await pruneOutbox(app.deps, tenant);
            return pruned;
          },
          report: (pruned) => (pruned > 0 ? { pruned } : null),
          log: app.log,
        }),
      );
    }
  });
  app.addHook('onClose', async () => {
    for (const job of jobs) await job.stop();
    await app.deps.events.idle();
    await relay?.close();
    // Mail still being retried is given its chance before the process goes.
    await app.deps.mailer.idle();
    await app.deps.cache.close();
    await database.close();
    await flushLog(app.log);
  });

  // Every API route is remembered here, so that a known path asked with another method answers 405.
  const apiRoutes = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
    for (const method of [route.method].flat()) {
      if (!HTTP_METHODS.includes(method as (typeof HTTP_METHODS)[number])) continue;
      try {
        apiRoutes.on(method as (typeof HTTP_METHODS)[number], route.url, () => undefined);
      } catch {
        // The same path and method under another constraint: already known.
      }
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Commerce platform API', version: '1.0.0' },
      components: {
        securitySchemes: {
          tenant: { type: 'apiKey', in: 'header', name: 'X-Tenant-Token' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ tenant: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(
    async (api) => {
      api.setErrorHandler(errorHandler);
      api.addHook('preValidation', rejectNullCharacters);
      // JSON only: any other body answers 415 (a route that must take a form adds its own parser in its scope).
      api.removeContentTypeParser('text/plain');
      api.removeContentTypeParser('application/json');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, guardedJsonParser(api));
      // Not a route of the API: the answer for every address that is not one (hidden from the documentation).
      api.all('/*', { schema: { hide: true } }, async (request, reply) => {
        const pathname = request.url.split('?')[0] ?? request.url;
        const allowed = HTTP_METHODS.filter((method) => apiRoutes.find(method, pathname));
        if (allowed.length > 0) {
          return reply
            .code(405)
            .header('allow', allowed.join(', '))
            .send({ detail: `Method "${request.method}" not allowed.`, code: 'method_not_allowed' });
        }
        return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
      });
      await api.register(rateLimits, { enabled: config.RATE_LIMIT_ENABLED, redisUrl: config.REDIS_URL });
      await api.register(healthRoutes);
      await api.register(tenantsRoutes);
      // Addresses a card gateway calls, and the built-in sandbox gateway (only where the server allows test payments):
      // the shop is named in the path.
      await api.register(paymentGatewayRoutes);
      if (config.SANDBOX_GATEWAY_ENABLED) await api.register(sandboxGatewayRoutes);
      // The documentation page sets a policy of its own that allows its scripts, and carries a document's headers.
      await api.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiHooks: { onRequest: documentHeaders } });
      await api.register(async (shop) => {
        await shop.register(tenantContext);
        await shop.register(authentication);
        for (const module of PLATFORM_MODULES) await module.shop?.(shop);
        // The shop's administration: staff only, each module's routes gated by what the role may do (ROLE_PERMISSIONS).
        await shop.register(
          async (admin) => {
            admin.addHook('onRequest', staffOnly());
            for (const module of PLATFORM_MODULES) await module.admin?.(admin);
          },
          { prefix: '/admin' },
        );
      });
    },
    { prefix: '/api' },
  );

  await app.register(mediaFileRoutes, { prefix: '/media' });

  return app;
}
