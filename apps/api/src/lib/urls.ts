import type { FastifyRequest } from 'fastify';

/** The absolute URL of the same list with another page, DRF style. */
export function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** Where the shop's pages are, for links in e-mails: PUBLIC_URL in production, else the request's own origin. */
export function publicOrigin(request: FastifyRequest): string {
  return request.server.deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
}

/** A page's absolute URL for links in e-mails, e.g. `publicPageUrl(request, '/account/orders/3')`. */
export function publicPageUrl(request: FastifyRequest, pathname: string): string {
  return new URL(pathname, publicOrigin(request)).toString();
}
