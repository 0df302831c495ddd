import { allowedFileTypes, allowedImageTypes } from '@plaza/contract';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest } from '../../platform/errors';

const maxNameLength = 200;

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message);

/** The MIME type of an image found in its bytes; 415 unless it is one of the contract's image types. */
export async function detectImageType(data: Buffer): Promise<(typeof allowedImageTypes)[number]> {
  const detected = await fileTypeFromBuffer(data);
  const mime = detected?.mime as (typeof allowedImageTypes)[number] | undefined;
  if (!mime || !allowedImageTypes.includes(mime)) {
    throw unsupported('Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded.');
  }
  return mime;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text has no magic number: valid UTF-8, no NUL, and not markup or a script in disguise. */
function isHarmlessText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  let text: string;
  try {
    text = strictUtf8.decode(data);
  } catch {
    return false;
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  // HTML, SVG, XML and shebang scripts are refused even when named .txt or .csv.
  return !start.startsWith('<') && !start.startsWith('#!');
}

/**
 * The MIME type of a group or topic file, found in its content. Binary formats must be detected by
 * their magic number and be on the contract's list; text and CSV are accepted only by name (.txt,
 * .csv) with harmless UTF-8 content. Anything else (HTML, SVG, scripts, executables) is a 415.
 */
export async function detectFileType(data: Buffer, name: string): Promise<(typeof allowedFileTypes)[number]> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const mime = detected.mime as (typeof allowedFileTypes)[number];
    if (allowedFileTypes.includes(mime) && !mime.startsWith('text/')) return mime;
    throw unsupported(`Files of type ${detected.mime} cannot be uploaded.`);
  }
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if ((extension === 'txt' || extension === 'csv') && isHarmlessText(data)) {
    return extension === 'csv' ? 'text/csv' : 'text/plain';
  }
  throw unsupported('This kind of file cannot be uploaded.');
}

/**
 * A safe display name from an uploaded file name: the last path segment, Unicode NFC, without control
 * or bidirectional-override characters, at most 200 characters (keeping the extension), never empty.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u2028\u2029]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!cleaned) return 'file';
  const chars = [...cleaned];
  if (chars.length <= maxNameLength) return cleaned;
  const extension = cleaned.match(/\.[^.\s]{1,10}$/)?.[0] ?? '';
  return chars.slice(0, maxNameLength - extension.length).join('') + extension;
}

/** 400 for an empty upload: there is nothing to store. */
export function requireContent(data: Buffer): void {
  if (data.length === 0) throw badRequest('The file is empty.', 'file');
}
