import type { LocationInput, RatingCategoryInput } from '@plaza/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the ratings administration; a change refreshes them and every ratings answer. */
export const ratingAdminKeys = {
  all: ['rating-admin'] as const,
  locations: () => [...ratingAdminKeys.all, 'locations'] as const,
  categories: () => [...ratingAdminKeys.all, 'categories'] as const,
};

export const adminLocationsQuery = () =>
  queryOptions({
    queryKey: ratingAdminKeys.locations(),
    queryFn: () => call(routes.ratings.adminLocations),
    select: (data) => data.results,
  });

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ratingAdminKeys.categories(),
    queryFn: () => call(routes.ratings.adminCategories),
    select: (data) => data.results,
  });

function useRefreshing<T>(mutationFn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ratingAdminKeys.all });
      await client.invalidateQueries({ queryKey: ['ratings'] });
    },
  });
}

/** Adds a location (no id) or changes one. */
export const useSaveLocation = () =>
  useRefreshing(({ id, ...body }: LocationInput & { id?: number }) =>
    id === undefined
      ? call(routes.ratings.adminCreateLocation, { body })
      : call(routes.ratings.adminSaveLocation, { params: { id }, body }),
  );

export const useDeleteLocation = () =>
  useRefreshing((id: number) => call(routes.ratings.adminDeleteLocation, { params: { id } }));

/** Adds a rating category (no id) or changes one. */
export const useSaveCategory = () =>
  useRefreshing(({ id, ...body }: RatingCategoryInput & { id?: number }) =>
    id === undefined
      ? call(routes.ratings.adminCreateCategory, { body })
      : call(routes.ratings.adminSaveCategory, { params: { id }, body }),
  );

export const useDeleteCategory = () =>
  useRefreshing((id: number) => call(routes.ratings.adminDeleteCategory, { params: { id } }));
