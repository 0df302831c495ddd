import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, checkPrefix } from './keys';
import type { ObjectStore } from './object-store';

/** Absolute folder holding every upload of the local store: `<dataDir>/uploads`. */
export function localUploadsRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** Absolute path of a key; throws when it would leave the root. */
function resolveKey(root: string, key: string): string {
  checkKey(key);
  const absolute = path.resolve(root, key);
  if (path.isAbsolute(key) || !absolute.startsWith(root + path.sep)) {
    throw new Error(`Stored path outside the uploads folder: ${JSON.stringify(key)}`);
  }
  return absolute;
}

/** The files below a folder, as keys relative to the root (`/`-separated). */
async function* walk(root: string, folder: string): AsyncGenerator<{ key: string; size: number }> {
  const dir = await opendir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!dir) return;
  for await (const entry of dir) {
    const absolute = path.join(folder, entry.name);
    // A file being written (`.<name>.partial`) is no object yet.
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(root, absolute);
    else if (entry.isFile()) {
      const info = await stat(absolute).catch(() => null);
      if (info) yield { key: path.relative(root, absolute).split(path.sep).join('/'), size: info.size };
    }
  }
}

/** The folder `root` (today's `DATA_DIR/uploads`, so existing uploads keep working). */
export function createLocalStore(root: string): ObjectStore {
  return {
    kind: 'local',
    async put(key, body) {
      const absolute = resolveKey(root, key);
      await mkdir(path.dirname(absolute), { recursive: true });
      // Written under a hidden name beside it and renamed once complete: a key never names a partial file,
      // whether the disk fills up (the partial file is removed) or the process is killed while writing.
      // Keys are random and new each time, so nothing is overwritten.
      const partial = path.join(
        path.dirname(absolute),
        `.${path.basename(absolute)}.${randomBytes(4).toString('hex')}.partial`,
      );
      try {
        await writeFile(partial, body, { flag: 'wx', mode: 0o640 });
        await rename(partial, absolute);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const absolute = resolveKey(root, key);
      const info = await stat(absolute).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(absolute), size: info.size };
    },
    async delete(keys) {
      const absolutes = keys.map((key) => resolveKey(root, key));
      await Promise.all(absolutes.map((absolute) => rm(absolute, { force: true })));
    },
    list(prefix) {
      checkPrefix(prefix);
      // Walk the folder the prefix names (or the root), keep the keys starting with the prefix.
      const slash = prefix.lastIndexOf('/');
      const folder = slash < 0 ? root : path.join(root, prefix.slice(0, slash));
      return {
        async *[Symbol.asyncIterator]() {
          for await (const entry of walk(root, folder)) if (entry.key.startsWith(prefix)) yield entry;
        },
      };
    },
    async signedUrl() {
      return null;
    },
    async close() {},
  };
}
