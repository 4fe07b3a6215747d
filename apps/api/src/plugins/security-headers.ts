// Security headers on every answer of the server (API, media, storefront, admin): a maintained plugin (helmet) with
// a strict default Content-Security-Policy that pages replace with their own (the storefront's carries its nonce),
// `nosniff`, a referrer policy, no framing, and HSTS over HTTPS only.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
      // JSON, media and assets: nothing may run or be framed. HTML pages set their own policy.
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
      },
      // Pictures may be shown by the shop's other origins (a storefront process apart from the API).
      crossOriginResourcePolicy: { policy: 'same-site' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      // Only over HTTPS (below): a plain-HTTP answer carrying it would be ignored, and misleading.
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
