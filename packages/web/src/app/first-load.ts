import { adminTextAreas, isLocale } from '@plaza/contract/constants';
import { i18n, loadLocaleTexts, loadTextAreas } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sessionQuery } from './session';

/**
 * Starts the two calls every page waits for, the session (settings, menus) and the texts of the address's
 * language, as soon as the entry runs. Left to the language layout they would start only once the router
 * has loaded the route's lazy modules, a whole round of requests later. The calls already carry the
 * address's language (lib/api-client), so nothing is fetched twice; the answers usually come with the page
 * itself (lib/first-answers). An administration address (`/{lang}/admin/...`) asks for its texts beside
 * them. On the dashboard's address the data of its first screen follows right after the session
 * (pages/dashboard-data), for a phone's layout or a wider one (`phone`). Settles once all of it is in: a
 * page the server rendered (`drawn`) is hydrated then (main.tsx).
 */
export function startFirstLoad(phone: boolean, drawn = false): Promise<void> {
  const session = queryClient.fetchQuery(sessionQuery);
  const steps: Promise<unknown>[] = [session];
  const [, lang, ...rest] = window.location.pathname.split('/');
  if (isLocale(lang)) {
    steps.push(loadLocaleTexts(lang));
    // The administration's texts (the page brings them, server app-page): a drawn section hydrates with them,
    // and an undrawn one does not wait for its layout's code before asking for them.
    if (rest[0] === 'admin') steps.push(loadTextAreas(i18n, lang, adminTextAreas));
    // The dashboard (`/{lang}`): its code loads beside the session instead of once the router has loaded the
    // root view (who opens it is nearly always a member; a page the server drew loads its routes' code
    // itself, main.tsx); its data is asked for as soon as the session is known.
    if (rest.join('') === '') {
      if (!drawn) import('./pages/dashboard-view').catch(() => undefined);
      steps.push(
        Promise.all([session, import('./pages/dashboard-data')]).then(([answer, dashboard]) =>
          dashboard.prefetchDashboard(queryClient, answer.session, phone),
        ),
      );
    }
  }
  const all = Promise.all(steps).then(() => undefined);
  all.catch(() => undefined);
  return all;
}
