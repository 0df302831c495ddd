import { buildPath, endpoints, firstAnswers, isLocale, localeHeader, pageSizes } from '@plaza/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bundleText } from './i18n';
import { jsonInHtml } from './json-in-html';

/** The session: every page asks for it before it shows anything. */
const sessionCall = endpoints.auth.isAuthenticated.path;
/** The texts of the address's language: every page waits for them before it shows a word. */
const textsCall = (locale: string) => buildPath(endpoints.settings.translations.path, { locale });
/** The dashboard's news stream, first page, as the app asks for it (web features/news/api/news.ts). */
const dashboardNewsCall = `${endpoints.news.list.path}?page=1&per_page=${pageSizes.newsStream}`;

/** What the page for an app address carries beside the app. */
export interface FirstLoad {
  /** The answers' JSON text by call (path and query), each made safe for the page (`jsonInHtml`). */
  answers: Record<string, string>;
  /** The first screen it opens on, when known: its files are named in the page (web build/first-screens). */
  screen?: 'dashboard' | 'sign-in';
}

/**
 * Answers the app's first GET calls for an app address (`/{lang}/...`) inside this server, as the app
 * would ask them with the request's cookies and the address's language: the session always, the texts of
 * the address's language, and on the dashboard (`/{lang}`) of a signed-in member the news stream's first
 * page. The dashboard and a visitor's sign-in page (`/{lang}/login`) name their files. The page then
 * shows its first screen without waiting for those round trips. A call that does not answer 200 is left
 * out (the app asks for it itself), so this never fails the page. Cookies the calls set are dropped: the
 * page's own request went through the same hooks (a first visit's CSRF cookie is set on the page).
 */
export async function firstLoad(app: FastifyInstance, request: FastifyRequest): Promise<FirstLoad> {
  const [pathname = '/'] = request.url.split('?');
  const [, first, ...rest] = pathname.split('/');
  const lang = isLocale(first) ? first : undefined;
  const headers = {
    accept: 'application/json',
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    ...(lang ? { [localeHeader]: lang } : {}),
  };
  const load: FirstLoad = { answers: {} };
  const ask = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
    if (response.statusCode === 200) load.answers[url] = jsonInHtml(response.body);
  };
  try {
    // The texts are the translations call's own answer, made once per language (i18n.ts).
    if (lang) load.answers[textsCall(lang)] = bundleText(lang).json;
    // The page's own request read the session already (platform/session.ts): who asks decides the screen,
    // and the dashboard's stream is asked for beside the session, not after it.
    const member = request.user;
    const page = rest.join('/');
    const dashboard = lang !== undefined && page === '' && member?.agb_nda_accepted === true;
    await Promise.all([ask(sessionCall), dashboard && ask(dashboardNewsCall)]);
    if (dashboard) load.screen = 'dashboard';
    if (!member && lang && page === 'login') load.screen = 'sign-in';
  } catch (error) {
    request.log.warn({ err: error }, 'the answers for the page could not be prepared');
  }
  return load;
}

/**
 * The app's page with, before `</head>`, a `modulepreload` link per file of its first screen and the answers
 * in a JSON element.
 */
export function appPageHtml(page: string, load: FirstLoad, screens: Record<string, string[]>): string {
  const preloads = (load.screen ? (screens[load.screen] ?? []) : []).map(
    (file) => `<link rel="modulepreload" crossorigin href="${file}">`,
  );
  const entries = Object.entries(load.answers);
  const json = `{${entries.map(([url, body]) => `${jsonInHtml(JSON.stringify(url))}:${body}`).join(',')}}`;
  const answers = entries.length
    ? [`<script id="${firstAnswers.elementId}" type="application/json">${json}</script>`]
    : [];
  // A function, not a string: `$&` or `$'` in an answer would otherwise insert parts of the page.
  return page.replace('</head>', () => `${[...preloads, ...answers].join('')}</head>`);
}
