import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Build output under `assets/` carries a content hash in its name: a changed file is a new URL. */
const hashedAssetCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on each use (ETag), so a deployment shows at once. */
const revalidatedCache = 'no-cache';

/** Compressed twins are reached through their file, and source maps are never served. */
const hiddenFile = /\.(br|gz|map)$/;

/**
 * Serves the built web app with history fallback; API paths keep their JSON 404. The build writes a
 * brotli and a gzip twin beside each file (`x.js.br`, `x.js.gz`): the one the client accepts is sent,
 * with `Vary: accept-encoding`. One wildcard route looks files up when asked (a route per file took
 * 140 ms of every start to register, with some hundred chunks); compressed twins are reached only
 * through their file, dot files (the build's `.vite/`) are not served, and source maps never are (a
 * production build has none).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      preCompressed: true,
      dotfiles: 'ignore',
      allowedPath: (pathName) => !hiddenFile.test(pathName),
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assetsDir) ? hashedAssetCache : revalidatedCache);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/billing-api/');
    // A missing asset (a chunk of an older build, a source map) is a 404, not the app's page in its place.
    const isAsset = request.url.startsWith('/assets/');
    if (hasWeb && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ errors: [{ code: 'not_found', message: `No route ${request.method} ${request.url}` }] });
  });
}
