import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Layout of stored uploads. Every stored path (images.path, images.original_path, files.path) is
 * relative to `<dataDir>/uploads` and starts with its folder:
 * - `images/<random>.webp`: shown images (cropped, resized, WebP), served at `/uploads/images/<random>.webp`
 * - `originals/<random>.<ext>`: re-encoded originals kept for re-cropping, never served
 * - `files/<random>`: group and topic files, served only through `GET /api/v2/files/:id`
 */
export const uploadFolders = ['images', 'originals', 'files'] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/** Absolute folder holding every upload. */
export function uploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** Absolute path of a stored relative path; throws when the path leaves the uploads folder. */
export function resolveStoredPath(dataDir: string, relativePath: string): string {
  const root = uploadsRoot(dataDir);
  const absolute = path.resolve(root, relativePath);
  if (
    relativePath.length === 0 ||
    path.isAbsolute(relativePath) ||
    relativePath.includes('\0') ||
    !absolute.startsWith(root + path.sep)
  ) {
    throw new Error(`Stored path outside the uploads folder: ${JSON.stringify(relativePath)}`);
  }
  return absolute;
}

/** A new random relative path in a folder, e.g. `images/3f9a...c1.webp`; never derived from the uploaded name. */
export function newStoredPath(folder: UploadFolder, extension = ''): string {
  const suffix = extension ? `.${extension.replace(/^\./, '')}` : '';
  return `${folder}/${randomBytes(16).toString('hex')}${suffix}`;
}

/** Writes bytes to a new stored path (creating the folder), failing if the name already exists. */
export async function writeStoredFile(dataDir: string, relativePath: string, data: Buffer): Promise<void> {
  const absolute = resolveStoredPath(dataDir, relativePath);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, data, { flag: 'wx', mode: 0o640 });
}

/**
 * Deletes stored files (paths relative to `<dataDir>/uploads`). Missing files are ignored; a path
 * leaving the uploads folder is refused with an error before anything is deleted.
 */
export async function deleteStoredFiles(dataDir: string, relativePaths: string[]): Promise<void> {
  const absolutes = relativePaths.map((relativePath) => resolveStoredPath(dataDir, relativePath));
  await Promise.all(absolutes.map((absolute) => rm(absolute, { force: true })));
}
