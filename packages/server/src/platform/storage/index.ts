// The file store: where uploads (images, originals, group, topic, chat and page files) are kept, behind
// one interface. The uploads module stores and reads through it; other modules go through the uploads
// module's entry. Backups and exports read it through `list` and `get`.
import type { Config } from '../../config';
import { createLocalStore, localUploadsRoot } from './local';
import type { ObjectStore } from './object-store';
import { createS3Store } from './s3';

export { attachmentDisposition } from './disposition';
export { type CopyCounts, copyObjects } from './migrate';
export { type ObjectStore, readObject } from './object-store';
export { createLocalStore, localUploadsRoot };

/** The store `config.storage` names: the folder `DATA_DIR/uploads` (default), or an S3-compatible bucket. */
export function createObjectStore(config: Pick<Config, 'storage' | 'dataDir'>): ObjectStore {
  const { storage } = config;
  return storage.kind === 's3' ? createS3Store(storage) : createLocalStore(localUploadsRoot(config.dataDir));
}
