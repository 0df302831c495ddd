import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

const displayKeysKey = ['tv', 'display-keys'] as const;

/** The display keys (superadmins). */
export const displayKeysQuery = () =>
  queryOptions({ queryKey: displayKeysKey, queryFn: () => call(routes.tv.displayKeys) });

/** Creates a key; the answer carries the key itself, once. */
export function useCreateDisplayKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(routes.tv.createDisplayKey, { body: { name } }),
    onSuccess: () => client.invalidateQueries({ queryKey: displayKeysKey }),
  });
}

/** Revokes a key. */
export function useRevokeDisplayKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.tv.revokeDisplayKey, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: displayKeysKey }),
  });
}

/** The TV address of a key, absolute, in the page's language. */
export function tvAddress(origin: string, lang: string, key: string): string {
  return `${origin}/${lang}/bubbletool_tv?key=${encodeURIComponent(key)}`;
}
