// Compression of dynamic answers (API JSON, server-rendered pages), above 1 KiB, at a level fast enough for every
// request: zstd where the client accepts it (Chromium since 123, Firefox since 126: a product list's 30 kB in 0.14 ms
// at level 3 against 0.4–0.9 ms at brotli 4, for 2 % more bytes), else brotli, else gzip. An answer already in memory
// up to 256 KiB is compressed in one call (where a stream per answer took nearly twice as long); a larger one, or a
// stream (a page React renders as it goes), through a stream. Built assets and kept answers are compressed once, in
// brotli and gzip at their best (`scripts/precompress.mjs`, the response cache), and sent as they are.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      global: true,
      encodings: ['zstd', 'br', 'gzip'],
      threshold: 1024,
      syncThreshold: 256 * 1024,
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      // gzip's level. zstd is handed these options too and keeps its default level, 3 (it reads only `params`).
      zlibOptions: { level: 6 },
      // Images and already compressed files are left alone.
      customTypes: /^(text\/|application\/(json|javascript|xml|ld\+json)|image\/svg\+xml)/,
    });
  },
  { name: 'compression' },
);
