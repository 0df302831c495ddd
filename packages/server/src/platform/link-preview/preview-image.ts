import { loadSharp } from '../sharp';
import { type SafeFetchOptions, safeFetch } from './safe-fetch';
import type { GuardOptions } from './url-guard';

/** Preview images: at most this wide, and no larger decoded than this many pixels. */
export const previewImageLimits = { maxWidth: 800, maxHeight: 800, maxInputPixels: 40_000_000 } as const;

/**
 * Fetches a preview image through the guard and re-encodes it: the type is checked by its content
 * (sharp must decode it), then it is resized to fit 800 x 800 and written as WebP without metadata.
 * Null when it cannot be fetched or is not an image.
 */
export async function fetchPreviewImage(
  url: string,
  options: GuardOptions & Pick<SafeFetchOptions, 'timeoutMs' | 'maxBytes'>,
): Promise<Buffer | null> {
  try {
    const fetched = await safeFetch(url, { ...options, accept: (type) => type.startsWith('image/') });
    const sharp = await loadSharp();
    return await sharp(fetched.body, {
      limitInputPixels: previewImageLimits.maxInputPixels,
      failOn: 'error',
      autoOrient: true,
      pages: 1,
    })
      .resize({
        width: previewImageLimits.maxWidth,
        height: previewImageLimits.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
