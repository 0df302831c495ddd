import { type ObjectStore, readObject } from './object-store';

/** How many objects are copied at once. */
const parallel = 4;

/** What a copy did: objects written, objects already there with the same size, bytes written. */
export interface CopyCounts {
  copied: number;
  skipped: number;
  bytes: number;
}

/** The type a stored object is written with: shown images and originals are WebP; other files are typed where Plaza serves them. */
function contentTypeOf(key: string): string {
  return key.endsWith('.webp') ? 'image/webp' : 'application/octet-stream';
}

/**
 * Copies every object of `source` into `target` (`plaza storage:migrate`: the local folder into a
 * bucket). Idempotent: an object the target already holds with the same size is skipped, so a copy
 * that stopped half-way is simply run again. `onProgress` hears the counts every 100 objects.
 */
export async function copyObjects(
  source: ObjectStore,
  target: ObjectStore,
  onProgress?: (counts: CopyCounts) => void,
): Promise<CopyCounts> {
  const existing = new Map<string, number>();
  for await (const { key, size } of target.list('')) existing.set(key, size);
  const counts: CopyCounts = { copied: 0, skipped: 0, bytes: 0 };
  const copyOne = async (key: string) => {
    const body = await readObject(source, key);
    // Gone since it was listed (deleted meanwhile): nothing to copy.
    if (!body) return;
    await target.put(key, body, { contentType: contentTypeOf(key) });
    counts.copied += 1;
    counts.bytes += body.length;
  };
  const running = new Set<Promise<void>>();
  let seen = 0;
  for await (const { key, size } of source.list('')) {
    if (existing.get(key) === size) counts.skipped += 1;
    else {
      const copying = copyOne(key).finally(() => running.delete(copying));
      running.add(copying);
      if (running.size >= parallel) await Promise.race(running);
    }
    seen += 1;
    if (seen % 100 === 0) onProgress?.({ ...counts });
  }
  await Promise.all(running);
  return counts;
}
