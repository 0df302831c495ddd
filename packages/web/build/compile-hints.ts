import type { Plugin } from 'vite';

/** V8's explicit compile hint: compile every function of the file as it loads (Chrome 136 and later). */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/** The chunk tiers (build/chunk-tiers.ts) that every page inside the shell runs at start, or every stream. */
const startTiers = new Set(['mui-theme', 'shell', 'stream']);

/** Smaller chunks compile in little time on their own: the hint's bytes would cost the first load more. */
export const hintedMinLength = 32 * 1024;

interface ChunkLike {
  type: 'chunk' | 'asset';
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  code?: string;
}

/** The file names of the chunks run at start: the entry, the chunks it imports, and the start tiers. */
export function startChunks(bundle: Record<string, ChunkLike>): Set<string> {
  const chunks = Object.entries(bundle).filter(([, output]) => output.type === 'chunk');
  const start = new Set<string>();
  for (const [fileName, chunk] of chunks) {
    if (chunk.isEntry) for (const file of [fileName, ...(chunk.imports ?? [])]) start.add(file);
    if (chunk.name && startTiers.has(chunk.name)) start.add(fileName);
  }
  return start;
}

/**
 * Marks the chunks every page runs at start with V8's compile hint: their functions are compiled with the
 * file, on the browser's background thread while it streams in. Left to V8's default, each function was
 * compiled on the main thread the first time it ran, inside the start's and the hydration's tasks (React's
 * DOM alone is one function of 190 KB, compiled as its chunk runs). Lazy page chunks keep the default:
 * most of their functions wait for a click.
 */
export function compileHints(): Plugin {
  return {
    name: 'plaza-compile-hints',
    apply: 'build',
    // After Vite's own, which write their chunk lists into the chunks' first line: the hint comes first.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const outputs = bundle as unknown as Record<string, ChunkLike>;
        for (const fileName of startChunks(outputs)) {
          const chunk = outputs[fileName];
          if (chunk?.type === 'chunk' && chunk.code !== undefined && chunk.code.length >= hintedMinLength)
            chunk.code = compileHint + chunk.code;
        }
      },
    },
  };
}
