import { isLocale } from '@plaza/contract/constants';
import { loadLocaleTexts } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sessionQuery } from './session';

/**
 * Starts the two calls every page waits for, the session (settings, menus) and the texts of the address's
 * language, as soon as the entry runs. Left to the language layout they would start only once the router
 * has loaded the route's lazy modules, a whole round of requests later. The calls already carry the
 * address's language (lib/api-client), so nothing is fetched twice. On the dashboard's address the data of its
 * first screen follows right after the session (pages/dashboard-data).
 */
export function startFirstLoad(): void {
  const session = queryClient.fetchQuery(sessionQuery);
  session.catch(() => undefined);
  const [, lang, ...rest] = window.location.pathname.split('/');
  if (!isLocale(lang)) return;
  loadLocaleTexts(lang).catch(() => undefined);
  // The dashboard (`/{lang}`): its data is asked for as soon as the session is known, while its code loads.
  if (rest.join('') === '') {
    Promise.all([session, import('./pages/dashboard-data')])
      .then(([answer, dashboard]) => dashboard.prefetchDashboard(queryClient, answer.session))
      .catch(() => undefined);
  }
}
