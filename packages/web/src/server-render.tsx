import { AsyncLocalStorage } from 'node:async_hooks';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { adminTextsQuery, isAdminPath, isLocale, memberTextsQuery } from '@plaza/contract/constants';
import { type FirstScreenInput, firstScreen, type RenderFirstScreen } from '@plaza/contract/first-screen';
import { dehydrate, hashKey, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { pageTitle, routeTitleKey } from './app/page-title';
import { prefetchDashboard } from './app/pages/dashboard-data';
import { routeModules, routes } from './app/routes';
import { sessionQuery } from './app/session';
import { styleCacheOptions } from './app/style-cache';
import { themeTokens } from './app/theme-tokens';
import { sanitizeHtmlWith } from './components/rich-html';
import { ApiRequestError, call } from './lib/api-client';
import { matchesWidth } from './lib/assumed-width';
import { readCookiesWith } from './lib/cookies';
import { routes as endpoints } from './lib/endpoint-routes';
import { answerFirstCallsWith } from './lib/first-answers';
import { i18nOptions } from './lib/i18n';
import { readOriginWith } from './lib/page-origin';
import { phoneMedia } from './lib/phone-width';
import { renderQueries } from './lib/render-queries';
import { applyTextOverrides } from './lib/text-overrides';

/** The route table's handler, made once: it loads a lazy route's module the first time it matches. */
const handler = createStaticHandler(routes);

/** The origin of a render's address when none is given. */
const placeholderOrigin = 'http://plaza.invalid';

/** The input of the render under way. */
const renders = new AsyncLocalStorage<FirstScreenInput>();

// The app's GET calls in a render are answered by the server (each render its own), never over the network.
answerFirstCallsWith(async (url) => {
  const answer = await renders.getStore()?.answer(url);
  if (answer === undefined)
    throw new ApiRequestError(0, [{ code: 'internal', message: `No answer for ${url}` }]);
  return answer;
});
// What the page reads of its cookies (the cookie choice) it reads from the page's request.
readCookiesWith(() => renders.getStore()?.cookies ?? '');
readOriginWith(() => renders.getStore()?.origin ?? placeholderOrigin);

/**
 * Renders the first screen of an app address as the browser would draw it, with the same calls: the session,
 * the members' texts (and the administration's on its addresses, which the page brings too), then the data the page's parts ask for, in rounds (`firstScreen.dataRounds`): each round draws
 * the page, and what its parts asked for and did not have yet is fetched for the next one (on the dashboard,
 * `/{lang}`, its data is asked for at once, pages/dashboard-data). A part whose call does not answer in time is drawn as
 * loading, as the browser would too. The browser hydrates the page with the data drawn (`queries`, main.tsx).
 * `null` when the address is no page to render here (a redirect, an unknown language).
 */
export const renderFirstScreen: RenderFirstScreen = (input) =>
  renders.run(input, async () => {
    sanitizeHtmlWith(input.sanitizeHtml);
    const [path = '/'] = input.url.split('?');
    const lang = path.split('/')[1];
    if (!isLocale(lang)) return null;
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    const { waitsForData } = renderQueries(client);
    const textsOf = (query: { areas: string }) =>
      call(endpoints.settings.translations, { params: { locale: lang }, query });
    const [{ session }, texts, adminTexts] = await Promise.all([
      client.fetchQuery(sessionQuery),
      textsOf(memberTextsQuery),
      isAdminPath(path) ? textsOf(adminTextsQuery) : undefined,
    ]);
    const i18n = i18next.createInstance();
    await i18n.init({
      ...i18nOptions,
      lng: lang,
      resources: { [lang]: { translation: { ...texts, ...adminTexts } } },
    });
    // The customer's own texts, as the browser lays them over its bundle before it hydrates (lib/i18n).
    const own = await call(endpoints.admin.textOverrides, { params: { locale: lang } }).catch(() => null);
    if (own) applyTextOverrides(i18n, lang, own);
    if (path.split('/').filter(Boolean).length === 1)
      await prefetchDashboard(client, session, matchesWidth(phoneMedia, input.width));

    const context = await handler.query(new Request(new URL(input.url, input.origin)), {
      requestContext: undefined,
    });
    if (context instanceof Response || context.statusCode !== 200) return null;
    const draw = async () => {
      // A call without an answer is drawn as loading, as in the browser before it answers.
      for (const query of client.getQueryCache().findAll({ predicate: (q) => q.state.status === 'error' }))
        client.removeQueries({ queryKey: query.queryKey, exact: true });
      const cache = createCache(styleCacheOptions);
      // Styles go into the cache instead of into `<style>` elements beside each part.
      cache.compat = true;
      const failures: unknown[] = [];
      const { prelude } = await prerenderToNodeStream(
        <StrictMode>
          <CacheProvider value={cache}>
            <AppProviders client={client} i18n={i18n} width={input.width}>
              <StaticRouterProvider
                router={createStaticRouter(handler.dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </AppProviders>
          </CacheProvider>
        </StrictMode>,
        // A part that fails is no page to send: the browser draws it instead (server platform/first-screen).
        // One piece: a large part is otherwise sent after the rest with a script to move it (not allowed here).
        {
          signal: input.signal,
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onError: (error) => {
            failures.push(error);
          },
        },
      );
      const rendered = await readAll(prelude);
      if (failures.length) throw failures[0];
      return { rendered, cache };
    };
    let drawn = await draw();
    for (let round = 1; round < firstScreen.dataRounds; round += 1) {
      const asked = client.getQueryCache().findAll({ predicate: waitsForData });
      if (!asked.length) break;
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
      drawn = await draw();
    }
    // React names the images it will show first (`<link rel="preload">`) before the app: they go to the head.
    const [, preloads = '', html = ''] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(drawn.rendered) ?? [];
    const inserted = Object.entries(drawn.cache.inserted).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );

    const titleKey = routeTitleKey(context.matches.map((match) => match.route));
    const company = session.settings.company.name;
    return {
      html,
      head: preloads,
      styles: { css: inserted.map(([, rules]) => rules).join(''), names: inserted.map(([name]) => name) },
      rootStyle: themeTokens(session.settings),
      title: titleKey && i18n.exists(titleKey) ? pageTitle(i18n.t(titleKey), company) : company,
      modules: routeModules(path),
      // The session comes with the page's answers anyway; what else was drawn comes as the cache.
      queries: dehydrate(client, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' && query.queryHash !== sessionQueryHash,
      }),
    };
  });

const sessionQueryHash = hashKey(sessionQuery.queryKey);

// The lazy modules of the routes at a path (contract `FirstScreenModule`): the server names their files in
// an administration page it sends undrawn (server app-page).
export { routeModules };

/** The prerender's output as text (a Node stream on the server, whatever the types say). */
async function readAll(
  stream: AsyncIterable<Uint8Array | string> | ReadableStream<Uint8Array>,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as AsyncIterable<Uint8Array | string>)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
