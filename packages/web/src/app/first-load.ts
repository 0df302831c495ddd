import { isLocale } from '@plaza/contract/constants';
import { loadLocaleTexts } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sessionQuery } from './session';

/**
 * Starts the two calls every page waits for, the session (settings, menus) and the texts of the address's
 * language, as soon as the entry runs. Left to the language layout they would start only once the router
 * has loaded the route's lazy modules, a whole round of requests later. The calls already carry the
 * address's language (lib/api-client), so nothing is fetched twice; the session's answer usually comes
 * with the page itself (lib/first-answers). On the dashboard's address the data of its first screen follows
 * right after the session (pages/dashboard-data).
 */
export function startFirstLoad(): void {
  const session = queryClient.fetchQuery(sessionQuery);
  session.catch(() => undefined);
  const [, lang, ...rest] = window.location.pathname.split('/');
  if (!isLocale(lang)) return;
  loadLocaleTexts(lang).catch(() => undefined);
  // The dashboard (`/{lang}`): its code loads beside the session instead of once the router has loaded the
  // root view (who opens it is nearly always a member); its data is asked for as soon as the session is known.
  if (rest.join('') === '') {
    import('./pages/dashboard-view').catch(() => undefined);
    Promise.all([session, import('./pages/dashboard-data')])
      .then(([answer, dashboard]) => dashboard.prefetchDashboard(queryClient, answer.session))
      .catch(() => undefined);
  }
}
