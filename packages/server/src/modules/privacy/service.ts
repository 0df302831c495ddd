import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildPath,
  type DataExport,
  type DataExportStatus,
  dataExportLimits,
  endpoints,
} from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { ObjectStore } from '../../platform/storage';
import { type AuditOrigin, auditedChange, recordAudit } from '../audit';
import {
  attachmentDisposition,
  type Download,
  deleteStoredFiles,
  newStoredPath,
  openStoredFile,
} from '../uploads';
import { dataExportPolicy } from './policy';
import {
  type DataExportRow,
  type ExportedRow,
  type ExportKind,
  fileKinds,
  listKinds,
  privacyRepo,
} from './repo';
import { zipWriter } from './zip';

type Actor = Pick<SessionUser, 'id' | 'firstname' | 'lastname' | 'permissions'>;

export interface PrivacyDeps {
  db: Db;
  storage: ObjectStore;
  clock: () => Date;
}

export function presentExport(row: DataExportRow, now: Date): DataExport {
  const expired = row.state === 'expired' || (row.expires_at !== null && row.expires_at <= now);
  const state = row.state === 'ready' && expired ? 'expired' : row.state;
  return {
    id: row.id,
    member_id: row.member_id,
    state,
    requested_at: row.requested_at.toISOString(),
    ready_at: row.ready_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    size: state === 'ready' ? row.size : null,
    download_path: state === 'ready' ? downloadPath(row.id) : null,
  };
}

export function downloadPath(id: number): string {
  return buildPath(endpoints.personalData.download.path, { id });
}

/** The member an export is asked of, when the actor may ask (404 unknown, 403 not allowed). */
async function askable(db: Db, actor: Actor, memberId: number) {
  const member = await privacyRepo.person(db, memberId);
  if (!member) throw notFound('The member');
  if (!dataExportPolicy.can(actor, 'request', member))
    throw forbidden('Only the member and account administrators may ask for this.');
  return member;
}

/**
 * Asks for a data export of the member (the actor themself, or a member they administer). An open
 * request of the same asker is returned as it is; a new one is recorded in the audit log.
 */
export async function requestExport(
  deps: PrivacyDeps,
  actor: Actor,
  memberId: number,
  origin: AuditOrigin,
): Promise<DataExport> {
  const { db } = deps;
  const member = await askable(db, actor, memberId);
  const open = await privacyRepo.open(db, actor.id, member.id);
  if (open) return presentExport(open, deps.clock());
  const row = await auditedChange(
    db,
    (tx) => privacyRepo.insert(tx, actor.id, member.id),
    (created) => ({
      actor,
      origin,
      action: 'member.data_export',
      resource_type: 'member',
      resource_id: member.id,
      after: { export_id: created.id },
    }),
  );
  return presentExport(row, deps.clock());
}

/** The actor's latest export of the member (themself, or one they administer). */
export async function exportStatus(
  deps: PrivacyDeps,
  actor: Actor,
  memberId: number,
): Promise<DataExportStatus> {
  const member = await askable(deps.db, actor, memberId);
  const row = await privacyRepo.latest(deps.db, actor.id, member.id);
  return { export: row ? presentExport(row, deps.clock()) : null };
}

/**
 * Opens a ready export for whoever asked for it: 404 for anyone else (nothing tells that it exists),
 * 409 while it is being prepared, 410 once it has expired. Each download is recorded.
 */
export async function openExport(
  deps: PrivacyDeps,
  actor: Actor,
  id: number,
  origin: AuditOrigin,
): Promise<Download> {
  const row = await privacyRepo.byId(deps.db, id);
  if (!row || !dataExportPolicy.can(actor, 'download', { id: row.member_id, requested_by: row.requested_by }))
    throw notFound('The export');
  const shown = presentExport(row, deps.clock());
  if (shown.state === 'expired')
    throw new AppError(410, 'not_found', 'This export has expired: please ask for a new one.');
  if (shown.state !== 'ready' || !row.path)
    throw new AppError(409, 'conflict', 'This export is not ready yet.');
  const day = row.ready_at?.toISOString().slice(0, 10) ?? '';
  const download = await openStoredFile(
    deps.storage,
    row.path,
    'application/zip',
    attachmentDisposition(`plaza-data-${row.member_id}-${day}.zip`),
  );
  await recordAudit(deps.db, {
    actor,
    origin,
    action: 'member.data_download',
    resource_type: 'member',
    resource_id: row.member_id,
    after: { export_id: row.id },
  });
  return download;
}

