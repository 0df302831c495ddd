import type { StoredFile, UploadedImage } from '@plaza/contract';
import type { files, images } from '../../db/schema';

/** URL path under which stored images are served (files under DATA_DIR/uploads/images). */
export const imagesUrlPrefix = '/uploads/images/';
/** URL path under which re-encoded originals are served for the cropper (DATA_DIR/uploads/originals). */
export const originalsUrlPrefix = '/uploads/originals/';

/**
 * Public URL of a stored image path, or null. Stored paths are relative to DATA_DIR/uploads and start
 * with their folder (`images/<random>.webp` -> `/uploads/images/<random>.webp`, likewise `originals/`).
 */
export function imageUrl(path: string | null | undefined): string | null {
  return path ? `/uploads/${path}` : null;
}

/** A files row as read (its search document is the search module's). */
export type FileRow = Omit<typeof files.$inferSelect, 'search_vector'>;

/** A stored file's download address: the permission-checked download route. */
export const fileLink = (id: number) => `/api/v2/files/${id}`;

/** Maps a files row to the contract's file; `link` goes through the permission-checked download route. */
export function presentFile(
  row: FileRow,
  uploader: { id: number | null; combined_name: string },
  canDelete: boolean,
): StoredFile {
  return {
    id: row.id,
    link: fileLink(row.id),
    type: row.mime_type,
    name: row.name,
    size: row.size,
    date: row.created_at.toISOString(),
    uploader,
    can_delete: canDelete,
  };
}

/** Maps an images row to the contract's uploaded image: the shown version and the original crops refer to. */
export function presentImage(row: typeof images.$inferSelect): UploadedImage {
  return {
    id: row.id,
    url: `/uploads/${row.path}`,
    width: row.width,
    height: row.height,
    original: {
      url: `/uploads/${row.original_path}`,
      width: row.original_width,
      height: row.original_height,
    },
  };
}

/** The uploader as a file shows them; an account that is gone has id null and an empty name. */
export function presentUploader(
  id: number | null,
  firstname: string | null,
  lastname: string | null,
): StoredFile['uploader'] {
  return { id, combined_name: [firstname, lastname].filter(Boolean).join(' ') };
}
