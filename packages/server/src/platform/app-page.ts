import {
  adminTextAreas,
  adminTextsQuery,
  buildPath,
  endpoints,
  firstAnswers,
  htmlLang,
  isAdminPath,
  isLocale,
  type Locale,
  localeHeader,
  memberTextAreas,
  memberTextsQuery,
  pageSizes,
} from '@plaza/contract';
import { firstScreen, type RenderedFirstScreen } from '@plaza/contract/first-screen';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bundleText } from './i18n';
import { jsonInHtml } from './json-in-html';

/** The session: every page asks for it before it shows anything. */
const sessionCall = endpoints.auth.isAuthenticated.path;
/**
 * The members' texts of the address's language, as the app asks for them (web lib/i18n): every page waits
 * for them before it shows a word.
 */
const textsCall = (locale: string, query: { areas: string } = memberTextsQuery) =>
  `${buildPath(endpoints.settings.translations.path, { locale })}?${new URLSearchParams(query)}`;
/** The members' texts of a language, made once (i18n.ts). */
const memberTexts = (locale: Locale) => bundleText(locale, memberTextAreas);
/**
 * The administration's texts, which only its pages carry (as the app asks for them at start, web
 * app/first-load): a section is drawn with them, and no member's page grows by them.
 */
const adminTextsCall = (locale: string) => textsCall(locale, adminTextsQuery);
const adminTexts = (locale: Locale) => bundleText(locale, adminTextAreas);
/** The customer's own texts of that language, which the app lays over them (empty when none are set). */
const overridesCall = (locale: string) => buildPath(endpoints.admin.textOverrides.path, { locale });
/** The dashboard's news stream, first page, as the app asks for it (web features/news/api/news.ts). */
const dashboardNewsCall = `${endpoints.news.list.path}?page=1&per_page=${pageSizes.newsStream}`;

/** A visitor's forms by their address (`/{lang}/<page>`): their files named in the page. */
const visitorScreens = new Map<string, FirstLoad['screen']>([
  ['login', 'sign-in'],
  ['forgot_password', 'forgot-password'],
  ['reset_password', 'reset-password'],
]);

/** What the page for an app address carries beside the app. */
export interface FirstLoad {
  /** The answers' JSON text by call (path and query), each made safe for the page (`jsonInHtml`). */
  answers: Record<string, string>;
  /** The address's language, when it names one. */
  lang?: Locale;
  /** The first screen it opens on, when known: its files are named in the page (web build/first-screens). */
  screen?: 'dashboard' | 'sign-in' | 'forgot-password' | 'reset-password';
  /** The lazy modules of its routes (paths below the web's `src/`), known before a render: their files are named. */
  modules?: string[];
}

/**
 * Answers the app's first GET calls for an app address (`/{lang}/...`) inside this server, as the app
 * would ask them with the request's cookies and the address's language: the session always, the texts of
 * the address's language and the customer's overrides of them, for a signed-in member on the dashboard
 * (`/{lang}`) the news stream's first page and on the administration's addresses its texts. The dashboard
 * and a visitor's sign-in page (`/{lang}/login`) name their files, an administration page those of its
 * layout and section (their modules by `routeModules`, the web build's routes), drawn or not. The page then
 * shows its first screen without waiting for those round trips. A call that does not answer 200 is left
 * out (the app asks for it itself), so this never fails the page. Cookies the calls set are dropped: the
 * page's own request went through the same hooks (a first visit's CSRF cookie is set on the page).
 */
export async function firstLoad(
  app: FastifyInstance,
  request: FastifyRequest,
  routeModules?: (pathname: string) => string[],
): Promise<FirstLoad> {
  const [pathname = '/'] = request.url.split('?');
  const [, first, ...rest] = pathname.split('/');
  const lang = isLocale(first) ? first : undefined;
  const load: FirstLoad = { answers: {}, ...(lang ? { lang } : {}) };
  const ask = answerer(app, request, load);
  try {
    // The texts are the translations call's own answer, made once per language (i18n.ts).
    if (lang) load.answers[textsCall(lang)] = memberTexts(lang).json;
    // An administration page draws its section with the administration's texts, and the browser fetches
    // the section's code beside the entry even when the page goes out undrawn: no round after round.
    if (lang && request.user && isAdminPath(pathname)) {
      load.answers[adminTextsCall(lang)] = adminTexts(lang).json;
      if (routeModules) load.modules = routeModules(pathname);
    }
    // The page's own request read the session already (platform/session.ts): who asks decides the screen,
    // and the dashboard's stream is asked for beside the session, not after it.
    const member = request.user;
    const page = rest.join('/');
    const dashboard = lang !== undefined && page === '' && member?.agb_nda_accepted === true;
    await Promise.all([
      ask(sessionCall),
      lang && ask(overridesCall(lang)),
      dashboard && ask(dashboardNewsCall),
    ]);
    if (dashboard) load.screen = 'dashboard';
    if (!member && lang && visitorScreens.has(page)) load.screen = visitorScreens.get(page);
  } catch (error) {
    request.log.warn({ err: error }, 'the answers for the page could not be prepared');
  }
  return load;
}

