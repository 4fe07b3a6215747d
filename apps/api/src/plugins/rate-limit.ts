import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../lib/errors.ts';

/** A route's limit: at most `max` requests per `timeWindow` (ms or '1 minute') per client address and shop. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number | string;
}

/**
 * Writes a route's limits as its route option: `{ config: routeRateLimit({ max: 5, timeWindow: '1 minute' }) }`, per
 * client address and shop; with `perAccount`, a second limit per signed-in account (its requests from any address).
 */
export function routeRateLimit(
  limit: RouteRateLimit,
  perAccount?: RouteRateLimit,
): { rateLimit: RouteRateLimit; accountRateLimit?: RouteRateLimit } {
  return { rateLimit: limit, ...(perAccount ? { accountRateLimit: perAccount } : {}) };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accountRateLimit?: RouteRateLimit;
  }
}

/**
 * The bucket of a request: its shop and client address (route-level hooks run after the tenant is known). The shop
 * is named by its token, which is the same in every database a shared Redis may serve (ids are not).
 */
function keyOf(request: FastifyRequest): string {
  const tenant = request.ctx?.tenant?.token ?? request.headers['x-tenant-token'] ?? '-';
  return `${tenant}|${request.ip}`;
}

/** The bucket of a signed-in account's requests to a route: its shop and its id, whatever address they come from. */
function accountKeyOf(request: FastifyRequest): string {
  const tenant = request.ctx?.tenant?.token ?? '-';
  return `${tenant}|account:${request.ctx?.user?.id ?? '-'}|${request.method} ${request.routeOptions.url}`;
}

/**
 * Rate limits for the routes that ask for one (`config.rateLimit` on the route; nothing is limited globally).
 * Counters live in memory, or in Redis with `redisUrl`, so that several instances share them. Over the limit:
 * 429 with `Retry-After` and `{detail, code: 'throttled'}`. Register before the routes it limits.
 */
export const rateLimits = fp(
  async (app: FastifyInstance, options: { enabled: boolean; redisUrl?: string }) => {
    if (!options.enabled) return;
    let redis: Redis | undefined;
    if (options.redisUrl) {
      // NOTE: a Redis that is down or silent must not hold the requests it counts: no offline queue (a command fails
      // at once while disconnected) and a one-second command timeout; the request is then not counted (`skipOnError`).
      const store = new Redis(options.redisUrl, {
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        connectTimeout: 2_000,
        commandTimeout: 1_000,
        enableAutoPipelining: true,
      });
      redis = store;
      let reported = 0;
      store.on('error', (error) => {
        // One line a minute while it is down is enough.
        if (Date.now() - reported < 60_000) return;
        reported = Date.now();
        app.log.warn({ err: error }, 'rate limit store (Redis) unavailable: requests are not counted');
      });
      // Counting starts with the server: it waits (a little) for the connection before it takes requests.
      app.addHook('onReady', async () => {
        if (store.status === 'ready') return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2_000);
          store.once('ready', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      });
      app.addHook('onClose', async () => {
        await store.quit().catch(() => undefined);
      });
    }
    await app.register(rateLimit, {
      global: false,
      keyGenerator: keyOf,
      ...(redis ? { redis, nameSpace: 'platform-rate-limit:' } : {}),
      // A broken Redis must not lock every customer out of signing in: count nothing rather than refuse all.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    // The per-account limits: counted once the account is known (after the route's sign-in gate), in their own store.
    app.addHook('onRoute', (route) => {
      const perAccount = route.config?.accountRateLimit;
      if (!perAccount) return;
      const limiter = app.createRateLimit({ ...perAccount, keyGenerator: accountKeyOf });
      const check = async (request: FastifyRequest) => {
        if (!request.ctx?.user) return;
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new TooManyRequestsError(Math.max(1, Math.ceil(result.ttl / 1000)));
        }
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), check];
    });
  },
  { name: 'rate-limits' },
);
