import type { AdminDocumentKey } from '@plaza/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { type AdminDocument, adminDocumentKeys, adminDocumentQuery, saveAdminDocument } from './api';
import { getPath, setPath } from './paths';

/** What every editor page of an administered document works with. */
export interface DocumentEditor<T> {
  /** The value being edited: the loaded one with the admin's changes; undefined while loading. */
  value: T | undefined;
  loadError: unknown;
  dirty: boolean;
  /** Replaces the whole draft. */
  change: (next: T) => void;
  /** Sets one field of the draft by its dotted path. */
  set: (path: string, next: unknown) => void;
  get: (path: string) => unknown;
  save: () => void;
  saving: boolean;
  /** Someone else saved the document since it was loaded (409). */
  conflict: boolean;
  /** The last save's failure other than a conflict (a refused field is shown at the field as well). */
  saveError: unknown;
  /** The server's message for a field (its dotted path in the document), if the last save named it. */
  fieldError: (path: string) => string | undefined;
  /** Drops the draft and loads the document as stored now. */
  reload: () => void;
  /** Takes a document the server answered by another call (an image upload), keeping the draft's other edits. */
  adopt: (document: AdminDocument, paths: string[]) => void;
  saved: number;
}

/** The field of a validation error, relative to the document (the server names it in the request body). */
const documentField = (field: string | undefined) => field?.replace(/^(body\.)?value\.?/, '');

/**
 * Loads an administered document with its version, keeps the admin's draft, and saves it as a whole on
 * the version it was read at. After a save the app's session (settings, menus) and the texts refresh.
 */
export function useDocumentEditor<T>(
  key: AdminDocumentKey,
  parse: (value: unknown) => T,
  afterSave?: () => Promise<unknown>,
): DocumentEditor<T> {
  const client = useQueryClient();
  const query = useQuery(adminDocumentQuery(key));
  const [draft, setDraft] = useState<T | undefined>(undefined);
  const [saved, setSaved] = useState(0);
  const value = draft ?? (query.data ? parse(query.data.value) : undefined);
  const mutation = useMutation({
    mutationFn: (next: T) => saveAdminDocument(key, next, query.data?.version_id ?? null),
    onSuccess: async (document) => {
      client.setQueryData(adminDocumentKeys.one(key), document);
      setDraft(undefined);
      setSaved((n) => n + 1);
      // The app reads the settings and menus from the session; the settings drawer has its own query.
      await Promise.all([
        client.invalidateQueries({ queryKey: ['session'] }),
        client.invalidateQueries({ queryKey: ['menu'] }),
        afterSave?.(),
      ]);
    },
  });
  const error = mutation.error;
  const conflict = error instanceof ApiRequestError && error.status === 409;
  const fieldErrors =
    error instanceof ApiRequestError && error.code === 'validation_failed'
      ? error.errors.filter((e) => e.field !== undefined)
      : [];
  return {
    value,
    loadError: query.error,
    dirty: draft !== undefined,
    change: (next) => setDraft(next),
    set: (path, next) => value !== undefined && setDraft(setPath(value, path, next)),
    get: (path) => getPath(value, path),
    save: () => value !== undefined && mutation.mutate(value),
    saving: mutation.isPending,
    conflict,
    saveError: conflict ? null : error,
    fieldError: (path) => fieldErrors.find((e) => documentField(e.field) === path)?.message,
    reload: () => {
      setDraft(undefined);
      mutation.reset();
      void query.refetch();
    },
    adopt: (document, paths) => {
      client.setQueryData(adminDocumentKeys.one(key), document);
      if (draft !== undefined) {
        const stored = parse(document.value);
        setDraft(paths.reduce((next, path) => setPath(next, path, getPath(stored, path)), draft));
      }
      void client.invalidateQueries({ queryKey: ['session'] });
    },
    saved,
  };
}
