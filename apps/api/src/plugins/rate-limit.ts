import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../lib/errors.ts';
import { failFastRedis } from '../lib/redis.ts';

/** A route's limit: at most `max` requests per `timeWindow` (ms or '1 minute') per client address and shop. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number | string;
}

/**
 * A route's limit per account and shop, whatever address the requests come from: the signed-in account's requests,
 * or with `namedBy`, on a route for visitors (sign-in, registration, password reset), the requests that name one
 * account in that body field (an e-mail address or a username), whether or not the account exists.
 */
export interface AccountRateLimit extends RouteRateLimit {
  namedBy?: string;
  /**
   * The account an identifier names (trimmed, lower case), as a key (`account:<id>`), or null when none has it: then
   * the identifier itself is counted. So that every name of one account (its e-mail address, its username) shares one
   * count.
   */
  identify?: (request: FastifyRequest, identifier: string) => Promise<string | null>;
}

/**
 * Writes a route's limits as its route option: `{ config: routeRateLimit({ max: 5, timeWindow: '1 minute' }) }`, per
 * client address and shop; with `perAccount`, a second limit per account (its requests from any address).
 */
export function routeRateLimit(
  limit: RouteRateLimit,
  perAccount?: AccountRateLimit,
  options: { throttled?: string } = {},
): { rateLimit: RouteRateLimit; accountRateLimit?: AccountRateLimit; throttled?: string } {
  return {
    rateLimit: limit,
    ...(perAccount ? { accountRateLimit: perAccount } : {}),
    ...(options.throttled ? { throttled: options.throttled } : {}),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accountRateLimit?: AccountRateLimit;
    /** What the 429 of the route's limits tells a person they did too often (then when to try again). */
    throttled?: string;
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

/** The account a request is counted for: the signed-in one; null when there is none. */
function signedInAccount(request: FastifyRequest): string | null {
  return request.ctx?.user ? `account:${request.ctx.user.id}` : null;
}

/**
 * The account a visitor's request names in `field`, compared as the accounts module finds accounts (without case and
 * surrounding spaces), so that no spelling of one account escapes its count: the account `identify` finds, else the
 * identifier kept as a hash (the store, Redis, holds no e-mail addresses); null when the field is blank.
 */
function namedAccount(
  field: string,
  identify: AccountRateLimit['identify'],
): (request: FastifyRequest) => Promise<string | null> {
  return async (request) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    const identifier = typeof value === 'string' ? value.trim().toLowerCase() : '';
    if (!identifier) return null;
    const account = identify ? await identify(request, identifier) : null;
    return account ?? `named:${createHash('sha256').update(identifier).digest('base64url')}`;
  };
}

/** The bucket of an account's requests to a route: its shop and the account, whatever address they come from. */
function accountKeyOf(request: FastifyRequest, account: string): string {
  const tenant = request.ctx?.tenant?.token ?? '-';
  return `${tenant}|${account}|${request.method} ${request.routeOptions.url}`;
}

/**
 * Rate limits for the routes that ask for one (`config.rateLimit` on the route, per client address and shop, and
 * `config.accountRateLimit`, per account and shop; nothing is limited globally).
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
      const store = failFastRedis(
        options.redisUrl,
        app.log,
        'rate limit store (Redis) unavailable: requests are not counted',
      );
      redis = store;
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
      errorResponseBuilder: (request, context) =>
        new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000)), request.routeOptions.config.throttled),
    });
    // The per-account limits: counted once the account is known (after the route's sign-in gate, or the validation of
    // the body that names it), in their own store.
    app.addHook('onRoute', (route) => {
      const perAccount = route.config?.accountRateLimit;
      if (!perAccount) return;
      const { namedBy, identify, ...limit } = perAccount;
      const accountOf = namedBy
        ? namedAccount(namedBy, identify)
        : async (request: FastifyRequest) => signedInAccount(request);
      const accounts = new WeakMap<FastifyRequest, string>();
      const limiter = app.createRateLimit({
        ...limit,
        keyGenerator: (request) => accountKeyOf(request, accounts.get(request) ?? '-'),
      });
      const check = async (request: FastifyRequest) => {
        const account = await accountOf(request);
        if (!account) return;
        accounts.set(request, account);
        // NOTE: counted as it arrives, before the route's work: a burst of parallel requests cannot pass while the
        // first ones are still being answered.
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new TooManyRequestsError(Math.max(1, Math.ceil(result.ttl / 1000)), route.config?.throttled);
        }
      };
      route.preHandler = [...[route.preHandler ?? []].flat(), check];
    });
  },
  { name: 'rate-limits' },
);