/** A name for a stored file inside the zip: its kind and id, then its own name without folders. */
function entryName(kind: ExportKind, id: number, name: unknown): string {
  const clean = String(name ?? 'file')
    .replace(/[/\\\0]/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return `files/${kind}-${id}-${clean || 'file'}`;
}

/** The pages of one kind of the member's data, walked by key. */
async function* pages(db: Db, kind: ExportKind, memberId: number) {
  let after = 0;
  for (;;) {
    const rows = await privacyRepo.page(db, kind, memberId, after);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.key;
  }
}

/**
 * Writes the member's zip (contract `personal-data.ts`) and stores it under a new stored path, returned
 * with its size. Every kind is read in keyset pages and the zip grows in a temporary file; a stored file
 * that is gone is listed but not included.
 */
export async function writeExport(
  deps: Pick<PrivacyDeps, 'db' | 'storage'>,
  memberId: number,
): Promise<{ path: string; size: number }> {
  const { db, storage } = deps;
  const folder = await mkdtemp(path.join(tmpdir(), 'plaza-export-'));
  const zip = zipWriter(path.join(folder, 'export.zip'));
  try {
    await zip.json('profile.json', (await privacyRepo.profile(db, memberId)) ?? {});
    for (const kind of listKinds) {
      await zip.jsonList(
        `${kind}.json`,
        (async function* () {
          for await (const rows of pages(db, kind, memberId)) yield rows.map((row) => row.data);
        })(),
      );
    }
    for (const kind of fileKinds) {
      const fileOf = (row: ExportedRow) => entryName(kind, row.key, row.data.name ?? `${row.key}.webp`);
      await zip.jsonList(
        `${kind}.json`,
        (async function* () {
          for await (const rows of pages(db, kind, memberId))
            yield rows.map((row) => ({ ...row.data, file: fileOf(row) }));
        })(),
      );
      for await (const rows of pages(db, kind, memberId)) {
        for (const row of rows) {
          const stored = row.path ? await storage.get(row.path) : null;
          if (stored) await zip.stream(fileOf(row), stored.body);
        }
      }
    }
    await zip.finish();
    // The store takes whole objects: the finished zip is read once to hand it over.
    const bytes = await readFile(path.join(folder, 'export.zip'));
    const key = newStoredPath('exports', 'zip');
    await storage.put(key, bytes, { contentType: 'application/zip' });
    return { path: key, size: bytes.length };
  } catch (error) {
    zip.abort();
    throw error;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Removes stored zips (after their rows were changed or deleted). */
export function removeExportFiles(storage: ObjectStore, paths: string[]): Promise<void> {
  return deleteStoredFiles(storage, paths);
}

/** Housekeeping: ready exports past their end become expired (a bounded batch); their zips go after the commit. */
export async function removeExpiredExports(
  deps: Pick<PrivacyDeps, 'db' | 'storage'>,
  now: Date,
): Promise<{ removed: number; removeFiles: () => Promise<void> }> {
  const paths = await privacyRepo.expire(deps.db, now, dataExportLimits.batchRows);
  return { removed: paths.length, removeFiles: () => deleteStoredFiles(deps.storage, paths) };
}

/**
 * For the account deletion, inside its transaction: removes the member's content that the cascades
 * leave (contract `personal-data.ts`) and returns the stored files to delete after the commit.
 */
export function eraseMemberContent(db: Db, memberId: number): Promise<string[]> {
  return privacyRepo.eraseContent(db, memberId);
}
