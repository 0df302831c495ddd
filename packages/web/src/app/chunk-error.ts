/** True for a failed load of a script or style chunk (a new deployment replaced the old files). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|CSS_CHUNK_LOAD_FAILED|Unable to preload CSS/i.test(
      error.message,
    )
  );
}
