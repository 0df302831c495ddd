import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts the build ships are compressed formats already. */
const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
]);
/** Below this a file fits in the first packets anyway; the server sends it as it is. */
const minBytes = 1024;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each text file of a
 * finished build, so the server sends them without compressing per request. A twin that is not smaller
 * than its file is not written. The folders Vite keeps for itself (`.vite/`, the manifest) are skipped:
 * they are not served.
 */
export async function precompressDir(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressible.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
  const written: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < minBytes) return;
      const twins = [
        [
          `${file}.br`,
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        ],
        [`${file}.gz`, await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
      ] as const;
      for (const [twin, compressed] of twins) {
        if (compressed.length >= content.length) continue;
        await writeFile(twin, compressed);
        written.push(twin);
      }
    }),
  );
  return written.sort();
}

/** Vite plugin: precompresses the build output once it is written (`vite build` only). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'plaza-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
