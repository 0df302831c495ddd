import type { FilterValues } from '@plaza/contract/filters';

const filterKey = /^filters\[([a-z][a-z0-9_]*)\]$/;

/** The page from a `page` query value (1 when missing or not a positive whole number). */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads list filters from `filters[<facet>]=<value>` query keys (repeated for several values). */
export function readFilters(params: URLSearchParams): FilterValues {
  const filters: FilterValues = {};
  for (const [key, value] of params) {
    const facet = filterKey.exec(key)?.[1];
    if (!facet || !value.trim()) continue;
    const values = filters[facet] ?? [];
    if (!values.includes(value)) values.push(value);
    filters[facet] = values;
  }
  return filters;
}

/** The query with other filters: old `filters[...]` keys go, the page starts again at 1. */
export function withFilters(params: URLSearchParams, filters: FilterValues): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (!filterKey.test(key) && key !== 'page') next.append(key, value);
  }
  for (const [facet, values] of Object.entries(filters)) {
    for (const value of values) next.append(`filters[${facet}]`, value);
  }
  return next;
}

/**
 * The query with a new search text in `query` (null clears it); the page and the keys in `drop`
 * (such as an extended search's `q`) go, filters stay.
 */
export function withQuery(
  params: URLSearchParams,
  query: string | null,
  drop: string[] = [],
): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== 'query' && key !== 'page' && !drop.includes(key)) next.append(key, value);
  }
  if (query) next.set('query', query);
  return next;
}

/** Filters for a list call: undefined when none is set, so the address stays short. */
export const filtersForCall = (filters: FilterValues) =>
  Object.keys(filters).length > 0 ? filters : undefined;
