import { buildPagination, type PageQuery, type StoredFile } from '@plaza/contract';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type Download, openFileDownload } from './download';
import { storeCheckedFile } from './file-store';
import { type FileScope, type FileWithUploader, filesRepo } from './files-repo';
import type { UploadDeps } from './images-service';
import type { ReceivedUpload } from './multipart';
import { presentFile, presentUploader } from './presenter';
import { deleteStoredFiles } from './storage';

export type { FileScope };

/** A group's own files or a topic's files, with the viewer's right to delete any of them. */
export interface FilePlace {
  scope: FileScope;
  /** The viewer holds `delete` on the group or topic (else only their own uploads). */
  mayDeleteAll: boolean;
  /** The viewer holds `post_content` on the group or topic. */
  mayPost: boolean;
}

function present(row: FileWithUploader, place: FilePlace, user: SessionUser): StoredFile {
  const uploader = presentUploader(row.uploader_id, row.uploader_firstname, row.uploader_lastname);
  return presentFile(row, uploader, place.mayDeleteAll || row.uploader_id === user.id);
}

/** A page of files, newest first (the group page shows the first `pageSizes.groupFiles.first`). */
export async function listFiles(db: Db, place: FilePlace, user: SessionUser, page: PageQuery) {
  const [rows, total] = await Promise.all([
    filesRepo.page(db, place.scope, page.per_page, (page.page - 1) * page.per_page),
    filesRepo.count(db, place.scope),
  ]);
  return {
    results: rows.map((row) => present(row, place, user)),
    pagination: buildPagination(page.page, page.per_page, total),
  };
}

/** Stores the uploaded file of a group or topic; needs `post_content`; the type comes from the content. */
export async function uploadFile(
  { db, storage }: UploadDeps,
  place: FilePlace,
  user: SessionUser,
  receive: () => Promise<ReceivedUpload>,
): Promise<StoredFile> {
  // Checked before the body is read, so a refused member's bytes are never stored.
  if (!place.mayPost) throw forbidden('Only members who may post can upload files here.');
  const upload = await receive();
  const row = await storeCheckedFile(storage, upload, (file) =>
    filesRepo.insert(db, {
      group_id: place.scope.groupId,
      topic_id: place.scope.topicId,
      uploader_id: user.id,
      ...file,
    }),
  );
  return present(row, place, user);
}

/** Deletes a file of this group or topic: with `delete` permission, or by its uploader. */
export async function removeFile(
  { db, storage }: UploadDeps,
  place: FilePlace,
  user: SessionUser,
  fileId: number,
): Promise<{ success: true }> {
  const row = await filesRepo.find(db, fileId);
  const inPlace =
    row && row.group_id === place.scope.groupId && (row.topic_id ?? null) === place.scope.topicId;
  if (!row || !inPlace) throw notFound('The file');
  if (!place.mayDeleteAll && row.uploader_id !== user.id) {
    throw forbidden('Only the uploader or someone who may delete here can delete this file.');
  }
  const removed = await filesRepo.remove(db, row.id);
  if (removed) await deleteStoredFiles(storage, [removed.path]);
  return { success: true };
}

/**
 * Opens a file for download when `requireRead` (the groups module's check that the viewer may read its
 * group, and topic) lets it; otherwise "not found" or what `requireRead` throws.
 */
export async function openDownload(
  { db, storage }: UploadDeps,
  fileId: number,
  requireRead: (scope: FileScope) => Promise<void>,
): Promise<Download> {
  const row = await filesRepo.find(db, fileId);
  if (!row) throw notFound('The file');
  await requireRead({ groupId: row.group_id, topicId: row.topic_id ?? null });
  return openFileDownload(storage, row);
}
