import type { FastifyRequest } from 'fastify';

/** The absolute URL of the same list with another page, DRF style. */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** A page of a list as DRF answers it: `{count, next, previous, results}` with absolute links. */
export function pageAnswer<T>(
  request: FastifyRequest,
  page: { results: T[]; count: number; page: number; pageSize: number },
): { count: number; next: string | null; previous: string | null; results: T[] } {
  return {
    count: page.count,
    next: page.page * page.pageSize < page.count ? pageUrl(request, page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(request, page.page - 1) : null,
    results: page.results,
  };
}

/** Where the shop's pages are, for links in e-mails: PUBLIC_URL in production, else the request's own origin. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

/** A page's absolute URL for links in e-mails, e.g. `publicPageUrl(request, '/account/orders/3')`. */
export function publicPageUrl(request: FastifyRequest, pathname: string): string {
  return new URL(pathname, publicOrigin(request)).toString();
}
