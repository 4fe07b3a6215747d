import type { Config } from '../config.ts';
import type { RequestContext } from './context.ts';

/**
 * The shop's public origin, from configuration only (never from `Host` or forwarded headers, which a client can
 * forge): the shop's primary domain (the first of `tenants.domains`), served over HTTPS; or `PUBLIC_URL` when the
 * shop has no domain, its primary domain is `PUBLIC_URL`'s own host, or it is `localhost` (the local demo, wherever
 * `PUBLIC_URL` puts it); else `http://localhost:PORT`.
 */
export function shopOrigin(tenant: { domains: string[] }, config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  const fallback = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
  const primary = tenant.domains[0];
  if (!primary || primary === 'localhost' || new URL(fallback).hostname === primary) return fallback;
  return `https://${primary}`;
}

/** Where the built-in 2C2P sandbox gateway is served, under the API. */
export const SANDBOX_GATEWAY_PREFIX = '/api/sandbox-2c2p';

/** A page's absolute URL on the shop's public origin, e.g. `shopUrl(ctx, '/account/orders/3')`. */
export function shopUrl(ctx: RequestContext, pathname: string): string {
  return new URL(pathname, shopOrigin(ctx.tenant, ctx.deps.config)).toString();
}

/** The absolute URL of the same list with another page, DRF style, on the shop's public origin. */
function pageUrl(ctx: RequestContext, requestUrl: string, page: number): string {
  const url = new URL(requestUrl, shopOrigin(ctx.tenant, ctx.deps.config));
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** A page of a list as DRF answers it: `{count, next, previous, results}` with absolute links. */
export function pageAnswer<T>(
  request: { ctx: RequestContext; url: string },
  page: { results: T[]; count: number; page: number; pageSize: number },
): { count: number; next: string | null; previous: string | null; results: T[] } {
  return {
    count: page.count,
    next: page.page * page.pageSize < page.count ? pageUrl(request.ctx, request.url, page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(request.ctx, request.url, page.page - 1) : null,
    results: page.results,
  };
}
