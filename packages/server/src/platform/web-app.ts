import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { locales } from '@plaza/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths';
import { type AppPage, appPageHtml, drawsFirstScreen, firstLoad } from './app-page';
import { firstScreenRenderer, loadFirstScreenRenderer } from './first-screen';

/** Build output under `assets/` carries a content hash in its name: a changed file is a new URL. */
const hashedAssetCache = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on each use (ETag), so a deployment shows at once. */
const revalidatedCache = 'no-cache';
/** The app's page carries the member's own answers (app-page.ts): no cache keeps it. */
const personalPageCache = 'no-store';

/** What the web build writes about its first screens' files (web build/first-screens.ts). */
const firstScreensFile = '.vite/first-screens.json';

/** Compressed twins are reached through their file, and source maps are never served. */
const hiddenFile = /\.(br|gz|map)$/;

/**
 * Serves the built web app with history fallback; API paths keep their JSON 404. The build writes a
 * brotli and a gzip twin beside each file (`x.js.br`, `x.js.gz`): the one the client accepts is sent,
 * with `Vary: accept-encoding`. One wildcard route looks files up when asked (a route per file took
 * 140 ms of every start to register, with some hundred chunks); compressed twins are reached only
 * through their file, dot files (the build's `.vite/`) are not served, and source maps never are (a
 * production build has none). An app address (`/`, `/{lang}/...`, and any other address as the history
 * fallback) gets `index.html` with the answers of the app's first calls and its first screen's files in it
 * (app-page.ts), and its first screen rendered where `drawsFirstScreen` says so (first-screen.ts), compressed as the
 * client accepts.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  firstScreenLimits: Parameters<typeof firstScreenRenderer>[2],
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  const hasWeb = existsSync(indexFile);
  // A deployment starts a new server: the page and its screens' files are read once.
  const page = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const screensFile = path.join(webDist, firstScreensFile);
  const screens: Record<string, string[]> = existsSync(screensFile)
    ? JSON.parse(readFileSync(screensFile, 'utf8'))
    : {};
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
  // A page's first screen is rendered into it when the build has the renderer.
  const renderer = hasWeb ? await loadFirstScreenRenderer(webDist) : undefined;
  const render = renderer && firstScreenRenderer(app, renderer.renderFirstScreen, firstScreenLimits);
  const appPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const load =
      request.method === 'GET' ? await firstLoad(app, request, renderer?.routeModules) : { answers: {} };
    const prepared: AppPage = { load };
    if (render && drawsFirstScreen(request, load)) {
      const rendered = await render(request, load);
      if (rendered) prepared.rendered = rendered;
    }
    return sendAppPage(request, reply, appPageHtml(page, prepared, screens));
  };
  if (hasWeb) {
    // The site's root is a folder to the file server, and the app's addresses are no files: their page
    // has routes of its own, so the file server does not look for `de_DE/groups` on disk first.
    const lang = `:lang(${locales.join('|')})`;
    for (const url of ['/', `/${lang}`, `/${lang}/*`]) app.get(url, appPage);
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiPath(request.url);
    // A missing asset (a chunk of an older build, a source map) is a 404, not the app's page in its place.
    const isAsset = request.url.startsWith('/assets/');
    if (hasWeb && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return appPage(request, reply);
    }
    return reply
      .status(404)
      .send({ errors: [{ code: 'not_found', message: `No route ${request.method} ${request.url}` }] });
  });
}

/** The first encoding of ours the client accepts (`q=0` refuses one). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map(
    (header ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return [name, q ? Number(q.slice(2)) : 1] as const;
    }),
  );
  return (['br', 'gzip'] as const).find((encoding) => (weights.get(encoding) ?? 0) > 0);
}

function sendAppPage(request: FastifyRequest, reply: FastifyReply, html: Buffer) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', personalPageCache)
    .header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}
