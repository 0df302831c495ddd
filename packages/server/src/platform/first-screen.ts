import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { firstScreen, type RenderedFirstScreen, type RenderFirstScreen } from '@plaza/contract/first-screen';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerer, type FirstLoad } from './app-page';
import { sanitizeArticleHtml, sanitizeRichText } from './html-sanitizer';

/** Where the web build puts its renderer of first screens (web vite.config.ts, `vite build --ssr`). */
const rendererFile = '.ssr/server-render.js';

/** The web build's renderer, when the build has one. */
export async function loadFirstScreenRenderer(webDist: string): Promise<RenderFirstScreen | undefined> {
  const file = path.join(webDist, rendererFile);
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen };
  return module.renderFirstScreen;
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

/**
 * Renders the first screen of the page (`load.screen`) with the web build's renderer; its calls are
 * answered inside this server and their answers go into the page for the app's hydration. A render that
 * fails or takes longer than `firstScreen.timeoutMs` is left out and logged: the page goes out without it,
 * and the browser draws it as it would anyway. So is one asked for while `firstScreen.concurrentRenders`
 * are under way.
 */
export async function renderFirstScreen(
  app: FastifyInstance,
  request: FastifyRequest,
  load: FirstLoad,
  render: RenderFirstScreen,
): Promise<{ screen: RenderedFirstScreen; width: number } | undefined> {
  if (rendering >= firstScreen.concurrentRenders) return undefined;
  rendering += 1;
  try {
    return await renderWithin(app, request, load, render);
  } finally {
    rendering -= 1;
  }
}

/** Renders under way in this process. */
let rendering = 0;

async function renderWithin(
  app: FastifyInstance,
  request: FastifyRequest,
  load: FirstLoad,
  render: RenderFirstScreen,
): Promise<{ screen: RenderedFirstScreen; width: number } | undefined> {
  const width = assumedWidth(request);
  const ask = answerer(app, request, load);
  const signal = AbortSignal.timeout(firstScreen.timeoutMs);
  try {
    const screen = await render({
      url: request.url,
      width,
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
