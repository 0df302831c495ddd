// The file store: where uploads (images, originals, group, topic, chat and page files) are kept, behind
// one interface. The uploads module stores and reads through it; other modules go through the uploads
// module's entry. Backups and exports read it through `list` and `get`.
import type { Config } from '../../config';
import { createLocalStore, localUploadsRoot } from './local';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3';

export { attachmentDisposition } from './disposition';
export type { ObjectStore };
export { localUploadsRoot };

/** The store `config.storage` names: the folder `DATA_DIR/uploads` (default), or an S3-compatible bucket. */
export function createObjectStore(config: Pick<Config, 'storage' | 'dataDir'>): ObjectStore {
  const { storage } = config;
  return storage.kind === 's3' ? createS3Store(storage) : createLocalStore(localUploadsRoot(config.dataDir));
}

/** Reads a whole object into memory (for small objects, e.g. an image's original); null when missing. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
