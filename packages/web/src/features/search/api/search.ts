import type { SearchModule, SearchModuleType } from '@plaza/contract/search';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';

/** Query keys of the search across the community. */
export const searchKeys = {
  all: ['search'] as const,
  page: (query: string) => [...searchKeys.all, 'page', query] as const,
  more: (query: string, type: SearchModuleType) => [...searchKeys.all, 'more', query, type] as const,
  suggestions: (query: string) => [...searchKeys.all, 'suggestions', query] as const,
};

/** The first page of every kind for a term (a module per kind with hits). */
export const searchPageQuery = (query: string) =>
  queryOptions({
    queryKey: searchKeys.page(query),
    queryFn: () => call(routes.search.page, { query: { query, page: 1 } }),
  });

/**
 * The pages of one kind, starting with the module of the first page: "more" reads the kind's next page
 * alone (`type`) and appends it.
 */
export const searchMoreQuery = <M extends SearchModule>(query: string, first: M) =>
  infiniteQueryOptions({
    queryKey: searchKeys.more(query, first.type),
    queryFn: async ({ pageParam }) => {
      const answer = await call(routes.search.page, { query: { query, page: pageParam, type: first.type } });
      const module = answer.modules.find((candidate) => candidate.type === first.type);
      return (module ?? { ...first, data: { results: [], has_more: false, next_page: null } }) as M;
    },
    initialPageParam: 1,
    initialData: { pages: [first], pageParams: [1] },
    getNextPageParam: (last: M) => last.data.next_page ?? undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Suggestions while typing (asked for a non-blank text only). */
export const searchSuggestionsQuery = (query: string) =>
  queryOptions({
    queryKey: searchKeys.suggestions(query),
    queryFn: () => call(routes.search.suggestions, { query: { q: query } }),
    select: (data) => data.results,
    staleTime: 30_000,
  });
