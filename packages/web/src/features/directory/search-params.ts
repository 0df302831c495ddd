import type { FilterValues } from '@plaza/contract/filters';
import { readFilters, readPage, withQuery } from '../../lib/list-params';

/** What the who-is-who shows, read from the address. */
export interface DirectorySearch {
  page: number;
  /** The search text (`query`, or `q` of an extended search); undefined for none. */
  query: string | undefined;
  type: 'page' | 'extendedSearch';
  /** The search field of an extended search. */
  fieldId: string | undefined;
  filters: FilterValues;
}

/** The search of the who-is-who from its address (`type=extendedSearch` uses `q` and `field_id`). */
export function readDirectorySearch(params: URLSearchParams): DirectorySearch {
  const extended = params.get('type') === 'extendedSearch';
  const text = (extended ? params.get('q') : params.get('query'))?.trim();
  return {
    page: readPage(params),
    query: text || undefined,
    type: extended ? 'extendedSearch' : 'page',
    fieldId: extended ? params.get('field_id')?.trim() || undefined : undefined,
    filters: readFilters(params),
  };
}

/** The who-is-who query with a new basic search text (null clears the search, extended or not). */
export const withDirectoryQuery = (params: URLSearchParams, query: string | null) =>
  withQuery(params, query, ['q', 'type', 'field_id']);

/** The who-is-who address of an extended search (enter in the search bar); no field searches all. */
export function extendedSearchPath(lang: string, q: string, fieldId: string | null): string {
  const params = new URLSearchParams({ type: 'extendedSearch', q });
  if (fieldId) params.set('field_id', fieldId);
  return `/${lang}/who_is_who?${params}`;
}

/** The who-is-who address of a basic search (the side drawer's search box). */
export function basicSearchPath(lang: string, query: string): string {
  return `/${lang}/who_is_who?${new URLSearchParams({ query })}`;
}
