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

/** A file being written: `.<name>.<random>.partial` beside the object it becomes (`put`). */
const unfinished = /^\..+\.partial$/;

/**
 * The files below a folder, with keys relative to the root (`/`-separated): the objects, or with
 * `unfinished` the files of writes under way or cut off (hidden, so never objects).
 */
async function* walk(
  root: string,
  folder: string,
  unfinishedOnly = false,
): AsyncGenerator<{ key: string; absolute: string; size: number; modified: Date }> {
  const dir = await opendir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!dir) return;
  for await (const entry of dir) {
    const absolute = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* walk(root, absolute, unfinishedOnly);
    } else if (
      entry.isFile() &&
      (unfinishedOnly ? unfinished.test(entry.name) : !entry.name.startsWith('.'))
    ) {
      const info = await stat(absolute).catch(() => null);
      if (info) {
        const key = path.relative(root, absolute).split(path.sep).join('/');
        yield { key, absolute, size: info.size, modified: info.mtime };
      }
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
          for await (const { key, size } of walk(root, folder))
            if (key.startsWith(prefix)) yield { key, size };
        },
      };
    },
    async signedUrl() {
      return null;
    },
    async removeUnfinished(before) {
      let removed = 0;
      for await (const file of walk(root, root, true)) {
        if (file.modified >= before) continue;
        await rm(file.absolute, { force: true });
        removed += 1;
      }
      return removed;
    },
    async close() {},
  };
}
