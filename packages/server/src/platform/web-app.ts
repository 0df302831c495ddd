import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
 * The addresses of the build's files the site serves (`/assets/index-Ab12Cd34.js`, `/favicon.png`): every
 * file but dot files and folders (the build's `.vite/`), compressed twins and source maps. A deployment's
 * build does not change, so they are listed once, as the server starts; an address is sent only when it
 * is one of them, spelled exactly, and any other is never looked up on disk. The file server's own check
 * of an address's spelling (against other spellings of a name on a case-insensitive disk) read the
 * folder of every request's file, the thousand-odd entries of `assets/`: two thirds of the server's CPU
 * for a small asset.
 */
function servedFiles(webDist: string): Set<string> {
  const files = new Set<string>();
  const visit = (folder: string, address: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) visit(path.join(folder, entry.name), `${address}${entry.name}/`);
      else if (entry.isFile() && !hiddenFile.test(entry.name)) files.add(`${address}${entry.name}`);
    }
  };
  visit(webDist, '/');
  return files;
}

/**
 * Serves the built web app with history fallback; API paths keep their JSON 404. The build writes a
 * brotli and a gzip twin beside each file (`x.js.br`, `x.js.gz`): the one the client accepts is sent,
 * with `Vary: accept-encoding`. One wildcard route sends the build's files (`servedFiles`; a route per file
 * took 140 ms of every start to register, with some hundred chunks). An app address (`/`, `/{lang}/...`,
 * and any other address as the history fallback) gets `index.html` with the answers of the app's first
 * calls and its first screen's files in it (app-page.ts), and its first screen rendered where
 * `drawsFirstScreen` says so (first-screen.ts), compressed as the client accepts.
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
    const files = servedFiles(webDist);
    await app.register(fastifyStatic, {
      root: webDist,
      serve: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', file.startsWith(assetsDir) ? hashedAssetCache : revalidatedCache);
      },
    });
    app.get('/*', (request, reply) => {
      const address = request.url.split('?', 1)[0] ?? '';
      return files.has(address) ? reply.sendFile(address.slice(1)) : reply.callNotFound();
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
