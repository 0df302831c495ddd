import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client';
import { routes } from '../lib/endpoint-routes';

/** The auth session query: signed in or not, with settings and menus. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => call(routes.auth.isAuthenticated),
  staleTime: 60_000,
});

/** The current auth session (suspends until known). */
export function useSession() {
  const { data } = useQuery(sessionQuery);
  return data!.session;
}

/** Reloads the session after sign-in, sign-out or terms acceptance. */
export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.fetchQuery({ ...sessionQuery, staleTime: 0 });
}
