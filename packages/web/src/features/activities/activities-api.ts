import { pageSizes } from '@plaza/contract/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Activities per page of the feed. */
export const activityPageSize = pageSizes.activityFeed;

/**
 * One page of the activity feed. The key lies under `['activities']`, which the app shell refreshes
 * on every NotificationChannel push, so new activities arrive without a reload. Reading the feed
 * marks its page read; a preview (`markRead` false) leaves the unread badge as it is.
 */
export const activitiesQuery = (page: number, perPage: number = activityPageSize, markRead = true) =>
  queryOptions({
    queryKey: ['activities', 'feed', page, perPage, markRead] as const,
    queryFn: () =>
      call(routes.activities.list, { query: { page, per_page: perPage, mark_read: String(markRead) } }),
    placeholderData: keepPreviousData,
  });
