// Server-rendered public pages from the response cache. Their HTML is the same for every visitor (the session lives
// in the browser), so a page is rendered once per shop and address and kept until something it shows changes: it
// carries the tags of the API answers it is made of, and the API's changes reach it in the same process, or through
// Redis for a separate storefront. A kept page cannot carry a per-answer CSP nonce: its policy allows the inline
// scripts its render made (those with the render's nonce) by their hashes.
import { createHash } from 'node:crypto';
import {
  type CachedAnswer,
  type CacheState,
  cacheTagCollector,
  ifNoneMatchHolds,
  pickEncoding,
  type Rendered,
  type ResponseCache,
  VARY_ON_ENCODING,
} from '@platform/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { productListHref, readProductListQuery } from '../app/features/catalog/product-list.ts';
import { variantParam } from '../app/features/catalog/variant-param.ts';

/** The public pages (catalog, blog, content): never the cart, checkout, account, sign-in or payment pages. */
const PUBLIC_PAGE =
  /^\/(|products|products\/[^/]+|blog|blog\/[^/]+|faq|company-info|contact|refund-policy|privacy-policy|gallery)\/?$/;

export function isCacheablePage(pathname: string): boolean {
  return PUBLIC_PAGE.test(pathname);
}

const PRODUCT_LIST = /^\/products\/?$/;
const PRODUCT_PAGE = /^\/products\/[^/]+\/?$/;

/**
 * The address a kept page is rendered and kept for: its path, and the query parameters it reads in their one form
 * (the product list's search, category, sort, price bounds, stock, option values and page; a product page's variant;
 * no other kept page reads any). Any other parameter, a value the page ignores, or another order of the same choices
 * leads to the same entry.
 */
export function pageAddress(url: URL): string {
  if (PRODUCT_PAGE.test(url.pathname)) {
    // A product sold in options renders the variant its address names (decision 018).
    const variant = variantParam(url.search);
    return variant === null ? url.pathname : `${url.pathname}?variant=${variant}`;
  }
  if (!PRODUCT_LIST.test(url.pathname)) return url.pathname;
  const query = productListHref(readProductListQuery(url.searchParams)).replace(/^[^?]*/, '');
  return url.pathname + query;
}

/** Headers that belong to one answer, never to a kept page. */
const PER_ANSWER_HEADERS = new Set([
  'set-cookie',
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'etag',
  'vary',
]);

const INLINE_SCRIPT = /<script\b((?![^>]*\ssrc=)[^>]*)>([\s\S]*?)<\/script>/gi;
const ATTRIBUTE = /([^\s=>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

/** The value of a tag's attribute, read attribute by attribute (a quoted value that holds `nonce=` is no nonce). */
function attributeOf(attributes: string, name: string): string | undefined {
  for (const match of attributes.matchAll(ATTRIBUTE)) {
    if (match[1]?.toLowerCase() === name) return match[2] ?? match[3] ?? match[4] ?? '';
  }
  return undefined;
}

/**
 * The CSP of a kept page: the render's nonce replaced by the hash of each inline script the render made, known by
 * that nonce. NOTE: a script without it (one that came in with content) stays refused, as the nonce refused it.
 */
export function policyWithScriptHashes(policy: string, nonce: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    if (!nonce || attributeOf(attributes, 'nonce') !== nonce) continue;
    // JSON data blocks (structured data) never run: the policy need not name them.
    if (/\stype="application\/(ld\+)?json"/.test(attributes)) continue;
    const content = match[2] ?? '';
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(' ') || "'none'");
}

/**
 * A rendered page as the cache keeps it: a 200 of a public page becomes cacheable with a hash-based policy, tagged
 * with what it shows. `tags` is asked once the whole body is read (a streamed render may still call the API until
 * then); null means the page cannot be kept.
 */
export async function toRendered(
  response: Response,
  options: { cacheable: boolean; nonce: string; tags?: () => readonly string[] | null },
): Promise<Rendered> {
  const body = Buffer.from(await response.arrayBuffer());
  const tags = options.tags ? options.tags() : [];
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  const cacheable = options.cacheable && tags !== null && response.status === 200;
  const policy = headers['content-security-policy'];
  if (cacheable && policy) {
    headers['content-security-policy'] = policyWithScriptHashes(policy, options.nonce, body.toString('utf8'));
  }
  return { status: response.status, headers, body, cacheable, tags: tags ?? [] };
}

/**
 * A public page from the cache of the request's shop, rendered when missing for its address (`pageAddress`: a
 * parameter the page ignores never reaches the render), whole, once for every concurrent request of it. The page
 * carries the tags of the API answers its render read: it shows what they show.
 */
export function serveKeptPage(options: {
  cache: ResponseCache;
  tenantToken: string;
  url: URL;
  /** The nonce the render gave its inline scripts (asked after the render: a page from the cache needs none). */
  nonce: () => string;
  apiFetch: typeof fetch;
  render: (address: URL, apiFetch: typeof fetch) => Promise<Response>;
}): Promise<{ answer: CachedAnswer | Rendered; state: CacheState }> {
  const address = pageAddress(options.url);
  return options.cache.serve(options.tenantToken, `page:${address}`, async (keeping) => {
    const api = cacheTagCollector(options.apiFetch);
    const response = await options.render(new URL(address, options.url), api.fetch);
    // A page that will not be kept goes to this request only, with its nonce: no script hashes to make.
    return toRendered(response, { cacheable: keeping, nonce: options.nonce(), tags: api.tags });
  });
}

/**
 * Sends a page: compressed as stored, with its ETag (a matching If-None-Match answers 304), a short shared lifetime
 * for kept pages (a CDN may hold them a few seconds; this server never serves them stale after a change) and where
 * it came from (`X-Cache`).
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Rendered,
  state: CacheState,
): FastifyReply {
  reply.status(answer.status).headers(answer.headers).header('vary', VARY_ON_ENCODING);
  reply.header('x-cache', state);
  const kept = 'etag' in answer;
  reply.header(
    'cache-control',
    kept ? 'public, max-age=0, s-maxage=10, stale-while-revalidate=60' : 'private, no-cache',
  );
  if (kept) {
    reply.header('etag', answer.etag);
    if (ifNoneMatchHolds(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  if (request.method === 'HEAD') return reply.send();
  const { body, encoding } = pickEncoding(answer, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
