import { randomBytes } from 'node:crypto';
import type { ObjectStore } from '../../platform/storage';

/**
 * Layout of stored uploads. Every stored path (images.path, images.original_path, files.path) is the
 * key of an object in the file store (`platform/storage`: relative to `<dataDir>/uploads`, or in the
 * bucket) and starts with its folder:
 * - `images/<random>.webp`: shown images (cropped, resized, WebP), served at `/uploads/images/<random>.webp`
 * - `originals/<random>.<ext>`: re-encoded originals kept for re-cropping, never served
 * - `files/<random>`: group and topic files, served only through `GET /api/v2/files/:id`
 * - `exports/<random>.zip`: members' data exports, served only to whoever asked for them
 */
export const uploadFolders = ['images', 'originals', 'files', 'exports'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** A new random relative path in a folder, e.g. `images/3f9a...c1.webp`; never derived from the uploaded name. */
export function newStoredPath(folder: UploadFolder, extension = ''): string {
  const suffix = extension ? `.${extension.replace(/^\./, '')}` : '';
  return `${folder}/${randomBytes(16).toString('hex')}${suffix}`;
}

/** Stores bytes under a new stored path (in the configured store: the local folder or a bucket). */
export async function writeStoredFile(
  storage: ObjectStore,
  relativePath: string,
  data: Buffer,
  contentType?: string,
): Promise<void> {
  await storage.put(relativePath, data, { contentType });
}

/**
 * Deletes stored files (their stored paths). Missing files are ignored; a path leaving the uploads
 * folder is refused with an error before anything is deleted.
 */
export async function deleteStoredFiles(storage: ObjectStore, relativePaths: string[]): Promise<void> {
  if (relativePaths.length > 0) await storage.delete(relativePaths);
}
