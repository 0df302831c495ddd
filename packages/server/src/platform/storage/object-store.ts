import type { Readable } from 'node:stream';

/**
 * A flat store of objects by key. Keys are the stored paths that rows record, relative to the uploads
 * folder: `images/<hex>.webp`, `originals/<hex>.<ext>`, `files/<hex>` (see the uploads module's
 * `storage.ts`). A key that is empty, absolute or leaves its folder (`..`, NUL) is refused with an error.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under the key (a new key each time: names are random and never rewritten). */
  put(key: string, body: Buffer, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes as a stream and its size; null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Deletes the objects; missing keys are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Every object whose key starts with the prefix (e.g. `files/`, or `` for all), in no set order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * A URL that downloads the object directly from the store for `expiresInSeconds`, with the given file
   * name (as an attachment) and type in the answer's headers; null when the store cannot sign (local).
   */
  signedUrl(
    key: string,
    options: { expiresInSeconds: number; fileName: string; contentType: string },
  ): Promise<string | null>;
  /**
   * Removes what writes cut off left behind (the process killed while it wrote a file) that was last
   * written to before `before`; answers how many. A store whose writes are never left half done (S3)
   * has none.
   */
  removeUnfinished(before: Date): Promise<number>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Reads a whole object into memory (for small objects, e.g. an image's original); null when missing. */
export async function readObject(store: ObjectStore, key: string): Promise<Buffer | null> {
  const object = await store.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
