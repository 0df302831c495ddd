import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FirstScreenModule, firstScreen, type RenderFirstScreen } from '@plaza/contract/first-screen';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppPage, answerer, type FirstLoad } from './app-page';
import { sanitizeArticleHtml, sanitizeRichText } from './html-sanitizer';

/** Where the web build puts its renderer of first screens (web vite.config.ts, `vite build --ssr`). */
const rendererFile = '.ssr/server-render.js';

/** The web build's renderer and its routes' modules, when the build has them. */
export async function loadFirstScreenRenderer(webDist: string): Promise<FirstScreenModule | undefined> {
  const file = path.join(webDist, rendererFile);
  if (!existsSync(file)) return undefined;
  const { renderFirstScreen, routeModules } = (await import(pathToFileURL(file).href)) as FirstScreenModule;
  return { renderFirstScreen, routeModules };
}

/**
 * The window width to draw a page for: the page is rendered before the browser has said how wide it is, so
 * by the kind of device, from the client hint `Sec-CH-UA-Mobile` and the user agent. A wrong guess costs a
 * redraw once the app runs, not a broken page.
 */
export function assumedWidth(request: FastifyRequest): number {
  const agent = request.headers['user-agent'] ?? '';
  if (request.headers['sec-ch-ua-mobile'] === '?1' || /Mobi|iPhone|iPod/.test(agent)) {
    return firstScreen.widths.phone;
  }
  if (/iPad|Android|Tablet/.test(agent)) return firstScreen.widths.tablet;
  return firstScreen.widths.desktop;
}

/** A rendered first screen and the window width it was drawn for. */
type RenderedPage = NonNullable<AppPage['rendered']>;

/**
 * Renders the first screen of a page with the web build's renderer; its calls are answered
 * inside this server and their answers go into the page for the app's hydration. The render runs on the
 * event loop that answers the API and takes CPU from the database on the same machine, so it is left out
 * when that loop was busier than `limits.maxLoad` lately, while requests wait for a database connection
 * (`limits.databaseBusy`: a server whose database is the bottleneck has an idle event loop), or while
 * `firstScreen.concurrentRenders` are under way, and when it fails or takes longer than
 * `firstScreen.timeoutMs` (logged): the page then goes out without it, and the browser draws it. A
 * `maxLoad` of 1 renders however busy the event loop is (the end-to-end tests).
 */
export function firstScreenRenderer(
  app: FastifyInstance,
  render: RenderFirstScreen,
  limits: { maxLoad: number; databaseBusy: () => boolean },
) {
  const load = loopLoad();
  let rendering = 0;
  const busy = () => limits.databaseBusy() || (limits.maxLoad < 1 && load() > limits.maxLoad);
  return async (request: FastifyRequest, page: FirstLoad): Promise<RenderedPage | undefined> => {
    if (rendering >= firstScreen.concurrentRenders || busy()) return undefined;
    rendering += 1;
    try {
      return await renderPage(app, request, page, render);
    } finally {
      rendering -= 1;
    }
  };
}

/** How long the event loop's load is measured over, at least (longer when no page was asked for). */
const loadWindowMs = 500;

/** The share of time this process's event loop was busy since the window before (Node's event loop utilisation). */
function loopLoad(): () => number {
  let mark = performance.eventLoopUtilization();
  let markedAt = performance.now();
  let load = 0;
  return () => {
    if (performance.now() - markedAt >= loadWindowMs) {
      const now = performance.eventLoopUtilization();
      load = performance.eventLoopUtilization(now, mark).utilization;
      mark = now;
      markedAt = performance.now();
    }
    return load;
  };
}

async function renderPage(
  app: FastifyInstance,
  request: FastifyRequest,
  load: FirstLoad,
  render: RenderFirstScreen,
): Promise<RenderedPage | undefined> {
  const width = assumedWidth(request);
  // What the render asks for reaches the page as the data it drew (`screen.queries`), not as answers.
  const ask = answerer(app, request, { ...load, answers: { ...load.answers } });
  const signal = AbortSignal.timeout(firstScreen.timeoutMs);
  try {
    const screen = await render({
      url: request.url,
      width,
      cookies: request.headers.cookie ?? '',
      origin: `${request.protocol}://${request.host}`,
      signal,
      sanitizeHtml: (html, kind) => (kind === 'article' ? sanitizeArticleHtml(html) : sanitizeRichText(html)),
      answer: async (url) => {
        const json = await ask(url);
        return json === undefined ? undefined : JSON.parse(json);
      },
    });
    return screen ? { screen, width } : undefined;
  } catch (error) {
    request.log.warn({ err: error, timedOut: signal.aborted }, 'the first screen could not be rendered');
    return undefined;
  }
}
