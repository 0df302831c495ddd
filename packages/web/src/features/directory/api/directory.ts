import { directoryPageSize } from '@plaza/contract/constants';
import type { Suggestion } from '@plaza/contract/directory';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { personName } from '../../../components/user-card';
import { call } from '../../../lib/api-client';
import { routes } from '../../../lib/endpoint-routes';
import { filtersForCall } from '../../../lib/list-params';
import type { DirectorySearch } from '../search-params';

/** Query keys of the directory; the list key carries the whole search. */
export const directoryKeys = {
  all: ['directory'] as const,
  list: (search: DirectorySearch) => [...directoryKeys.all, 'list', search] as const,
  filters: () => [...directoryKeys.all, 'filters'] as const,
  fields: () => [...directoryKeys.all, 'fields'] as const,
  suggestions: (fieldId: string, query: string) =>
    [...directoryKeys.all, 'suggestions', fieldId, query] as const,
};

/** A page of the who-is-who for a search from the address; the previous page stays while the next loads. */
export const directoryListQuery = (search: DirectorySearch) =>
  queryOptions({
    queryKey: directoryKeys.list(search),
    queryFn: () =>
      call(routes.directory.list, {
        query: {
          page: search.page,
          per_page: directoryPageSize,
          query: search.query,
          type: search.type,
          field_id: search.fieldId,
          filters: filtersForCall(search.filters),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The directory's filters with the values that occur. */
export const directoryFiltersQuery = () =>
  queryOptions({
    queryKey: directoryKeys.filters(),
    queryFn: () => call(routes.directory.filters),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/** The search fields of the extended search. */
export const searchFieldsQuery = () =>
  queryOptions({
    queryKey: directoryKeys.fields(),
    queryFn: () => call(routes.directory.profileFields),
    staleTime: 5 * 60_000,
  });

/**
 * Suggestions for a text (only asked for a non-blank text): values of the search field and people, or
 * with no field (search in all fields) the people the quick search finds.
 */
export const suggestionsQuery = (fieldId: string | null, query: string) =>
  queryOptions({
    queryKey: directoryKeys.suggestions(fieldId ?? '', query),
    queryFn: async (): Promise<Suggestion[]> => {
      if (fieldId) {
        const answer = await call(routes.directory.suggestions, { query: { field_id: fieldId, query } });
        return answer.results;
      }
      const answer = await call(routes.directory.search, { query: { q: query } });
      return answer.results.map((user) => ({ id: String(user.id), title: personName(user), type: 'user' }));
    },
    enabled: query.trim().length > 0,
    staleTime: 30_000,
  });
