// Compression of dynamic answers (API JSON, server-rendered pages): brotli or gzip as the client accepts, above
// 1 KiB, at a quality fast enough for every request. Built assets are compressed once at build time instead
// (`scripts/precompress.mjs`) and sent as they are.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
      zlibOptions: { level: 6 },
      // Images and already compressed files are left alone.
      customTypes: /^(text\/|application\/(json|javascript|xml|ld\+json)|image\/svg\+xml)/,
    });
  },
  { name: 'compression' },
);
