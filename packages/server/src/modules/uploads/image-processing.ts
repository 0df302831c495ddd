import type { ImageCrop } from '@plaza/contract';
import type { SharpOptions } from 'sharp';
import { AppError, badRequest } from '../../platform/errors';
import { loadSharp } from '../../platform/sharp';

/** Largest decoded image accepted (50 megapixels, ~200 MB of RGBA): a guard against decompression bombs. */
export const maxInputPixels = 50_000_000;
/** Longest side of the kept original (the crop source). */
export const originalMaxSide = 4000;
/** Width of the shown image at most. */
export const shownMaxWidth = 1200;

const inputOptions: SharpOptions = {
  limitInputPixels: maxInputPixels,
  failOn: 'error',
  autoOrient: true,
  pages: 1,
};

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** Sharp's refusals of bad input become 4xx: too many pixels is a 413, unreadable data a 400. */
function inputError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message)) {
    return new AppError(413, 'payload_too_large', 'The image has too many pixels.', 'file');
  }
  if (error instanceof Error) return badRequest('The image could not be read.', 'file');
  return error;
}

/**
 * The original to keep: turned upright by its EXIF orientation, at most 4000 px on its longest side,
 * re-encoded as WebP without any metadata (EXIF, GPS, ICC, comments are dropped by sharp by default).
 */
export async function encodeOriginal(input: Buffer): Promise<EncodedImage> {
  const sharp = await loadSharp();
  try {
    const { width, height } = await sharp(input, inputOptions).metadata();
    if (!width || !height) throw badRequest('The image could not be read.', 'file');
    const { data, info } = await sharp(input, inputOptions)
      .resize({ width: originalMaxSide, height: originalMaxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw error instanceof AppError ? error : inputError(error);
  }
}

/** Whole-pixel crop rectangle clamped to the image; 400 when it lies outside the image. */
export function clampCrop(crop: ImageCrop, width: number, height: number) {
  const left = Math.floor(crop.x);
  const top = Math.floor(crop.y);
  if (left >= width || top >= height) {
    throw badRequest('The crop lies outside the image.', 'coordinates');
  }
  const right = Math.min(width, Math.round(crop.x + crop.width));
  const bottom = Math.min(height, Math.round(crop.y + crop.height));
  if (right - left < 1 || bottom - top < 1) {
    throw badRequest('The crop lies outside the image.', 'coordinates');
  }
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * The shown version: the crop of the original (or all of it), at most 1200 px wide, WebP, no metadata;
 * with `square`, the middle of the image filled into a square of that side (a job's image).
 */
export async function renderShown(
  original: Buffer,
  crop: ImageCrop | null,
  square?: number,
): Promise<EncodedImage> {
  const sharp = await loadSharp();
  try {
    let pipeline = sharp(original, inputOptions);
    if (crop) {
      const { width, height } = await sharp(original, inputOptions).metadata();
      pipeline = pipeline.extract(clampCrop(crop, width ?? 0, height ?? 0));
    }
    const { data, info } = await pipeline
      .resize(
        square
          ? { width: square, height: square, fit: 'cover' }
          : { width: shownMaxWidth, withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw error instanceof AppError ? error : inputError(error);
  }
}