/**
 * Whether the page goes out drawn (first-screen.ts), when the server can: every app address of a member who
 * has accepted the terms, and a visitor's, the sign-in forms with their cookie notice included, but for the
 * site's root (which sends a visitor on to the sign-in or landing page).
 */
export function drawsFirstScreen(request: FastifyRequest, load: FirstLoad): boolean {
  if (!load.lang) return false;
  if (request.user) return request.user.agb_nda_accepted === true;
  const [pathname = '/'] = request.url.split('?');
  return pathname.split('/').slice(2).join('/') !== '';
}

/**
 * Answers a GET of the app inside this server, as the app would ask it with the request's cookies and the
 * address's language, and keeps the answer for the page (`load.answers`, made safe for it): its JSON text,
 * or `undefined` when the call does not answer 200. An answer the page has already is not asked again.
 */
export function answerer(app: FastifyInstance, request: FastifyRequest, load: FirstLoad) {
  const headers = {
    accept: 'application/json',
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    ...(load.lang ? { [localeHeader]: load.lang } : {}),
  };
  return async (url: string): Promise<string | undefined> => {
    const known = load.answers[url];
    if (known !== undefined) return known;
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (response.statusCode !== 200) return undefined;
    const json = jsonInHtml(response.body);
    load.answers[url] = json;
    return json;
  };
}

/** The entry script and the module preloads of the web build's `index.html`. */
const entryScript = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>\s*/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
/** Loads the app once a rendered page has been painted (web public/load-after-paint.js). */
const afterPaintScript = '/load-after-paint.js';

/** The app's page for an address, with what the server prepared for it. */
export interface AppPage {
  load: FirstLoad;
  /** The first screen the server rendered, for the window width it assumed. */
  rendered?: { screen: RenderedFirstScreen; width: number };
}

/**
 * The app's page with, before `</head>`, a `modulepreload` link per file of its first screen, and the answers
 * in a JSON element before `</body>`; with a rendered first screen, its HTML in `#root` (which names the width
 * it was drawn for), its styles in the head, the theme's tokens and the language on `<html>`, the tab's title
 * and the data it drew after the answers. The data comes after the drawn HTML: the texts alone are about 70 KB,
 * and a browser that paints the part of the page it has so far would otherwise show a page cut off after its
 * first lines, which then moves as the rest arrives (a layout shift). Made
 * as bytes: the language's texts, the largest answer and the same on every page, go in as the bytes made
 * once (i18n `bundleText`), not as a string the page is built from again on every request.
 */
