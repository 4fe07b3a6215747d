// Server-rendered public pages from the response cache. Their HTML is the same for every visitor (the session lives
// in the browser), so a page is rendered once per shop and address and kept until something it shows changes (the
// API empties the shop's part of the cache in the same process, or through Redis for a separate storefront).
// A kept page cannot carry a per-answer CSP nonce: its policy allows exactly its inline scripts by their hashes.
import { createHash } from 'node:crypto';
import { type CachedAnswer, type CacheState, pickEncoding, type Rendered } from '@platform/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The public pages (catalog, blog, content): never the cart, checkout, account, sign-in or payment pages. */
const PUBLIC_PAGE =
  /^\/(|products|products\/[^/]+|blog|blog\/[^/]+|faq|company-info|contact|refund-policy|privacy-policy|gallery)\/?$/;

export function isCacheablePage(pathname: string): boolean {
  return PUBLIC_PAGE.test(pathname);
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

/** The CSP of a kept page: the render's nonce replaced by the hash of each inline script the page holds. */
export function policyWithScriptHashes(policy: string, nonce: string, html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    // JSON data blocks (structured data) never run: the policy need not name them.
    if (/\stype="application\/(ld\+)?json"/.test(match[1] ?? '')) continue;
    const content = match[2] ?? '';
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return policy.replace(`'nonce-${nonce}'`, [...hashes].join(' ') || "'none'");
}

/** A rendered page as the cache keeps it: a 200 of a public page becomes cacheable with a hash-based policy. */
export async function toRendered(
  response: Response,
  options: { cacheable: boolean; nonce: string },
): Promise<Rendered> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!PER_ANSWER_HEADERS.has(name)) headers[name] = value;
  }
  const cacheable = options.cacheable && response.status === 200;
  const policy = headers['content-security-policy'];
  if (cacheable && policy) {
    headers['content-security-policy'] = policyWithScriptHashes(policy, options.nonce, body.toString('utf8'));
  }
  return { status: response.status, headers, body, cacheable };
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
  reply.status(answer.status).headers(answer.headers).header('vary', 'Accept-Encoding');
  reply.header('x-cache', state);
  const kept = 'etag' in answer;
  reply.header(
    'cache-control',
    kept ? 'public, max-age=0, s-maxage=10, stale-while-revalidate=60' : 'private, no-cache',
  );
  if (kept) {
    reply.header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  }
  if (request.method === 'HEAD') return reply.send();
  const { body, encoding } = pickEncoding(answer, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
