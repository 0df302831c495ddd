import { directoryPageSize, pageSizes } from '@plaza/contract/constants';
import type { FilterValues } from '@plaza/contract/filters';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { filtersForCall } from '../../../lib/list-params';

/** What the occasions page shows, read from the address. */
export interface OccasionSearch {
  page: number;
  query: string | undefined;
  filters: FilterValues;
}

/** Query keys of the occasions feature. */
export const occasionKeys = {
  all: ['occasions'] as const,
  list: (search: OccasionSearch) => [...occasionKeys.all, 'list', search] as const,
  filters: () => [...occasionKeys.all, 'filters'] as const,
  feed: (limit: number) => [...occasionKeys.all, 'feed', limit] as const,
};

/** A page of coming occasions for a search; the previous page stays while the next loads. */
export const occasionListQuery = (search: OccasionSearch) =>
  queryOptions({
    queryKey: occasionKeys.list(search),
    queryFn: () =>
      call(routes.occasions.list, {
        query: {
          page: search.page,
          per_page: directoryPageSize,
          query: search.query,
          filters: filtersForCall(search.filters),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The filters of the occasions list (type, locations, areas). */
export const occasionFiltersQuery = () =>
  queryOptions({
    queryKey: occasionKeys.filters(),
    queryFn: () => call(routes.occasions.filters),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/** How many coming occasions the carousel cycles through on larger screens. */
const occasionsSliderLimit = 12;

/** How many coming occasions the slider shows: the phone's list or the wider screens' carousel. */
export const occasionFeedLimit = (phone: boolean) =>
  phone ? pageSizes.mobileOccasionsFeed : occasionsSliderLimit;

/** The next `limit` birthdays and anniversaries together (the slider and the small-screen feed). */
export const occasionFeedQuery = (limit: number) =>
  queryOptions({
    queryKey: occasionKeys.feed(limit),
    queryFn: () => call(routes.occasions.feed, { query: { limit } }),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });
