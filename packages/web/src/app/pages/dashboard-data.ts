import type { AuthSession } from '@plaza/contract';
import type { QueryClient } from '@tanstack/react-query';
import { activitiesQuery } from '../../features/activities/activities-api';
import { newsStreamQuery } from '../../features/news/api/news';
import { occasionFeedLimit, occasionFeedQuery } from '../../features/occasions/api/occasions';
import { isPhoneWidth } from '../../lib/phone-width';
import { rootView } from '../guard';

/** How many of the latest activities the dashboard shows: three above a phone's stream, five beside it. */
export const dashboardActivityCount = (phone: boolean) => (phone ? 3 : 5);

/**
 * Asks for what the dashboard's first screen shows (dashboard-view.tsx composes it) as soon as the session
 * is known: the news stream's first page, the latest activities and, when switched on, the coming
 * occasions, with the sizes of the layout the window's width gets. app/first-load calls it on `/{lang}`, so
 * the answers arrive while the dashboard's code still loads, instead of only once it has rendered. The
 * widgets then read the same queries (same keys) from the cache. Nothing is asked for a visitor.
 */
export function prefetchDashboard(client: QueryClient, session: AuthSession): void {
  if (rootView(session.status, session.settings.pages.landing) !== 'dashboard') return;
  const phone = isPhoneWidth();
  void client.prefetchInfiniteQuery(newsStreamQuery({}));
  void client.prefetchQuery(activitiesQuery(1, dashboardActivityCount(phone), false));
  if (session.settings.show_occasions_slider)
    void client.prefetchQuery(occasionFeedQuery(occasionFeedLimit(phone)));
}
