import type { AuthSession } from '@plaza/contract';
import type { QueryClient } from '@tanstack/react-query';
import { slideImage } from '../../components/articles/slide-image';
import { activitiesQuery } from '../../features/activities/activities-api';
import { newsStreamQuery } from '../../features/news/api/news';
import { occasionFeedLimit, occasionFeedQuery } from '../../features/occasions/api/occasions';
import { rootView } from '../guard';

/** How many of the latest activities the dashboard shows: three above a phone's stream, five beside it. */
export const dashboardActivityCount = (phone: boolean) => (phone ? 3 : 5);

/**
 * Asks for what the dashboard's first screen shows (dashboard-view.tsx composes it) as soon as the session
 * is known: the news stream's first page, the latest activities and, when switched on, the coming
 * occasions, with the sizes of the layout for a phone or a wider window. app/first-load calls it on
 * `/{lang}`, so the answers arrive while the dashboard's code still loads, instead of only once it has
 * rendered; a server render calls it to draw the first screen (server-render.tsx). The widgets then read the
 * same queries (same keys) from the cache. Nothing is asked for a visitor. Settles once all have answered.
 */
export async function prefetchDashboard(
  client: QueryClient,
  session: AuthSession,
  phone: boolean,
): Promise<void> {
  if (rootView(session.status, session.settings.pages.landing) !== 'dashboard') return;
  const newsQuery = newsStreamQuery({});
  const news = client.prefetchInfiniteQuery(newsQuery);
  // A wide dashboard opens with the top teaser slider: its first image is the largest thing on the first
  // screen, so it is asked for as soon as the stream's answer names it, not once the slider has rendered.
  if (!phone && typeof document !== 'undefined')
    void news.then(() => {
      const [first] = client.getQueryData(newsQuery.queryKey)?.pages[0]?.topTeaser.results ?? [];
      const image = first && slideImage(first);
      if (image) preloadImage(image);
    });
  await Promise.all([
    news,
    client.prefetchQuery(activitiesQuery(1, dashboardActivityCount(phone), false)),
    session.settings.show_occasions_slider &&
      client.prefetchQuery(occasionFeedQuery(occasionFeedLimit(phone))),
  ]);
}

/** Starts loading an image the page is about to show, at high priority. */
function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}
