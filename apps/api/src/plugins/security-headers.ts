// Security headers on every answer of the server (API, media, storefront, admin): a strict default
// Content-Security-Policy that pages replace with their own (the storefront's carries its nonce), `nosniff`, a
// referrer policy, no framing, and HSTS over HTTPS only. The set is helmet's defaults with our choices, written out
// once: helmet's plugin rebuilt its middleware on every request, a good part of the API's per-request floor.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Every answer's headers, as helmet 8 sets them with the options this server used to give it. */
const HEADERS: [string, string][] = [
  // JSON, media and assets: nothing may run or be framed. HTML pages set their own policy.
  ['content-security-policy', "default-src 'none';frame-ancestors 'none';base-uri 'none'"],
  ['cross-origin-opener-policy', 'same-origin'],
  // Pictures may be shown by the shop's other origins (a storefront process apart from the API).
  ['cross-origin-resource-policy', 'same-site'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

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
  },
  { name: 'security-headers' },
);
