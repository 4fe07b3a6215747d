// Security headers on every answer of the server (API, media, storefront, admin): a strict default
// Content-Security-Policy that pages replace with their own (the storefront's carries its nonce), `nosniff`, a
// referrer policy, no framing, and HSTS over HTTPS only. The set is helmet's defaults with our choices, written out
// once: helmet's plugin rebuilt its middleware on every request, a good part of the API's per-request floor. Helmet's
// headers that a browser reads only of a document it shows (the opener policy, the agent cluster, DNS prefetching,
// IE's download prompt, Adobe's policy files, the old XSS filter) go on the routes that answer pages only: on a JSON,
// picture or PDF answer they did nothing but take 186 of its header's bytes, and the API's floor is mostly headers.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every answer's headers, as helmet 8 sets them with the options this server used to give it. */
const HEADERS: [string, string][] = [
  // JSON, media and assets: nothing may run or be framed. HTML pages set their own policy.
  ['content-security-policy', "default-src 'none';frame-ancestors 'none';base-uri 'none'"],
  // Pictures may be shown by the shop's other origins (a storefront process apart from the API).
  ['cross-origin-resource-policy', 'same-site'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers HTML pages: helmet's headers for a document go on its answers too. */
    document?: boolean;
  }
}

/** A document's own, as helmet 8 sets them: on the answers of the routes whose config says `document`. */
export const DOCUMENT_HEADERS: [string, string][] = [
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Sets the document's headers on the raw answer (as the others: a route's own `reply.header(...)` replaces one). For a
 * route another plugin declares (the API documentation's), as one of its hooks.
 */
export function documentHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const raw = reply.raw;
  for (const [name, value] of DOCUMENT_HEADERS) raw.setHeader(name, value);
  done();
}

export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    // On the raw answer, as helmet did: a route's own `reply.header(...)` still replaces one, and answers a route
    // writes itself (streamed pages) carry them too.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const raw = reply.raw;
      for (const [name, value] of HEADERS) raw.setHeader(name, value);
      // Only over HTTPS: a plain-HTTP answer carrying it would be ignored, and misleading.
      if (request.protocol === 'https') raw.setHeader('strict-transport-security', HSTS);
      done();
    });
    // The routes that answer pages say so: theirs get the document's headers too, in the same way.
    app.addHook('onRoute', (route) => {
      if (!route.config?.document) return;
      const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [...own, documentHeaders];
    });
  },
  { name: 'security-headers' },
);
