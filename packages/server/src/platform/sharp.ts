import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/**
 * sharp, loaded on first use: loading it (libvips, a native library) took 150-180 ms, about a tenth of a
 * cold start, and a start does not need it before the first image is uploaded or seeded.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loading ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
