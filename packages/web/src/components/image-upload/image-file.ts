import type { ImageCrop } from '@plaza/contract';
import { limits } from '@plaza/contract/constants';
import { allowedImageTypes } from '@plaza/contract/uploads';

/** Why a chosen file is refused before upload: a translation key of `image_upload.errors` and its values. */
export interface ImageFileProblem {
  key: 'one_file' | 'not_image' | 'empty' | 'too_large';
  values?: Record<string, string | number>;
}

/** The `accept` attribute of the file input: the image types the server takes. */
export const imageAccept = allowedImageTypes.join(',');

/** The upload limit in whole megabytes, for messages. */
export const maxMegabytes = Math.floor(limits.uploadMaxBytes / (1024 * 1024));

/**
 * Checks the chosen files before upload: exactly one, an image type the server takes, not empty,
 * at most `limits.uploadMaxBytes`. The server checks type (by content) and size again.
 */
export function checkImageFiles(files: ArrayLike<File>): ImageFileProblem | null {
  const file = files[0];
  if (files.length !== 1 || !file) return { key: 'one_file' };
  if (!(allowedImageTypes as readonly string[]).includes(file.type)) return { key: 'not_image' };
  if (file.size === 0) return { key: 'empty' };
  if (file.size > limits.uploadMaxBytes) return { key: 'too_large', values: { max: maxMegabytes } };
  return null;
}

/** A crop rectangle in percent of the shown image, as react-easy-crop reports it. */
export interface PercentArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The crop rectangle in whole pixels of the uploaded original (the size the server reports), kept
 * inside the image. Going through percentages keeps it right even when the server's original has
 * another size than the image the browser decoded (the pixels react-easy-crop reports).
 */
export function cropInOriginal(area: PercentArea, original: { width: number; height: number }): ImageCrop {
  const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
  const x = clamp(Math.round((area.x / 100) * original.width), 0, original.width - 1);
  const y = clamp(Math.round((area.y / 100) * original.height), 0, original.height - 1);
  const width = clamp(Math.round((area.width / 100) * original.width), 1, original.width - x);
  const height = clamp(Math.round((area.height / 100) * original.height), 1, original.height - y);
  return { x, y, width, height };
}
