import type { ReviewInput } from '@plaza/contract';
import { ratingLimits } from '@plaza/contract/constants';
import type { FilterValues } from '@plaza/contract/filters';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';
import { filtersForCall } from '../../lib/list-params';

/** What the ratings list shows, read from the address. */
export interface RatingSearch {
  page: number;
  filters: FilterValues;
}

/** Query keys of the ratings feature (the employer-rating card's are `['ratings', 'card', …]`). */
export const ratingKeys = {
  all: ['ratings'] as const,
  list: (search: RatingSearch) => [...ratingKeys.all, 'list', search] as const,
  filters: () => [...ratingKeys.all, 'filters'] as const,
  rating: (id: number) => [...ratingKeys.all, 'rating', id] as const,
  comments: (id: number, page: string) => [...ratingKeys.all, 'comments', id, page] as const,
};

/** A page of rated locations; the previous page stays while the next loads. */
export const ratingListQuery = (search: RatingSearch) =>
  queryOptions({
    queryKey: ratingKeys.list(search),
    queryFn: () =>
      call(routes.ratings.list, {
        query: {
          page: search.page,
          per_page: ratingLimits.listPageSize,
          filters: filtersForCall(search.filters),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** The filters of the list and the export (location, city). */
export const ratingFiltersQuery = () =>
  queryOptions({
    queryKey: ratingKeys.filters(),
    queryFn: () => call(routes.ratings.filters),
    select: (data) => data.results,
    staleTime: 5 * 60_000,
  });

export const ratingQuery = (id: number) =>
  queryOptions({
    queryKey: ratingKeys.rating(id),
    queryFn: () => call(routes.ratings.get, { params: { id } }),
  });

/** A page of a rating's comments by cursor (`first`, `last`, `b<id>`, `a<id>`). */
export const ratingCommentsQuery = (id: number, page: string) =>
  queryOptions({
    queryKey: ratingKeys.comments(id, page),
    queryFn: () => call(routes.ratings.comments, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

/** Sends the member's review of a location; every ratings query (and the cards) refreshes. */
export function useSubmitReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => call(routes.ratings.review, { params: { id }, body: input }),
    onSuccess: async (rating) => {
      client.setQueryData(ratingKeys.rating(id), rating);
      await client.invalidateQueries({ queryKey: ratingKeys.all });
    },
  });
}

/** The export's address with the list's filters and the language (a download, not a query). */
export function exportHref(filters: FilterValues, locale: string): string {
  const params = new URLSearchParams();
  for (const [facet, values] of Object.entries(filters)) {
    for (const value of values) params.append(`filters[${facet}][]`, value);
  }
  params.set('locale', locale);
  return `${routes.ratings.export.path}?${params}`;
}
