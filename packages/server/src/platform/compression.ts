import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go uncompressed: the encoding's framing and CPU cost more than they save. */
export const compressionThresholdBytes = 1024;

/**
 * Compresses the API's answers (brotli or gzip, as the client accepts, with `Vary: accept-encoding`). Only
 * routes under `/api/`: the web build is precompressed when it is built (`web-app.ts` sends those files),
 * and stored images are already compressed. JSON always qualifies; a downloaded text file does too and is
 * streamed compressed (its bytes arrive unchanged once decoded). Request bodies are never decompressed: no
 * client of ours sends them compressed, and the body limit should count what is parsed.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (routeOptions) => {
    if (!routeOptions.url?.startsWith('/api/')) routeOptions.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    customTypes: /^application\/json(?:;|$)/,
    globalDecompression: false,
  });
}
