import type { StoredFile } from '@plaza/contract';
import type { files } from '../../db/schema';

/** URL path under which stored images are served (files under DATA_DIR/uploads/images). */
export const imagesUrlPrefix = '/uploads/images/';

/** Public URL of a stored image path (relative to DATA_DIR/uploads/images), or null. */
export function imageUrl(path: string | null | undefined): string | null {
  return path ? `${imagesUrlPrefix}${path}` : null;
}

export type FileRow = typeof files.$inferSelect;

/** Maps a files row to the contract's file; `link` goes through the permission-checked download route. */
export function presentFile(
  row: FileRow,
  uploader: { id: number | null; combined_name: string },
  canDelete: boolean,
): StoredFile {
  return {
    id: row.id,
    link: `/api/v2/files/${row.id}`,
    type: row.mime_type,
    name: row.name,
    size: row.size,
    date: row.created_at.toISOString(),
    uploader,
    can_delete: canDelete,
  };
}
