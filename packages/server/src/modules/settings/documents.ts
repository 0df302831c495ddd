import {
  type AdminDocument,
  type AdminDocumentKey,
  adminLimits,
  type DocumentVersion,
  type Locale,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { AuditOrigin } from '../audit';
import { documentValues, storedTextOverrides } from './document-values';
import { settingsPolicy } from './policy';
import { type DocumentChange, storeDocument } from './settings-store';
import { type VersionRow, versionsRepo } from './versions-repo';

/** Administered documents are the superadmins' (the settings policy): reading them too, with their history. */
export function requireAdministrator(user: SessionUser): void {
  if (!settingsPolicy.can(user, 'update')) throw forbidden('Only a superadmin may administer the site.');
}

/** A document with defaults filled, its latest version and when it was stored. */
async function presentDocument(db: Db, key: AdminDocumentKey): Promise<AdminDocument> {
  const [value, current] = await Promise.all([documentValues[key].read(db), versionsRepo.current(db, key)]);
  return {
    key,
    value,
    version_id: current?.version_id ?? null,
    updated_at: current?.updated_at.toISOString() ?? null,
  };
}

function presentVersion(row: VersionRow): DocumentVersion {
  return {
    id: row.id,
    key: row.key as AdminDocumentKey,
    created_at: row.created_at.toISOString(),
    author: row.author_name === null ? null : { id: row.author_id, name: row.author_name },
    restored_from: row.restored_from,
    value: row.value,
  };
}

export async function readDocument(db: Db, user: SessionUser, key: AdminDocumentKey): Promise<AdminDocument> {
  requireAdministrator(user);
  return presentDocument(db, key);
}

/**
 * Validates a whole document and stores it with its change as a new version (the audit records it); 409
 * when `base_version_id` is sent and another version came after it.
 */
export async function changeDocument(
  db: Db,
  key: AdminDocumentKey,
  value: unknown,
  change: DocumentChange,
): Promise<AdminDocument> {
  const [valid, shown] = await Promise.all([
    documentValues[key].validate(db, value),
    documentValues[key].read(db),
  ]);
  await storeDocument(db, key, valid, change, shown);
  return presentDocument(db, key);
}

export async function replaceDocument(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  key: AdminDocumentKey,
  body: { value?: unknown; base_version_id?: number | null },
): Promise<AdminDocument> {
  requireAdministrator(user);
  return changeDocument(db, key, body.value, { actor: user, origin, baseVersionId: body.base_version_id });
}

/** A page of a document's versions, newest first. */
export async function listDocumentVersions(
  db: Db,
  user: SessionUser,
  key: AdminDocumentKey,
  before: number | undefined,
) {
  requireAdministrator(user);
  const rows = await versionsRepo.page(db, key, before, adminLimits.versionsPageSize + 1);
  const results = rows.slice(0, adminLimits.versionsPageSize).map(presentVersion);
  return {
    results,
    next_before: rows.length > adminLimits.versionsPageSize ? results.at(-1)!.id : null,
  };
}

/** Undo: an earlier version's value, checked again by today's rules, stored as a new version. */
export async function restoreDocumentVersion(
  db: Db,
  user: SessionUser,
  origin: AuditOrigin,
  key: AdminDocumentKey,
  id: number,
): Promise<AdminDocument> {
  requireAdministrator(user);
  const version = await versionsRepo.find(db, key, id);
  if (!version) throw notFound('The version');
  return changeDocument(db, key, version.value, { actor: user, origin, restoredFrom: version.id });
}

/** The customer's own texts of one language (public: every page lays them over the built-in texts). */
export async function textOverridesOf(db: Db, locale: Locale): Promise<Record<string, string>> {
  return (await storedTextOverrides(db))[locale] ?? {};
}
