import type { ObjectStore } from '../../platform/storage';
import { cleanFileName, detectFileType, requireContent } from './content';
import { deleteStoredFiles, newStoredPath, writeStoredFile } from './storage';

/** An upload checked and stored: what a file row records. */
export interface StoredUpload {
  name: string;
  mime_type: string;
  size: number;
  path: string;
}

/**
 * Checks an upload by its content (not empty, a type allowed for files found in its bytes, never the
 * name or the claimed type; `accept` narrows the types, `refuse` answers the others) and stores it
 * under a random name. `record` writes its row; should that fail, the stored bytes are removed again.
 */
export async function storeCheckedFile<T>(
  storage: ObjectStore,
  upload: { data: Buffer; filename: string | undefined },
  record: (file: StoredUpload) => Promise<T>,
  accept?: { types: readonly string[]; refuse: (type: string) => Error },
): Promise<T> {
  requireContent(upload.data);
  const name = cleanFileName(upload.filename);
  const mimeType = await detectFileType(upload.data, name);
  if (accept && !accept.types.includes(mimeType)) throw accept.refuse(mimeType);
  const path = newStoredPath('files');
  await writeStoredFile(storage, path, upload.data, mimeType);
  try {
    return await record({ name, mime_type: mimeType, size: upload.data.length, path });
  } catch (error) {
    await deleteStoredFiles(storage, [path]);
    throw error;
  }
}
