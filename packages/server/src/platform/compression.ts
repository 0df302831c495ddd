import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './api-paths';

/** Answers smaller than this go uncompressed: the encoding's framing and CPU cost more than they save. */
export const compressionThresholdBytes = 1024;

/**
 * Answers up to this size are compressed in one call rather than through a zlib stream (the plugin's
 * default on two cores is 8 KB). A stream hands the work to libuv's threads, which pays only with idle
 * cores; beside PostgreSQL on a small machine there are none, and a stream's setup and chunked writes
 * cost more than the compression: a CMS page of 15 KB (brotli, 50 connections) went from 343-385 to
 * 401-463 req/s in alternating runs.
 */
const compressInOneCallBytes = 64 * 1024;

/**
 * Compresses the API's answers (brotli or gzip, as the client accepts, with `Vary: accept-encoding`). Only
 * API routes (`api-paths.ts`): the web build is precompressed when it is built (`web-app.ts` sends those files),
 * and stored images are already compressed. JSON always qualifies; a downloaded text file does too and is
 * streamed compressed (its bytes arrive unchanged once decoded). Request bodies are never decompressed: no
 * client of ours sends them compressed, and the body limit should count what is parsed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (routeOptions) => {
    if (!isApiPath(routeOptions.url)) routeOptions.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    syncThreshold: compressInOneCallBytes,
    customTypes: /^application\/json(?:;|$)/,
    globalDecompression: false,
  });
}
