import type { FilterValues } from '@plaza/contract/filters';
import { readFilters, readPage } from '../../lib/list-params';
import type { JobContext, JobSearch } from './api';

/** The list's search from the address: `page`, `query` and `filters[<facet>]`. */
export function readJobSearch(params: URLSearchParams): JobSearch {
  return {
    page: readPage(params),
    query: params.get('query')?.trim() || undefined,
    filters: readFilters(params),
  };
}

/** Whether a search text or a filter narrows the list (then an empty list means "no results"). */
export function isNarrowed(search: JobContext): boolean {
  return Boolean(search.query) || Object.values(search.filters).some((values) => values.length > 0);
}

/** The text key of an empty list: "no results" only when a search or filter is active. */
export function emptyListKey(search: JobContext): 'jobs.no_results' | 'jobs.none_open' {
  return isNarrowed(search) ? 'jobs.no_results' : 'jobs.none_open';
}

/** The query string that keeps a list's search text and filters (never its page), with `?` when not empty. */
export function contextQuery(context: JobContext): string {
  const params = new URLSearchParams();
  if (context.query) params.set('query', context.query);
  for (const [facet, values] of Object.entries(context.filters) as [string, FilterValues[string]][]) {
    for (const value of values) params.append(`filters[${facet}]`, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
