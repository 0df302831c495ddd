import type { AdminDocumentKey, auditQuerySchema } from '@plaza/contract';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api-client';
import { routes } from '../../lib/endpoint-routes';

export type AuditFilters = Omit<z.infer<typeof auditQuerySchema>, 'before'>;

export const adminKeys = {
  document: (key: AdminDocumentKey) => ['admin', 'document', key] as const,
  versions: (key: AdminDocumentKey) => ['admin', 'versions', key] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

/** An administered document as it is now. */
export const documentQuery = (key: AdminDocumentKey) =>
  queryOptions({
    queryKey: adminKeys.document(key),
    queryFn: () => call(routes.admin.document, { params: { key } }),
  });

/** A document's versions, newest first; `before` continues after the last id. */
export const versionsQuery = (key: AdminDocumentKey) =>
  infiniteQueryOptions({
    queryKey: adminKeys.versions(key),
    queryFn: ({ pageParam }) =>
      call(routes.admin.documentVersions, { params: { key }, query: { before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });

/** Makes an earlier version the current one; the document and its versions are read again. */
export function useRestoreVersion(key: AdminDocumentKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.admin.restoreDocumentVersion, { params: { key, id } }),
    onSuccess: (document) => {
      client.setQueryData(adminKeys.document(key), document);
      void client.invalidateQueries({ queryKey: adminKeys.versions(key) });
      // The session carries the settings and menus the restored version may have changed.
      void client.invalidateQueries({ queryKey: ['session'] });
    },
  });
}

/** The audit log with these filters, newest first. */
export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }) =>
      call(routes.admin.audit, { query: { ...filters, before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
