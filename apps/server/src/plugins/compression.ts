import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Compressed answers for slow lines: brotli or gzip as the client accepts, for answers of 1 KiB and more whose type
 * compresses (JSON, HTML, CSV, JavaScript; not PDFs or images). Brotli runs at quality 4 for answers made per request:
 * about gzip's speed with smaller output (quality 11 is for files compressed once, at build: the web build's assets are
 * served precompressed by static-spa.ts and not compressed again).
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
