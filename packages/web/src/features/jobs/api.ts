import type { FilterValues } from '@plaza/contract/filters';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { filtersForCall } from '../../lib/list-params';

/** What the jobs list shows, read from the address: page, search text and filters. */
export interface JobSearch {
  page: number;
  query: string | undefined;
  filters: FilterValues;
}

/** The list a job was opened from (its search text and filters), for the job's neighbours. */
export type JobContext = Omit<JobSearch, 'page'>;

/** Query keys of the jobs feature. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (search: JobSearch) => [...jobKeys.all, 'list', search] as const,
  filters: () => [...jobKeys.all, 'filters'] as const,
  job: (id: number, context: JobContext) => [...jobKeys.all, 'job', id, context] as const,
};

/** A page of open jobs for a search; the previous page stays while the next loads. */
export const jobListQuery = (search: JobSearch) =>
  queryOptions({
    queryKey: jobKeys.list(search),
    queryFn: () =>
      call(routes.jobs.list, {
        query: { page: search.page, query: search.query, filters: filtersForCall(search.filters) },
      }),
    placeholderData: keepPreviousData,
  });

/** The filters of the jobs list (location, field, employment type). */
export const jobFiltersQuery = () =>
  queryOptions({
    queryKey: jobKeys.filters(),
    queryFn: () => call(routes.jobs.filters),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

/** An open job with its neighbours in the list it was opened from. */
export const jobQuery = (id: number, context: JobContext) =>
  queryOptions({
    queryKey: jobKeys.job(id, context),
    queryFn: () =>
      call(routes.jobs.get, {
        params: { id },
        query: { query: context.query, filters: filtersForCall(context.filters) },
      }),
  });
