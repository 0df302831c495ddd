import type { AdminDocument, AdminDocumentKey } from '@plaza/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

/** Query keys of the administered documents. */
export const adminDocumentKeys = {
  all: ['admin-document'] as const,
  one: (key: AdminDocumentKey) => [...adminDocumentKeys.all, key] as const,
};

export const adminDocumentQuery = (key: AdminDocumentKey) =>
  queryOptions({
    queryKey: adminDocumentKeys.one(key),
    queryFn: () => call(routes.admin.document, { params: { key } }),
    // The editor keeps its own draft: a refetch in the background must not move the base version under it.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Saves a document on the version it was read at (409 when someone else saved since). */
export const saveAdminDocument = (key: AdminDocumentKey, value: unknown, baseVersionId: number | null) =>
  call(routes.admin.updateDocument, { params: { key }, body: { value, base_version_id: baseVersionId } });

export type { AdminDocument };
