import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Vite's `.vite/manifest.json`: chunks by source path (or by a `_name` for shared chunks). */
export type Manifest = Record<string, ManifestChunk>;

function gzipBytes(distDir: string, files: string[]): number {
  return files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    0,
  );
}

/** Gzip bytes of the JavaScript a route loads first: the entry, the route's lazy chunks, and their static imports. */
export function routeJsGzipBytes(distDir: string, lazySources: string[]): { bytes: number; files: string[] } {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  );
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const source of lazySources) visit(source);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  return { bytes: gzipBytes(distDir, files), files };
}

/**
 * Gzip bytes of the JavaScript a route loads first, counted from above: the entry's static imports, then the
 * route's lazy modules with everything they import, statically or lazily, except the modules in `onDemand`
 * (and what only they import).
 */
export function firstLoadJsGzip(
  distDir: string,
  manifest: Manifest,
  lazySources: string[],
  onDemand: ReadonlySet<string>,
): { bytes: number; files: string[] } {
  const seen = new Set<string>();
  const visit = (key: string, followLazy: boolean) => {
    if (seen.has(key) || onDemand.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported, followLazy);
    if (followLazy) for (const imported of chunk.dynamicImports ?? []) visit(imported, true);
  };
  // The entry's own lazy imports are the pages: only the route's ones count.
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, false);
  for (const source of lazySources) visit(source, true);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  return { bytes: gzipBytes(distDir, files), files };
}
