import type { ImageCrop, UploadedImage } from '@plaza/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/request-context';
import { type ObjectStore, readObject } from '../../platform/storage';
import { detectImageType, requireContent } from './content';
import { encodeOriginal, renderShown } from './image-processing';
import { type ImageRow, imagesRepo } from './images-repo';
import type { ReceivedUpload } from './multipart';
import { presentImage } from './presenter';
import { deleteStoredFiles, newStoredPath, writeStoredFile } from './storage';

/** What the upload services need: the database and the file store. */
export interface UploadDeps {
  db: Db;
  storage: ObjectStore;
}

/**
 * Stores an uploaded image for the member: checked by content, the original kept re-encoded for
 * re-cropping, and a first shown version of the whole image (or, with `square`, of its middle as a
 * square of that side).
 */
export async function uploadImage(
  { db, storage }: UploadDeps,
  user: SessionUser,
  upload: ReceivedUpload,
  square?: number,
): Promise<UploadedImage> {
  requireContent(upload.data);
  await detectImageType(upload.data);
  const original = await encodeOriginal(upload.data);
  const shown = await renderShown(original.data, null, square);
  const originalPath = newStoredPath('originals', 'webp');
  const shownPath = newStoredPath('images', 'webp');
  try {
    await writeStoredFile(storage, originalPath, original.data, 'image/webp');
    await writeStoredFile(storage, shownPath, shown.data, 'image/webp');
    const row = await imagesRepo.insert(db, {
      owner_id: user.id,
      original_path: originalPath,
      original_width: original.width,
      original_height: original.height,
      path: shownPath,
      width: shown.width,
      height: shown.height,
    });
    return presentImage(row);
  } catch (error) {
    await deleteStoredFiles(storage, [originalPath, shownPath]);
    throw error;
  }
}

/** Crops the member's own upload; another member's image is "not found", one already in use a conflict. */
export async function cropOwnImage(
  deps: UploadDeps,
  user: SessionUser,
  input: { id: number; coordinates: ImageCrop },
): Promise<UploadedImage> {
  const row = await imagesRepo.find(deps.db, input.id);
  if (!row || row.owner_id !== user.id) throw notFound('The image');
  // Once a group or topic shows it, only someone who may edit that group re-crops it.
  if (await imagesRepo.isAttached(deps.db, row.id)) {
    throw new AppError(409, 'conflict', 'This image is in use; crop it from its group.');
  }
  return presentImage(await recrop(deps, row, input.coordinates));
}

/** Re-crops a group's current image from its original (the groups module checks `edit` on the group first). */
export async function cropGroupImage(
  deps: UploadDeps,
  imageId: number | null,
  coordinates: ImageCrop,
): Promise<UploadedImage> {
  const row = imageId ? await imagesRepo.find(deps.db, imageId) : undefined;
  if (!row) throw badRequest('This group has no image to crop.');
  return presentImage(await recrop(deps, row, coordinates));
}

/** Writes a new shown version under a new name (names are immutable), then drops the old file. */
export async function recrop({ db, storage }: UploadDeps, row: ImageRow, crop: ImageCrop): Promise<ImageRow> {
  const original = await readObject(storage, row.original_path);
  if (!original) throw notFound('The original of the image');
  const shown = await renderShown(original, crop);
  const shownPath = newStoredPath('images', 'webp');
  await writeStoredFile(storage, shownPath, shown.data, 'image/webp');
  const updated = await imagesRepo
    .replaceShown(db, row.id, row.path, { path: shownPath, width: shown.width, height: shown.height })
    .catch(async (error: unknown) => {
      await deleteStoredFiles(storage, [shownPath]);
      throw error;
    });
  if (!updated) {
    await deleteStoredFiles(storage, [shownPath]);
    throw new AppError(409, 'conflict', 'The image was changed meanwhile; please try again.');
  }
  await deleteStoredFiles(storage, [row.path]);
  return updated;
}

/**
 * Deletes an image row and its stored files (original and shown). For groups and topics replacing or
 * dropping their picture; does nothing for an unknown id.
 */
export async function removeImage({ db, storage }: UploadDeps, imageId: number): Promise<void> {
  const row = await imagesRepo.remove(db, imageId);
  if (row) await deleteStoredFiles(storage, [row.path, row.original_path]);
}

/**
 * Removes images uploaded before `before` that nothing shows (housekeeping). The rows go at once; their
 * stored files go in `removeFiles`, to be called once the removal is committed.
 */
export async function removeUnattachedImages(
  { db, storage }: UploadDeps,
  before: Date,
): Promise<{ removed: number; removeFiles: () => Promise<void> }> {
  const rows = await imagesRepo.removeUnattached(db, before);
  const paths = rows.flatMap((row) => [row.path, row.original_path]);
  return { removed: rows.length, removeFiles: () => deleteStoredFiles(storage, paths) };
}

/** The stored image, or undefined. */
export function findImage(db: Db, imageId: number): Promise<ImageRow | undefined> {
  return imagesRepo.find(db, imageId);
}

/** Whether a group, topic or member still shows the image. */
export function isImageAttached(db: Db, imageId: number): Promise<boolean> {
  return imagesRepo.isAttached(db, imageId);
}
