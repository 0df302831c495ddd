import { timings } from '@plaza/contract/constants';
import { type ComponentType, lazy } from 'react';

/**
 * How a chunk failed to load, as webpack's `ChunkLoadError` names it: `error` the file could not be fetched
 * or run (a new deployment removed it, the network failed), `missing` it loaded but lacks what was asked of
 * it (a file of another build), `timeout` it did not arrive within `timings.chunkLoadTimeoutMs`.
 */
export type ChunkLoadErrorType = 'missing' | 'timeout' | 'error';

/** The `code` of a failed style sheet of a chunk (Vite's "Unable to preload CSS"). */
export const cssChunkLoadFailed = 'CSS_CHUNK_LOAD_FAILED';

/** A failed chunk load: `name` 'ChunkLoadError', its `type`, and `code` CSS_CHUNK_LOAD_FAILED for a style sheet. */
export interface ChunkLoadError extends Error {
  name: 'ChunkLoadError';
  type: ChunkLoadErrorType;
  code?: typeof cssChunkLoadFailed;
}

/** The browsers' and Vite's messages of a chunk that could not be fetched. */
const loadFailure =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i;
const cssFailure = /Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i;

/** A `ChunkLoadError` of a type; a style sheet's failure also carries `code` and says so in its message. */
export function chunkLoadError(type: ChunkLoadErrorType, cause?: unknown, css = false): ChunkLoadError {
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  const error = new Error(`${css ? `${cssChunkLoadFailed} ` : ''}Loading chunk failed (${type})${detail}`, {
    cause,
  }) as ChunkLoadError;
  error.name = 'ChunkLoadError';
  error.type = type;
  if (css) error.code = cssChunkLoadFailed;
  return error;
}

/** True for a failed load of a script or style chunk (a new deployment replaced the old files, or it timed out). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || loadFailure.test(error.message);
}

/**
 * Loads a chunk (`load` imports it and picks the part asked for) within `timings.chunkLoadTimeoutMs`: a load
 * that takes longer rejects with a `ChunkLoadError` of type `timeout`, a fetch that fails with type `error`
 * (a style sheet's with code CSS_CHUNK_LOAD_FAILED), a part that is not there (undefined) with type
 * `missing`. Errors the module itself throws while it runs pass unchanged. Every lazy import of the app
 * goes through it (routes' `page`, `lazyChunk`, `lazyThemed`, `lazyDialog`), so the route error page shows
 * its chunk message for each.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs: number = timings.chunkLoadTimeoutMs,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(chunkLoadError('timeout')), timeoutMs);
    const settle = (fail: unknown, value?: T) => {
      clearTimeout(timer);
      if (fail !== undefined) reject(fail);
      else if (value == null) reject(chunkLoadError('missing'));
      else resolve(value);
    };
    new Promise<T>((run) => run(load())).then(
      (value) => settle(undefined, value),
      (cause: unknown) =>
        settle(
          cause instanceof Error && cause.name !== 'ChunkLoadError' && loadFailure.test(cause.message)
            ? chunkLoadError('error', cause, cssFailure.test(cause.message))
            : (cause ?? chunkLoadError('error')),
        ),
    );
  });
}

/** `React.lazy` over `loadChunk`: `load` imports the module and picks the component. */
export function lazyChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadChunk(load).then((component) => ({ default: component })));
}
