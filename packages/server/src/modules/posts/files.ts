import type { PostFile } from '@plaza/contract';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import type { ReceivedUpload } from '../uploads';
import {
  attachmentDisposition,
  cleanFileName,
  type Download,
  deleteStoredFiles,
  detectFileType,
  encodeOriginal,
  newStoredPath,
  openStoredFile,
  requireContent,
  writeStoredFile,
} from '../uploads';
import type { PostDeps } from './deps';
import { postFilesRepo } from './files-repo';
import { postPolicy } from './policy';
import { presentPostFile } from './presenter';
import { readablePostRow } from './stream';

/**
 * Stores a file for a post to be written. The type comes from the content (the contract's list);
 * images are re-encoded through sharp (upright, at most 4000 px, WebP, without metadata).
 */
export async function uploadPostFile(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  user: SessionUser,
  upload: ReceivedUpload,
): Promise<PostFile> {
  requireContent(upload.data);
  let name = cleanFileName(upload.filename);
  let mimeType: string = await detectFileType(upload.data, name);
  let data = upload.data;
  if (mimeType.startsWith('image/')) {
    data = (await encodeOriginal(upload.data)).data;
    mimeType = 'image/webp';
    name = `${name.replace(/\.[^.]{1,10}$/, '')}.webp`;
  }
  const path = newStoredPath('files');
  await writeStoredFile(deps.storage, path, data);
  try {
    const row = await postFilesRepo.insert(deps.db, {
      uploader_id: user.id,
      name,
      mime_type: mimeType,
      size: data.length,
      path,
    });
    return presentPostFile(row);
  } catch (error) {
    await deleteStoredFiles(deps.storage, [path]);
    throw error;
  }
}

/**
 * Removes uploads no post took up before `before` (housekeeping). The rows go at once; their stored
 * files go in `removeFiles`, to be called once the removal is committed.
 */
export async function removeUnclaimedPostFiles(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  before: Date,
): Promise<{ removed: number; removeFiles: () => Promise<void> }> {
  const paths = await postFilesRepo.removeUnclaimed(deps.db, before);
  return { removed: paths.length, removeFiles: () => deleteStoredFiles(deps.storage, paths) };
}

/** A post file for a member: an unused upload only for its uploader, an attached one by the post's read rule. */
async function fileFor(deps: Pick<PostDeps, 'db'>, user: SessionUser, id: number) {
  const row = await postFilesRepo.find(deps.db, id);
  if (!row) throw notFound('The file');
  if (row.post_id === null) {
    if (row.uploader_id !== user.id) throw notFound('The file');
    return { row, post: null };
  }
  return { row, post: await readablePostRow(deps.db, user, row.post_id) };
}

/** Removes an upload: an unused one by its uploader, an attached one by whoever may delete the post. */
export async function removePostFile(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  user: SessionUser,
  id: number,
): Promise<{ success: true }> {
  const { row, post } = await fileFor(deps, user, id);
  if (post && !postPolicy.can(user, 'remove_file', post)) {
    throw forbidden('Only someone who may delete the post may remove its files.');
  }
  const removed = await postFilesRepo.remove(deps.db, row.id);
  if (removed) await deleteStoredFiles(deps.storage, [removed.path]);
  return { success: true };
}

/** Opens a post file: images inline (re-encoded by us), everything else as an attachment. */
export async function openPostFile(
  deps: Pick<PostDeps, 'db' | 'storage'>,
  user: SessionUser,
  id: number,
): Promise<Download> {
  const { row } = await fileFor(deps, user, id);
  const disposition = attachmentDisposition(row.name);
  return openStoredFile(
    deps.storage,
    row.path,
    row.mime_type,
    row.mime_type === 'image/webp' ? disposition.replace(/^attachment/, 'inline') : disposition,
  );
}
