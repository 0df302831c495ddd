import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This file sits one level below it in `src/`, and the compiled bundle
 * sits one level below it in `dist/`, so the same relative step is right in both.
 */
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