export function appPageHtml(
  page: string,
  { load, rendered }: AppPage,
  screens: Record<string, string[]>,
): Buffer {
  // The named screen's files, and those of the routes a drawn page shows (their modules, web build/first-screens).
  const screenFiles = [
    ...new Set([
      ...(load.screen ? (screens[load.screen] ?? []) : []),
      ...[...(load.modules ?? []), ...(rendered?.screen.modules ?? [])].flatMap(
        (module) => screens[module] ?? [],
      ),
    ]),
  ];
  // The texts' answers go in as the bytes made once (i18n `bundleText`).
  const texts = load.lang ? [memberTexts(load.lang), adminTexts(load.lang)] : [];
  const textCalls = load.lang ? [textsCall(load.lang), adminTextsCall(load.lang)] : [];
  // A drawn page brings its data as the render's queries: of the answers, only the session and the texts.
  const entries = Object.entries(load.answers).filter(
    ([url]) =>
      !rendered ||
      url === sessionCall ||
      textCalls.includes(url) ||
      (load.lang !== undefined && url === overridesCall(load.lang)),
  );
  const answers: Chunk[] = entries.length
    ? [
        `<script id="${firstAnswers.elementId}" type="application/json">{`,
        ...entries.flatMap(([url, body], index) => [
          `${index ? ',' : ''}${jsonInHtml(JSON.stringify(url))}:`,
          texts.find((text) => text.json === body)?.bytes ?? body,
        ]),
        '}</script>',
      ]
    : [];
  page = withFavicon(page, load.answers[sessionCall]);
  if (!rendered) {
    const preloads = screenFiles.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
    return pageBytes(page, preloads, answers);
  }
  const queries = `<script id="${firstScreen.queriesElementId}" type="application/json">${jsonInHtml(JSON.stringify(rendered.screen.queries))}</script>`;
  const head: Chunk[] = [];
  // The page shows before the app's code is fetched (web public/load-after-paint.js): its entry and the
  // modules it and the screen need are named to that script instead of to the browser's parser.
  const entry = entryScript.exec(page)?.[1];
  if (entry) {
    // The entry's imports, each after the ones it imports (as the build lists them): the loader runs them
    // one per task before the entry.
    const entryImports = [...page.matchAll(modulePreload)].map((match) => match[1]);
    const modules = [...entryImports, ...screenFiles];
    page = page.replace(entryScript, '').replace(modulePreload, '');
    head.push(
      `<script defer src="${afterPaintScript}" data-entry="${entry}" data-entry-imports="${entryImports.join(' ')}" data-modules="${modules.join(' ')}"></script>`,
    );
  }
  const { screen, width } = rendered;
  const { css, names } = screen.styles;
  // The browser paints nothing until the drawn HTML is parsed (the data element follows it): a parser that
  // yields halfway painted the sign-in form's heading alone, centred, and then moved it (layout shift 0.24-0.40).
  head.push(`<link rel="expect" href="#${firstScreen.queriesElementId}" blocking="render">`);
  head.push(screen.head);
  // The browser's style cache takes these rules over by their names (web app/style-cache.ts).
  head.push(
    `<style ${firstScreen.styleNamesAttribute}="${escapeAttribute(names.join(' '))}">${css.replace(/<\//g, '<\\/')}</style>`,
  );
  const rootStyle = Object.entries(screen.rootStyle)
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const lang = load.lang ? ` lang="${htmlLang(load.lang)}"` : '';
  const drawn = page
    .replace(/<html[^>]*>/, () => `<html${lang} style="${escapeAttribute(rootStyle)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(screen.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" ${firstScreen.widthAttribute}="${width}">${screen.html}</div>`,
    );
  return pageBytes(drawn, head, [...answers, queries]);
}

/** The build's icon link, and the customer's favicon in the session's settings (only the server's own files). */
const iconLink = /<link rel="icon"[^>]*>/;
const brandedFavicon = /"favicon_url":"(\/api\/v2\/branding\/favicon\/[\w-]+)-32\.png"/;

/**
 * The page with the customer's favicon (set in the administration, `company.favicon_url`) in place of the
 * build's: the 32 px icon and its 180 px sibling for home screens. Read from the session's answer as text,
 * not parsed: the address is one of the server's own, so it needs no escaping.
 */
function withFavicon(page: string, session: string | undefined): string {
  const file = session && brandedFavicon.exec(session)?.[1];
  if (!file) return page;
  return page.replace(
    iconLink,
    () =>
      `<link rel="icon" href="${file}-32.png" type="image/png" sizes="32x32"><link rel="apple-touch-icon" href="${file}-180.png">`,
  );
}

/** A part of a page: text, or bytes made before. */
type Chunk = string | Buffer;

/** The page's bytes with `head` before its `</head>` and `data` before its `</body>`. */
function pageBytes(page: string, head: Chunk[], data: Chunk[]): Buffer {
  // A page without the element's end gets the parts at its end.
  const end = (at: number) => (at < 0 ? page.length : at);
  const headEnd = end(page.indexOf('</head>'));
  const bodyEnd = Math.max(headEnd, end(page.lastIndexOf('</body>')));
  const parts = [page.slice(0, headEnd), ...head, page.slice(headEnd, bodyEnd), ...data, page.slice(bodyEnd)];
  return Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
