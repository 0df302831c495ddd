import type { NewsItem, NewsList } from '@plaza/contract';
import { pageSizes } from '@plaza/contract/constants';
import { type InfiniteData, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** Items per news page. */
export const newsPageSize = pageSizes.newsStream;

/** The stream's filters as the list call takes them. */
export interface NewsFilters {
  category?: string;
  type?: 'article' | 'post';
}

/** Query keys of the news feature (`['news', ...]`; a new post refreshes the whole prefix). */
export const newsKeys = {
  all: ['news'] as const,
  stream: (filters: NewsFilters) => [...newsKeys.all, 'stream', filters] as const,
  item: (id: string) => [...newsKeys.all, 'item', id] as const,
};

/** The news stream, a page at a time. A change of filters starts at page 1 again. */
export const newsStreamQuery = (filters: NewsFilters) =>
  infiniteQueryOptions({
    queryKey: newsKeys.stream(filters),
    queryFn: ({ pageParam }) =>
      call(routes.news.list, { query: { ...filters, page: pageParam, per_page: newsPageSize } }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.pagination.next ?? undefined,
  });

/**
 * The stream's items (spec 4 "News list"): page 1 replaces the list, each later page appends; an item
 * that moved to a later page while new ones arrived is shown once.
 */
export function newsItems(data: InfiniteData<NewsList> | undefined): NewsItem[] {
  const seen = new Set<string>();
  const items: NewsItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.results) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** One article (`page-<n>`) or post (`post-<n>`). */
export const newsItemQuery = (id: string) =>
  queryOptions({ queryKey: newsKeys.item(id), queryFn: () => call(routes.news.get, { params: { id } }) });

/** The stream's filters (categories and item type), as `GET news.filters` has them. */
export const newsFiltersQuery = queryOptions({
  queryKey: [...newsKeys.all, 'filters'] as const,
  queryFn: () => call(routes.news.filters),
  staleTime: 60_000,
});
