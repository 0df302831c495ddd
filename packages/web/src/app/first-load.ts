import { isLocale } from '@plaza/contract/constants';
import { loadLocaleTexts } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sessionQuery } from './session';

/**
 * Starts the two calls every page waits for, the session (settings, menus) and the texts of the address's
 * language, as soon as the entry runs. Left to the language layout they would start only once the router
 * has loaded the route's lazy modules, a whole round of requests later. The calls already carry the
 * address's language (lib/api-client), so nothing is fetched twice.
 */
export function startFirstLoad(): void {
  void queryClient.prefetchQuery(sessionQuery);
  const lang = window.location.pathname.split('/')[1];
  if (isLocale(lang)) loadLocaleTexts(lang).catch(() => undefined);
}
